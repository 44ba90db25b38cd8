import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { paymentSnapshotMachine, paymentSnapshotRules } from '../../machines/payment-snapshot.machine';
import { snapshotFormValues } from '../../src/domain/payslips';
import { describeEvent, planTransitionPaths } from './coverage';
import { expectToast, type RunningApp } from './harness';
import { describeModelWalk, followActor } from './model-walk';
import { type PanelEvent, performPanelEvent } from './panel-model';
import {
  answerLoad,
  dollars,
  employee,
  openPayItems,
  period,
  serverDown,
  unprocessedPayslip,
} from './pay-items-fixtures';

/**
 * Model-based test of the payment-snapshot statechart (the editable panel as Payment Information Used) through
 * Pay Items: paths from the real machine, walked through the real app with HTTP answered at the fetch level.
 */

type Machine = typeof paymentSnapshotMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = PanelEvent;

const stored = snapshotFormValues(unprocessedPayslip);
const savedPayslip = { ...unprocessedPayslip, basicSalarySnapshot: 4800 };
const saved = snapshotFormValues(savedPayslip);
/** Save is offered once a field differs from what the server holds (spec section 2). */
const changed = (s: Snapshot) =>
  Object.entries(s.context.draft).some(([field, value]) => value !== s.context.stored[field]);
const SNAPSHOT_PATH = `/api/payslips/${employee.id}/${period.year}/${period.month}`;

const events: Event[] = [
  { type: 'panel.edit' },
  { type: 'panel.change', field: 'basicSalarySnapshot', value: '4800.00' },
  { type: 'panel.change', field: 'basicSalarySnapshot', value: '0' },
  { type: 'panel.change', field: 'basicSalarySnapshot', value: stored.basicSalarySnapshot },
  { type: 'panel.cancel' },
  { type: 'panel.save' },
  { type: 'xstate.done.actor.savePanel', output: saved, actorId: 'savePanel' },
  { type: 'xstate.error.actor.savePanel', error: serverDown, actorId: 'savePanel' },
];

const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.draft, s.context.errors]);

/** The screen sends a change only when it changes something, and Save only while enabled. */
function canProduce(s: Snapshot, event: Event): boolean {
  if (event.type === 'panel.change')
    return s.matches('editing') && s.context.draft[event.field] !== event.value;
  if (event.type === 'panel.save') return s.matches('editing') && changed(s);
  return true;
}

const starts = [
  {
    name: 'admin opens Pay Items',
    input: { kind: 'paymentSnapshot' as const, rules: paymentSnapshotRules, values: stored },
  },
];
const actor = followActor(paymentSnapshotMachine);
const plan = planTransitionPaths(paymentSnapshotMachine, {
  starts,
  events,
  canProduce,
  serialize,
});

const _live = actor.live;

const panel = () =>
  screen
    .getByRole('heading', { name: 'Payment Information Used' })
    .closest('.chakra-card__body') as HTMLElement;

async function open() {
  const app = await openPayItems(actor.inspect);
  await answerLoad(app.server, unprocessedPayslip);
  return app;
}

const perform = (app: RunningApp, event: Event) =>
  performPanelEvent(app, panel, 'Edit Payment Information Used', event, (error) =>
    error
      ? app.server.answer('PUT', SNAPSHOT_PATH, 500, error)
      : app.server.answer('PUT', SNAPSHOT_PATH, 200, savedPayslip),
  );

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  const card = panel();
  if (s.matches('readOnly')) {
    expect(within(card).getByRole('button', { name: 'Edit Payment Information Used' })).toBeEnabled();
    expect(within(card).getByText(dollars(Number(s.context.stored.basicSalarySnapshot)))).toBeInTheDocument();
    expect(within(card).getByText('SINGAPORE CITIZEN')).toBeInTheDocument();
    expect(card.querySelector('input[name="basicSalarySnapshot"]')).toBeNull();
  } else {
    expect(within(card).queryByRole('button', { name: 'Edit Payment Information Used' })).toBeNull();
    const salary = card.querySelector<HTMLInputElement>('input[name="basicSalarySnapshot"]');
    expect(salary?.value).toBe(s.context.draft.basicSalarySnapshot);
    const saving = s.matches('saving');
    expect(salary?.disabled).toBe(saving);
    const error = s.context.errors.basicSalarySnapshot;
    if (error) {
      expect(error).toBe('Salary must be more than 0.');
      expect(salary).toHaveAttribute('aria-invalid', 'true');
      expect(within(card).getByText(error)).toBeInTheDocument();
    } else {
      expect(salary).not.toHaveAttribute('aria-invalid');
    }
    const save = within(card).getByRole('button', { name: saving ? 'Processing...' : 'Save' });
    expect(save).toHaveProperty('disabled', saving || !changed(s));
    expect(within(card).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', saving);
    if (saving) {
      expect(app.server.pending('PUT', SNAPSHOT_PATH).map((r) => r.body)).toEqual([
        {
          basicSalarySnapshot: Number(s.context.draft.basicSalarySnapshot),
          employeeCpfRateSnapshot: 20,
          employerCpfRateSnapshot: 17,
          selfHelpGroupSnapshot: 'ECF',
        },
      ]);
    }
  }
  if (event?.type === 'xstate.done.actor.savePanel') {
    expectToast('Salary information updated successfully');
    // The summary takes the saved payslip too.
    expect(screen.getAllByText(dollars(savedPayslip.basicSalarySnapshot)).length).toBeGreaterThan(0);
  }
  if (event?.type === 'xstate.error.actor.savePanel') {
    expectToast('Failed to update salary information successfully', serverDown.message);
  }
}

const label = (event: Event) => {
  if (event.type !== 'panel.change') return describeEvent(event);
  if (event.value === '4800.00') return 'panel.change (new salary)';
  return event.value === stored.basicSalarySnapshot ? 'panel.change (back to stored)' : 'panel.change (0)';
};
describeModelWalk<Machine, Event>({
  // The computed entitlements reach only the Leave Allowance panel (user-record.test.tsx walks them).
  notOnThisScreen: ['panel.prefill'],
  title: 'payment-snapshot statechart, walked through Payment Information Used on Pay Items',
  machine: paymentSnapshotMachine,
  actor,
  plan,
  open,
  perform,
  expectScreen,
  label,
  serialize,
});
