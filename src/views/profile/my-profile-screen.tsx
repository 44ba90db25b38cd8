import { Card, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent, Observer } from 'xstate';
import type { userRecordMachine } from '../../../machines/user-record.machine';
import type { SeparationPanelLogic } from '../../actors/separation-panel.actors';
import { PageTitle } from '../../ui/page-title';
import { UserAvatar } from '../../ui/user-avatar';
import { UserLeaveSection } from '../leave/user-leave';
import { LoadFailure, useLoading } from '../load/load-view';
import { ReadOnlyRows } from '../staff-records/record-fields';
import { NotOnboarded, RecordTabs } from '../staff-records/record-tabs';
import { SeparationPanel } from '../staff-records/separation-panel';

/** STAFF change their own staff info; employment, payment and allowances are the administrator's. */
const STAFF_EDITS = new Set(['staffInfo'] as const);

/** /staff/profile: the read-only block, the four tabs, then the user's leave (spec section 2, My profile). */
export function MyProfileScreen({
  logic,
  userId,
  inspect,
  separation,
}: {
  /** The user record with its panels and leave (machines/user-record.machine.ts). */
  logic: typeof userRecordMachine;
  userId: number;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Their key employment terms and resignation (issue 35), once they are onboarded. */
  separation?: { logic: SeparationPanelLogic; today: string };
}) {
  const actor = useActorRef(logic, { input: { userId }, inspect });
  const user = useSelector(actor, (s) => s.context.user);
  const leaveTypes = useSelector(actor, (s) => s.context.leaveTypes);
  const panels = useSelector(actor, (s) => s.context.panels);
  const leave = useSelector(actor, (s) => s.context.leave);
  const record = useSelector(actor, (s) => s.context.record);
  const notFound = useSelector(actor, (s) => s.matches('notFound'));
  const loading = useLoading(record) && !notFound;

  return (
    <Stack gap="5">
      <PageTitle>My Profile</PageTitle>
      {loading && <Spinner size="sm" color="fg.muted" aria-label="Loading" />}
      {!notFound && <LoadFailure load={record} />}
      {user && panels && (
        <Flex gap="5" direction={{ base: 'column', lg: 'row' }} align="flex-start">
          <Card.Root w={{ base: 'full', lg: '72' }} flexShrink={0}>
            <Card.Body gap="4" p={{ base: '4', md: '6' }}>
              <Flex gap="3" align="center">
                <UserAvatar fullName={user.fullName} size="lg" />
                <Heading as="h2" size="md">
                  {user.fullName}
                </Heading>
              </Flex>
              <ReadOnlyRows
                columns={1}
                rows={[
                  ['Name', user.fullName],
                  ['Email', user.email],
                  ['Role', user.role],
                ]}
              />
            </Card.Body>
          </Card.Root>
          <Card.Root flex="1" minW="0" w="full">
            <Card.Body p={{ base: '3', md: '5' }}>
              <RecordTabs
                panels={panels}
                editable={STAFF_EDITS}
                nricLocked
                leaveTypes={leaveTypes}
                dateOfBirth={user.staffInfo?.dateOfBirth ?? null}
                notOnboarded={<NotOnboarded>Your records have not been set up yet.</NotOnboarded>}
              />
            </Card.Body>
          </Card.Root>
        </Flex>
      )}
      {separation && user?.employmentInfo && (
        <SeparationPanel logic={separation.logic} userId={user.id} manage={false} today={separation.today} />
      )}
      {user && leave && <UserLeaveSection actor={leave} canRequest={false} />}
      {!loading && !user && <Text color="fg.muted">Your profile could not be loaded.</Text>}
    </Stack>
  );
}
