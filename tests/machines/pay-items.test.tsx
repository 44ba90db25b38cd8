import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { payItemsMachine } from '../../machines/pay-items.machine';
import type { ApiError } from '../../src/domain/auth';
import type { PayslipDetail } from '../../src/domain/payslips';
import { describeEvent, planTransitionPaths } from './coverage';
import { expectToast, type RunningApp, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';
import {
  answerLoad,
  bonus,
  dollars,
  employee,
  openPayItems,
  period,
  processedPayslip,
  serverDown,
  unprocessedPayslip,
  withBonus,
} from './pay-items-fixtures';

/**
 * Model-based test of the pay-items statechart (docs/decisions/0001) through Pay Items
 * (/admin/users/:userId/pay-items/:year/:month), reached from Process Pay with its navigation state: paths
 * from the real machine, walked through the real app with HTTP answered at the fetch level. The Bonus
 * panel stands for every kind (they share the code; the kind only picks the endpoint and the words).
 */

/** Spec section 4: how a payslip's status reads. */
const STATUS_LABEL = {
  UNPROCESSED: 'Unprocessed',
  ITEMS_ADDED: 'Items Added',
  PROCESSED: 'Processed',
} as const;

type Machine = typeof payItemsMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | { type: 'item.change'; kind: 'BONUS'; field: 'type' | 'amount'; value: string }
  | { type: 'item.add'; kind: 'BONUS' }
  | { type: 'item.remove'; kind: 'BONUS'; id: number }
  | { type: 'snapshot.saved' }
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string };

const LOAD = 'loadPayItems';
const ADD = 'addItem';
const REMOVE = 'removeItem';
const REFRESH = 'refreshPayslip';
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as Event;
const failed = (id: string, error: ApiError) =>
  ({ type: `xstate.error.actor.${id}`, error, actorId: id }) as Event;

const noItems = { ADHOC: [], BONUS: [], DEDUCTION: [], OTHER_ADDITION: [], OTHER_DEDUCTION: [] };
const loaded = (payslip: PayslipDetail, items = noItems) => ({
  payslip,
  user: employee,
  items,
  leaveBalances: [],
});
const refused: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'The payslip for July 2026 is processed. Revert it to unprocessed before changing it.',
};
const savedSnapshot: PayslipDetail = { ...unprocessedPayslip, basicSalarySnapshot: 4800 };
/** Whether this path saved Payment Information Used (its panel then shows the saved salary). */
let snapshotSaved = false;

const events: Event[] = [
  { type: 'item.change', kind: 'BONUS', field: 'type', value: 'BONUS' },
  { type: 'item.change', kind: 'BONUS', field: 'amount', value: '1500' },
  { type: 'item.add', kind: 'BONUS' },
  { type: 'item.remove', kind: 'BONUS', id: bonus.id },
  { type: 'snapshot.saved' },
  done(REFRESH, savedSnapshot),
  failed(REFRESH, serverDown),
  done(LOAD, loaded(unprocessedPayslip)),
  done(LOAD, loaded(processedPayslip, { ...noItems, BONUS: [bonus] as never })),
  failed(LOAD, serverDown),
  done(ADD, { item: bonus, payslip: withBonus }),
  failed(ADD, refused),
  done(REMOVE, { payslip: unprocessedPayslip }),
  failed(REMOVE, serverDown),
];

/** What the screen lets the admin do: type what is not typed yet, delete a listed item, save the snapshot once. */
function canProduce(s: Snapshot, event: Event): boolean {
  switch (event.type) {
    case 'item.change':
      return s.context.drafts.BONUS[event.field] !== event.value;
    case 'item.remove':
      return s.context.items.BONUS.some((item) => item.id === event.id);
    case 'item.add':
      // One bonus at a time keeps the model finite (a second is the same transition again).
      return s.context.items.BONUS.length === 0;
    case 'snapshot.saved':
      // Saved once, from a quiet screen.
      return (
        s.matches({ editable: 'idle' }) &&
        s.context.payslip?.basicSalarySnapshot !== savedSnapshot.basicSalarySnapshot
      );
    default:
      return true;
  }
}

