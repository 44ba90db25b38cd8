import { type ActorRefFrom, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type {
  LeaveBalance,
  LeaveClash,
  LeaveRequest,
  WithdrawalDecisionAnswer,
  WithdrawalPayslip,
} from '../src/domain/leave';
import {
  canLeaveRequest,
  leaveStatusHasTag,
  type WithdrawalDecision,
} from '../src/domain/lifecycles/leave-request.lifecycle';
import { leaveToasts } from '../src/domain/messages/leave';
import { childNews, notProvided, type ToastParams } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * The admin's Leave Request Details side sheet (spec section 2): one request at a time, its attachment
 * (a signed link fetched when the sheet opens, with the clashes and the balance, by a load statechart made
 * for each opening), the other people away on its days (the clashes) and the employee's balance of its
 * leave type (for the approver); approve or reject a pending request, or the withdrawal of approved leave
 * (issue 34). A decision shows the spec's toast and closes the sheet, and the machine emits
 * `leaveRequest.decided` so the screen reloads its list and counts; an approved withdrawal that touched
 * payslips keeps the sheet open naming them.
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
  /** The decision in flight (on the request, or on its withdrawal). */
  decision: 'approve' | 'reject' | null;
  /** The payslips an approved withdrawal of unpaid leave touched, as the server named them. */
  payslips: WithdrawalPayslip[];
}

export type LeaveReviewEvent =
  | { type: 'review.open'; request: LeaveRequest }
  | { type: 'review.close' }
  | { type: 'details.loaded'; details: ReviewDetails }
  | { type: 'leaveRequest.approve' }
  | { type: 'leaveRequest.reject' }
  | { type: 'withdrawal.approve' }
  | { type: 'withdrawal.reject' };

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
    decideWithdrawal: fromPromise<WithdrawalDecisionAnswer, { id: number; decision: WithdrawalDecision }>(
      notProvided('leave-review', 'decideWithdrawal'),
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
    isWithdrawalAsked: ({ context }) =>
      context.request != null && canLeaveRequest(context.request.status, 'leaveRequest.approveWithdrawal'),
    hasNoPayslips: ({ context }) => context.payslips.length === 0,
  },
}).createMachine({
  id: 'leaveReview',
  description:
    "The admin's Leave Request Details sheet: details, attachment, clashes, the employee's balance, approve or reject a request or its withdrawal.",
  context: { request: null, load: null, details: null, decision: null, payslips: [] },
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
            payslips: [],
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
          description:
            'Everything shows; a pending request offers Approve and Reject, a withdrawal asked Approve withdrawal and Reject withdrawal.',
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
            'withdrawal.approve': {
              guard: 'isWithdrawalAsked',
              target: 'decidingWithdrawal',
              actions: assign({ decision: 'approve' }),
            },
            'withdrawal.reject': {
              guard: 'isWithdrawalAsked',
              target: 'decidingWithdrawal',
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
        decidingWithdrawal: {
          description:
            "The withdrawal decision is in flight: both buttons are disabled, the chosen one reads 'Processing...'.",
          invoke: {
            id: 'decideWithdrawal',
            src: 'decideWithdrawal',
            input: ({ context }) => ({
              id: (context.request as LeaveRequest).id,
              decision: context.decision === 'approve' ? ('APPROVE' as const) : ('REJECT' as const),
            }),
            onDone: {
              target: 'told',
              description: 'The toast names the person; the list and the counts reload.',
              actions: [
                {
                  type: 'notify',
                  params: ({ context, event }) => {
                    const name = (context.request as LeaveRequest).user.fullName;
                    // The answer's status says which: a refused withdrawal leaves the leave taken.
                    return leaveStatusHasTag(event.output.request.status, 'taken')
                      ? leaveToasts.withdrawalRejected(name)
                      : leaveToasts.withdrawalApproved(name);
                  },
                },
                emit(({ event }) => ({
                  type: 'leaveRequest.decided' as const,
                  request: event.output.request,
                })),
                assign({
                  request: ({ event }) => event.output.request,
                  payslips: ({ event }) => event.output.payslips,
                  decision: null,
                }),
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
        told: {
          description:
            'The withdrawal is decided: the sheet names each payslip of unpaid leave it touched (a processed one is left as it was, to be reverted) until it is closed.',
          always: {
            guard: 'hasNoPayslips',
            target: '#leaveReview.closed',
            description: 'No payslip was touched: the sheet closes.',
          },
          on: { 'review.close': '#leaveReview.closed' },
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
