import { assign, emit, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { EMPTY_LEAVE_COUNTS, type LeaveCounts, type LeaveType } from '../src/domain/leave';
import { notProvided } from './effects';

/**
 * What sits around a leave request list (admin dashboard, staff dashboard): the three stat cards (Pending
 * Approval, Requests Approved, Requests Rejected) from the per-status counts, and the leave types the
 * Leave Type filter offers. The screen provides `loadOverview` (everyone's counts, or one person's).
 * After a change to the requests (an approval, a new or deleted request) the screen sends
 * `overview.reload`; the cards keep their figures until the new ones arrive.
 */

export interface LeaveOverview {
  counts: LeaveCounts;
  types: LeaveType[];
}

export interface LeaveOverviewContext extends LeaveOverview {
  error: ApiError | null;
}

export type LeaveOverviewEvent = { type: 'overview.reload' };

/** Told to the screen's parent machine: the leave types as last fetched (the Request for Leave choices). */
export type LeaveOverviewEmitted = { type: 'overview.loaded'; types: LeaveType[] };

export const leaveOverviewMachine = setup({
  types: {
    context: {} as LeaveOverviewContext,
    events: {} as LeaveOverviewEvent,
    emitted: {} as LeaveOverviewEmitted,
  },
  actors: {
    loadOverview: fromPromise<LeaveOverview>(notProvided('leave-overview', 'loadOverview')),
  },
}).createMachine({
  id: 'leaveOverview',
  description: 'The stat cards of a leave dashboard and the leave types of its filter.',
  context: { counts: EMPTY_LEAVE_COUNTS, types: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Counts and leave types are fetched; the cards show skeletons until the first answer.',
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: {
          target: 'ready',
          actions: [
            assign({
              counts: ({ event }) => event.output.counts,
              types: ({ event }) => event.output.types,
              error: null,
            }),
            emit(({ event }) => ({ type: 'overview.loaded' as const, types: event.output.types })),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => toApiError(event.error) }),
        },
      },
    },
    ready: {
      description: 'The cards show the counts; the Leave Type filter offers the types.',
      on: { 'overview.reload': { target: 'loading', description: 'The requests changed.' } },
    },
    failed: {
      description: 'The counts could not be fetched: the error and Try again show.',
      on: { 'overview.reload': { target: 'loading', description: 'Try again.' } },
    },
  },
});
