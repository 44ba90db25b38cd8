import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { formModel, toasts, type Values } from './form.model';

/**
 * A kind's Add form of Pay Items (spec sections 2 and 5), walked on the Bonus tab: a Type and an Amount,
 * both required ('Please fill all fields.'), the amount above 0 ('Amount must be greater than 0.'); one
 * message at a time, beside the field it concerns, the Type first (decision 0012); POST /bonus-items with
 * the payslip's user, period and id; 'Bonus item added', the item listed and the form empty again.
 */
export const BONUS_ITEMS = '/api/bonus-items';

function errors(values: Values) {
  const type = values.type ?? '';
  const amount = (values.amount ?? '').trim();
  const positive = amount !== '' && Number.isFinite(Number(amount)) && Number(amount) > 0;
  return {
    type: type === '' ? 'Please fill all fields.' : undefined,
    amount:
      type === ''
        ? undefined
        : amount === ''
          ? 'Please fill all fields.'
          : positive
            ? undefined
            : 'Amount must be greater than 0.',
  };
}

export interface PayItemParams {
  userId: number;
  year: number;
  month: number;
  payslipId: number;
  /** The item the server answers with, and how its amount reads in the list. */
  listed: string;
}

const bonusForm = () => screen.queryByRole('form', { name: 'Add Bonus item' });

export const payItemForm = formModel({
  id: 'bonusItem',
  form: bonusForm,
  labels: { amount: 'Amount' },
  others: ['type'],
  showsOthers(form, model) {
    expect(form.querySelector<HTMLSelectElement>('select[name="type"]')?.value).toBe(model.values.type);
    if (model.errors.type) expect(within(form).getByText(model.errors.type)).toBeInTheDocument();
  },
  initialValues: { type: '', amount: '' },
  errors,
  submitLabel: 'Add',
  sendingLabel: 'Processing...',
  request: {
    method: 'POST',
    path: BONUS_ITEMS,
    okStatus: 201,
    body: (v, params) => {
      const { userId, year, month, payslipId } = params as PayItemParams;
      return { type: v.type, amount: Number(v.amount), userId, year, month, payslipId };
    },
  },
  showsOpen(_app, model) {
    if (model.answered === 'refused')
      expect(toasts().at(-1)).toEqual({ title: 'Failed to add bonus item', description: model.refusal });
  },
  showsDone(app, model) {
    const { userId, listed } = model.params as PayItemParams;
    expect(toasts().at(-1)).toEqual({ title: 'Bonus item added', description: '' });
    // Listed, and the form made again, empty.
    const table = document.querySelector('table[aria-label="Bonus items"]') as HTMLElement;
    expect(within(table).getByText(listed)).toBeInTheDocument();
    expect(bonusForm()?.querySelector<HTMLInputElement>('input[name="amount"]')?.value).toBe('');
    // The summary's figures are fetched again.
    expect(app.server.pending('GET', `/api/users/${userId}/payslips`)).toHaveLength(1);
  },
});
