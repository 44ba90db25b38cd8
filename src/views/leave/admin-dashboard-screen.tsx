import { Button, Card, Flex, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { InspectionEvent, Observer } from 'xstate';
import { adminDashboardMachine } from '../../../machines/admin-dashboard.machine';
import type { exportFileMachine } from '../../../machines/export-file.machine';
import type { LeaveOverviewLogic, LeaveReviewLogic } from '../../actors/leave-admin.actors';
import { leaveListInput } from '../../actors/leave-list.actors';
import type { ListLogic } from '../../actors/list.actors';
import type { SetupChecklistLogic } from '../../actors/setup-checklist.actors';
import type { LeaveRequest } from '../../domain/leave';
import { PageTitle } from '../../ui/page-title';
import { ExportButtons } from '../list/export-buttons';
import { type ListActorRef, ListFilter, ListReset, ListSearch, ListTable } from '../list/list-view';
import { SetupChecklistCard } from '../setup/setup-checklist-card';
import {
  employeeColumn,
  leaveColumn,
  leaveRequestColumns,
  leaveStatusOptions,
  leaveTypeOptions,
} from './leave-columns';
import { type LeaveReviewRef, LeaveReviewSheet } from './leave-review-sheet';
import { type LeaveOverviewRef, LeaveStatCards, LeaveTypesFailure } from './leave-stat-cards';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

const adminColumns = (review: LeaveReviewRef) => [
  employeeColumn,
  ...leaveRequestColumns,
  leaveColumn.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row }) => (
      <Button
        size="xs"
        variant="outline"
        aria-label={`View leave request of ${row.original.user.fullName}`}
        onClick={() => review.send({ type: 'review.open', request: row.original as LeaveRequest })}
      >
        View
      </Button>
    ),
  }),
];

function TypeFilter({ list, overview }: { list: ListActorRef; overview: LeaveOverviewRef }) {
  const types = useSelector(overview, (s) => s.context.leaveTypes);
  const options = useMemo(() => leaveTypeOptions(types), [types]);
  return (
    <>
      <ListFilter actor={list} name="type" title="Leave Type" options={options} />
      <LeaveTypesFailure actor={overview} />
    </>
  );
}

/** /admin (spec section 2, Admin dashboard): the counts, everyone's requests, and the review sheet. */
/** The export takes the list's status filter (the export endpoint filters by year, status and person only). */
function LeaveExport({
  logic,
  list,
  inspect,
}: {
  logic: typeof exportFileMachine;
  list: ListActorRef;
  inspect?: Inspect;
}) {
  const exporter = useActorRef(logic, { inspect });
  const statuses = useSelector(list, (snapshot) => snapshot.context.query.filters.status);
  return (
    <ExportButtons actor={exporter} filters={{ status: statuses?.length ? statuses.join(',') : undefined }} />
  );
}

export function AdminDashboardScreen({
  list: listLogic,
  overview: overviewLogic,
  review: reviewLogic,
  checklist,
  exportLogic,
  inspect,
}: {
  list: ListLogic;
  /** Export CSV / XLSX of the requests of the statuses filtered (issue 38 item 5). */
  exportLogic?: typeof exportFileMachine;
  overview: LeaveOverviewLogic;
  review: LeaveReviewLogic;
  /** The setup checklist (issue 38), with whether it was dismissed earlier in the session. */
  checklist?: { logic: SetupChecklistLogic; dismissed: boolean };
  inspect?: Inspect;
}) {
  // One machine for the screen: it spawns the list, the counts and the review sheet, and a decision in
  // the sheet reloads the other two (machines/admin-dashboard.machine.ts).
  const dashboard = useActorRef(
    useMemo(
      () =>
        adminDashboardMachine.provide({
          actors: { requests: listLogic, overview: overviewLogic, review: reviewLogic },
        }),
      [listLogic, overviewLogic, reviewLogic],
    ),
    { input: { requests: leaveListInput }, inspect },
  );
  const { requests: list, overview, review } = useSelector(dashboard, (s) => s.context);
  const columns = useMemo(() => adminColumns(review), [review]);

  return (
    <Stack gap="4">
      <PageTitle>Dashboard</PageTitle>
      {checklist && <SetupChecklistCard logic={checklist.logic} dismissed={checklist.dismissed} />}
      <LeaveStatCards actor={overview} />
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <Stack gap="1">
            <Heading as="h2" size="md">
              Recent Staff Leave Requests
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              View all leave requests made by staff members.
            </Text>
          </Stack>
          <Flex gap="2" wrap="wrap" align="center">
            <ListSearch actor={list} label="Search staff" placeholder="Search staff..." />
            <HStack gap="2" wrap="wrap">
              <TypeFilter list={list} overview={overview} />
              <ListFilter actor={list} name="status" title="Status" options={leaveStatusOptions} />
              <ListReset actor={list} />
            </HStack>
            {exportLogic && <LeaveExport logic={exportLogic} list={list} inspect={inspect} />}
          </Flex>
          <ListTable actor={list} label="Leave requests" columns={columns} minWidth="800px" />
        </Card.Body>
      </Card.Root>
      <LeaveReviewSheet actor={review} />
    </Stack>
  );
}
