import { Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { payRunMachine } from '../../../machines/pay-run.machine';
import { formatDateTime } from '../../domain/dates';
import { payRunStatusLabels } from '../../domain/lifecycles/pay-run.lifecycle';
import type { PayRun } from '../../domain/pay-runs';
import { StatusBadge } from '../../ui/status-badge';

type PayRunRef = ActorRefFrom<typeof payRunMachine>;

const who = (person: PayRun['submittedBy']) => person?.name ?? (person ? `user ${person.id}` : '');
const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '');

/** What the run's record says: who submitted and approved it, and why it was rejected or reopened. */
function RunHistory({ run }: { run: PayRun }) {
  return (
    <Stack gap="1" fontSize="sm">
      {!run.approvalRequired && (
        <Text color="fg.muted">
          Approval is off: processed payslips are released at once (one administrator, or turned off on the
          Company page).
        </Text>
      )}
      {run.submittedBy && (
        <Text>
          Submitted by {who(run.submittedBy)} on {when(run.submittedAt)}
        </Text>
      )}
      {run.approvedBy && (
        <Text>
          Approved by {who(run.approvedBy)} on {when(run.approvedAt)}
        </Text>
      )}
      {run.rejectedReason && <Text color="red.fg">Rejected: {run.rejectedReason}</Text>}
      {run.reopenedReason && <Text>Reopened: {run.reopenedReason}</Text>}
    </Stack>
  );
}

/** Process Pay's pay run card (issue 39 item 4): the month's state and Submit for approval. */
export function PayRunPanel({ actor }: { actor: PayRunRef }) {
  const run = useSelector(actor, (s) => s.context.run);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'payRun.submit' }));
  return (
    <Card.Root>
      <Card.Body gap="3" p={{ base: '4', md: '6' }} role="region" aria-label="Pay run">
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as="h2" size="md">
            Pay run
          </Heading>
          {run && <StatusBadge status={run.status} label={payRunStatusLabels[run.status]} />}
        </Flex>
        {failed ? (
          <Flex gap="3" align="center" wrap="wrap">
            <Text fontSize="sm">The pay run could not be fetched.</Text>
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'payRun.retry' })}>
              Try again
            </Button>
          </Flex>
        ) : (
          run && (
            <>
              <RunHistory run={run} />
              {(canSubmit || submitting) && (
                <Flex gap="3" align="center" wrap="wrap">
                  <Button
                    colorPalette="teal"
                    size="sm"
                    loading={submitting}
                    onClick={() => actor.send({ type: 'payRun.submit' })}
                  >
                    Submit for approval
                  </Button>
                  <Text fontSize="sm" color="fg.muted">
                    Another administrator approves the month before its bank and CPF files, e-mails and
                    staff's payslips are released.
                  </Text>
                </Flex>
              )}
            </>
          )
        )}
      </Card.Body>
    </Card.Root>
  );
}
