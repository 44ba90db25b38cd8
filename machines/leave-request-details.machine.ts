import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { LeaveRequest } from '../src/domain/leave';
import { canLeaveRequest } from '../src/domain/lifecycles/leave-request.lifecycle';
import { leaveToasts } from '../src/domain/messages/leave';
import { notProvided, type ToastParams } from './effects';

/**
 * The staff side panel 'Leave Request Details' (spec section 2): one request, read-only, with its attachment
 * fetched through a viewing link, and Delete while the request is pending. A deletion closes the panel and
 * emits `leaveRequest.deleted`, so the screen reloads what showed the request.
 */

export interface LeaveRequestDetailsContext {
  request: LeaveRequest | null;
  /** The attachment's viewing link (GET /s3/signed-url). */
  attachmentUrl: string | null;
}

export type LeaveRequestDetailsEvent =
  | { type: 'details.open'; request: LeaveRequest }
  | { type: 'details.close' }
  | { type: 'details.delete' };

export type LeaveRequestDetailsEmitted = { type: 'leaveRequest.deleted'; request: LeaveRequest };

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
    loadAttachmentUrl: fromPromise<string, string>(notProvided('leaveRequestDetails', 'loadAttachmentUrl')),
    deleteLeaveRequest: fromPromise<void, LeaveRequest>(
      notProvided('leaveRequestDetails', 'deleteLeaveRequest'),
    ),
  },
  actions: {
    notify: notProvided('leaveRequestDetails', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    hasAttachment: ({ context }) => Boolean(context.request?.fileUrl),
    isPending: ({ context }) =>
      context.request != null && canLeaveRequest(context.request.status, 'leaveRequest.delete'),
  },
}).createMachine({
  id: 'leaveRequestDetails',
  description:
    'The staff side panel of one leave request: read-only, its attachment, and Delete while pending.',
  context: { request: null, attachmentUrl: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The panel is not showing.',
      on: {
        'details.open': {
          target: 'open',
          description: 'View on a row opens the panel with that request.',
          actions: assign(({ event }) => {
            assertEvent(event, 'details.open');
            return { request: event.request, attachmentUrl: null };
          }),
        },
      },
    },
    open: {
      description: 'The request shows; its attachment and its deletion go side by side.',
      type: 'parallel',
      states: {
        attachment: {
          description: "The attachment: an image, or a PDF in a frame with a link; else 'No image uploaded.'",
          initial: 'checking',
          states: {
            checking: {
              description: 'Whether the request has a file at all.',
              always: [
                { guard: 'hasAttachment', target: 'loading' },
                { target: 'none', description: "No file: 'No image uploaded.'" },
              ],
            },
            loading: {
              description: 'GET /s3/signed-url for a viewing link.',
              invoke: {
                id: 'loadAttachmentUrl',
                src: 'loadAttachmentUrl',
                input: ({ context }) => shown(context).fileUrl ?? '',
                onDone: {
                  target: 'shown',
                  actions: assign({ attachmentUrl: ({ event }) => event.output }),
                },
                onError: { target: 'failed' },
              },
            },
            shown: { description: 'The preview, at most 300 high.' },
            none: { description: "'No image uploaded.'" },
            failed: { description: 'The link could not be had: the panel says so.' },
          },
        },
        request: {
          description: 'Pending requests offer Delete, with a note that it cannot be undone.',
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
                      type: 'leaveRequest.deleted' as const,
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
