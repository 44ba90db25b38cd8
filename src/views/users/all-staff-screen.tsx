import { Button, Card, Flex, Menu, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import type { exportFileMachine } from '../../../machines/export-file.machine';
import { allStaffListInput } from '../../actors/all-staff.actors';
import type { ListLogic } from '../../actors/list.actors';
import { type DirectoryEntry, employmentStatusLabel, isOnboarded } from '../../domain/staff-directory';
import { ActionsMenu, DangerItem } from '../../ui/actions-menu';
import { columnsFor } from '../../ui/data-table';
import { PlusIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';
import { StatusBadge } from '../../ui/status-badge';
import { ExportButtons } from '../list/export-buttons';
import { type ListActorRef, ListSearch, ListTable, RemovalDialog } from '../list/list-view';

const column = columnsFor<DirectoryEntry>();

/** 'Actions': View (onboarded) or Onboard, and Delete. View hands the user to the detail screen. */
function StaffActions({ user, actor }: { user: DirectoryEntry; actor: ListActorRef }) {
  return (
    <ActionsMenu label="Actions" title="Actions">
      {isOnboarded(user) ? (
        <Menu.Item value="view" asChild>
          <RouterLink href={`/admin/users/${user.id}`} state={user}>
            View
          </RouterLink>
        </Menu.Item>
      ) : (
        <Menu.Item value="onboard" asChild>
          <RouterLink href={`/admin/onboard/${user.id}`}>Onboard</RouterLink>
        </Menu.Item>
      )}
      <DangerItem value="delete" onSelect={() => actor.send({ type: 'removal.request', row: user })}>
        Delete
      </DangerItem>
    </ActionsMenu>
  );
}

const staffColumns = (actor: ListActorRef) =>
  column.columns([
    column.accessor('fullName', { header: 'Full Name' }),
    column.accessor('email', {
      header: 'Email',
      enableSorting: true,
      // Where a phone's card line is too short for the address, it breaks after the @.
      cell: ({ getValue }) => {
        const email = getValue();
        const at = email.indexOf('@') + 1;
        return (
          <>
            {email.slice(0, at)}
            <wbr />
            {email.slice(at)}
          </>
        );
      },
    }),
    column.accessor((user) => user.employmentInfo?.employmentStatus ?? null, {
      id: 'employmentStatus',
      header: 'Employment Status',
      cell: ({ getValue }) => {
        const status = getValue();
        return <StatusBadge status={status} label={employmentStatusLabel(status)} />;
      },
    }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => <StaffActions user={row.original} actor={actor} />,
    }),
  ]);

/** /admin/users (spec section 2, Admin staff list): every STAFF user, searchable, with Delete behind a question. */
export function AllStaffScreen({
  logic,
  exportLogic,
  inspect,
}: {
  logic: ListLogic;
  exportLogic: typeof exportFileMachine;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: allStaffListInput, inspect });
  const exporter = useActorRef(exportLogic, { inspect });
  // The export takes the list's search, as the list shows it: STAFF only (the server's default).
  const search = useSelector(actor, (snapshot) => snapshot.context.query.search);
  // The actor lives as long as the screen, so the columns do too.
  const columns = useMemo(() => staffColumns(actor), [actor]);

  return (
    <Stack gap="2">
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <PageTitle>All Staff</PageTitle>
        <Flex gap="2" wrap="wrap">
          <ExportButtons actor={exporter} filters={{ search: search || undefined }} />
          <Button asChild variant="outline" size="sm">
            <RouterLink href="/admin/import">Import</RouterLink>
          </Button>
          <Button asChild colorPalette="teal" size="sm">
            <RouterLink href="/admin/register">
              <PlusIcon />
              Add Staff
            </RouterLink>
          </Button>
        </Flex>
      </Flex>
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <ListSearch actor={actor} label="Search staff" placeholder="Search staff..." />
          <ListTable
            actor={actor}
            label="Staff"
            columns={columns}
            minWidth="600px"
            caption={(total) => `A total of ${total} staff members.`}
          />
        </Card.Body>
      </Card.Root>
      <RemovalDialog
        actor={actor}
        title="Are you absolutely sure?"
        description="This action cannot be undone. This will permanently delete this user's account and remove his/her data from our servers."
      />
    </Stack>
  );
}