const serialize = (s: AnyMachineSnapshot) => {
  const c = (s as Snapshot).context;
  return JSON.stringify([
    s.value,
    c.drafts.BONUS,
    c.items.BONUS.length,
    c.status,
    c.payslip?.basicSalarySnapshot,
  ]);
};

const starts = [
  {
    name: 'admin opens Pay Items from Process Pay',
    input: { userId: employee.id, ...period, processingStatus: 'UNPROCESSED' as const, user: employee },
  },
];
const actor = followActor(payItemsMachine);
const plan = planTransitionPaths(payItemsMachine, {
  starts,
  events,
  canProduce,
  serialize,
});

const _live = actor.live;

const bonusForm = () => screen.getByRole('form', { name: 'Add Bonus item' });
const bonusTable = () => document.querySelector('table[aria-label="Bonus items"]') as HTMLElement;
const bonusRows = () =>
  [...bonusTable().querySelectorAll('tbody tr')].filter((row) => row.querySelectorAll('td').length > 1);

async function showBonusTab(app: RunningApp) {
  await app.user.click(screen.getByRole('tab', { name: 'Bonus' }));
  await settle();
}

async function perform(app: RunningApp, event: Event) {
  const payslipPath = `/api/users/${employee.id}/payslips`;
  switch (event.type) {
    case 'item.change': {
      const input = bonusForm().querySelector<HTMLInputElement | HTMLSelectElement>(
        `[name="BONUS-${event.field}"]`,
      );
      if (!input) throw new Error(`no ${event.field} input`);
      fireEvent.change(input, { target: { value: event.value } });
      break;
    }
    case 'item.add':
      await app.user.click(within(bonusForm()).getByRole('button', { name: 'Add' }));
      break;
    case 'item.remove':
      await app.user.click(within(bonusTable()).getByRole('button', { name: 'Delete Bonus 1,500.00' }));
      break;
    case 'snapshot.saved': {
      snapshotSaved = true;
      await app.user.click(screen.getByRole('button', { name: 'Edit Payment Information Used' }));
      const salary = document.querySelector<HTMLInputElement>('input[name="basicSalarySnapshot"]');
      fireEvent.change(salary as HTMLInputElement, { target: { value: '4800.00' } });
      await app.user.click(
        within(screen.getByRole('form', { name: 'Payment Information Used' })).getByRole('button', {
          name: 'Save',
        }),
      );
      await settle();
      app.server.answer(
        'PUT',
        `/api/payslips/${employee.id}/${period.year}/${period.month}`,
        200,
        savedSnapshot,
      );
      break;
    }
    default: {
      const type = event.type as string;
      const ok = type.startsWith('xstate.done.');
      const error = (event as { error?: ApiError }).error;
      if (type.endsWith(LOAD)) {
        const output = (event as { output?: ReturnType<typeof loaded> }).output;
        await answerLoad(
          app.server,
          ok ? (output?.payslip ?? null) : null,
          output?.items.BONUS.length ? { 'bonus-items': output.items.BONUS } : {},
        );
        if (ok) await showBonusTab(app);
      } else if (type.endsWith(ADD)) {
        app.server.answer('POST', '/api/bonus-items', ok ? 201 : 409, ok ? bonus : error);
        await settle();
        if (ok) app.server.answer('GET', payslipPath, 200, withBonus);
      } else if (type.endsWith(REMOVE)) {
        app.server.answer('DELETE', `/api/bonus-items/${bonus.id}`, ok ? 204 : 500, ok ? undefined : error);
        await settle();
        if (ok) app.server.answer('GET', payslipPath, 200, unprocessedPayslip);
      } else if (type.endsWith(REFRESH)) {
        app.server.answer('GET', payslipPath, ok ? 200 : 500, ok ? savedSnapshot : error);
      }
    }
  }
  await settle();
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  expect(document.querySelector('h1')?.textContent).toBe('Pay Items');
  // The navigation state's user and status show at once, before the payslip arrives.
  expect(screen.getByText(employee.fullName)).toBeInTheDocument();
  expect(screen.getAllByText('July 2026').length).toBeGreaterThan(0);
  const main = screen.getByRole('main');
  if (s.context.status) {
    expect(within(main).getAllByText(STATUS_LABEL[s.context.status])[0]).toBeInTheDocument();
  }
  const summary = screen.queryByRole('heading', { name: 'Payslip Summary' });
  if (s.matches('loading')) {
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(app.server.pending('GET', `/api/users/${employee.id}/payslips`)[0]?.query.get('month')).toBe('7');
  }
  if (s.matches('empty')) {
    // No payslip: the panel stays empty.
    expect(summary).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  }
  if (s.matches('processed') || s.matches('editable')) {
    expect(summary).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Ahoc',
      'Bonus',
      'Deductions',
      'Others',
    ]);
    const gross = s.context.payslip?.totals?.grossPay as number;
    expect(screen.getAllByText(dollars(gross)).length).toBeGreaterThan(0);
    const snapshotCard = screen
      .getByRole('heading', { name: 'Payment Information Used' })
      .closest('.chakra-card__body') as HTMLElement;
    // The panel shows what was saved at once; the summary's figures follow when the payslip comes back.
    const shownSalary = snapshotSaved
      ? savedSnapshot.basicSalarySnapshot
      : (s.context.payslip?.basicSalarySnapshot as number);
    expect(within(snapshotCard).getByText(dollars(shownSalary))).toBeInTheDocument();
    expect(screen.getByText('Annual Leave')).toBeInTheDocument();
    expect(bonusRows().map((row) => row.querySelectorAll('td')[1]?.textContent)).toEqual(
      s.context.items.BONUS.map((item) => dollars(item.amount)),
    );
  }
  if (s.matches('processed')) {
    // Read-only: no add form, no Delete, no pencil.
    expect(screen.queryByRole('form', { name: 'Add Bonus item' })).toBeNull();
    expect(within(bonusTable()).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Payment Information Used' })).toBeNull();
  }
  if (s.matches('editable')) {
    const form = bonusForm();
    const draft = s.context.drafts.BONUS;
    expect(form.querySelector<HTMLSelectElement>('[name="BONUS-type"]')?.value).toBe(draft.type);
    expect(form.querySelector<HTMLInputElement>('[name="BONUS-amount"]')?.value).toBe(draft.amount);
    const error = s.context.errors.BONUS;
    if (error) expect(within(form).getByRole('alert')).toHaveTextContent(error);
    else expect(within(form).queryByRole('alert')).toBeNull();
    const adding = s.matches({ editable: 'adding' });
    const add = within(form).getByRole('button', { name: adding ? 'Processing...' : 'Add' });
    expect(add).toHaveProperty('disabled', !s.matches({ editable: 'idle' }));
    if (adding) {
      expect(app.server.pending('POST', '/api/bonus-items')[0]?.body).toEqual({
        type: 'BONUS',
        amount: 1500,
        userId: employee.id,
        year: 2026,
        month: 7,
        payslipId: unprocessedPayslip.id,
      });
    }
    if (s.matches({ editable: 'removing' })) {
      expect(app.server.pending('DELETE', `/api/bonus-items/${bonus.id}`)).toHaveLength(1);
    }
  }
  const type = event?.type ?? '';
  if (type === `xstate.done.actor.${ADD}`) expectToast('Bonus item added');
  if (type === `xstate.error.actor.${ADD}`) expectToast('Failed to add bonus item', refused.message);
  if (type === `xstate.done.actor.${REMOVE}`) expectToast('Bonus item deleted');
  if (type === `xstate.error.actor.${REMOVE}`) expectToast('Failed to delete bonus item', serverDown.message);
  if (type === 'snapshot.saved') {
    expectToast('Salary information updated successfully');
    // The summary asks for the payslip's new figures.
    expect(app.server.pending('GET', `/api/users/${employee.id}/payslips`)).toHaveLength(1);
  }
}

const label = (event: Event) => {
  if (event.type === 'item.change') return `item.change (${event.field})`;
  if (event.type === `xstate.done.actor.${LOAD}`) {
    const output = (event as { output: ReturnType<typeof loaded> }).output;
    return `${LOAD} done (${output.payslip.processingStatus})`;
  }
  return describeEvent(event);
};
describeModelWalk<Machine, Event>({
  title: 'pay-items statechart, walked through Pay Items',
  machine: payItemsMachine,
  actor,
  plan,
  open: () => {
    snapshotSaved = false;
    return openPayItems(actor.inspect);
  },
  perform,
  expectScreen,
  label,
  serialize,
});
