import { Box, Button, Card, Flex, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { payslipEmailsMachine } from '../../../machines/payslip-emails.machine';
import {
  emailPayslipsConfirmLabel,
  emailPayslipsQuestion,
  emailProgressText,
  emailsAllDoneText,
} from '../../domain/messages/payroll';
import { MONTH_NAMES } from '../../domain/payslips';
import { ConfirmDialog } from '../../ui/confirm-dialog';

type EmailsRef = ActorRefFrom<typeof payslipEmailsMachine>;

/** The 'Email payslips' button of View Processed Records. */
export function EmailPayslipsButton({ actor, disabled }: { actor: EmailsRef; disabled: boolean }) {
  const idle = useSelector(actor, (s) => s.matches('idle'));
  const processed = useSelector(actor, (s) => s.context.staff.length);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled || !idle || processed === 0}
      onClick={() => actor.send({ type: 'emails.request' })}
    >
      Email payslips
    </Button>
  );
}

/** The confirmation, then the job's progress, failures and Retry failed. */
export function EmailPayslipsPanel({ actor }: { actor: EmailsRef }) {
  const snapshot = useSelector(actor, (s) => s);
  const { year, month, staff, progress, jobPeriod, jobStaff, mailDelivery } = snapshot.context;
  const delivery = mailDelivery?.mode ?? null;
  const nameOf = (userId: number) =>
    jobStaff.find((person) => person.id === userId)?.name ?? `Employee ${userId}`;
  const confirming = snapshot.matches('confirming') || snapshot.matches('requesting');
  const shown = snapshot.matches('watching') || snapshot.matches('finished') || snapshot.matches('retrying');
  const period = (p: { year: number; month: number } | null) =>
    p ? `${MONTH_NAMES[p.month - 1]} ${p.year}` : '';

  return (
    <>
      <ConfirmDialog
        open={confirming}
        title="Email payslips"
        description={emailPayslipsQuestion({
          count: staff.length,
          period: period({ year, month }),
          delivery,
        })}
        confirmLabel={emailPayslipsConfirmLabel(delivery)}
        destructive={false}
        confirmDisabled={snapshot.matches({ confirming: 'checkingDelivery' })}
        busy={snapshot.matches('requesting')}
        onConfirm={() => actor.send({ type: 'emails.confirm' })}
        onCancel={() => actor.send({ type: 'emails.cancel' })}
      />
      {shown && progress && (
        <Card.Root>
          <Card.Body gap="3" p={{ base: '4', md: '6' }}>
            <Heading as="h2" size="md">
              Emailing payslips for {period(jobPeriod)}
            </Heading>
            <Progress.Root
              value={progress.done + progress.failed}
              max={Math.max(1, progress.total)}
              size="sm"
              colorPalette={progress.failed > 0 ? 'orange' : 'teal'}
              // The progress bar's accessible name says what it counts, not a bare percentage.
              translations={{ value: () => emailProgressText(progress) }}
            >
              <Progress.Label fontSize="sm">{emailProgressText(progress)}</Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            {snapshot.matches('finished') && progress.failed === 0 && (
              <Text color="green.fg">{emailsAllDoneText(progress)}</Text>
            )}
            {progress.errors.length > 0 && (
              <Stack gap="1">
                <Text fontWeight="medium" color="red.fg">
                  {progress.failed} not sent:
                </Text>
                <Stack as="ul" gap="1" ps="5" listStyleType="disc" aria-label="Payslips not sent">
                  {progress.errors.map((error) => (
                    <Box as="li" key={error.userId} fontSize="sm">
                      {nameOf(error.userId)}: {error.message}
                    </Box>
                  ))}
                </Stack>
              </Stack>
            )}
            {(snapshot.matches('finished') || snapshot.matches('retrying')) && (
              <Flex gap="3" justify="flex-end" wrap="wrap">
                {progress.failed > 0 && (
                  <Button
                    size="sm"
                    colorPalette="teal"
                    loading={snapshot.matches('retrying')}
                    loadingText="Processing..."
                    onClick={() => actor.send({ type: 'emails.retry' })}
                  >
                    Retry failed
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  disabled={snapshot.matches('retrying')}
                  onClick={() => actor.send({ type: 'emails.dismiss' })}
                >
                  Close
                </Button>
              </Flex>
            )}
          </Card.Body>
        </Card.Root>
      )}
    </>
  );
}
