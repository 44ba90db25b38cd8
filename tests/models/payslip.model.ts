import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { PayslipAggregate, PayslipDetail, UnprocessedRow } from '../../src/domain/payslips';
import type { caller } from '../api/payroll-fixtures';
import { apiShows } from '../machines/spec-api-walk';

/**
 * One payslip's processing status as the administrator meets it through the API, from spec sections 4
 * (Payslip processing status: UNPROCESSED, ITEMS_ADDED, PROCESSED; bulk processing moves to PROCESSED;
 * 'Revert to Unprocessed' sets UNPROCESSED when payItems and otherItems are both 0, otherwise ITEMS_ADDED;
 * the row leaves the processed list and joins the unprocessed one), 3 (the pay items add up to payItems and
 * otherItems), 7 (the payroll requests) and docs/features/payroll.md (a change the status does not allow is
 * answered 409). An item added moves an unprocessed payslip to ITEMS_ADDED, and the last one removed moves it
 * back (spec section 4's statuses by name: Items Added means it holds items).
 *
 * The events are what the administrator does; each state's `shows` reads the stored status, the two lists
 * and the payslip's items, and tries the requests the status forbids: refused with 409, nothing changed.
 */

export type ItemKind = 'adhoc' | 'otherAddition';

export type PayslipEvent =
  | { type: 'admin.addsItem'; kind: ItemKind }
  | { type: 'admin.removesItem' }
  | { type: 'admin.editsSnapshot' }
  | { type: 'admin.processes' }
  | { type: 'admin.reverts' };

/** What the walk stands on: the administrator's API, the payslip, and the items it holds (their ids). */
export interface PayslipWorld {
  api: ReturnType<typeof caller>;
  payslip: { id: number; userId: number; year: number; month: number };
  items: Array<{ kind: ItemKind; id: number }>;
}

interface Context {
  /** The items the payslip holds, in the order they were added. */
  items: ItemKind[];
}

const PATH: Record<ItemKind, string> = { adhoc: 'adhoc-items', otherAddition: 'other-addition-items' };
const TYPE: Record<ItemKind, string> = { adhoc: 'OVERTIME', otherAddition: 'TRAVEL_ALLOWANCE' };
type Status = 'UNPROCESSED' | 'ITEMS_ADDED' | 'PROCESSED';

const period = (w: PayslipWorld) => `year=${w.payslip.year}&month=${w.payslip.month}`;

export const payslipRequests = {
  addItem: (w: PayslipWorld, kind: ItemKind) =>
    w.api.post(`/${PATH[kind]}`, {
      userId: w.payslip.userId,
      year: w.payslip.year,
      month: w.payslip.month,
      payslipId: w.payslip.id,
      type: TYPE[kind],
      amount: 10,
    }),
  removeItem: (w: PayslipWorld, item: { kind: ItemKind; id: number }) =>
    w.api.delete(`/${PATH[item.kind]}/${item.id}`),
  editSnapshot: (w: PayslipWorld) =>
    w.api.put(`/payslips/${w.payslip.userId}/${w.payslip.year}/${w.payslip.month}`, {
      basicSalarySnapshot: 5000,
      employeeCpfRateSnapshot: 20,
      employerCpfRateSnapshot: 17,
      selfHelpGroupSnapshot: 'NONE',
    }),
  process: (w: PayslipWorld) =>
    w.api.post('/payslips/bulk-process', {
      payDate: `${w.payslip.year}-12-31`,
      payslips: [{ userId: w.payslip.userId, year: w.payslip.year, month: w.payslip.month }],
    }),
  revert: (w: PayslipWorld) => w.api.patch(`/payslips/${w.payslip.id}/status`, { status: 'UNPROCESSED' }),
};

const storedStatus = async (w: PayslipWorld) =>
  ((await w.api.get(`/users/${w.payslip.userId}/payslips?${period(w)}`)).body as PayslipDetail)
    .processingStatus;

const storedItems = async (w: PayslipWorld) => {
  const counts: Record<ItemKind, number> = { adhoc: 0, otherAddition: 0 };
  for (const kind of ['adhoc', 'otherAddition'] as const) {
    const answer = await w.api.get(`/users/${w.payslip.userId}/${PATH[kind]}?${period(w)}`);
    expect(answer.status).toBe(200);
    counts[kind] = (answer.body as unknown[]).length;
  }
  return counts;
};

