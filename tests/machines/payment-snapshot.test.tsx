import { fireEvent, screen, within } from '@testing-library/react';
import { paymentSnapshotForm } from '../../machines/record-panel-forms';
import {
  paymentSnapshotModel,
  type SnapshotEvent,
  type SnapshotModel,
  TITLE,
} from '../models/payment-snapshot.model';
import { type RunningApp, settle } from './harness';
import {
  answerLoad,
  employee,
  openPayItems,
  period,
  serverDown,
  unprocessedPayslip,
} from './pay-items-fixtures';
import { describeSpecWalk } from './spec-walk';

/**
 * Payment Information Used on Pay Items walked from its spec model (tests/models/payment-snapshot.model.ts):
 * the pencil, typing and leaving the salary, Save against Cancel, the server saving or refusing. The app's
 * form machine (the one form statechart with this panel's fields) is only watched, for coverage.
 */

const path = `/api/payslips/${employee.id}/${period.year}/${period.month}`;
const salary = (value: string): SnapshotEvent => ({ type: 'user.typesSalary', value });
const events: SnapshotEvent[] = [
  { type: 'user.editsPanel' },
  salary('4800.00'),
  salary(''),
  salary('0'),
  { type: 'user.leavesSalary' },
  { type: 'user.saves' },
  { type: 'user.cancels' },
  { type: 'server.saves' },
  { type: 'server.refuses' },
];

type ModelSnapshot = { value: unknown; context: SnapshotModel };

/** Save is disabled while nothing changed; the salary typed differs from the one showing. */
function canProduce(m: ModelSnapshot, event: SnapshotEvent) {
  if (event.type === 'user.saves') return m.context.typed !== m.context.stored;
  if (event.type === 'user.typesSalary') return event.value !== m.context.typed;
  return true;
}

const serialize = (m: ModelSnapshot) =>
  JSON.stringify([m.value, m.context.typed, m.context.errorShowing, m.context.stored]);

const input = () => document.querySelector('input[name="basicSalarySnapshot"]') as HTMLInputElement;
const form = () => screen.getByRole('form', { name: TITLE });

async function perform(app: RunningApp, event: SnapshotEvent, m: ModelSnapshot) {
  switch (event.type) {
    case 'user.editsPanel':
      await app.user.click(screen.getByRole('button', { name: `Edit ${TITLE}` }));
      break;
    case 'user.typesSalary':
      fireEvent.change(input(), { target: { value: event.value } });
      break;
    case 'user.leavesSalary':
      fireEvent.blur(input());
      break;
    case 'user.saves':
      await app.user.click(within(form()).getByRole('button', { name: 'Save' }));
      break;
    case 'user.cancels':
      await app.user.click(within(form()).getByRole('button', { name: 'Cancel' }));
      break;
    case 'server.saves':
      app.server.answer('PUT', path, 200, {
        ...unprocessedPayslip,
        basicSalarySnapshot: Number(m.context.typed),
      });
      break;
    case 'server.refuses':
      app.server.answer('PUT', path, serverDown.statusCode, serverDown);
      break;
  }
  await settle();
}

describeSpecWalk({
  title: 'Payment Information Used on Pay Items, walked from its spec model',
  model: paymentSnapshotModel,
  starts: [
    {
      name: 'admin opens Pay Items',
      input: {
        stored: '4600.00',
        others: {
          employeeCpfRateSnapshot: '20',
          employerCpfRateSnapshot: '17',
          selfHelpGroupSnapshot: 'ECF',
        },
        path,
      },
    },
  ],
  events,
  canProduce: canProduce as never,
  serialize: serialize as never,
  // The panel has no file and no reference to load.
  app: { machine: paymentSnapshotForm, notOnThisScreen: ['form.given', 'field.refuse'] },
  open: async (_path, inspect) => {
    const app = await openPayItems(inspect);
    await answerLoad(app.server, unprocessedPayslip);
    await settle();
    return app;
  },
  perform: (app, event, model) => perform(app, event, model as unknown as ModelSnapshot),
  label: (event: SnapshotEvent) =>
    event.type === 'user.typesSalary' ? `user.typesSalary ('${event.value}')` : event.type,
  scenarios: [
    {
      name: 'Cancel restores the stored salary and sends nothing',
      events: [
        { type: 'user.editsPanel' },
        salary('4800.00'),
        { type: 'user.cancels' },
        { type: 'user.editsPanel' },
      ],
    },
    {
      name: 'Save sends the snapshot; the panel shows the new salary',
      events: [
        { type: 'user.editsPanel' },
        salary('4800.00'),
        { type: 'user.saves' },
        { type: 'server.saves' },
      ],
    },
    {
      name: 'a refused save keeps the form open with the reason; leaving the field keeps it, Save again goes through',
      events: [
        { type: 'user.editsPanel' },
        salary('4800.00'),
        { type: 'user.saves' },
        { type: 'server.refuses' },
        { type: 'user.leavesSalary' },
        { type: 'user.saves' },
        { type: 'server.saves' },
      ],
    },
    {
      name: 'after a refusal, typing clears the reason',
      events: [
        { type: 'user.editsPanel' },
        salary('4800.00'),
        { type: 'user.saves' },
        { type: 'server.refuses' },
        salary(''),
        { type: 'user.leavesSalary' },
      ],
    },
    {
      name: 'a salary of 0 is refused by the form: the message shows, nothing is sent',
      events: [{ type: 'user.editsPanel' }, salary('0'), { type: 'user.saves' }, salary('4800.00')],
    },
  ],
});
