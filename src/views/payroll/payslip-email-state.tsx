import { Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../domain/dates';
import type { PayslipEmailState } from '../../domain/payslip-emails';
import type { PayslipAggregate } from '../../domain/payslips';

const EMAIL_STATE_LABELS: Record<PayslipEmailState, string> = {
  QUEUED: 'Queued',
  SENT: 'Sent',
  OUTBOX: 'Kept in the outbox',
  FAILED: 'Failed',
};

/**
 * A payslip's latest e-mail and when (issue 34): 'Sent 01/03/2026 10:15'; a dash when never e-mailed. The
 * processed lists and the staff record's Payslips section show it alike.
 */
export function EmailState({ email }: { email: PayslipAggregate['email'] }) {
  if (!email?.state) return <Text color="fg.muted">-</Text>;
  return (
    <Stack gap="0">
      <Text color={email.state === 'FAILED' ? 'red.fg' : undefined}>{EMAIL_STATE_LABELS[email.state]}</Text>
      {email.at && (
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(new Date(email.at))}
        </Text>
      )}
    </Stack>
  );
}
