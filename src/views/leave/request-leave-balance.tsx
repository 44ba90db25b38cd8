import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { leaveBalanceOutlook, type requestLeaveMachine } from '../../../machines/request-leave.machine';
import { formatDays } from '../../domain/leave-balance';
import type { BalanceOutlook } from '../../domain/leave-form';
import { LoadFailure, useLoading } from '../load/load-view';

const sameOutlook = (a: BalanceOutlook[], b: BalanceOutlook[]) =>
  a.length === b.length &&
  a.every(
    (line, i) => line.year === b[i]?.year && line.available === b[i]?.available && line.after === b[i]?.after,
  );

/**
 * Beside the Leave Type of Request for Leave: the chosen type's balance for each year the dates fall in, and
 * what this request would leave of it (red below zero: the server will refuse it). The flow loads it
 * (machines/request-leave.machine.ts); its skeleton, failure and Try again are the load's.
 */
export function LeaveTypeBalance({ flow }: { flow: ActorRefFrom<typeof requestLeaveMachine> }) {
  const load = useSelector(flow, (s) => s.context.balance);
  const loading = useLoading(load);
  const outlook = useSelector(flow, leaveBalanceOutlook, sameOutlook);
  if (loading) return <Skeleton height="4" width="60%" data-testid="leave-balance-loading" />;
  return (
    <Stack gap="0.5" aria-live="polite">
      <LoadFailure load={load} />
      {outlook.map(({ year, available, after }) => (
        <Text key={year}>
          Available in {year}: {available === null ? 'no limit' : formatDays(available)}.
          {after !== null && (
            <Text as="span" color={after < 0 ? 'fg.error' : undefined}>
              {' '}
              After this request: {formatDays(after)}
              {after < 0 ? ', not enough.' : '.'}
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}
