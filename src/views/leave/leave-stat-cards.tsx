import { Card, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { leaveOverviewMachine } from '../../../machines/leave-overview.machine';
import type { LeaveCounts } from '../../domain/leave';
import { LoadFailure, useLoading } from '../load/load-view';

export type LeaveOverviewRef = ActorRefFrom<typeof leaveOverviewMachine>;

/**
 * Spec section 2: the three stat cards of the admin and staff dashboards, on the spec's counts (leave whose
 * withdrawal is asked is still approved; withdrawn leave counts nowhere).
 */
type CountedStatus = Exclude<keyof LeaveCounts, 'TOTAL'>;
const CARD_OF: Record<CountedStatus, { title: string; colour: string }> = {
  PENDING: { title: 'Pending Approval', colour: 'orange.solid' },
  APPROVED: { title: 'Requests Approved', colour: 'green.solid' },
  REJECTED: { title: 'Requests Rejected', colour: 'red.solid' },
};
const CARDS = (Object.keys(CARD_OF) as CountedStatus[]).map((status) => ({ status, ...CARD_OF[status] }));

/**
 * The counts by status; skeletons until the first counts arrive, the figures stay while they reload; '-' once
 * they failed, with the load's failure (the reason and Try again) under the cards.
 */
export function LeaveStatCards({ actor }: { actor: LeaveOverviewRef }) {
  const load = useSelector(actor, (s) => s.context.counts);
  const figures = useSelector(actor, (s) => s.context.figures);
  const failed = useSelector(load, (s) => s.matches('failed'));
  const firstLoad = useLoading(load) && figures === null;
  return (
    <Stack gap="2">
      {/* On a phone the three stay in one compact row, so the list below starts on the first screen. */}
      <SimpleGrid
        columns={3}
        gap={{ base: '2', sm: '4' }}
        as="ul"
        aria-label="Leave request counts"
        listStyleType="none"
      >
        {CARDS.map((card) => (
          <Card.Root
            as="li"
            key={card.status}
            borderTopWidth={{ base: '3px', sm: '4px' }}
            borderTopColor={card.colour}
          >
            <Card.Body p={{ base: '2.5', sm: '4' }} gap="1">
              <Text
                fontSize={{ base: 'xs', sm: 'sm' }}
                lineHeight={{ base: 'shorter', sm: 'inherit' }}
                color="fg.muted"
                fontWeight="medium"
              >
                {card.title}
              </Text>
              {firstLoad ? (
                <Skeleton height={{ base: '7', sm: '8' }} width="12" />
              ) : (
                <Text
                  fontSize={{ base: '2xl', sm: '3xl' }}
                  fontWeight="semibold"
                  lineHeight="short"
                  data-testid={`count-${card.status}`}
                >
                  {failed || figures === null || figures === 'failed' ? '-' : figures[card.status]}
                </Text>
              )}
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <LoadFailure load={load} />
    </Stack>
  );
}

/** The leave types could not be fetched: the reason and Try again, beside the Leave Type filter that offers them. */
export function LeaveTypesFailure({ actor }: { actor: LeaveOverviewRef }) {
  const load = useSelector(actor, (s) => s.context.types);
  return <LoadFailure load={load} />;
}
