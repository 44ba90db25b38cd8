import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import { todayIso } from '../src/domain/dates';
import type { LeaveRequest } from '../src/domain/leave';
import { canLeaveRequest } from '../src/domain/lifecycles/leave-request.lifecycle';
import { leaveToasts } from '../src/domain/messages/leave';
import { childNews, notProvided, type ToastParams } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * The staff side panel 'Leave Request Details' (spec section 2): one request, read-only, with its attachment
 * fetched through a viewing link (a load statechart made for each opening, machines/load.machine.ts: its
 * failure shows the reason and Try again), Delete while the request is pending, and Withdraw leave for approved
 * leave that has not started (issue 34). A deletion or a withdrawal asked closes the panel and emits
 * `leaveRequest.changed`, so the screen reloads what showed the request.
 */

export interface LeaveRequestDetailsContext {
  request: LeaveRequest | null;
  /** The attachment's viewing link (GET /s3/signed-url). */
  attachmentUrl: string | null;
  /** The viewing link's fetch, made for each opening of a request with a file: its skeleton, failure, Try again. */
  attachment: LoadActorRef | null;
}

export type LeaveRequestDetailsEvent =
  | { type: 'details.open'; request: LeaveRequest }
  | { type: 'details.close' }
  | { type: 'details.delete' }
  | { type: 'details.withdraw' }
  | { type: 'attachment.loaded'; url: string };

export type LeaveRequestDetailsEmitted = { type: 'leaveRequest.changed'; request: LeaveRequest };

/** Whether the owner may ask to withdraw the request today (the lifecycle's rule, on the company's date). */
export const canAskWithdrawal = (request: LeaveRequest) =>
  canLeaveRequest(request.status, {
    type: 'leaveRequest.requestWithdrawal',
    fromDate: request.fromDate,
    today: todayIso(),
  });

const shown = (context: LeaveRequestDetailsContext): LeaveRequest => {
  if (!context.request) throw new Error('leaveRequestDetails: no request is showing');
  return context.request;
};