const heldItems = (items: ItemKind[]) => ({
  adhoc: items.filter((k) => k === 'adhoc').length,
  otherAddition: items.filter((k) => k === 'otherAddition').length,
});

const ctx = (m: { context: unknown }) => m.context as Context;

/** A state's assertions, one after the other. */
const all = (...parts: ReturnType<typeof apiShows<PayslipWorld>>[]) =>
  apiShows<PayslipWorld>(async (w, m) => {
    for (const part of parts) await part.shows(w, m);
  });

/** Every state: the stored status, the items held, and which of the two lists holds the payslip. */
const stored = (status: Status) =>
  apiShows<PayslipWorld>(async (w, m) => {
    expect(await storedStatus(w), 'the stored status').toBe(status);
    expect(await storedItems(w), 'the items it holds').toEqual(heldItems(ctx(m).items));
    const open = (await w.api.get(`/payslips/unprocessed-and-items-added?${period(w)}`))
      .body as UnprocessedRow[];
    const listed = open.find((row) => row.payslipId === w.payslip.id);
    expect(listed?.processingStatus, 'on the unprocessed list').toBe(
      status === 'PROCESSED' ? undefined : status,
    );
    const processed = (await w.api.get(`/payslips/processed/aggregates?${period(w)}`))
      .body as PayslipAggregate[];
    expect(
      processed.some((row) => row.payslipId === w.payslip.id),
      'on the processed list',
    ).toBe(status === 'PROCESSED');
  });

/** Spec section 4: only a processed payslip is reverted. */
const notRevertible = (status: 'UNPROCESSED' | 'ITEMS_ADDED') =>
  apiShows<PayslipWorld>(async (w) => {
    expect((await payslipRequests.revert(w)).status, 'revert of an unprocessed payslip').toBe(409);
    expect(await storedStatus(w)).toBe(status);
  });

/** A processed payslip's amounts are frozen: no item added or removed, no snapshot saved, until reverted. */
const frozen = apiShows<PayslipWorld>(async (w, m) => {
  for (const kind of ['adhoc', 'otherAddition'] as const)
    expect((await payslipRequests.addItem(w, kind)).status, `a ${kind} item added`).toBe(409);
  const [item] = w.items;
  if (item) expect((await payslipRequests.removeItem(w, item)).status, 'an item removed').toBe(409);
  expect((await payslipRequests.editSnapshot(w)).status, 'the snapshot saved').toBe(409);
  expect(await storedStatus(w)).toBe('PROCESSED');
  expect(await storedItems(w)).toEqual(heldItems(ctx(m).items));
});

export const payslipModel = setup({
  types: { context: {} as Context, events: {} as PayslipEvent },
  actions: {
    add: assign({
      items: ({ context, event }) =>
        event.type === 'admin.addsItem' ? [...context.items, event.kind] : context.items,
    }),
    removeLast: assign({ items: ({ context }) => context.items.slice(0, -1) }),
  },
  guards: {
    lastItem: ({ context }) => context.items.length === 1,
    holdsNoItems: ({ context }) => context.items.length === 0,
  },
}).createMachine({
  id: 'payslipModel',
  context: { items: [] },
  initial: 'unprocessed',
  states: {
    unprocessed: {
      meta: all(stored('UNPROCESSED'), notRevertible('UNPROCESSED')),
      on: {
        'admin.addsItem': { target: 'itemsAdded', actions: 'add' },
        'admin.editsSnapshot': { target: 'unprocessed' },
        'admin.processes': { target: 'processed' },
      },
    },
    itemsAdded: {
      meta: all(stored('ITEMS_ADDED'), notRevertible('ITEMS_ADDED')),
      on: {
        'admin.addsItem': { target: 'itemsAdded', actions: 'add' },
        'admin.removesItem': [
          { guard: 'lastItem', target: 'unprocessed', actions: 'removeLast' },
          { target: 'itemsAdded', actions: 'removeLast' },
        ],
        'admin.editsSnapshot': { target: 'itemsAdded' },
        'admin.processes': { target: 'processed' },
      },
    },
    processed: {
      meta: all(stored('PROCESSED'), frozen),
      on: {
        'admin.reverts': [{ guard: 'holdsNoItems', target: 'unprocessed' }, { target: 'itemsAdded' }],
      },
    },
  },
});
