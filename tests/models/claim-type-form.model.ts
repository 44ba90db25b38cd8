import { expect } from 'vitest';
import { formModel, toasts, type Values } from './form.model';
import { findOpen } from './leave-dom';

/**
 * The Add claim type form of /admin/company/claim-types, from issue 37 item 1 (`{name, perClaimLimit?,
 * monthlyLimit?, yearlyLimit?, receiptRequired, taxable}`, amounts in dollars as elsewhere in the API):
 * a name is required (spaces are none), up to 60 characters, sent trimmed; each limit is optional (empty is
 * none, sent as null), in dollars with at most two decimals, more than zero; the two flags are check boxes
 * sent as true or false; POST /claim-types; 'Claim type added' with the name, or 'Failed to save the claim
 * type' with the server's reason. The messages are ours (the issue names none).
 */
export const CLAIM_TYPES = '/api/claim-types';
const LIMIT = 'Please enter an amount more than $0.00, or leave it empty for no limit.';

/** Dollars as typed: digits with thousands commas or none, at most two decimals. */
const dollars = (typed: string) => {
  const text = typed.trim();
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d{0,2})?$/.test(text)) return Number.NaN;
  return Number(text.replace(/,/g, ''));
};
const limitError = (typed: string | undefined) => {
  if ((typed ?? '').trim() === '') return undefined;
  const value = dollars(typed ?? '');
  return Number.isFinite(value) && value > 0 ? undefined : LIMIT;
};
const limitValue = (typed: string | undefined) => ((typed ?? '').trim() === '' ? null : dollars(typed ?? ''));

function errors(values: Values) {
  const name = (values.name ?? '').trim();
  return {
    name:
      name === ''
        ? 'Please enter the claim type name.'
        : (values.name ?? '').length > 60
          ? 'Name must be at most 60 characters.'
          : undefined,
    perClaimLimit: limitError(values.perClaimLimit),
    monthlyLimit: limitError(values.monthlyLimit),
    yearlyLimit: limitError(values.yearlyLimit),
  };
}

const checkbox = (form: HTMLElement, name: string) =>
  form.querySelector<HTMLInputElement>(`input[name="${name}"]`);

export const claimTypeForm = formModel({
  id: 'claimType',
  form: () => findOpen('dialog', 'Add claim type')?.querySelector<HTMLElement>('form') ?? null,
  labels: {
    name: 'Name',
    perClaimLimit: 'Limit per claim ($)',
    monthlyLimit: 'Monthly limit ($)',
    yearlyLimit: 'Yearly limit ($)',
  },
  others: ['receiptRequired', 'taxable'],
  showsOthers(form, model) {
    expect(checkbox(form, 'receiptRequired')?.checked, 'Receipt required shows what was chosen').toBe(
      model.values.receiptRequired === 'yes',
    );
    expect(checkbox(form, 'taxable')?.checked, 'Taxable shows what was chosen').toBe(
      model.values.taxable === 'yes',
    );
  },
  initialValues: {
    name: '',
    perClaimLimit: '',
    monthlyLimit: '',
    yearlyLimit: '',
    receiptRequired: '',
    taxable: '',
  },
  errors,
  submitLabel: 'Save',
  sendingLabel: 'Processing...',
  request: {
    method: 'POST',
    path: CLAIM_TYPES,
    okStatus: 201,
    body: (v) => ({
      name: (v.name ?? '').trim(),
      perClaimLimit: limitValue(v.perClaimLimit),
      monthlyLimit: limitValue(v.monthlyLimit),
      yearlyLimit: limitValue(v.yearlyLimit),
      receiptRequired: v.receiptRequired === 'yes',
      taxable: v.taxable === 'yes',
    }),
  },
  showsOpen(_app, model) {
    expect(window.location.pathname).toBe('/admin/company/claim-types');
    if (model.answered === 'refused')
      expect(toasts().at(-1)).toEqual({ title: 'Failed to save the claim type', description: model.refusal });
  },
  showsDone(_app, model) {
    expect(window.location.pathname).toBe('/admin/company/claim-types');
    // The name the server stored.
    const stored = (model.answer as { name?: string } | undefined)?.name;
    expect(toasts().at(-1)).toEqual({ title: 'Claim type added', description: stored });
  },
});
