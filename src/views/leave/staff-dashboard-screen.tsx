import { Card, Heading, HStack, Stack } from '@chakra-ui/react';
import type { InspectionEvent, Observer } from 'xstate';
import type { StaffLeaveLogic } from '../../actors/staff-leave.actors';
import { todayIso } from '../../domain/dates';
import { PageTitle } from '../../ui/page-title';
import { ListFilter, ListReset } from '../list/list-view';
import { LeaveBalanceCard } from './leave-balance-card';
import { LeaveCalendar } from './leave-calendar';
import { leaveStatusOptions, leaveTypeOptions } from './leave-columns';
import { LeaveStatCards, LeaveTypesFailure } from './leave-stat-cards';
import { RequestLeaveDialog } from './request-leave-dialog';
import { LeaveRequestsCard, useUserLeave } from './user-leave';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * /staff (spec section 2, Staff dashboard): the three stat cards from the user's own counts, then 'Your Recent
 * Requests' with the Request Leave button, the Leave Type and Status filters, Reset, sortable columns and
 * pages of 7; each row's menu offers View and, while pending, Delete Request. Below, 'Your Leave Balance'
 * (this year's, per leave type, issue 34) and 'Your Leave Calendar': one's own approved and pending
 * requests by month (issue 17), each opening the same details panel.
 */
export function StaffDashboardScreen({
  logic,
  userId,
  today = todayIso(),
  inspect,
}: {
  logic: StaffLeaveLogic;
  userId: number;
  /** The calendar opens on this date's month. */
  today?: string;
  inspect?: Inspect;
}) {
  const leave = useUserLeave(logic, userId, today, inspect);
  const { calendar, details } = leave;
  return (
    <Stack gap="4">
      <PageTitle>Staff Dashboard</PageTitle>
      <LeaveStatCards actor={leave.overview} />
      <LeaveRequestsCard
        leave={leave}
        title="Your Recent Requests"
        label="Your leave requests"
        actions={<RequestLeaveDialog dialog={leave.requestLeave} leaveTypes={leave.leaveTypes} />}
        toolbar={
          <HStack gap="2" wrap="wrap">
            <ListFilter
              actor={leave.requests}
              name="type"
              title="Leave Type"
              options={leaveTypeOptions(leave.leaveTypes)}
            />
            <LeaveTypesFailure actor={leave.overview} />
            <ListFilter actor={leave.requests} name="status" title="Status" options={leaveStatusOptions} />
            <ListReset actor={leave.requests} />
          </HStack>
        }
      />
      <LeaveBalanceCard actor={leave.balances} title="Your Leave Balance" />
      {calendar && (
        <Card.Root>
          <Card.Body gap="4" p={{ base: '3', md: '6' }}>
            <Heading as="h2" size="md">
              Your Leave Calendar
            </Heading>
            <LeaveCalendar
              actor={calendar}
              today={today}
              showName={false}
              empty="You have no approved or pending leave this month."
              onOpen={(entry) => details.send({ type: 'details.open', request: entry })}
            />
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
