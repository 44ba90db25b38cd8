import { Alert, Button, HStack, Image, Link, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { claimReviewMachine } from '../../../machines/claim-review.machine';
import { isPdfReference } from '../../domain/attachments';
import { claimAwaitsDecision, claimTotals } from '../../domain/claim-screens';
import { CLAIM_DESCRIPTION_MAX, decidesOwnClaim } from '../../domain/claims';
import { OWN_CLAIM_NOTICE } from '../../domain/messages/claims';
import { LabelledField } from '../../ui/form-field';
import { SideSheet } from '../../ui/side-sheet';
import { DetailSection } from '../leave/leave-request-facts';
import { LoadFailure } from '../load/load-view';
import { ClaimFacts, ClaimTotals } from './claim-parts';

export type ClaimReviewRef = ActorRefFrom<typeof claimReviewMachine>;

/** The receipt inline: an image, or a link to a PDF (through its signed link). */
function Receipt({ actor, receiptKey }: { actor: ClaimReviewRef; receiptKey: string | null }) {
  const url = useSelector(actor, (s) => s.context.details?.receiptUrl ?? null);
  const loaded = useSelector(actor, (s) => s.context.details !== null);
  if (!receiptKey) return <Text color="fg.muted">No receipt.</Text>;
  if (!loaded) return <Skeleton height="48" data-testid="receipt-loading" />;
  if (!url) return <Text color="fg.error">The receipt could not be shown.</Text>;
  if (isPdfReference(receiptKey)) {
    return (
      <Link href={url} target="_blank" rel="noopener noreferrer" color="teal.fg" variant="underline">
        Open the receipt (PDF) in a new tab
      </Link>
    );
  }
  return (
    <Stack gap="1">
      <Image src={url} alt="Receipt" maxH="320px" objectFit="contain" rounded="md" borderWidth="1px" />
      <Link
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        fontSize="sm"
        color="teal.fg"
        variant="underline"
      >
        Open the receipt in a new tab
      </Link>
    </Stack>
  );
}

function EmployeeTotals({ actor }: { actor: ClaimReviewRef }) {
  const claim = useSelector(actor, (s) => s.context.claim);
  const details = useSelector(actor, (s) => s.context.details);
  // The totals of the claim's month and year, whichever month the sheet is opened in.
  const totals = useMemo(
    () =>
      claim && details
        ? claimTotals(details.types, details.claims, claim.date).filter((t) => t.typeId === claim.claimTypeId)
        : null,
    [claim, details],
  );
  if (!claim) return null;
  if (!totals) return <Skeleton height="16" />;
  return (
    <Stack gap="1">
      <ClaimTotals totals={totals} label={`${claim.user.fullName}'s ${claim.type} totals`} single />
      <Text fontSize="sm" color="fg.muted">
        {claimAwaitsDecision(claim)
          ? 'The month and year of this claim; pending claims count, this one included.'
          : 'The month and year of this claim; pending, approved and paid claims count.'}
      </Text>
    </Stack>
  );
}

/** The admin's claim review sheet (issue 37 item 4), drawn from the claim-review statechart. */
export function ClaimReviewSheet({ actor }: { actor: ClaimReviewRef }) {
  const claim = useSelector(actor, (s) => (s.matches('closed') ? null : s.context.claim));
  const load = useSelector(actor, (s) => s.context.load);
  const adminId = useSelector(actor, (s) => s.context.adminId);
  const reason = useSelector(actor, (s) => s.context.reason);
  const deciding = useSelector(actor, (s) => s.hasTag('busy'));
  const approving = useSelector(actor, (s) => s.matches({ open: 'approving' }));
  const rejecting = useSelector(actor, (s) => s.matches({ open: 'rejecting' }));
  const pending = claim !== null && claimAwaitsDecision(claim);
  const own = claim !== null && decidesOwnClaim(claim, adminId);

  return (
    <SideSheet
      open={claim !== null}
      title="Claim Details"
      busy={deciding}
      onClose={() => actor.send({ type: 'review.close' })}
      footer={
        pending &&
        !own && (
          <Stack gap="3" width="full">
            <LabelledField label="Reason (kept with the decision)" disabled={deciding}>
              <Textarea
                name="reason"
                rows={2}
                maxLength={CLAIM_DESCRIPTION_MAX}
                value={reason}
                onChange={(event) => actor.send({ type: 'reason.change', text: event.target.value })}
              />
            </LabelledField>
            <HStack justify="flex-end" gap="3" wrap="wrap">
              <Button
                variant="outline"
                colorPalette="red"
                disabled={deciding}
                loading={rejecting}
                loadingText="Processing..."
                onClick={() => actor.send({ type: 'claim.reject' })}
              >
                Reject
              </Button>
              <Button
                colorPalette="green"
                disabled={deciding}
                loading={approving}
                loadingText="Processing..."
                onClick={() => actor.send({ type: 'claim.approve' })}
              >
                Approve
              </Button>
            </HStack>
          </Stack>
        )
      }
    >
      {claim && (
        <Stack gap="5">
          {pending && own && (
            <Alert.Root status="info" variant="subtle" role="status">
              <Alert.Indicator />
              <Alert.Title>{OWN_CLAIM_NOTICE}</Alert.Title>
            </Alert.Root>
          )}
          <ClaimFacts claim={claim} />
          {load && <LoadFailure load={load} />}
          <DetailSection title="Receipt">
            <Receipt actor={actor} receiptKey={claim.receiptKey} />
          </DetailSection>
          <DetailSection title="Totals against limits">
            <EmployeeTotals actor={actor} />
          </DetailSection>
        </Stack>
      )}
    </SideSheet>
  );
}
