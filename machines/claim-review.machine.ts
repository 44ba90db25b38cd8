import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import { claimAwaitsDecision } from '../src/domain/claim-screens';
import { type Claim, type ClaimType, decidesOwnClaim } from '../src/domain/claims';
import { claimToasts } from '../src/domain/messages/claims';
import { childNews, notProvided, type ToastParams } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * The admin's claim review side sheet (issue 37 item 4, as leave's review sheet): one claim at a time, its
 * receipt (a signed link fetched when the sheet opens) and the employee's totals this month and year
 * against the type's limits; Approve, or Reject with a reason. One's own claim shows that another
 * administrator must decide it (decision 0003). A decision toasts, closes the sheet and emits
 * `claim.decided`, so the screen fetches its list again.
 */
export interface ClaimReviewDetails {
  /** A viewable link to the receipt, or null when the claim has none. */
  receiptUrl: string | null;
  types: ClaimType[];
  /** The employee's claims of the claim's year, for the totals. */
  claims: Claim[];
}

export interface ClaimReviewInput {
  /** The signed-in administrator: their own claims are another's to decide. */
  adminId: number;
}

export interface ClaimReviewContext {
  adminId: number;
  claim: Claim | null;
  load: LoadActorRef | null;
  details: ClaimReviewDetails | null;
  reason: string;
}

export type ClaimReviewEvent =
  | { type: 'review.open'; claim: Claim }
  | { type: 'review.close' }
  | { type: 'details.loaded'; details: ClaimReviewDetails }
  | { type: 'reason.change'; text: string }
  | { type: 'claim.approve' }
  | { type: 'claim.reject' };

export type ClaimReviewEmitted = { type: 'claim.decided'; claim: Claim };

type Decision = 'APPROVE' | 'REJECT';

export const claimReviewMachine = setup({
  types: {
    context: {} as ClaimReviewContext,
    events: {} as ClaimReviewEvent,
    input: {} as ClaimReviewInput,
    emitted: {} as ClaimReviewEmitted,
  },
  actors: {
    details: loadMachine,
    detailsNews: childNews<{ load: LoadActorRef | null }>((input, tell) =>
      input.load
        ? loadNews<ClaimReviewDetails>(input.load, {
            loaded: (details) => tell({ type: 'details.loaded', details }),
          })
        : [],
    ),
    decide: fromPromise<Claim, { id: number; decision: Decision; reason: string }>(
      notProvided('claim-review', 'decide'),
    ),
  },
  actions: {
    notify: notProvided('claim-review', 'notify') as (_: unknown, params: ToastParams) => void,
    stopLoad: enqueueActions(({ context, enqueue }) => {
      if (context.load) enqueue.stopChild(context.load);
      enqueue.assign({ load: null });
    }),
  },
  guards: {
    /** Pending and someone else's: this administrator may decide it. */
    isDecidable: ({ context }) =>
      context.claim !== null &&
      claimAwaitsDecision(context.claim) &&
      !decidesOwnClaim(context.claim, context.adminId),
  },
}).createMachine({
  id: 'claimReview',
  description: 'The claim review sheet: details, receipt, the employee’s totals, approve or reject.',
  context: ({ input }) => ({ adminId: input.adminId, claim: null, load: null, details: null, reason: '' }),
  initial: 'closed',
  states: {
    closed: {
      description: 'No sheet is open.',
      on: {
        'review.open': {
          target: 'open',
          description: 'Review on a row: the receipt’s link and the totals are fetched.',
          actions: assign({
            claim: ({ event }) => event.claim,
            details: null,
            reason: '',
            load: ({ event, spawn }) => spawn('details', { id: 'details', input: { query: event.claim } }),
          }),
        },
      },
    },
    open: {
      description: 'The sheet shows the claim; its receipt and totals once fetched.',
      invoke: { src: 'detailsNews', input: ({ context }) => ({ load: context.load }) },
      on: {
        'details.loaded': {
          description: 'The receipt’s link and the totals arrived.',
          actions: assign({ details: ({ event }) => event.details }),
        },
      },
      initial: 'viewing',
      states: {
        viewing: {
          description: 'Approve and Reject show on a pending claim of someone else.',
          on: {
            'review.close': { target: '#claimReview.closed', actions: 'stopLoad', description: 'Closed.' },
            'reason.change': {
              description: 'The reason kept with a decision.',
              actions: assign({ reason: ({ event }) => event.text }),
            },
            'claim.approve': { guard: 'isDecidable', target: 'approving', description: 'Approve.' },
            'claim.reject': { guard: 'isDecidable', target: 'rejecting', description: 'Reject.' },
          },
        },
        approving: {
          description: 'POST /claims/{id}/decision APPROVE; the sheet cannot close.',
          tags: ['busy'],
          invoke: {
            src: 'decide',
            input: ({ context }) => ({
              id: context.claim?.id ?? 0,
              decision: 'APPROVE' as const,
              reason: context.reason.trim(),
            }),
            onDone: {
              target: '#claimReview.closed',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => claimToasts.approved(context.claim?.user.fullName ?? ''),
                },
                'stopLoad',
                emit(({ event }) => ({ type: 'claim.decided' as const, claim: event.output })),
              ],
            },
            onError: {
              target: '#claimReview.open.viewing',
              actions: {
                type: 'notify',
                params: ({ event }) => claimToasts.decideFailed(toApiError(event.error)),
              },
            },
          },
        },
        rejecting: {
          description: 'POST /claims/{id}/decision REJECT with the reason; the sheet cannot close.',
          tags: ['busy'],
          invoke: {
            src: 'decide',
            input: ({ context }) => ({
              id: context.claim?.id ?? 0,
              decision: 'REJECT' as const,
              reason: context.reason.trim(),
            }),
            onDone: {
              target: '#claimReview.closed',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => claimToasts.rejected(context.claim?.user.fullName ?? ''),
                },
                'stopLoad',
                emit(({ event }) => ({ type: 'claim.decided' as const, claim: event.output })),
              ],
            },
            onError: {
              target: '#claimReview.open.viewing',
              actions: {
                type: 'notify',
                params: ({ event }) => claimToasts.decideFailed(toApiError(event.error)),
              },
            },
          },
        },
      },
    },
  },
});
