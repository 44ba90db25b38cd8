import { HStack, Stack } from '@chakra-ui/react';
import type { InspectionEvent, Observer } from 'xstate';
import type { StaffLeaveLogic } from '../../actors/staff-leave.actors';
import { PageTitle } from '../../ui/page-title';
import { ListFilter, ListReset } from '../list/list-view';
import { leaveStatusOptions, leaveTypeOptions } from './leave-columns';
import { LeaveStatCards } from './leave-stat-cards';
import { RequestLeaveDialog } from './request-leave-dialog';
import { LeaveRequestsCard, useUserLeave } from './user-leave';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * /staff (spec section 2, Staff dashboard): the three stat cards from the user's own counts, then 'Your Recent
 * Requests' with the Request Leave button, the Leave Type and Status filters, Reset, sortable columns and
 * pages of 7; each row's menu offers View and, while pending, Delete Request.
 */
export function StaffDashboardScreen({
  logic,
  userId,
  inspect,
}: {
  logic: StaffLeaveLogic;
  userId: number;
  inspect?: Inspect;
}) {
  const leave = useUserLeave(logic, userId, inspect);
  return (
    <Stack gap="4">
      <PageTitle>Staff Dashboard</PageTitle>
      <LeaveStatCards actor={leave.overview} />
      <LeaveRequestsCard
        leave={leave}
        title="Your Recent Requests"
        label="Your leave requests"
        actions={<RequestLeaveDialog actor={leave.requestLeave} leaveTypes={leave.leaveTypes} />}
        toolbar={
          <HStack gap="2" wrap="wrap">
            <ListFilter
              actor={leave.requests}
              name="type"
              title="Leave Type"
              options={leaveTypeOptions(leave.leaveTypes)}
            />
            <ListFilter actor={leave.requests} name="status" title="Status" options={leaveStatusOptions} />
            <ListReset actor={leave.requests} />
          </HStack>
        }
      />
    </Stack>
  );
}
