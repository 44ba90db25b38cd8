import { Alert, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { leaveReviewMachine } from '../../../machines/leave-review.machine';
import type { LoadActorRef } from '../../../machines/load.machine';
import {
  decidesOwnLeave,
  type LeaveClash,
  type LeaveRequest,
  type WithdrawalPayslip,
} from '../../domain/leave';
import { leaveStatusLabel } from '../../domain/leave-display';
import { canLeaveRequest, leaveStatusHasTag } from '../../domain/lifecycles/leave-request.lifecycle';
import { SideSheet } from '../../ui/side-sheet';
import { StatusBadge } from '../../ui/status-badge';
import { LoadFailure, useLoading } from '../load/load-view';
import { useSession } from '../session/session-context';
import { LeaveBalanceOfType } from './leave-balance-card';
import { DetailSection, dateWithMarker, LeaveRequestFacts } from './leave-request-facts';

export type LeaveReviewRef = ActorRefFrom<typeof leaveReviewMachine>;

function ClashList({ clashes }: { clashes: LeaveClash[] }) {
  if (clashes.length === 0) return <Text color="fg.muted">No one else is away on these days.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Others away on these days">
      {clashes.map((clash) => (
        <Box as="li" key={clash.id} borderWidth="1px" rounded="md" px="3" py="2">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontWeight="medium">{clash.user.fullName}</Text>
            <StatusBadge status={clash.status} label={leaveStatusLabel(clash.status)} />
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {clash.type}: {dateWithMarker(clash.fromDate, clash.fromDateIsAm)} to{' '}
            {dateWithMarker(clash.toDate, clash.toDateIsAm)}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function Clashes({ actor, load }: { actor: LeaveReviewRef; load: LoadActorRef }) {
  const clashes = useSelector(actor, (s) => s.context.details?.clashes ?? null);
  const failed = useSelector(load, (s) => s.matches('failed'));
  if (failed) return <LoadFailure load={load} />;
  if (!clashes) return <Skeleton height="12" data-testid="clashes-loading" />;
  return <ClashList clashes={clashes} />;
}

/**
 * The employee's balance of the request's type in each year it falls in, so the approver sees whether it
 * fits; a pending request's days are already in Pending (an approved one's in Taken). A failure shows once,
 * under the clashes.
 */
function Balance({
  actor,
  load,
  request,
}: {
  actor: LeaveReviewRef;
  load: LoadActorRef;
  request: LeaveRequest;
}) {
  const balances = useSelector(actor, (s) => s.context.details?.balances ?? null);
  const failed = useSelector(load, (s) => s.matches('failed'));
  if (failed) return null;
  const includedAs = leaveStatusHasTag(request.status, 'awaitsDecision')
    ? 'Pending'
    : leaveStatusHasTag(request.status, 'taken')
      ? 'Taken'
      : null;
  return (
    <DetailSection title="Leave Balance">
      {balances ? (
        <LeaveBalanceOfType balances={balances} label={`${request.user.fullName}'s leave balance`} />
      ) : (
        <Skeleton height="12" data-testid="balance-loading" />
      )}
      {includedAs && (
        <Text fontSize="sm" color="fg.muted">
          {includedAs} includes this request's days.
        </Text>
      )}
    </DetailSection>
  );
}

function Details({
  actor,
  load,
  request,
}: {
  actor: LeaveReviewRef;
  load: LoadActorRef;
  request: LeaveRequest;
}) {
  const url = useSelector(actor, (s) => s.context.details?.attachmentUrl ?? null);
  const loading = useLoading(load);
  const state = !request.fileUrl ? 'none' : loading ? 'loading' : url ? 'shown' : 'failed';
  return (
    <Stack gap="5">
      <LeaveRequestFacts
        request={request}
        employee={request.user.fullName}
        attachment={{ url, state }}
        afterDuration={<Balance actor={actor} load={load} request={request} />}
      />
      <DetailSection title="Others away on these days">
        <Clashes actor={actor} load={load} />
      </DetailSection>
    </Stack>
  );
}

/** What an approved withdrawal of unpaid leave did to payroll: each payslip it touched, as the server said. */
function PayslipNotice({ payslips }: { payslips: WithdrawalPayslip[] }) {
  const processed = payslips.some((payslip) => payslip.processed);
  return (
    <Alert.Root status={processed ? 'warning' : 'info'} variant="subtle" role="status" alignItems="start">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>Payslips this withdrawal touches</Alert.Title>
        <Alert.Description>
          <Box as="ul" listStyleType="disc" ps="5">
            {payslips.map((payslip) => (
              <li key={`${payslip.year}-${payslip.month}`}>{payslip.message}</li>
            ))}
          </Box>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The decision the footer offers: on a pending request, on a withdrawal asked, or none. */
function DecisionButtons({
  actor,
  on,
  disabled,
}: {
  actor: LeaveReviewRef;
  on: 'request' | 'withdrawal';
  disabled: boolean;
}) {
  const deciding = useSelector(actor, (s) =>
    s.matches({ open: on === 'request' ? 'deciding' : 'decidingWithdrawal' }),
  );
  const decision = useSelector(actor, (s) => s.context.decision);
  const noun = on === 'request' ? '' : ' withdrawal';
  return (
    <HStack justify="flex-end" gap="3" wrap="wrap">
      <Button
        variant="outline"
        colorPalette="red"
        disabled={disabled}
        loading={deciding && decision === 'reject'}
        loadingText="Processing..."
        onClick={() => actor.send({ type: on === 'request' ? 'leaveRequest.reject' : 'withdrawal.reject' })}
      >
        Reject{noun}
      </Button>
      <Button
        colorPalette="green"
        disabled={disabled}
        loading={deciding && decision === 'approve'}
        loadingText="Processing..."
        onClick={() => actor.send({ type: on === 'request' ? 'leaveRequest.approve' : 'withdrawal.approve' })}
      >
        Approve{noun}
      </Button>
    </HStack>
  );
}

/** Leave Request Details (spec section 2, admin side sheet), drawn from the leave-review statechart. */
export function LeaveReviewSheet({ actor }: { actor: LeaveReviewRef }) {
  const request = useSelector(actor, (s) => (s.matches('closed') ? null : s.context.request));
  const load = useSelector(actor, (s) => s.context.load);
  const deciding = useSelector(
    actor,
    (s) => s.matches({ open: 'deciding' }) || s.matches({ open: 'decidingWithdrawal' }),
  );
  const ready = useSelector(actor, (s) => s.matches({ open: 'ready' }));
  const payslips = useSelector(actor, (s) => (s.matches({ open: 'told' }) ? s.context.payslips : []));
  const me = useSession((s) => s.context.user?.id);
  // Four eyes (decision 0003): nobody is offered a decision on their own leave or its withdrawal.
  const decides = request != null && !decidesOwnLeave(request, me);
  const pending = decides && canLeaveRequest(request.status, 'leaveRequest.approve');
  const withdrawal = decides && canLeaveRequest(request.status, 'leaveRequest.approveWithdrawal');

  return (
    <SideSheet
      open={request !== null}
      title="Leave Request Details"
      busy={deciding}
      onClose={() => actor.send({ type: 'review.close' })}
      footer={
        pending ? (
          <>
            <Text fontSize="sm" color="fg.muted">
              Approving or rejecting this request cannot be undone.
            </Text>
            <DecisionButtons actor={actor} on="request" disabled={!ready} />
          </>
        ) : (
          withdrawal && (
            <>
              <Text fontSize="sm" color="fg.muted">
                {request.user.fullName} asks to withdraw this approved leave. Approved, its days return to the
                balance; rejected, the leave stays approved.
              </Text>
              <DecisionButtons actor={actor} on="withdrawal" disabled={!ready} />
            </>
          )
        )
      }
    >
      {request && load && (
        <Stack gap="5">
          {payslips.length > 0 && <PayslipNotice payslips={payslips} />}
          <Details actor={actor} load={load} request={request} />
        </Stack>
      )}
    </SideSheet>
  );
}
