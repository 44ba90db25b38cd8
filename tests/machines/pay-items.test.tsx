import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { payItemsMachine } from '../../machines/pay-items.machine';
import type { ApiError } from '../../src/domain/auth';
import type { PayItem, PayslipDetail } from '../../src/domain/payslips';
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
type Kind = 'ADHOC' | 'BONUS' | 'DEDUCTION' | 'OTHER_ADDITION' | 'OTHER_DEDUCTION';
type Event =
  | { type: 'item.remove'; kind: 'BONUS'; id: number }
  | { type: 'snapshot.saved' }
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string };

const LOAD = 'loadPayItems';
const REMOVE = 'removeItem';
const REFRESH = 'refreshPayslip';
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as Event;
const failed = (id: string, error: ApiError) =>
  ({ type: `xstate.error.actor.${id}`, error, actorId: id }) as Event;

/**
 * Each kind's Add form (walked on its own in pay-item-form.test.tsx), filled in and sent here so that its
 * answer reaches Pay Items: the tab, the form's name, a type of the kind (spec section 2) and the endpoint.
 */
const KINDS: Record<
  Kind,
  { tab: string; form: string; type: string; path: string; item: PayItem; added: string }
> = {
  ADHOC: {
    tab: 'Ahoc',
    form: 'Add Adhoc item',
    type: 'OVERTIME',
    path: 'adhoc-items',
    item: item(901, 'OVERTIME'),
    added: 'Adhoc item added',
  },
  BONUS: {
    tab: 'Bonus',
    form: 'Add Bonus item',
    type: 'BONUS',
    path: 'bonus-items',
    item: bonus,
    added: 'Bonus item added',
  },
  DEDUCTION: {
    tab: 'Deductions',
    form: 'Add Deductions item',
    type: 'LATENESS',
    path: 'deduction-items',
    item: item(902, 'LATENESS'),
    added: 'Deduction item added',
  },
  OTHER_ADDITION: {
    tab: 'Others',
    form: 'Add Other Additions item',
    type: 'TRAVEL_ALLOWANCE',
    path: 'other-addition-items',
    item: item(903, 'TRAVEL_ALLOWANCE'),
    added: 'Other addition item added',
  },
  OTHER_DEDUCTION: {
    tab: 'Others',
    form: 'Add Other Deductions item',
    type: 'ADVANCE',
    path: 'other-deduction-items',
    item: item(904, 'ADVANCE'),
    added: 'Other deduction item added',
  },
};
function item(id: number, type: string): PayItem {
  return { id, type, amount: 1500 };
}
const added = (kind: Kind) => done(`add-${kind}`, KINDS[kind].item);
const kindOfAdd = (type: string) =>
  (Object.keys(KINDS) as Kind[]).find((kind) => type === `xstate.done.actor.add-${kind}`);

const noItems = { ADHOC: [], BONUS: [], DEDUCTION: [], OTHER_ADDITION: [], OTHER_DEDUCTION: [] };
const loaded = (payslip: PayslipDetail, items = noItems) => ({
  payslip,
  user: employee,
  items,
  leaveBalances: [],
});
const savedSnapshot: PayslipDetail = { ...unprocessedPayslip, basicSalarySnapshot: 4800 };
/** The payslip as fetched again after a change (its figures; the walk does not need them consistent). */
const fetchedAgain: PayslipDetail = { ...withBonus, basicSalarySnapshot: 4800 };
/** Whether this path saved Payment Information Used (its panel then shows the saved salary). */
let snapshotSaved = false;

const events: Event[] = [
  ...(Object.keys(KINDS) as Kind[]).map(added),
  { type: 'item.remove', kind: 'BONUS', id: bonus.id },
  { type: 'snapshot.saved' },
  done(REFRESH, fetchedAgain),
  failed(REFRESH, serverDown),
  done(LOAD, loaded(unprocessedPayslip)),
  done(LOAD, loaded(processedPayslip, { ...noItems, BONUS: [bonus] as never })),
  failed(LOAD, serverDown),
  done(REMOVE, undefined),
  failed(REMOVE, serverDown),
];

/** What the screen lets the admin do: add one item of each kind, delete the bonus, save the snapshot once. */
function canProduce(s: Snapshot, event: Event): boolean {
  const kind = kindOfAdd(event.type);
  if (kind) return s.matches('editable') && s.context.items[kind].length === 0;
  switch (event.type) {
    case 'item.remove':
      return s.context.items.BONUS.some((i) => i.id === event.id);
    case 'snapshot.saved':
      // Saved once, before the figures were fetched again.
      return (
        s.matches('editable') &&
        s.context.payslip?.basicSalarySnapshot === unprocessedPayslip.basicSalarySnapshot
      );
    default:
      return true;
  }
}

