import { type ActorRefFrom, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { LeaveBalance, LeaveClash, LeaveRequest } from '../src/domain/leave';
import { canLeaveRequest, leaveStatusHasTag } from '../src/domain/lifecycles/leave-request.lifecycle';
import { leaveToasts } from '../src/domain/messages/leave';
import { childNews, notProvided, type ToastParams } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * The admin's Leave Request Details side sheet (spec section 2): one request at a time, its attachment
 * (a signed link fetched when the sheet opens, with the clashes and the balance, by a load statechart made
 * for each opening), the other people away on its days (the clashes) and the employee's balance of its
 * leave type (for the approver); approve or reject a pending request. A decision shows the spec's toast and
 * closes the sheet, and the machine emits `leaveRequest.decided` so the screen reloads its list and counts.
 */

export interface ReviewDetails {
  /** A viewable link to the attachment, or null when the request has none. */
  attachmentUrl: string | null;
  clashes: LeaveClash[];
  /** The employee's balance of the request's leave type in each year its dates fall in. */
  balances: LeaveBalance[];
}

export interface LeaveReviewContext {
  request: LeaveRequest | null;
  /** The fetch of those details, made for each opening: its skeleton, failure and Try again. */
  load: LoadActorRef | null;
  details: ReviewDetails | null;
  /** The decision in flight. */
  decision: 'approve' | 'reject' | null;
}

export type LeaveReviewEvent =
  | { type: 'review.open'; request: LeaveRequest }
  | { type: 'review.close' }
  | { type: 'details.loaded'; details: ReviewDetails }
  | { type: 'leaveRequest.approve' }
  | { type: 'leaveRequest.reject' };

export type LeaveReviewEmitted = { type: 'leaveRequest.decided'; request: LeaveRequest };

export const leaveReviewMachine = setup({
  types: {
    context: {} as LeaveReviewContext,
    events: {} as LeaveReviewEvent,
    emitted: {} as LeaveReviewEmitted,
  },
  actors: {
    details: loadMachine,
    /** Hears the details' fetch and passes what arrived to this machine. */
    detailsNews: childNews<{ load: LoadActorRef | null }>((input, tell) =>
      input.load
        ? loadNews<ReviewDetails>(input.load, {
            loaded: (details) => tell({ type: 'details.loaded', details }),
          })
        : [],
    ),
    decide: fromPromise<LeaveRequest, { id: number; isApproved: boolean }>(
      notProvided('leave-review', 'decide'),
    ),
  },
  actions: {
    notify: notProvided('leave-review', 'notify') as (_: unknown, params: ToastParams) => void,
    /** The sheet closed: its details' fetch goes with it. */
    stopLoad: enqueueActions(({ context, enqueue }) => {
      if (context.load) enqueue.stopChild(context.load);
      enqueue.assign({ load: null });
    }),
  },
  guards: {
    isPending: ({ context }) =>
      context.request != null && canLeaveRequest(context.request.status, 'leaveRequest.approve'),
  },
}).createMachine({
  id: 'leaveReview',
  description:
    "The admin's Leave Request Details sheet: details, attachment, clashes, the employee's balance, approve or reject.",
  context: { request: null, load: null, details: null, decision: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'No sheet is open.',
      on: {
        'review.open': {
          target: 'open',
          description: 'View on a row.',
          actions: assign({
            request: ({ event }) => event.request,
            details: null,
            decision: null,
            // Made for each opening (by id only): its query is the request.
            load: ({ event, spawn }) => spawn('details', { id: 'details', input: { query: event.request } }),
          }),
        },
      },
    },
    open: {
      description: 'The sheet shows the request.',
      invoke: { src: 'detailsNews', input: ({ context }) => ({ load: context.load }) },
      exit: 'stopLoad',
      initial: 'fetching',
      states: {
        fetching: {
          description:
            "The attachment link, the clashes and the employee's balance are on their way (the load shows a skeleton, or its failure with Try again); the rest shows at once.",
          on: {
            'review.close': '#leaveReview.closed',
            'details.loaded': {
              target: 'ready',
              actions: assign({ details: ({ event }) => event.details }),
            },
          },
        },
        ready: {
          description: 'Everything shows; a pending request offers Approve and Reject.',
          on: {
            'review.close': '#leaveReview.closed',
            'leaveRequest.approve': {
              guard: 'isPending',
              target: 'deciding',
              actions: assign({ decision: 'approve' }),
            },
            'leaveRequest.reject': {
              guard: 'isPending',
              target: 'deciding',
              actions: assign({ decision: 'reject' }),
            },
          },
        },
        deciding: {
          description:
            "The decision is in flight: both buttons are disabled, the chosen one reads 'Processing...'.",
          invoke: {
            id: 'decide',
            src: 'decide',
            input: ({ context }) => ({
              id: (context.request as LeaveRequest).id,
              isApproved: context.decision === 'approve',
            }),
            onDone: {
              target: '#leaveReview.closed',
              description: 'The toast names the person; the list and the counts reload; the sheet closes.',
              actions: [
                {
                  type: 'notify',
                  params: ({ context, event }) => {
                    const name = (context.request as LeaveRequest).user.fullName;
                    // The answer's status says which: an approved request is taken.
                    return leaveStatusHasTag(event.output.status, 'taken')
                      ? leaveToasts.approved(name)
                      : leaveToasts.rejected(name);
                  },
                },
                emit(({ event }) => ({ type: 'leaveRequest.decided' as const, request: event.output })),
                assign({ request: ({ event }) => event.output, decision: null }),
              ],
            },
            onError: {
              target: 'ready',
              description: 'A destructive toast gives the reason; the sheet stays open.',
              actions: [
                { type: 'notify', params: ({ event }) => leaveToasts.refused(toApiError(event.error)) },
                assign({ decision: null }),
              ],
            },
          },
        },
      },
    },
  },
});

/**
 * For a screen's parent machine: hears the review sheet's decisions (it emits them) and passes each
 * on as `review.decided`, so the parent reloads what shows the request.
 */
export const reviewDecisions = childNews<{ review: ActorRefFrom<typeof leaveReviewMachine> }>(
  (input, tell) => [input.review.on('leaveRequest.decided', () => tell({ type: 'review.decided' }))],
);
