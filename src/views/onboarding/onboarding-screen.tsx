import { Button, Card, Flex, Heading, HStack, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent, Observer } from 'xstate';
import {
  ONBOARDING_STEP_LABELS,
  type OnboardingSection,
  type onboardingMachine,
} from '../../../machines/onboarding.machine';
import {
  allowanceTypes,
  allowanceWarnings,
  currentStep,
  isConfirmingLeave,
  isSubmitting,
  officialRates,
  ratesDiffer,
} from '../../../machines/onboarding.selectors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SubmitButton } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';
import {
  EmploymentInfoFields,
  LeaveAllowanceFields,
  PaymentInfoFields,
  StaffInfoFields,
  type Values,
} from '../staff-records/record-fields';

const STEP_TITLES = ['Staff Information', 'Employment Information', 'Payment Information', 'Leave Allowance'];

/** /admin/onboard/:id: the 4-step wizard (spec section 2, Admin onboarding). */
export function OnboardingScreen({
  logic,
  userId,
  today,
  inspect,
}: {
  logic: typeof onboardingMachine;
  userId: number | null;
  /** `YYYY-MM-DD` in the company's time zone: step 4's allowances are this year's. */
  today: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { userId, today }, inspect });
  const step = useSelector(actor, currentStep);
  const user = useSelector(actor, (s) => s.context.user);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const submitting = useSelector(actor, isSubmitting);
  const confirming = useSelector(actor, isConfirmingLeave);
  const official = useSelector(actor, officialRates, shallowEqual);
  const differ = useSelector(actor, ratesDiffer);
  const leaveTypes = useSelector(actor, allowanceTypes, shallowEqual);
  const warnings = useSelector(actor, allowanceWarnings, shallowEqual);
  const loading = useSelector(actor, (s) => s.matches('loading'));

  const change = (section: OnboardingSection) => (field: string, value: string) =>
    actor.send({ type: 'onboarding.change', section, changes: { [field]: value } });
  const shown = step;

  if (shown === null) {
    return (
      <Stack gap="2">
        <PageTitle>Onboard Staff</PageTitle>
        {loading && <Spinner size="sm" color="fg.muted" aria-label="Loading" />}
      </Stack>
    );
  }

  const props = { errors, disabled: submitting };
  return (
    <Stack gap="4" maxW="4xl">
      <Stack gap="1">
        <PageTitle>Onboard Staff</PageTitle>
        {user && (
          <Text color="fg.muted" mt="-4">
            {user.fullName} ({user.email})
          </Text>
        )}
      </Stack>
      <Progress.Root value={(shown + 1) * 25} colorPalette="teal" size="sm" aria-label="Onboarding progress">
        <HStack justify="space-between" mb="2">
          <Progress.Label>
            Step {shown + 1} of 4: {ONBOARDING_STEP_LABELS[shown]}
          </Progress.Label>
          <Progress.ValueText />
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
        <HStack as="ol" justify="space-between" mt="2" listStyleType="none" fontSize="sm">
          {ONBOARDING_STEP_LABELS.map((label, index) => (
            <Text
              as="li"
              key={label}
              fontWeight={index === shown ? 'semibold' : 'normal'}
              color={index <= shown ? 'fg' : 'fg.muted'}
              aria-current={index === shown ? 'step' : undefined}
            >
              {index + 1} {label}
            </Text>
          ))}
        </HStack>
      </Progress.Root>
      <Card.Root>
        <Card.Body p={{ base: '4', md: '6' }}>
          <form
            noValidate
            aria-label={STEP_TITLES[shown]}
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: shown === 3 ? 'onboarding.submit' : 'onboarding.next' });
            }}
          >
            <Stack gap="6">
              <Heading as="h2" size="md">
                {STEP_TITLES[shown]}
              </Heading>
              {shown === 0 && (
                <StaffInfoFields
                  {...props}
                  values={values.staff as unknown as Values}
                  onChange={change('staff')}
                />
              )}
              {shown === 1 && (
                <EmploymentInfoFields
                  {...props}
                  values={values.employment as unknown as Values}
                  onChange={change('employment')}
                />
              )}
              {shown === 2 && (
                <PaymentInfoFields
                  {...props}
                  values={values.payment as unknown as Values}
                  onChange={change('payment')}
                  official={official}
                  ratesDiffer={differ}
                />
              )}
              {shown === 3 && (
                <LeaveAllowanceFields
                  {...props}
                  values={values.leave}
                  onChange={change('leave')}
                  leaveTypes={leaveTypes}
                  warnings={warnings}
                />
              )}
              <Flex justify="space-between" gap="3" wrap="wrap">
                <Button
                  variant="ghost"
                  disabled={submitting}
                  onClick={() => actor.send({ type: 'onboarding.leave' })}
                >
                  Cancel
                </Button>
                <HStack gap="3">
                  <Button
                    variant="outline"
                    disabled={shown === 0 || submitting}
                    onClick={() => actor.send({ type: 'onboarding.previous' })}
                  >
                    Previous
                  </Button>
                  <SubmitButton loading={submitting}>{shown === 3 ? 'Submit' : 'Next'}</SubmitButton>
                </HStack>
              </Flex>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={confirming}
        title="Leave onboarding?"
        description="Leaving discards all progress on this onboarding."
        confirmLabel="Leave"
        busy={false}
        onConfirm={() => actor.send({ type: 'onboarding.discard' })}
        onCancel={() => actor.send({ type: 'onboarding.stay' })}
      />
    </Stack>
  );
}
