import { expect } from 'vitest';
import { formModel, toasts, type Values } from './form.model';
import { findOpen } from './leave-dom';

/**
 * The New claim form of My Claims (/staff/claims), from issue 37 item 2 (`POST /api/claims {claimTypeId,
 * date, amount, description, uploadKey?}`, amounts in dollars as elsewhere in the API; "a zero or negative
 * amount" refused) and item 4 ("new claim dialog with the receipt taken by the phone's camera or a file"):
 * a type must be chosen, the expense date given, the amount in dollars with at most two decimals and more
 * than zero, a description (spaces are none), sent trimmed; POST /claims; 'Claim submitted' with the type,
 * or 'Failed to submit the claim' with the server's reason. The messages are ours (the issue names none).
 * The receipt (the flow's, machines/new-claim.machine.ts) is walked in tests/machines/my-claims.test.tsx.
 */
export const CLAIMS = '/api/claims';

/** Dollars as typed: an optional minus, digits (thousands commas allowed), at most two decimals; NaN otherwise. */
const typedDollars = (typed: string) => {
  const text = typed.trim();
  if (!/^-?(\d+|\d{1,3}(,\d{3})+)(\.\d{0,2})?$/.test(text)) return Number.NaN;
  return Number(text.replace(/,/g, ''));
};

function errors(values: Values) {
  const amount = (values.amount ?? '').trim();
  const value = typedDollars(amount);
  return {
    claimTypeId: values.claimTypeId ? undefined : 'Please choose a claim type.',
    date: values.date ? undefined : 'Please enter the expense date.',
    amount:
      amount === ''
        ? 'Please enter the amount.'
        : Number.isNaN(value)
          ? 'Please enter an amount in dollars, with at most two decimals.'
          : value <= 0
            ? 'The amount must be more than $0.00.'
            : undefined,
    description: (values.description ?? '').trim() === '' ? 'Please describe the expense.' : undefined,
  };
}

export const claimForm = formModel({
  id: 'claim',
  form: () => findOpen('dialog', 'New claim')?.querySelector<HTMLElement>('form') ?? null,
  labels: { claimTypeId: 'Claim type', date: 'Date', amount: 'Amount ($)', description: 'Description' },
  dates: ['date'],
  initialValues: { claimTypeId: '', date: '', amount: '', description: '', uploadKey: '' },
  errors,
  submitLabel: 'Submit claim',
  sendingLabel: 'Processing...',
  request: {
    method: 'POST',
    path: CLAIMS,
    okStatus: 201,
    body: (v) => ({
      claimTypeId: Number(v.claimTypeId),
      date: v.date,
      amount: typedDollars(v.amount ?? ''),
      description: (v.description ?? '').trim(),
    }),
  },
  showsOpen(_app, model) {
    expect(window.location.pathname).toBe('/staff/claims');
    if (model.answered === 'refused')
      expect(toasts().at(-1)).toEqual({ title: 'Failed to submit the claim', description: model.refusal });
  },
  showsDone(_app, model) {
    expect(window.location.pathname).toBe('/staff/claims');
    const type = (model.answer as { type?: string } | undefined)?.type;
    expect(toasts().at(-1)).toEqual({ title: 'Claim submitted', description: type });
  },
});
