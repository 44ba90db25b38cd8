import {
  type ActorRefFrom,
  type AnyActorRef,
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
} from 'xstate';
import { toApiError } from '../src/domain/api-error';
import { payrollToasts } from '../src/domain/messages/payroll';
import { type PayRun, type PayRunReason, payRunReasonSchema } from '../src/domain/pay-runs';
import { claimReviewMachine } from './claim-review.machine';
import { childNews, notProvided, type ToastParams } from './effects';
import { createFormMachine } from './form';
import { formDialogMachine } from './form-dialog.machine';
import { leaveReviewMachine, reviewDecisions } from './leave-review.machine';
import { loadMachine } from './load.machine';

/**
 * /admin/approvals (issue 39 item 4): what awaits this administrator. It spawns the load of the
 * submitted pay runs they may decide (with each run's variance against last month), the load of the
 * pending leave requests and claims of others, and the leave and claim review sheets; Approve is a
 * request of its own, Reject a dialog around a reason form made afresh for the run. A decision reads
 * again what it decided.
 */

type Period = { year: number; month: number };

/** Reject's one field: the reason the submitter reads (the API's rule, src/domain/pay-runs.ts). */
export const payRunRejectFormMachine = createFormMachine<PayRunReason, PayRunReason, PayRun, Period>({
  id: 'payRunReject',
  description: 'Reject a pay run: the reason, required, that its submitter reads.',
  initialValues: { reason: '' },
  schema: payRunReasonSchema,
  request: {
    id: 'rejectPayRun',
    description: 'POST /pay-runs/{year}/{month}/reject is in flight; the form waits.',
  },
  successToast: (_, period) => payrollToasts.payRunRejected(period),
  failureToast: (error) => payrollToasts.payRunDecisionFailed(error),
  afterSuccess: { description: 'Rejected: the dialog closes and the runs are read again.' },
});

export const payRunRejectDialogMachine = formDialogMachine.provide({
  actors: { form: payRunRejectFormMachine },
});

export type ApprovalsEvent =
  | { type: 'run.approve'; year: number; month: number }
  | { type: 'run.reject'; year: number; month: number }
  | { type: 'run.pdf'; year: number; month: number }
  | { type: 'review.decided' }
  | { type: 'claim.decided' };

export interface ApprovalsInput {
  /** The signed-in administrator: the claim sheet offers no decision on their own claims. */
  adminId: number;
}

/** Tells the parent when the claim sheet decided a claim. */
const claimDecisions = childNews<{ review: ActorRefFrom<typeof claimReviewMachine> }>((input, tell) => [
  input.review.on('claim.decided', () => tell({ type: 'claim.decided' })),
]);

export const approvalsMachine = setup({
  types: {
    context: {} as {
      runs: ActorRefFrom<typeof loadMachine>;
      leave: ActorRefFrom<typeof loadMachine>;
      review: ActorRefFrom<typeof leaveReviewMachine>;
      claims: ActorRefFrom<typeof loadMachine>;
      claimReview: ActorRefFrom<typeof claimReviewMachine>;
      rejectDialog: ActorRefFrom<typeof payRunRejectDialogMachine> | null;
      deciding: Period | null;
    },
    events: {} as ApprovalsEvent,
    input: {} as ApprovalsInput,
  },
  actors: {
    runs: loadMachine,
    leave: loadMachine,
    review: leaveReviewMachine,
    reviewDecisions,
    claims: loadMachine,
    claimReview: claimReviewMachine,
    claimDecisions,
    rejectDialog: payRunRejectDialogMachine,
    approvePayRun: fromPromise<PayRun, Period>(notProvided('approvals', 'approvePayRun')),
    openVariancePdf: fromPromise<void, Period>(notProvided('approvals', 'openVariancePdf')),
  },
  actions: {
    notify: notProvided('approvals', 'notify') as (_: unknown, params: ToastParams) => void,
    reloadRuns: sendTo(({ context }) => context.runs, { type: 'load.reload' }),
  },
}).createMachine({
  id: 'approvals',
  description: 'The Approvals view: the pay runs, leave requests and claims that await this administrator.',
  context: ({ input, spawn }) => ({
    runs: spawn('runs', { id: 'runs', input: {} }),
    leave: spawn('leave', { id: 'leave', input: {} }),
    review: spawn('review', { id: 'review', systemId: 'approvalsReview' }),
    claims: spawn('claims', { id: 'claims', input: {} }),
    claimReview: spawn('claimReview', {
      id: 'claimReview',
      systemId: 'approvalsClaimReview',
      input: { adminId: input.adminId },
    }),
    rejectDialog: null,
    deciding: null,
  }),
  invoke: [
    { src: 'reviewDecisions', input: ({ context }) => ({ review: context.review }) },
    { src: 'claimDecisions', input: ({ context }) => ({ review: context.claimReview }) },
  ],
  on: {
    'review.decided': {
      description: 'A leave request decided in the review sheet leaves the pending list.',
      actions: sendTo(({ context }) => context.leave, { type: 'load.reload' }),
    },
    'claim.decided': {
      description: 'A claim decided in the claim review sheet leaves the pending list.',
      actions: sendTo(({ context }) => context.claims, { type: 'load.reload' }),
    },
    'xstate.done.actor.rejectDialog': {
      description: 'The reason was sent and the run rejected: the runs are read again.',
      actions: 'reloadRuns',
    },
  },
  initial: 'showing',
  states: {
    showing: {
      description:
        'The runs, the leave requests and the claims show; each run offers Approve, Reject and its PDF.',
      on: {
        'run.approve': {
          target: 'approving',
          description: 'Approve: the run is released.',
          actions: assign({ deciding: ({ event }) => ({ year: event.year, month: event.month }) }),
        },
        'run.reject': {
          description: 'Reject: a dialog asks the reason, a fresh form for this run.',
          actions: [
            enqueueActions(({ context, enqueue }) => {
              if (context.rejectDialog) enqueue.stopChild(context.rejectDialog);
            }),
            assign({
              rejectDialog: ({ event, spawn }) =>
                spawn('rejectDialog', {
                  id: 'rejectDialog',
                  input: { params: { year: event.year, month: event.month } },
                }),
            }),
            sendTo(({ context }) => context.rejectDialog as AnyActorRef, { type: 'dialog.open' }),
          ],
        },
        'run.pdf': {
          target: 'openingPdf',
          description: "The run's variance report as a PDF.",
          actions: assign({ deciding: ({ event }) => ({ year: event.year, month: event.month }) }),
        },
      },
    },
    approving: {
      description: 'The approval is out; the run waits.',
      invoke: {
        src: 'approvePayRun',
        input: ({ context }) => context.deciding as Period,
        onDone: {
          target: 'showing',
          actions: [
            { type: 'notify', params: ({ event }) => payrollToasts.payRunApproved(event.output) },
            'reloadRuns',
          ],
        },
        onError: {
          target: 'showing',
          description:
            "Refused (the submitter, or the run changed meanwhile): the server's reason shows and the runs are read again.",
          actions: [
            {
              type: 'notify',
              params: ({ event }) => payrollToasts.payRunDecisionFailed(toApiError(event.error)),
            },
            'reloadRuns',
          ],
        },
      },
    },
    openingPdf: {
      description: 'The variance PDF is fetched into a new tab.',
      invoke: {
        src: 'openVariancePdf',
        input: ({ context }) => context.deciding as Period,
        onDone: { target: 'showing' },
        onError: {
          target: 'showing',
          actions: {
            type: 'notify',
            params: ({ event }) => payrollToasts.payRunPdfFailed(toApiError(event.error)),
          },
        },
      },
    },
  },
});
