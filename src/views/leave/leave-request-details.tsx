import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { leaveRequestDetailsMachine } from '../../../machines/leave-request-details.machine';
import { canLeaveRequest, leaveStatusHasTag } from '../../domain/lifecycles/leave-request.lifecycle';
import { SideSheet } from '../../ui/side-sheet';
import { LeaveRequestFacts } from './leave-request-facts';

export type LeaveRequestDetailsActor = ActorRefFrom<typeof leaveRequestDetailsMachine>;

/**
 * 'Leave Request Details', the staff side panel (spec section 2): read-only, with the attachment and, for a
 * pending request, Delete with its cannot-be-undone note.
 */
export function LeaveRequestDetailsPanel({ actor }: { actor: LeaveRequestDetailsActor }) {
  const request = useSelector(actor, (s) => s.context.request);
  const open = useSelector(actor, (s) => s.matches('open'));
  const deleting = useSelector(actor, (s) => s.matches({ open: { request: 'deleting' } }));
  const attachment = useSelector(actor, (s) => {
    if (s.matches({ open: { attachment: 'shown' } })) return 'shown';
    if (s.matches({ open: { attachment: 'loading' } })) return 'loading';
    if (s.matches({ open: { attachment: 'failed' } })) return 'failed';
    return 'none';
  });
  const url = useSelector(actor, (s) => s.context.attachmentUrl);

  return (
    <SideSheet
      open={open}
      title="Leave Request Details"
      busy={deleting}
      onClose={() => actor.send({ type: 'details.close' })}
    >
      {request && (
        <Stack gap="5">
          {leaveStatusHasTag(request.status, 'awaitsDecision') && (
            <Text color="fg.muted" fontSize="sm">
              This request is pending approval from the admin.
            </Text>
          )}
          <LeaveRequestFacts request={request} attachment={{ url, state: attachment }} />
          {canLeaveRequest(request.status, 'leaveRequest.delete') && (
            <Stack gap="2">
              <Button
                colorPalette="red"
                loading={deleting}
                loadingText="Processing..."
                onClick={() => actor.send({ type: 'details.delete' })}
              >
                Delete
              </Button>
              <Text fontSize="sm" color="fg.muted">
                Deleting a request cannot be undone.
              </Text>
            </Stack>
          )}
        </Stack>
      )}
    </SideSheet>
  );
}