const serialize = (s: AnyMachineSnapshot) => {
  const c = (s as Snapshot).context;
  return JSON.stringify([
    s.value,
    (Object.keys(KINDS) as Kind[]).map((kind) => c.items[kind].length),
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

const bonusTable = () => document.querySelector('table[aria-label="Bonus items"]') as HTMLElement;
const bonusRows = () =>
  [...bonusTable().querySelectorAll('tbody tr')].filter((row) => row.querySelectorAll('td').length > 1);
const payslipPath = `/api/users/${employee.id}/payslips`;

async function showTab(app: RunningApp, name: string) {
  await app.user.click(screen.getByRole('tab', { name }));
  await settle();
}

/** Fills a kind's Add form on its tab and sends it, as the admin does; the request stays pending. */
async function sendItem(app: RunningApp, kind: Kind) {
  const { tab, form: name, type } = KINDS[kind];
  await showTab(app, tab);
  const form = screen.getByRole('form', { name });
  fireEvent.change(form.querySelector('select[name="type"]') as HTMLSelectElement, {
    target: { value: type },
  });
  fireEvent.change(form.querySelector('input[name="amount"]') as HTMLInputElement, {
    target: { value: '1500' },
  });
  await app.user.click(within(form).getByRole('button', { name: 'Add' }));
  await settle();
}

/** Sends a kind's item and answers it, then goes back to the Bonus tab the walk checks. */
async function addItem(app: RunningApp, kind: Kind) {
  await sendItem(app, kind);
  app.server.answer('POST', `/api/${KINDS[kind].path}`, 201, KINDS[kind].item);
  await settle();
  await showTab(app, 'Bonus');
}

async function perform(app: RunningApp, event: Event) {
  const kind = kindOfAdd(event.type);
  if (kind) {
    await addItem(app, kind);
    return;
  }
  switch (event.type) {
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
        if (ok) await showTab(app, 'Bonus');
      } else if (type.endsWith(REMOVE)) {
        app.server.answer('DELETE', `/api/bonus-items/${bonus.id}`, ok ? 204 : 500, ok ? undefined : error);
      } else if (type.endsWith(REFRESH)) {
        // A fetch that was started over is answered too: only the last one's answer may count.
        while (app.server.pending('GET', payslipPath).length > 0) {
          app.server.answer('GET', payslipPath, ok ? 200 : 500, ok ? fetchedAgain : error);
          await settle();
        }
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
      : unprocessedPayslip.basicSalarySnapshot;
    expect(within(snapshotCard).getByText(dollars(shownSalary))).toBeInTheDocument();
    expect(screen.getByText('Annual Leave')).toBeInTheDocument();
    expect(bonusRows().map((row) => row.querySelectorAll('td')[1]?.textContent)).toEqual(
      s.context.items.BONUS.map((i) => dollars(i.amount)),
    );
  }
  if (s.matches('processed')) {
    // Read-only: no add form, no Delete, no pencil.
    expect(screen.queryByRole('form', { name: 'Add Bonus item' })).toBeNull();
    expect(within(bonusTable()).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Payment Information Used' })).toBeNull();
  }
  if (s.matches('editable')) {
    // The Bonus form is offered, empty after an add (its own walk is pay-item-form.test.tsx).
    const form = screen.getByRole('form', { name: 'Add Bonus item' });
    expect(within(form).getByRole('button', { name: 'Add' })).toBeEnabled();
    // One delete at a time: Delete is offered while none is in flight.
    const removing = s.matches({ editable: { removal: 'removing' } });
    for (const button of within(bonusTable()).queryAllByRole('button')) {
      if (removing) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
    }
    if (removing) expect(app.server.pending('DELETE', `/api/bonus-items/${bonus.id}`)).toHaveLength(1);
    // The figures are being fetched again after a change.
    if (s.matches({ editable: { figures: 'refreshing' } })) {
      expect(app.server.pending('GET', payslipPath).length).toBeGreaterThan(0);
    } else {
      expect(app.server.pending('GET', payslipPath)).toEqual([]);
    }
  }
  const type = event?.type ?? '';
  const kind = kindOfAdd(type);
  if (kind) expectToast(KINDS[kind].added);
  if (type === `xstate.done.actor.${REMOVE}`) expectToast('Bonus item deleted');
  if (type === `xstate.error.actor.${REMOVE}`) expectToast('Failed to delete bonus item', serverDown.message);
  if (type === 'snapshot.saved') expectToast('Salary information updated successfully');
}

const label = (event: Event) => {
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
  more: () => {
    it('two adds in flight at once: both listed, and the figures shown are the ones read after both', async () => {
      const app = await openPayItems(actor.inspect);
      await answerLoad(app.server, unprocessedPayslip);
      await sendItem(app, 'BONUS');
      await sendItem(app, 'ADHOC');
      // Both requests are out together; the Adhoc one is answered first.
      expect(app.server.pending('POST', '/api/bonus-items')).toHaveLength(1);
      expect(app.server.pending('POST', '/api/adhoc-items')).toHaveLength(1);
      app.server.answer('POST', '/api/adhoc-items', 201, KINDS.ADHOC.item);
      await settle();
      app.server.answer('POST', '/api/bonus-items', 201, bonus);
      await settle();
      // A fetch of the figures started after each answer; the one after the first answer is stale.
      const fetches = app.server.pending('GET', payslipPath);
      expect(fetches).toHaveLength(2);
      const bothItems: PayslipDetail = {
        ...withBonus,
        totals: { ...(withBonus.totals as NonNullable<PayslipDetail['totals']>), grossPay: 7600 },
      };
      // The later fetch answers first; the earlier one's late answer must not replace it.
      app.server.answerLatest('GET', payslipPath, 200, bothItems);
      await settle();
      app.server.answer('GET', payslipPath, 200, withBonus);
      await settle();
      expect(screen.getAllByText('7,600.00').length).toBeGreaterThan(0);
      expect(screen.queryAllByText('6,100.00')).toEqual([]);
      expect(within(screen.getByRole('main')).getAllByText('Items Added')[0]).toBeInTheDocument();
      await showTab(app, 'Bonus');
      expect(bonusRows()).toHaveLength(1);
      await showTab(app, 'Ahoc');
      const adhocRows = [
        ...(document.querySelector('table[aria-label="Adhoc items"]') as HTMLElement).querySelectorAll(
          'tbody tr',
        ),
      ].filter((row) => row.querySelectorAll('td').length > 1);
      expect(adhocRows).toHaveLength(1);
    });
  },
});
