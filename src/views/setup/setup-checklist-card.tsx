import { Badge, Card, Heading, HStack, IconButton, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link as RouterLink } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import type { LoadActorRef } from '../../../machines/load.machine';
import type { SetupChecklistLogic } from '../../actors/setup-checklist.actors';
import type { SetupStepKey } from '../../domain/setup';
import { CloseIcon } from '../../ui/icons';
import { LoadFailure, useLoading } from '../load/load-view';

/** What each step is called and where it is done (a new step adds its line here). */
const STEP_TEXT: Record<SetupStepKey, { label: string; href: string; import?: string }> = {
  companyParticulars: { label: 'Company particulars', href: '/admin/company' },
  bankAccounts: { label: 'Bank accounts to pay salaries from', href: '/admin/company' },
  leavePolicies: { label: 'Leave policies', href: '/admin/leave-policies' },
  publicHolidays: { label: 'Public holidays', href: '/admin/public-holidays' },
  staff: {
    label: 'Staff registered and onboarded',
    href: '/admin/register',
    import: '/admin/import?kind=staff',
  },
  openingBalances: {
    label: 'Opening balances: the year so far of pay and leave',
    href: '/admin/users',
    import: '/admin/import?kind=opening-ytd',
  },
  payroll: { label: 'First payroll month processed', href: '/admin/process-pay' },
};

function Fetching({ load }: { load: LoadActorRef }) {
  const loading = useLoading(load);
  return (
    <>
      {loading && <Skeleton height="24" data-testid="setup-skeleton" />}
      <LoadFailure load={load} />
    </>
  );
}

/** The first administrator's setup checklist (issue 38), on the dashboard while a step is left. */
export function SetupChecklistCard({
  logic,
  dismissed,
  inspect,
}: {
  logic: SetupChecklistLogic;
  dismissed: boolean;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const checklist = useActorRef(logic, { input: { dismissed }, inspect });
  const view = useSelector(checklist, (s) => ({
    hidden: s.matches('hidden'),
    fetching: s.matches('fetching'),
    load: s.context.setup,
    steps: s.context.steps,
  }));
  if (view.hidden || !view.load) return null;
  const left = view.steps.filter((step) => !step.done).length;
  return (
    <Card.Root as="section" aria-labelledby="setup-checklist-title">
      <Card.Body gap="3" p={{ base: '4', md: '6' }}>
        <HStack justify="space-between" align="flex-start">
          <Stack gap="1">
            <Heading as="h2" size="md" id="setup-checklist-title">
              Set up your company
            </Heading>
            {!view.fetching && (
              <Text color="fg.muted" fontSize="sm">
                {left === 1 ? '1 step left' : `${left} steps left`}
              </Text>
            )}
          </Stack>
          {!view.fetching && (
            <IconButton
              aria-label="Dismiss the setup checklist"
              title="Dismiss for this session"
              variant="ghost"
              size="sm"
              onClick={() => checklist.send({ type: 'checklist.dismiss' })}
            >
              <CloseIcon />
            </IconButton>
          )}
        </HStack>
        {view.fetching ? (
          <Fetching load={view.load} />
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" ps="0">
            {view.steps.map((step) => (
              <HStack as="li" key={step.key} gap="3" align="flex-start" wrap="wrap">
                <Badge
                  colorPalette={step.done ? 'green' : 'orange'}
                  variant="subtle"
                  minW="16"
                  justifyContent="center"
                >
                  {step.done ? 'Done' : 'To do'}
                </Badge>
                <Stack gap="0" flex="1" minW="40">
                  <HStack gap="2" wrap="wrap">
                    <Link asChild fontWeight="medium" color="teal.fg">
                      <RouterLink href={STEP_TEXT[step.key].href}>{STEP_TEXT[step.key].label}</RouterLink>
                    </Link>
                    {STEP_TEXT[step.key].import && (
                      <Link asChild fontSize="sm" color="teal.fg">
                        <RouterLink href={STEP_TEXT[step.key].import ?? ''}>
                          or import a spreadsheet
                        </RouterLink>
                      </Link>
                    )}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {step.detail}
                  </Text>
                </Stack>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
