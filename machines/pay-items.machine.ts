import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { PayslipStatus } from '../src/domain/enums';
import type { LeaveBalance } from '../src/domain/leave';
import type { PayItemKind } from '../src/domain/payroll';
import {
  emptyPayItemDraft,
  kindInfo,
  type PayItem,
  type PayItemCreate,
  type PayItemDraft,
  type PayslipDetail,
  payItemDraftError,
  snapshotFormValues,
} from '../src/domain/payslips';
import { childNews, notProvided, type ToastParams } from './effects';
import { paymentSnapshotMachine, paymentSnapshotRules } from './payment-snapshot.machine';
import { isProcessedPayslip, nextPayslipStatus } from './payslip.lifecycle';

/**
 * Pay Items (/admin/users/:userId/pay-items/:year/:month, spec section 2): one employee's payslip of a
 * month with its items of every kind. Each kind's panel adds and deletes items; the status follows the
 * shared payslip lifecycle (machines/payslip.lifecycle.ts), the rule the server applies: the first item
 * makes an Unprocessed payslip Items Added, removing the last makes it Unprocessed again. A processed
 * payslip is read-only.
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
  leaveBalances: LeaveBalance[];
}

export interface PayItemsContext {
  userId: number;
  year: number;
  month: number;
  user: PayItemsEmployee | null;
  status: PayslipStatus | null;
  payslip: PayslipDetail | null;
  items: ItemsByKind;
  leaveBalances: LeaveBalance[];
  /** What is typed in each kind's add form. */
  drafts: Record<PayItemKind, PayItemDraft>;
  /** The message under a kind's form (spec section 5). */
  errors: Partial<Record<PayItemKind, string>>;
  /** The kind being added to, or the item being deleted. */
  pending: { kind: PayItemKind; item: PayItem | null } | null;
  /** Payment Information Used: its own panel statechart, spawned with the payslip's snapshot. */
  snapshot: ActorRefFrom<typeof paymentSnapshotMachine> | null;
}

export type PayItemsEvent =
  | { type: 'item.change'; kind: PayItemKind; field: keyof PayItemDraft; value: string }
  | { type: 'item.add'; kind: PayItemKind }
  | { type: 'item.remove'; kind: PayItemKind; id: number }
  /** Payment Information Used was saved (its panel emits it): the figures are fetched again. */
  | { type: 'snapshot.saved' };

const byKind = <T>(make: () => T) =>
  Object.fromEntries(PAY_ITEM_KINDS.map((kind) => [kind, make()])) as Record<PayItemKind, T>;

const itemCount = (items: ItemsByKind) => PAY_ITEM_KINDS.reduce((sum, kind) => sum + items[kind].length, 0);

/** The status after an item change, by the shared lifecycle; unchanged if the lifecycle refuses. */
const statusAfter = (
  status: PayslipStatus | null,
  event: Parameters<typeof nextPayslipStatus>[1],
): PayslipStatus | null => (status === null ? null : (nextPayslipStatus(status, event) ?? status));

