import { Button, Card, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { leaveOverviewMachine } from '../../../machines/leave-overview.machine';
import { LEAVE_STATUSES, type LeaveStatus } from '../../domain/enums';

export type LeaveOverviewRef = ActorRefFrom<typeof leaveOverviewMachine>;

/** Spec section 2: the three stat cards of the admin and staff dashboards. */
const CARD_OF: Record<LeaveStatus, { title: string; colour: string }> = {
  PENDING: { title: 'Pending Approval', colour: 'orange.solid' },
  APPROVED: { title: 'Requests Approved', colour: 'green.solid' },
  REJECTED: { title: 'Requests Rejected', colour: 'red.solid' },
};
const CARDS = LEAVE_STATUSES.map((status) => ({ status, ...CARD_OF[status] }));

/** The counts by status; skeletons until the first counts arrive, the figures stay while they reload. */
export function LeaveStatCards({ actor }: { actor: LeaveOverviewRef }) {
  const counts = useSelector(actor, (s) => s.context.counts);
  const firstLoad = useSelector(actor, (s) => s.matches('loading') && s.context.counts === null);
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
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
                  {error || !counts ? '-' : counts[card.status]}
                </Text>
              )}
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      {error && (
        <HStack gap="3">
          <Text role="alert" color="fg.error" fontSize="sm">
            {error.message}
          </Text>
          <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'overview.reload' })}>
            Try again
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
