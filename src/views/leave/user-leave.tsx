import { Card, Flex, Heading, Menu, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { userLeaveMachine } from '../../../machines/user-leave.machine';
import { leaveListInput } from '../../actors/leave-list.actors';
import type { StaffLeaveLogic } from '../../actors/staff-leave.actors';
import { formatDayMonthYear } from '../../domain/dates';
import type { LeaveRequest } from '../../domain/leave';
import { monthOfDate } from '../../domain/leave-calendar';
import { canLeaveRequest } from '../../domain/lifecycles/leave-request.lifecycle';
import { ActionsMenu, DangerItem } from '../../ui/actions-menu';
import { type ListActorRef, ListTable, RemovalDialog } from '../list/list-view';
import { LeaveBalanceCard } from './leave-balance-card';
import { leaveColumn, leaveRequestColumns } from './leave-columns';
import { type LeaveRequestDetailsActor, LeaveRequestDetailsPanel } from './leave-request-details';
import { RequestLeaveDialog } from './request-leave-dialog';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type UserLeaveRef = ActorRefFrom<typeof userLeaveMachine>;

/** The parts of one user's leave (machines/user-leave.machine.ts), read from the parent that spawned them. */
export function useUserLeaveParts(parent: UserLeaveRef) {
  const { requests, balances, overview, details, requestLeave, leaveTypes, calendar } = useSelector(
    parent,
    (s) => s.context,
  );
  return { requests, balances, overview, details, requestLeave, leaveTypes, calendar };
}

/** The staff dashboard's parent of the signed-in user's leave, with the calendar of one's own requests. */
export function useUserLeave(logic: StaffLeaveLogic, userId: number, today: string, inspect?: Inspect) {
  const parent = useActorRef(
    useMemo(() => logic.userLeaveOf(userId), [logic, userId]),
    {
      input: {
        userId,
        requests: leaveListInput,
        calendar: { ...monthOfDate(today), userId },
      },
      inspect,
    },
  );
  return useUserLeaveParts(parent);
}
export type UserLeave = ReturnType<typeof useUserLeaveParts>;

/** 'Actions': View, and Delete Request while pending. */
function RequestActions({
  row,
  list,
  details,
}: {
  row: LeaveRequest;
  list: ListActorRef;
  details: LeaveRequestDetailsActor;
}) {
  return (
    <ActionsMenu label={`Actions for ${row.type} from ${formatDayMonthYear(row.fromDate)}`} title="Actions">
      <Menu.Item value="view" onSelect={() => details.send({ type: 'details.open', request: row })}>
        View
      </Menu.Item>
      {canLeaveRequest(row.status, 'leaveRequest.delete') && (
        <DangerItem value="delete" onSelect={() => list.send({ type: 'removal.request', row })}>
          Delete Request
        </DangerItem>
      )}
    </ActionsMenu>
  );
}

/** The shared leave columns and the row's menu. */
const userLeaveColumns = (list: ListActorRef, details: LeaveRequestDetailsActor) => [
  ...leaveRequestColumns,
  leaveColumn.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row }) => <RequestActions row={row.original} list={list} details={details} />,
  }),
];

/** The requests table with its removal question and details panel, under a heading. */
export function LeaveRequestsCard({
  leave,
  title,
  label,
  actions,
  toolbar,
}: {
  leave: UserLeave;
  title: string;
  /** The table's accessible name. */
  label: string;
  /** Beside the title (the Request Leave button). */
  actions?: ReactNode;
  /** Above the table (the filters). */
  toolbar?: ReactNode;
}) {
  const columns = useMemo(
    () => userLeaveColumns(leave.requests, leave.details),
    [leave.requests, leave.details],
  );
  return (
    <Card.Root>
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {actions}
        </Flex>
        {toolbar}
        <ListTable actor={leave.requests} label={label} columns={columns} minWidth="800px" />
      </Card.Body>
      <RemovalDialog
        actor={leave.requests}
        title="Are you absolutely sure?"
        description="This action cannot be undone. This will permanently delete this leave request."
      />
      <LeaveRequestDetailsPanel actor={leave.details} />
    </Card.Root>
  );
}

/**
 * The leave of user detail (ADMIN, with the add button: request on the user's behalf) and My profile: the
 * Leave Request table, then the Leave Balance table, from the leave the screen's parent machine spawned.
 */
export function UserLeaveSection({
  actor,
  canRequest,
}: {
  actor: UserLeaveRef;
  /** The add button (user detail). */
  canRequest: boolean;
}) {
  const leave = useUserLeaveParts(actor);
  return (
    <Stack gap="5">
      <LeaveRequestsCard
        leave={leave}
        title="Leave Request"
        label="Leave requests"
        actions={
          canRequest && (
            <RequestLeaveDialog
              dialog={leave.requestLeave}
              leaveTypes={leave.leaveTypes}
              triggerLabel="Add Leave Request"
            />
          )
        }
      />
      {/* This year's balance per leave type. */}
      <LeaveBalanceCard actor={leave.balances} title="Leave Balance" />
    </Stack>
  );
}
