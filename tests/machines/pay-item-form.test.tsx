import { fireEvent, screen } from '@testing-library/react';
import { payItemFormMachine } from '../../machines/pay-item-form.machine';
import type { ApiError } from '../../src/domain/auth';
import type { FormWalkEvent } from '../models/form.model';
import { payItemForm } from '../models/pay-item-form.model';
import { settle } from './harness';
import { answerLoad, bonus, employee, openPayItems, period, unprocessedPayslip } from './pay-items-fixtures';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * The Bonus kind's Add form of Pay Items, walked from its spec model (tests/models/pay-item-form.model.ts);
 * the other kinds' forms are the same, only the endpoint and the words differ.
 */

const refused: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'The payslip for July 2026 is processed. Revert it to unprocessed before changing it.',
};
const type = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const submit: FormWalkEvent = { type: 'user.submits' };
const done: FormWalkEvent = { type: 'server.accepts', answer: bonus };
const failed: FormWalkEvent = { type: 'server.refuses', refusal: refused };

describeSpecForm({
  title: 'pay-item form, walked from its spec model (Bonus panel of Pay Items)',
  form: payItemForm,
  starts: [
    {
      name: 'admin opens the Bonus tab of Pay Items',
      input: {
        params: { userId: employee.id, ...period, payslipId: unprocessedPayslip.id, listed: '1,500.00' },
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
    type('type', 'BONUS'),
    type('amount', '1500'),
    type('amount', ''),
    type('amount', '0'),
    { type: 'user.leaves', name: 'amount' },
    submit,
    done,
    failed,
  ],
  app: {
    machine: payItemFormMachine,
    isUnderTest: (snapshot) => (snapshot.context as { params: { kind: string } }).params.kind === 'BONUS',
    notOnThisScreen: [...NO_FILE, ...NO_REFERENCE],
  },
  scenarios: [
    {
      name: 'Add with nothing typed, then an amount of 0, then refused once and added',
      events: [
        submit,
        type('type', 'BONUS'),
        type('amount', '0'),
        submit,
        type('amount', '1500'),
        submit,
        failed,
        submit,
        done,
      ],
    },
  ],
  async perform(_app, event) {
    if (event.type !== 'user.types' || event.name !== 'type') return false;
    const select = screen
      .getByRole('form', { name: 'Add Bonus item' })
      .querySelector<HTMLSelectElement>('select[name="type"]');
    if (!select) throw new Error('no Type select in the Bonus form');
    fireEvent.change(select, { target: { value: event.value } });
    return true;
  },
});
