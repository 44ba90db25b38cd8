import { assign, emit, enqueueActions, setup } from 'xstate';
import type { LeaveCounts, LeaveType } from '../src/domain/leave';
import { childNews } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * What sits around a leave request list (admin dashboard, staff dashboard): the three stat cards (Pending
 * Approval, Requests Approved, Requests Rejected) from the per-status counts, and the leave types the
 * Leave Type filter offers. The counts and the types are two requests (spec section 7), so two loads
 * (machines/load.machine.ts): the counts may fail while the types arrive, and each failure shows its own
 * reason and Try again. The screen provides `counts` (everyone's, or one person's) and `types`. After a
 * change to the requests (an approval, a new or deleted request) the screen's parent sends `load.reload`:
 * the counts are asked again (the cards keep their figures until they arrive), and the types too if they
 * had failed.
 */

export interface LeaveOverviewContext {
  /** The counts' fetch: its failure and Try again show under the cards. */
  counts: LoadActorRef;
  /** The leave types' fetch: its failure and Try again show beside the Leave Type filter. */
  types: LoadActorRef;
  /**
   * What the cards show: the counts as last fetched; null until the first arrive (skeletons); 'failed' once
   * a failure replaced the figures that showed (each card reads '-' until new counts arrive).
   */
  figures: LeaveCounts | 'failed' | null;
  /** The leave types as last fetched. */
  leaveTypes: LeaveType[];
}

export type LeaveOverviewEvent =
  | { type: 'load.reload' }
  | { type: 'counts.loaded'; counts: LeaveCounts }
  | { type: 'counts.failed' }
  | { type: 'types.loaded'; types: LeaveType[] };

/** Told to the screen's parent machine: the leave types as last fetched (the Request for Leave choices). */
export type LeaveOverviewEmitted = { type: 'overview.loaded'; types: LeaveType[] };

export const leaveOverviewMachine = setup({
  types: {
    context: {} as LeaveOverviewContext,
    events: {} as LeaveOverviewEvent,
    emitted: {} as LeaveOverviewEmitted,
  },
  actors: {
    counts: loadMachine,
    types: loadMachine,
    /** Hears both fetches and passes what arrived (and a failure of the counts) to this machine. */
    overviewNews: childNews<{ counts: LoadActorRef; types: LoadActorRef }>((input, tell) => [
      ...loadNews<LeaveCounts>(input.counts, {
        loaded: (counts) => tell({ type: 'counts.loaded', counts }),
        failed: () => tell({ type: 'counts.failed' }),
      }),
      ...loadNews<LeaveType[]>(input.types, {
        loaded: (types) => tell({ type: 'types.loaded', types }),
      }),
    ]),
  },
}).createMachine({
  id: 'leaveOverview',
  description: 'The stat cards of a leave dashboard and the leave types of its filter: two loads.',
  context: ({ spawn }) => ({
    counts: spawn('counts', { id: 'counts', input: {} }),
    types: spawn('types', { id: 'types', input: {} }),
    figures: null,
    leaveTypes: [],
  }),
  invoke: {
    src: 'overviewNews',
    input: ({ context }) => ({ counts: context.counts, types: context.types }),
  },
  on: {
    'counts.loaded': {
      description: 'The cards show the counts.',
      actions: assign({ figures: ({ event }) => event.counts }),
    },
    'counts.failed': {
      description:
        "The counts could not be fetched: figures that showed give way to '-' (the load shows the reason and Try again).",
      actions: assign({ figures: ({ context }) => (context.figures === null ? null : 'failed') }),
    },
    'types.loaded': {
      description:
        'The Leave Type filter offers the types; the parent hears them (the Request for Leave choices).',
      actions: [
        assign({ leaveTypes: ({ event }) => event.types }),
        emit(({ event }) => ({ type: 'overview.loaded' as const, types: event.types })),
      ],
    },
    'load.reload': {
      description:
        'The requests changed: the counts are asked again, and the leave types too if they could not be fetched.',
      actions: enqueueActions(({ context, enqueue }) => {
        enqueue.sendTo(context.counts, { type: 'load.reload' });
        if (context.types.getSnapshot().matches('failed'))
          enqueue.sendTo(context.types, { type: 'load.reload' });
      }),
    },
  },
});
