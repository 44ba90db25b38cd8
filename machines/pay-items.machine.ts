import { type ActorRefFrom, type AnyActorRef, assign, fromPromise, raise, sendTo, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { PayslipStatus } from '../src/domain/enums';
import { leaveBalanceQuery } from '../src/domain/leave-balance';
import { isProcessedPayslip, nextPayslipStatus } from '../src/domain/lifecycles/payslip.lifecycle';
import { wholeListPage } from '../src/domain/list-query';
import type { PayItemKind } from '../src/domain/payroll';
import { kindInfo, type PayItem, type PayslipDetail, snapshotFormValues } from '../src/domain/payslips';
import type { editablePanelMachine } from './editable-panel.machine';
import { childNews, notProvided, type ToastParams } from './effects';
import { listMachine } from './list.machine';
import { type PayItemFormParams, payItemFormMachine } from './pay-item-form.machine';
import { panelWith, paymentSnapshotForm } from './record-panel-forms';

/**
 * Pay Items (/admin/users/:userId/pay-items/:year/:month, spec section 2): one employee's payslip of a
 * month with its items of every kind. Each kind's panel adds and deletes items; the status follows the
 * shared payslip lifecycle (src/domain/lifecycles/payslip.lifecycle.ts), the rule the server applies: the first item
 * makes an Unprocessed payslip Items Added, removing the last makes it Unprocessed again. A processed
 * payslip is read-only.
 *
 * Each kind's Add form is a form of its own (machines/pay-item-form.machine.ts), so adds of different
 * kinds may be in flight at once, and beside a delete. The summary's figures are therefore not taken from
 * any one answer: every change makes them stale, and they are fetched again, a fetch in flight being
 * started over, so the figures shown are read after the last change.
 *
 * Its tables are the one list statechart (decision 0011), spawned when the payslip arrives: the Leave Balance
 * of the employee in the payslip's year (fetched by the list), and each kind's items. The items are part of
 * the payslip edited here, so this machine keeps them and each kind's list reads them from it; after an add
 * or a delete the kind's list reads them again.
 */

export const PAY_ITEM_KINDS = ['ADHOC', 'BONUS', 'DEDUCTION', 'OTHER_ADDITION', 'OTHER_DEDUCTION'] as const;

export type ItemsByKind = Record<PayItemKind, PayItem[]>;

export interface PayItemsEmployee {
  id: number;
  fullName: string;
}

export interface PayItemsInput {
  userId: number;
  year: number;
  month: number;
  /** Navigation state from Process Pay: shown until the payslip arrives. */
  processingStatus?: PayslipStatus | null;
  user?: PayItemsEmployee | null;
}

export interface PayItemsData {
  payslip: PayslipDetail;
  user: PayItemsEmployee | null;
  items: ItemsByKind;
}

type ListRef = ActorRefFrom<typeof listMachine>;

export interface PayItemsContext {
  userId: number;
  year: number;
  month: number;
  user: PayItemsEmployee | null;
  status: PayslipStatus | null;
  payslip: PayslipDetail | null;
  items: ItemsByKind;
  /** Each kind's items as a table: a list that reads them from `items` (spawned with the payslip). */
  itemLists: Record<PayItemKind, ListRef> | null;
  /** The employee's Leave Balance of the payslip's year (spawned with the payslip). */
  balances: ListRef | null;
  /** Each kind's Add form, while the payslip is not processed (made again, empty, after each add). */
  forms: Record<PayItemKind, PayItemFormRef> | null;
  /** The item being deleted. */
  removing: { kind: PayItemKind; item: PayItem } | null;
  /** Payment Information Used: its own panel statechart, spawned with the payslip's snapshot. */
  snapshot: ActorRefFrom<typeof editablePanelMachine> | null;
}

type PayItemFormRef = ActorRefFrom<typeof payItemFormMachine>;

/** A kind's Add form's actor id; its answer comes as `xstate.done.actor.<id>`. */
export const payItemFormId = (kind: PayItemKind) => `add-${kind}` as const;

export type PayItemsEvent =
  | { type: 'item.remove'; kind: PayItemKind; id: number }
  /** Payment Information Used was saved (its panel emits it). */
  | { type: 'snapshot.saved' }
  /** Raised by this machine after every change: the summary's figures are to be fetched again. */
  | { type: 'figures.stale' }
  | { type: `xstate.done.actor.add-${PayItemKind}`; output: PayItem };

const byKind = <T>(make: (kind: PayItemKind) => T) =>
  Object.fromEntries(PAY_ITEM_KINDS.map((kind) => [kind, make(kind)])) as Record<PayItemKind, T>;

const itemCount = (items: ItemsByKind) => PAY_ITEM_KINDS.reduce((sum, kind) => sum + items[kind].length, 0);

/** The status after an item change, by the shared lifecycle; unchanged if the lifecycle refuses. */
const statusAfter = (
  status: PayslipStatus | null,
  event: Parameters<typeof nextPayslipStatus>[1],
): PayslipStatus | null => (status === null ? null : (nextPayslipStatus(status, event) ?? status));

/**
 * A kind's items as a list: its fetch reads them from Pay Items (whose actor is given), the whole list at
 * once. Nothing is asked of the server, so it never fails; the Pay Items machine tells it to read again.
 */
const itemsListOf = (payItems: AnyActorRef, kind: PayItemKind) =>
  listMachine.provide({
    actors: {
      fetchRows: fromPromise(async ({ input }) =>
        wholeListPage((payItems.getSnapshot().context as PayItemsContext).items[kind], input, {}),
      ),
    },
  });

const payItems = setup({
  types: {
    context: {} as PayItemsContext,
    events: {} as PayItemsEvent,
    input: {} as PayItemsInput,
  },
  actors: {
    loadPayItems: fromPromise<
      PayItemsData,
      { userId: number; year: number; month: number; user: PayItemsEmployee | null }
    >(notProvided('pay-items', 'loadPayItems')),
    payItemForm: payItemFormMachine,
    /** Deletes the item. */
    removeItem: fromPromise<void, { kind: PayItemKind; item: PayItem }>(
      notProvided('pay-items', 'removeItem'),
    ),
    /** The payslip's figures after a change. */
    refreshPayslip: fromPromise<PayslipDetail, { userId: number; year: number; month: number }>(
      notProvided('pay-items', 'refreshPayslip'),
    ),
    // Payment Information Used: the one panel flow, given the snapshot's form.
    snapshot: panelWith(paymentSnapshotForm),
    /** The Leave Balance table (its fetch reads the employee and the year from its query). */
    balances: listMachine,
    /** Hears the snapshot panel's saves (it emits them) and passes them to this machine. */
    snapshotSaves: childNews<{ snapshot: PayItemsContext['snapshot'] }>((input, tell) => [
      input.snapshot?.on('panel.saved', () => tell({ type: 'snapshot.saved' })),
    ]),
  },
  actions: {
    notify: notProvided('pay-items', 'notify') as (_: unknown, params: ToastParams) => void,
    /** A kind's list reads its items again, after an add or a delete. */
    reloadItems: sendTo(
      ({ context }, params: { kind: PayItemKind }) => {
        const list = context.itemLists?.[params.kind];
        if (!list) throw new Error('pay-items machine: the items are listed with the payslip');
        return list;
      },
      { type: 'list.reload' as const },
    ),
    /**
     * The loaded payslip, the panel of its snapshot (read-only once processed), the Leave Balance table and
     * each kind's items list. Spawned once, when the payslip arrives.
     */
    showPayslip: assign(({ context, event, spawn, self }) => {
      const { output } = event as unknown as { output: PayItemsData };
      return {
        ...output,
        status: output.payslip.processingStatus,
        balances: spawn('balances', {
          id: 'balances',
          systemId: 'payItemsLeaveBalance',
          input: { query: leaveBalanceQuery(context.userId, context.year) },
        }),
        itemLists: byKind((kind) =>
          spawn(itemsListOf(self, kind), { systemId: `payItems-${kind}`, input: {} }),
        ),
        snapshot: spawn('snapshot', {
          id: 'snapshot',
          input: {
            kind: 'paymentSnapshot' as const,
            values: snapshotFormValues(output.payslip),
            subject: { payslip: { userId: context.userId, year: context.year, month: context.month } },
          },
        }),
      };
    }),
    /** Every kind's Add form, empty, for this payslip. */
    openForms: assign({
      forms: ({ context, spawn }) =>
        byKind((kind) =>
          spawn('payItemForm', { id: payItemFormId(kind), input: { params: formParams(context, kind) } }),
        ),
    }),
  },
  guards: {
    isProcessed: ({ event }) =>
      isProcessedPayslip((event as unknown as { output: PayItemsData }).output.payslip.processingStatus),
  },
});

export const payItemsMachine = payItems.createMachine({
  id: 'payItems',
  description: "Pay Items: one employee's payslip of a month, its items of every kind, added and deleted.",
  context: ({ input }) => ({
    userId: input.userId,
    year: input.year,
    month: input.month,
    user: input.user ?? null,
    status: input.processingStatus ?? null,
    payslip: null,
    items: byKind(() => []),
    itemLists: null,
    balances: null,
    forms: null,
    removing: null,
    snapshot: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "GET the payslip, then its items of every kind and the employee's leave balances.",
      invoke: {
        id: 'loadPayItems',
        src: 'loadPayItems',
        input: ({ context }) => ({
          userId: context.userId,
          year: context.year,
          month: context.month,
          user: context.user,
        }),
        onDone: [
          {
            guard: 'isProcessed',
            target: 'processed',
            description: 'A processed payslip: everything read-only.',
            actions: 'showPayslip',
          },
          { target: 'editable', actions: 'showPayslip' },
        ],
        onError: { target: 'empty', description: 'No payslip found: the panel stays empty.' },
      },
    },
    empty: {
      description: 'No payslip for this employee and month: the panel stays empty.',
    },
    processed: {
      description: 'Processed: the summary, snapshot and items show read-only (revert it to change them).',
    },
    editable: {
      description:
        "Unprocessed or Items Added: each kind's Add form adds on its own, Delete removes, and the figures follow every change.",
      type: 'parallel',
      entry: 'openForms',
      invoke: {
        id: 'snapshotSaves',
        src: 'snapshotSaves',
        input: ({ context }) => ({ snapshot: context.snapshot }),
      },
      on: {
        ...addedTransitions(),
        'snapshot.saved': {
          description: 'Payment Information Used was saved: the summary fetches its new figures.',
          actions: payItems.raise({ type: 'figures.stale' }),
        },
      },
      states: {
        removal: {
          description: 'Deleting items, one at a time.',
          initial: 'idle',
          states: {
            idle: {
              description: "Each item's Delete is offered.",
              on: {
                'item.remove': {
                  target: 'removing',
                  description: "An item's Delete button.",
                  actions: assign({
                    removing: ({ context, event }) => {
                      const item = context.items[event.kind].find((i) => i.id === event.id);
                      return item ? { kind: event.kind, item } : null;
                    },
                  }),
                },
              },
            },
            removing: {
              description: 'DELETE /<kind>-items/{id} is in flight; Delete is offered nowhere.',
              invoke: {
                id: 'removeItem',
                src: 'removeItem',
                input: ({ context }) => context.removing as { kind: PayItemKind; item: PayItem },
                onDone: {
                  target: 'idle',
                  description:
                    "Gone from the list, '<Kind> item deleted'; without any item left the payslip is Unprocessed again.",
                  actions: [
                    assign(({ context }) => {
                      const { kind, item } = context.removing as { kind: PayItemKind; item: PayItem };
                      const items = {
                        ...context.items,
                        [kind]: context.items[kind].filter((i) => i.id !== item.id),
                      };
                      return {
                        items,
                        status: statusAfter(context.status, {
                          type: 'payItem.remove',
                          itemsLeft: itemCount(items),
                        }),
                      };
                    }),
                    {
                      type: 'notify',
                      params: ({ context }) => ({
                        type: 'success',
                        title: kindInfo(context.removing?.kind as PayItemKind).deleted,
                      }),
                    },
                    {
                      type: 'reloadItems',
                      params: ({ context }) => ({ kind: context.removing?.kind as PayItemKind }),
                    },
                    assign({ removing: null }),
                    raise({ type: 'figures.stale' }),
                  ],
                },
                onError: {
                  target: 'idle',
                  description: "'Failed to delete <kind> item' with the reason; the item stays.",
                  actions: [
                    {
                      type: 'notify',
                      params: ({ context, event }) => ({
                        type: 'error',
                        title: kindInfo(context.removing?.kind as PayItemKind).deleteFailed,
                        description: toApiError(event.error).message,
                      }),
                    },
                    assign({ removing: null }),
                  ],
                },
              },
            },
          },
        },
        figures: {
          description: "The summary's figures, fetched again after every change.",
          initial: 'current',
          states: {
            current: {
              description: 'The summary shows the figures read after the last change.',
              on: { 'figures.stale': { target: 'refreshing', description: 'Something changed.' } },
            },
            refreshing: {
              description: "GET the payslip: the summary's figures after the changes.",
              on: {
                'figures.stale': {
                  target: 'refreshing',
                  reenter: true,
                  description: 'Another change meanwhile: the figures are asked for again, after it.',
                },
              },
              invoke: {
                id: 'refreshPayslip',
                src: 'refreshPayslip',
                input: ({ context }) => ({
                  userId: context.userId,
                  year: context.year,
                  month: context.month,
                }),
                onDone: { target: 'current', actions: assign({ payslip: ({ event }) => event.output }) },
                onError: {
                  target: 'current',
                  description: 'The change stands; the summary keeps the last figures.',
                },
              },
            },
          },
        },
      },
    },
  },
});

/** What a kind's Add form is given: whose payslip the item goes on. */
function formParams(context: PayItemsContext, kind: PayItemKind): PayItemFormParams {
  return {
    kind,
    userId: context.userId,
    year: context.year,
    month: context.month,
    payslipId: context.payslip?.id ?? 0,
  };
}

/**
 * A kind's Add form answered with the added item: it is listed, an Unprocessed payslip becomes Items
 * Added (the lifecycle's rule, as the server applies it), the form is made again, empty, and the figures
 * are fetched again. The form showed its toast.
 */
function addedTransitions() {
  const added = (kind: PayItemKind) => ({
    description: `${kindInfo(kind).title}: added; listed, the form empty again, the figures fetched again.`,
    actions: [
      payItems.stopChild(payItemFormId(kind)),
      payItems.assign(({ context, event, spawn }) => {
        const { output: item } = event as Extract<PayItemsEvent, { output: PayItem }>;
        return {
          items: { ...context.items, [kind]: [...context.items[kind], item] },
          status: statusAfter(context.status, { type: 'payItem.add' }),
          forms: context.forms && {
            ...context.forms,
            [kind]: spawn('payItemForm', {
              id: payItemFormId(kind),
              input: { params: formParams(context, kind) },
            }),
          },
        };
      }),
      { type: 'reloadItems' as const, params: { kind } },
      payItems.raise({ type: 'figures.stale' }),
    ],
  });
  return Object.fromEntries(
    PAY_ITEM_KINDS.map((kind) => [`xstate.done.actor.${payItemFormId(kind)}`, added(kind)]),
  ) as Record<`xstate.done.actor.add-${PayItemKind}`, ReturnType<typeof added>>;
}
