import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  canAskWithdrawal,
  type leaveRequestDetailsMachine,
} from '../../../machines/leave-request-details.machine';
import type { LoadActorRef } from '../../../machines/load.machine';
import type { LeaveRequest } from '../../domain/leave';
import { canLeaveRequest, leaveStatusHasTag } from '../../domain/lifecycles/leave-request.lifecycle';
import { SideSheet } from '../../ui/side-sheet';
import { LoadFailure, useLoading } from '../load/load-view';
import { useSession } from '../session/session-context';
import { LeaveRequestFacts } from './leave-request-facts';

export type LeaveRequestDetailsActor = ActorRefFrom<typeof leaveRequestDetailsMachine>;

/**
 * 'Leave Request Details', the staff side panel (spec section 2): read-only, with the attachment and, for a
 * pending request, Delete with its cannot-be-undone note; for approved leave that has not started, Withdraw
 * leave (issue 34).
 */
export function LeaveRequestDetailsPanel({ actor }: { actor: LeaveRequestDetailsActor }) {
  const request = useSelector(actor, (s) => s.context.request);
  const open = useSelector(actor, (s) => s.matches('open'));
  const deleting = useSelector(actor, (s) => s.matches({ open: { request: 'deleting' } }));
  const withdrawing = useSelector(actor, (s) => s.matches({ open: { request: 'withdrawing' } }));
  const url = useSelector(actor, (s) => s.context.attachmentUrl);
  const load = useSelector(actor, (s) => s.context.attachment);
  // Only the person on leave asks to withdraw it (an administrator on user detail is not offered it).
  const me = useSession((s) => s.context.user?.id);

  return (
    <SideSheet
      open={open}
      title="Leave Request Details"
      busy={deleting || withdrawing}
      onClose={() => actor.send({ type: 'details.close' })}
    >
      {request && (
        <Stack gap="5">
          {leaveStatusHasTag(request.status, 'awaitsDecision') && (
            <Text color="fg.muted" fontSize="sm">
              This request is pending approval from the admin.
            </Text>
          )}
          {leaveStatusHasTag(request.status, 'awaitsWithdrawal') && (
            <Text color="fg.muted" fontSize="sm">
              Your withdrawal is waiting for the admin's decision; until then the leave stays approved.
            </Text>
          )}
          {load ? (
            <FetchedAttachment request={request} url={url} load={load} />
          ) : (
            <LeaveRequestFacts request={request} attachment={{ url, state: 'none' }} />
          )}
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
          {request.userId === me && canAskWithdrawal(request) && (
            <Stack gap="2">
              <Button
                variant="outline"
                colorPalette="red"
                loading={withdrawing}
                loadingText="Processing..."
                onClick={() => actor.send({ type: 'details.withdraw' })}
              >
                Withdraw leave
              </Button>
              <Text fontSize="sm" color="fg.muted">
                The admin decides; once the withdrawal is approved, the days return to your balance.
              </Text>
            </Stack>
          )}
        </Stack>
      )}
    </SideSheet>
  );
}

/** The facts with an attachment whose viewing link is fetched: its skeleton, then the preview or the load's failure. */
function FetchedAttachment({
  request,
  url,
  load,
}: {
  request: LeaveRequest;
  url: string | null;
  load: LoadActorRef;
}) {
  const loading = useLoading(load);
  const failed = useSelector(load, (s) => s.matches('failed'));
  const state = loading ? 'loading' : failed ? 'failed' : 'shown';
  return (
    <LeaveRequestFacts request={request} attachment={{ url, state, failure: <LoadFailure load={load} /> }} />
  );
}
