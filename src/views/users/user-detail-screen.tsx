import { Alert, Button, Card, Flex, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link as RouterLink } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import type { userRecordMachine } from '../../../machines/user-record.machine';
import type { SeparationPanelLogic } from '../../actors/separation-panel.actors';
import { employmentStatusLabel } from '../../domain/staff-directory';
import { ActionsMenu, DangerItem } from '../../ui/actions-menu';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ArrowLeftIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';
import { StatusBadge } from '../../ui/status-badge';
import { UserAvatar } from '../../ui/user-avatar';
import { UserLeaveSection } from '../leave/user-leave';
import { LoadFailure, useLoading } from '../load/load-view';
import { EditablePanelCard } from '../staff-records/editable-panel-view';
import { RecordOpeningBalances } from '../staff-records/record-opening-balances';
import { RecordPayslips } from '../staff-records/record-payslips';
import { NotOnboarded, ProfileFields, RecordTabs } from '../staff-records/record-tabs';
import { SeparationPanel } from '../staff-records/separation-panel';

const ADMIN_EDITS = new Set(['staffInfo', 'employmentInfo', 'paymentInfo', 'leaveAllowance'] as const);

/**
 * /admin/users/:id: the user, the four tabs, Delete User, the user's leave (spec section 2) and their
 * processed payslips (issue 34).
 */
export function UserDetailScreen({
  logic,
  userId,
  inspect,
  separation,
}: {
  /** The user record with its panels and leave (machines/user-record.machine.ts). */
  logic: typeof userRecordMachine;
  userId: number | null;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** The Separation panel (issue 35), shown once the employee is onboarded. */
  separation?: { logic: SeparationPanelLogic; today: string };
}) {
  const actor = useActorRef(logic, {
    input: { userId, withPayslips: true, withOpeningBalances: true },
    inspect,
  });
  const user = useSelector(actor, (s) => s.context.user);
  const leaveTypes = useSelector(actor, (s) => s.context.leaveTypes);
  const panels = useSelector(actor, (s) => s.context.panels);
  const leave = useSelector(actor, (s) => s.context.leave);
  const payslips = useSelector(actor, (s) => s.context.payslips);
  const opening = useSelector(actor, (s) => s.context.opening);
  const deleteError = useSelector(actor, (s) => s.context.deleteError);
  const record = useSelector(actor, (s) => s.context.record);
  const notFound = useSelector(actor, (s) => s.matches('notFound'));
  const loading = useLoading(record) && !notFound;
  const confirming = useSelector(actor, (s) => s.matches({ loaded: 'confirmingDelete' }));
  const deleting = useSelector(actor, (s) => s.matches({ loaded: 'deleting' }));

  return (
    <Stack gap="4">
      <Link asChild alignSelf="flex-start" color="teal.fg" fontSize="sm">
        <RouterLink href="/admin/users">
          <ArrowLeftIcon />
          Users
        </RouterLink>
      </Link>
      <Flex justify="space-between" align="baseline" gap="4" wrap="wrap">
        <PageTitle>User Details</PageTitle>
        {userId !== null && (
          <Link asChild color="teal.fg" fontSize="sm">
            <RouterLink href={`/admin/audit?userId=${userId}`}>History</RouterLink>
          </Link>
        )}
      </Flex>
      {loading && <Spinner size="sm" color="fg.muted" aria-label="Loading" />}
      {!notFound && <LoadFailure load={record} />}
      {notFound && <Text color="fg.muted">No user data found.</Text>}
      {user && panels?.profile && (
        <>
          <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
            <Flex gap="3" align="center">
              <UserAvatar fullName={user.fullName} size="lg" />
              <Stack gap="0.5">
                <Heading as="h2" size="lg">
                  {user.fullName}
                </Heading>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text color="fg.muted">{user.email}</Text>
                  <StatusBadge
                    status={user.employmentInfo?.employmentStatus ?? null}
                    label={employmentStatusLabel(user.employmentInfo?.employmentStatus)}
                  />
                </Flex>
              </Stack>
            </Flex>
            <ActionsMenu label="Actions" variant="outline">
              <DangerItem value="delete" onSelect={() => actor.send({ type: 'userRecord.delete' })}>
                Delete User
              </DangerItem>
            </ActionsMenu>
          </Flex>
          {deleteError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{deleteError.message}</Alert.Title>
            </Alert.Root>
          )}
          <EditablePanelCard
            actor={panels.profile}
            title="Profile"
            canEdit
            fields={(props) => <ProfileFields {...props} />}
            rows={(values) => [
              ['Full Name', values.fullName ?? ''],
              ['Email', values.email ?? ''],
              ['Role', user.role],
            ]}
          />
          <Card.Root>
            <Card.Body p={{ base: '3', md: '5' }}>
              <RecordTabs
                panels={panels}
                editable={ADMIN_EDITS}
                leaveTypes={leaveTypes}
                dateOfBirth={user.staffInfo?.dateOfBirth ?? null}
                notOnboarded={
                  <NotOnboarded>
                    Not yet onboarded.{' '}
                    <Button asChild variant="plain" colorPalette="teal" p="0" h="auto">
                      <RouterLink href={`/admin/onboard/${user.id}`}>Onboard</RouterLink>
                    </Button>
                  </NotOnboarded>
                }
              />
            </Card.Body>
          </Card.Root>
          {separation && user.employmentInfo && (
            <SeparationPanel logic={separation.logic} userId={user.id} manage today={separation.today} />
          )}
          {leave && <UserLeaveSection actor={leave} canRequest />}
          {payslips && <RecordPayslips actor={actor} list={payslips} />}
          {opening && <RecordOpeningBalances actor={opening} />}
        </>
      )}
      <ConfirmDialog
        open={confirming || deleting}
        title="Are you absolutely sure?"
        description="This action cannot be undone. This will permanently delete this user's account and remove his/her data from our servers."
        busy={deleting}
        onConfirm={() => actor.send({ type: 'userRecord.confirmDelete' })}
        onCancel={() => actor.send({ type: 'userRecord.cancelDelete' })}
      />
    </Stack>
  );
}
