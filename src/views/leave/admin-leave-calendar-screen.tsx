import { Card, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent, Observer } from 'xstate';
import type { AdminLeaveCalendarLogic } from '../../actors/leave-calendar.actors';
import { monthOfDate } from '../../domain/leave-calendar';
import { PageTitle } from '../../ui/page-title';
import { LeaveCalendar } from './leave-calendar';
import { LeaveReviewSheet } from './leave-review-sheet';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * /admin/leave-calendar (issue 17, part 5): who is away in a month, approved and pending, and the admin
 * dashboard's Leave Request Details sheet, which each entry opens (machines/admin-leave-calendar.machine.ts).
 */
export function AdminLeaveCalendarScreen({
  logic,
  today,
  inspect,
}: {
  logic: AdminLeaveCalendarLogic;
  today: string;
  inspect?: Inspect;
}) {
  const screen = useActorRef(logic, { input: monthOfDate(today), inspect });
  const { calendar, review } = useSelector(screen, (s) => s.context);
  return (
    <Stack gap="4">
      <PageTitle>Leave Calendar</PageTitle>
      <Card.Root>
        <Card.Body gap="4" p={{ base: '3', md: '6' }}>
          <Text color="fg.muted" fontSize="sm">
            Who is away each day: approved and pending leave requests. Select a name to see the request.
          </Text>
          <LeaveCalendar
            actor={calendar}
            today={today}
            showName
            empty="No one is away this month."
            onOpen={(entry) => review.send({ type: 'review.open', request: entry })}
          />
        </Card.Body>
      </Card.Root>
      <LeaveReviewSheet actor={review} />
    </Stack>
  );
}