export const payItemsMachine = setup({
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
    /** Adds the item; answers it and the payslip's fresh figures (null if they could not be fetched). */
    addItem: fromPromise<
      { item: PayItem; payslip: PayslipDetail | null },
      { kind: PayItemKind; body: PayItemCreate }
    >(notProvided('pay-items', 'addItem')),
    /** Deletes the item; answers the payslip's fresh figures (null if they could not be fetched). */
    removeItem: fromPromise<
      { payslip: PayslipDetail | null },
      { kind: PayItemKind; item: PayItem; userId: number; year: number; month: number }
    >(notProvided('pay-items', 'removeItem')),
    /** The payslip's figures after a change to its snapshot. */
    refreshPayslip: fromPromise<PayslipDetail, { userId: number; year: number; month: number }>(
      notProvided('pay-items', 'refreshPayslip'),
    ),
    snapshot: paymentSnapshotMachine,
    /** Hears the snapshot panel's saves (it emits them) and passes them to this machine. */
    snapshotSaves: childNews<{ snapshot: PayItemsContext['snapshot'] }>((input, tell) => [
      input.snapshot?.on('panel.saved', () => tell({ type: 'snapshot.saved' })),
    ]),
  },
  actions: {
    notify: notProvided('pay-items', 'notify') as (_: unknown, params: ToastParams) => void,
    /**
     * The loaded payslip, and the panel of its snapshot (read-only once processed). Spawned when the
     * payslip arrives, by id only: a systemId would have to be unique across every path a model walk plans.
     */
    showPayslip: assign(({ context, event, spawn }) => {
      const { output } = event as unknown as { output: PayItemsData };
      return {
        ...output,
        status: output.payslip.processingStatus,
        snapshot: spawn('snapshot', {
          id: 'snapshot',
          input: {
            kind: 'paymentSnapshot' as const,
            rules: paymentSnapshotRules,
            values: snapshotFormValues(output.payslip),
            subject: { payslip: { userId: context.userId, year: context.year, month: context.month } },
          },
        }),
      };
    }),
  },
  guards: {
    isProcessed: ({ event }) =>
      isProcessedPayslip((event as unknown as { output: PayItemsData }).output.payslip.processingStatus),
    canAdd: ({ context, event }) => {
      assertEvent(event, 'item.add');
      return payItemDraftError(context.drafts[event.kind]) === null;
    },
  },
}).createMachine({
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
    leaveBalances: [],
    drafts: byKind(() => emptyPayItemDraft),
    errors: {},
    pending: null,
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
      description: 'Unprocessed or Items Added: every panel adds and deletes items.',
      initial: 'idle',
      on: {
        'item.change': {
          description: "Typing in a kind's form; its message clears.",
          actions: assign(({ context, event }) => {
            const { [event.kind]: _, ...errors } = context.errors;
            return {
              drafts: {
                ...context.drafts,
                [event.kind]: { ...context.drafts[event.kind], [event.field]: event.value },
              },
              errors,
            };
          }),
        },
        'snapshot.saved': {
          target: '.refreshing',
          description: 'Payment Information Used was saved: the summary fetches its new figures.',
        },
      },
      invoke: {
        id: 'snapshotSaves',
        src: 'snapshotSaves',
        input: ({ context }) => ({ snapshot: context.snapshot }),
      },
      states: {
        idle: {
          description: 'Waiting for the admin.',
          on: {
            'item.add': [
              {
                guard: 'canAdd',
                target: 'adding',
                actions: assign({ pending: ({ event }) => ({ kind: event.kind, item: null }) }),
              },
              {
                target: 'idle',
                description: "'Please fill all fields.' or 'Amount must be greater than 0.' under the form.",
                actions: assign({
                  errors: ({ context, event }) => ({
                    ...context.errors,
                    [event.kind]: payItemDraftError(context.drafts[event.kind]) ?? undefined,
                  }),
                }),
              },
            ],
            'item.remove': {
              target: 'removing',
              description: "An item's Delete button.",
              actions: assign({
                pending: ({ context, event }) => ({
                  kind: event.kind,
                  item: context.items[event.kind].find((item) => item.id === event.id) ?? null,
                }),
              }),
            },
          },
        },
        refreshing: {
          description: 'GET the payslip: the summary shows the figures of the saved snapshot.',
          invoke: {
            id: 'refreshPayslip',
            src: 'refreshPayslip',
            input: ({ context }) => ({ userId: context.userId, year: context.year, month: context.month }),
            onDone: { target: 'idle', actions: assign({ payslip: ({ event }) => event.output }) },
            onError: {
              target: 'idle',
              description: 'The change stands; the summary keeps the last figures.',
            },
          },
        },
        adding: {
          description: "POST /<kind>-items is in flight; that kind's Add reads 'Processing...'.",
          invoke: {
            id: 'addItem',
            src: 'addItem',
            input: ({ context }) => {
              const kind = context.pending?.kind as PayItemKind;
              const draft = context.drafts[kind];
              return {
                kind,
                body: {
                  type: draft.type,
                  amount: Number(draft.amount.trim()),
                  userId: context.userId,
                  year: context.year,
                  month: context.month,
                  payslipId: context.payslip?.id ?? 0,
                },
              };
            },
            onDone: {
              target: 'idle',
              description:
                "Listed, the form cleared, '<Kind> item added'; an Unprocessed payslip becomes Items Added.",
              actions: [
                assign(({ context, event }) => {
                  const kind = context.pending?.kind as PayItemKind;
                  return {
                    items: { ...context.items, [kind]: [...context.items[kind], event.output.item] },
                    drafts: { ...context.drafts, [kind]: emptyPayItemDraft },
                    status: statusAfter(context.status, { type: 'payItem.add' }),
                    payslip: event.output.payslip ?? context.payslip,
                  };
                }),
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    type: 'success',
                    title: kindInfo(context.pending?.kind as PayItemKind).added,
                  }),
                },
                assign({ pending: null }),
              ],
            },
            onError: {
              target: 'idle',
              description: "'Failed to add <kind> item' with the reason; the form keeps what was typed.",
              actions: [
                {
                  type: 'notify',
                  params: ({ context, event }) => ({
                    type: 'error',
                    title: kindInfo(context.pending?.kind as PayItemKind).addFailed,
                    description: toApiError(event.error).message,
                  }),
                },
                assign({ pending: null }),
              ],
            },
          },
        },
        removing: {
          description: 'DELETE /<kind>-items/{id} is in flight.',
          invoke: {
            id: 'removeItem',
            src: 'removeItem',
            input: ({ context }) => ({
              kind: context.pending?.kind as PayItemKind,
              item: context.pending?.item as PayItem,
              userId: context.userId,
              year: context.year,
              month: context.month,
            }),
            onDone: {
              target: 'idle',
              description:
                "Gone from the list, '<Kind> item deleted'; without any item left the payslip is Unprocessed again.",
              actions: [
                assign(({ context, event }) => {
                  const { kind, item } = context.pending as { kind: PayItemKind; item: PayItem };
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
                    payslip: event.output.payslip ?? context.payslip,
                  };
                }),
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    type: 'success',
                    title: kindInfo(context.pending?.kind as PayItemKind).deleted,
                  }),
                },
                assign({ pending: null }),
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
                    title: kindInfo(context.pending?.kind as PayItemKind).deleteFailed,
                    description: toApiError(event.error).message,
                  }),
                },
                assign({ pending: null }),
              ],
            },
          },
        },
      },
    },
  },
});
