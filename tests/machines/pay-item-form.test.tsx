import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { payItemFormMachine } from '../../machines/pay-item-form.machine';
import type { ApiError } from '../../src/domain/auth';
import { describeFormModel, type FormModelEvent, NO_FILE, NO_REFERENCE } from './form-model';
import { type RunningApp, settle } from './harness';
import { answerLoad, bonus, employee, openPayItems, period, unprocessedPayslip } from './pay-items-fixtures';

/**
 * Model-based test of a kind's Add form (see form-model.tsx for the method), walked through the Bonus
 * panel of Pay Items; the other kinds' forms are the same machine, only the endpoint and the words differ.
 * The messages are written here from spec section 5, not imported.
 */

const POST = '/api/bonus-items';
const refused: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'The payslip for July 2026 is processed. Revert it to unprocessed before changing it.',
};

const change = (name: string, value: string): FormModelEvent => ({ type: 'field.change', name, value });
const submit: FormModelEvent = { type: 'form.submit' };
const done: FormModelEvent = { type: 'xstate.done.actor.addItem', output: bonus, actorId: 'addItem' };
const failed: FormModelEvent = { type: 'xstate.error.actor.addItem', error: refused, actorId: 'addItem' };

/**
 * Spec section 5: type and amount required ('Please fill all fields.'), the amount above 0 ('Amount must
 * be greater than 0.'). One message at a time, beside the field it concerns: the Type first, then the
 * Amount.
 */
function specErrors(values: Record<string, string>) {
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

const bonusForm = () => screen.queryByRole('form', { name: 'Add Bonus item' });
const toasts = () =>
  [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent ?? '',
    description: root.querySelector('[data-part="description"]')?.textContent ?? '',
  }));

describeFormModel('pay-item-form statechart, walked through the Bonus panel of Pay Items', {
  machine: payItemFormMachine,
  actorId: 'add-BONUS',
  starts: [
    {
      name: 'admin opens the Bonus tab of Pay Items',
      input: {
        params: { kind: 'BONUS', userId: employee.id, ...period, payslipId: unprocessedPayslip.id },
      },
      open: async (inspect) => {
        const app = await openPayItems(inspect);
        await answerLoad(app.server, unprocessedPayslip);
        await app.user.click(screen.getByRole('tab', { name: 'Bonus' }));
        await settle();
        return app;
      },
    },
  ],
  events: [
    change('type', 'BONUS'),
    change('amount', '1500'),
    change('amount', ''),
    change('amount', '0'),
    { type: 'field.blur', name: 'amount' },
    submit,
    done,
    failed,
  ],
  labels: { amount: 'Amount' },
  customFields: ['type'],
  specErrors,
  form: bonusForm,
  submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Add'),
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE],
  request: { method: 'POST', path: POST, okStatus: 201 },
  scenarios: [
    // Add with nothing typed: the Type says so; then an amount of 0; then a refusal, and a second try.
    [
      submit,
      change('type', 'BONUS'),
      change('amount', '0'),
      submit,
      change('amount', '1500'),
      submit,
      failed,
      submit,
      done,
    ],
  ],
  async perform(_app: RunningApp, event: FormModelEvent) {
    if (event.type !== 'field.change' || event.name !== 'type')
      throw new Error(`cannot produce ${event.type}`);
    const select = bonusForm()?.querySelector<HTMLSelectElement>('select[name="type"]');
    if (!select) throw new Error('no Type select in the Bonus form');
    fireEvent.change(select, { target: { value: event.value } });
    await settle();
  },
  expectScreen(app: RunningApp, s, event) {
    const context = s.context as { values: Record<string, string>; errors: Record<string, string> };
    const form = bonusForm();
    if (form && !s.matches('submitted')) {
      expect(form.querySelector<HTMLSelectElement>('select[name="type"]')?.value).toBe(context.values.type);
      // The Type's message, beside it.
      if (context.errors.type) expect(within(form).getByText(context.errors.type)).toBeInTheDocument();
    }
    if (s.matches('submitting')) {
      expect(app.server.pending('POST', POST).map((r) => r.body)).toEqual([
        {
          type: 'BONUS',
          amount: Number(context.values.amount),
          userId: employee.id,
          year: 2026,
          month: 7,
          payslipId: unprocessedPayslip.id,
        },
      ]);
    }
    if (event?.type === 'xstate.error.actor.addItem') {
      expect(toasts().at(-1)).toEqual({ title: 'Failed to add bonus item', description: refused.message });
    }
    if (s.matches('submitted')) {
      expect(toasts().at(-1)).toEqual({ title: 'Bonus item added', description: '' });
      // Listed, and the form made again, empty.
      const table = document.querySelector('table[aria-label="Bonus items"]') as HTMLElement;
      expect(within(table).getByText('1,500.00')).toBeInTheDocument();
      expect(bonusForm()?.querySelector<HTMLInputElement>('input[name="amount"]')?.value).toBe('');
      // The summary's figures are fetched again.
      expect(app.server.pending('GET', `/api/users/${employee.id}/payslips`)).toHaveLength(1);
    }
  },
});