export const leaveRequestDetailsMachine = setup({
  types: {
    context: {} as LeaveRequestDetailsContext,
    events: {} as LeaveRequestDetailsEvent,
    emitted: {} as LeaveRequestDetailsEmitted,
  },
  actors: {
    attachment: loadMachine,
    /** Hears the viewing link's fetch and passes the link to this machine. */
    attachmentNews: childNews<{ load: LoadActorRef | null }>((input, tell) =>
      input.load
        ? loadNews<string>(input.load, { loaded: (url) => tell({ type: 'attachment.loaded', url }) })
        : [],
    ),
    deleteLeaveRequest: fromPromise<void, LeaveRequest>(
      notProvided('leaveRequestDetails', 'deleteLeaveRequest'),
    ),
    requestWithdrawal: fromPromise<LeaveRequest, LeaveRequest>(
      notProvided('leaveRequestDetails', 'requestWithdrawal'),
    ),
  },
  actions: {
    notify: notProvided('leaveRequestDetails', 'notify') as (_: unknown, params: ToastParams) => void,
    /** The panel closed: its attachment's fetch goes with it. */
    stopAttachment: enqueueActions(({ context, enqueue }) => {
      if (context.attachment) enqueue.stopChild(context.attachment);
      enqueue.assign({ attachment: null });
    }),
  },
  guards: {
    hasAttachment: ({ context }) => Boolean(context.request?.fileUrl),
    isPending: ({ context }) =>
      context.request != null && canLeaveRequest(context.request.status, 'leaveRequest.delete'),
    isWithdrawable: ({ context }) => context.request != null && canAskWithdrawal(context.request),
  },
}).createMachine({
  id: 'leaveRequestDetails',
  description:
    'The staff side panel of one leave request: read-only, its attachment, Delete while pending, Withdraw leave before approved leave starts.',
  context: { request: null, attachmentUrl: null, attachment: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The panel is not showing.',
      on: {
        'details.open': {
          target: 'open',
          description: 'View on a row opens the panel with that request.',
          actions: assign(({ event, spawn }) => {
            assertEvent(event, 'details.open');
            const { fileUrl } = event.request;
            return {
              request: event.request,
              attachmentUrl: null,
              // Made for each opening (by id only): its query is the file's reference.
              attachment: fileUrl
                ? spawn('attachment', { id: 'attachment', input: { query: fileUrl } })
                : null,
            };
          }),
        },
      },
    },
    open: {
      description: 'The request shows; its attachment and its deletion go side by side.',
      type: 'parallel',
      invoke: { src: 'attachmentNews', input: ({ context }) => ({ load: context.attachment }) },
      exit: 'stopAttachment',
      states: {
        attachment: {
          description: "The attachment: an image, or a PDF in a frame with a link; else 'No image uploaded.'",
          initial: 'checking',
          states: {
            checking: {
              description: 'Whether the request has a file at all.',
              always: [
                { guard: 'hasAttachment', target: 'fetching' },
                { target: 'none', description: "No file: 'No image uploaded.'" },
              ],
            },
            fetching: {
              description:
                'GET /s3/signed-url for a viewing link: the load shows a skeleton, or its failure with Try again.',
              on: {
                'attachment.loaded': {
                  target: 'shown',
                  actions: assign({ attachmentUrl: ({ event }) => event.url }),
                },
              },
            },
            shown: { description: 'The preview, at most 300 high.' },
            none: { description: "'No image uploaded.'" },
          },
        },
        request: {
          description:
            'Pending requests offer Delete, with a note that it cannot be undone; approved leave that has not started offers Withdraw leave.',
          initial: 'viewing',
          states: {
            viewing: {
              description: 'The request shows; Delete is offered while it is pending.',
              on: {
                'details.close': {
                  target: '#leaveRequestDetails.closed',
                  description: 'The close button, Escape or a click outside.',
                },
                'details.delete': {
                  guard: 'isPending',
                  target: 'deleting',
                  description: 'Delete (pending requests only).',
                },
                'details.withdraw': {
                  guard: 'isWithdrawable',
                  target: 'withdrawing',
                  description: 'Withdraw leave (approved leave whose start date is after today).',
                },
              },
            },
            withdrawing: {
              description:
                "POST /leave-requests/{id}/withdrawal is in flight: the button reads 'Processing...', the panel stays.",
              invoke: {
                id: 'requestWithdrawal',
                src: 'requestWithdrawal',
                input: ({ context }) => shown(context),
                onDone: {
                  target: '#leaveRequestDetails.closed',
                  description: 'Asked: the toast, the panel closes and the screen reloads.',
                  actions: [
                    { type: 'notify', params: leaveToasts.withdrawalRequested },
                    emit(({ event }) => ({ type: 'leaveRequest.changed' as const, request: event.output })),
                  ],
                },
                onError: {
                  target: 'viewing',
                  description: 'Refused: the toast says why; the panel stays.',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => leaveToasts.refused(toApiError(event.error)),
                  },
                },
              },
            },
            deleting: {
              description:
                "DELETE /leave-requests/{id} is in flight: the button reads 'Processing...', the panel stays.",
              invoke: {
                id: 'deleteLeaveRequest',
                src: 'deleteLeaveRequest',
                input: ({ context }) => shown(context),
                onDone: {
                  target: '#leaveRequestDetails.closed',
                  description: 'Deleted: the toast, the panel closes and the screen reloads.',
                  actions: [
                    { type: 'notify', params: leaveToasts.deleted },
                    emit(({ context }) => ({
                      type: 'leaveRequest.changed' as const,
                      request: shown(context),
                    })),
                  ],
                },
                onError: {
                  target: 'viewing',
                  description: 'Refused: the toast says why; the panel stays.',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => leaveToasts.refused(toApiError(event.error)),
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
