import { assign, emit, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import type { LeaveCounts, LeaveType } from '../src/domain/leave';
import { notProvided } from './effects';

/**
 * What sits around a leave request list (admin dashboard, staff dashboard): the three stat cards (Pending
 * Approval, Requests Approved, Requests Rejected) from the per-status counts, and the leave types the
 * Leave Type filter offers. The screen provides `loadOverview` (everyone's counts, or one person's).
 * After a change to the requests (an approval, a new or deleted request) the screen sends
 * `overview.reload`; the cards keep their figures until the new ones arrive. The counts and the types are
 * two requests (spec section 7): when only the counts fail, the types still arrive and are told.
 */

/** What `loadOverview` answers: the leave types, with the counts or why they could not be fetched. */
export type LeaveOverview = { types: LeaveType[] } & ({ counts: LeaveCounts } | { countsFailed: unknown });

export interface LeaveOverviewContext {
  /** The counts as last fetched; null until the first arrive (the cards show skeletons). */
  counts: LeaveCounts | null;
  types: LeaveType[];
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
  guards: {
    hasFailedCounts: (_, params: { answer: LeaveOverview }) => 'countsFailed' in params.answer,
  },
  actions: {
    /** The leave types are the Request for Leave choices of the screen's parent. */
    tellTypes: emit((_, params: { types: LeaveType[] }) => ({
      type: 'overview.loaded' as const,
      types: params.types,
    })),
  },
}).createMachine({
  id: 'leaveOverview',
  description: 'The stat cards of a leave dashboard and the leave types of its filter.',
  context: { counts: null, types: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Counts and leave types are fetched; the cards show skeletons until the first counts.',
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: [
          {
            guard: { type: 'hasFailedCounts', params: ({ event }) => ({ answer: event.output }) },
            target: 'failed',
            description: 'The leave types arrived, the counts did not.',
            actions: [
              assign({
                types: ({ event }) => event.output.types,
                error: ({ event }) =>
                  'countsFailed' in event.output ? toApiError(event.output.countsFailed) : null,
              }),
              { type: 'tellTypes', params: ({ event }) => ({ types: event.output.types }) },
            ],
          },
          {
            target: 'ready',
            description: 'The counts and the leave types arrived.',
            actions: [
              assign({
                counts: ({ event }) => ('counts' in event.output ? event.output.counts : null),
                types: ({ event }) => event.output.types,
                error: null,
              }),
              { type: 'tellTypes', params: ({ event }) => ({ types: event.output.types }) },
            ],
          },
        ],
        onError: {
          target: 'failed',
          description: 'The leave types could not be fetched.',
          actions: assign({ error: ({ event }) => toApiError(event.error) }),
        },
      },
    },
    ready: {
      description: 'The cards show the counts; the Leave Type filter offers the types.',
      on: { 'overview.reload': { target: 'loading', description: 'The requests changed.' } },
    },
    failed: {
      description:
        'The counts could not be fetched: the error and Try again show (the leave types, if they came, are offered).',
      on: { 'overview.reload': { target: 'loading', description: 'Try again.' } },
    },
  },
});
