import { setup, transition } from 'xstate';
import { PAYSLIP_STATUSES, type PayslipStatus } from '../enums';

/**
 * The processing status of one payslip (spec section 4), as a pure statechart shared by the SPA and
 * the server: the server resolves the stored status, asks whether the event is allowed and answers
 * 409 when it is not, so the diagram analysts read is the rule the API enforces.
 */
export type PayslipLifecycleEvent =
  | { type: 'payItem.add' }
  /** itemsLeft: how many pay items the payslip keeps after the removal. */
  | { type: 'payItem.remove'; itemsLeft: number }
  | { type: 'snapshot.edit' }
  | { type: 'payslip.process' }
  /** itemCount: how many pay items (of every kind) the payslip holds. */
  | { type: 'payslip.revert'; itemCount: number };

export const payslipLifecycle = setup({
  types: { events: {} as PayslipLifecycleEvent },
  guards: {
    hasNoItemsLeft: ({ event }) => event.type === 'payItem.remove' && event.itemsLeft === 0,
    hasNoItems: ({ event }) => event.type === 'payslip.revert' && event.itemCount === 0,
  },
}).createMachine({
  id: 'payslipLifecycle',
  description: 'The processing status of one payslip: Unprocessed, Items Added, Processed.',
  initial: 'unprocessed',
  states: {
    unprocessed: {
      description: 'UNPROCESSED: no pay items yet; the payment snapshot can be edited.',
      tags: ['open'],
      on: {
        'payItem.add': { target: 'itemsAdded', description: 'An item of any kind is added.' },
        'snapshot.edit': { target: 'unprocessed', description: 'Payment Information Used is saved.' },
        'payslip.process': { target: 'processed', description: 'Bulk processing with a pay date.' },
      },
    },
    itemsAdded: {
      description: 'ITEMS_ADDED: at least one pay item; items and the snapshot can still change.',
      tags: ['open'],
      on: {
        'payItem.add': { target: 'itemsAdded' },
        'payItem.remove': [
          {
            guard: 'hasNoItemsLeft',
            target: 'unprocessed',
            description: 'The last item is removed.',
          },
          { target: 'itemsAdded' },
        ],
        'snapshot.edit': { target: 'itemsAdded' },
        'payslip.process': { target: 'processed', description: 'Bulk processing with a pay date.' },
      },
    },
    processed: {
      description:
        'PROCESSED: amounts and pay date frozen; no item or snapshot change until reverted (latest processed month of the year only).',
      tags: ['processed'],
      on: {
        'payslip.revert': [
          {
            guard: 'hasNoItems',
            target: 'unprocessed',
            description: "'Revert to Unprocessed' on a payslip without items.",
          },
          { target: 'itemsAdded', description: "'Revert to Unprocessed' on a payslip with items." },
        ],
      },
    },
  },
});

type LifecycleState = 'unprocessed' | 'itemsAdded' | 'processed';

const stateOfStatus: Record<PayslipStatus, LifecycleState> = {
  UNPROCESSED: 'unprocessed',
  ITEMS_ADDED: 'itemsAdded',
  PROCESSED: 'processed',
};

const statusOfState: Record<LifecycleState, PayslipStatus> = {
  unprocessed: 'UNPROCESSED',
  itemsAdded: 'ITEMS_ADDED',
  processed: 'PROCESSED',
};

/** The stored status as a snapshot of the lifecycle. */
export const payslipLifecycleSnapshot = (status: PayslipStatus) =>
  payslipLifecycle.resolveState({ value: stateOfStatus[status], context: {} });

/** The status after the event, or null when the lifecycle does not allow the event from this status. */
export function nextPayslipStatus(status: PayslipStatus, event: PayslipLifecycleEvent): PayslipStatus | null {
  const snapshot = payslipLifecycleSnapshot(status);
  if (!snapshot.can(event)) return null;
  const [next] = transition(payslipLifecycle, snapshot, event);
  return statusOfState[next.value as LifecycleState];
}

/**
 * The stored statuses whose state carries the tag: 'open' (not processed: items and snapshot change)
 * or 'processed' (amounts frozen). Queries filter by these, never by literals.
 */
export type PayslipTag = 'open' | 'processed';
export const payslipStatusesTagged = (tag: PayslipTag): PayslipStatus[] =>
  PAYSLIP_STATUSES.filter((status) => payslipLifecycleSnapshot(status).hasTag(tag));

export const isProcessedPayslip = (status: PayslipStatus) =>
  payslipLifecycleSnapshot(status).hasTag('processed');

/** Every stored status the event is allowed from, with the status it leads to: the server's one writer
 * turns these into the `set status` of a single statement. */
export function payslipMoves(
  event: PayslipLifecycleEvent,
): Array<{ from: PayslipStatus; to: PayslipStatus }> {
  return PAYSLIP_STATUSES.flatMap((from) => {
    const to = nextPayslipStatus(from, event);
    return to === null ? [] : [{ from, to }];
  });
}

/** The status a new payslip row starts in. */
export const initialPayslipStatus: PayslipStatus =
  statusOfState[payslipLifecycle.config.initial as LifecycleState];

/** Display words of spec section 4. */
export const payslipStatusLabels: Record<PayslipStatus, string> = {
  UNPROCESSED: 'Unprocessed',
  ITEMS_ADDED: 'Items Added',
  PROCESSED: 'Processed',
};
