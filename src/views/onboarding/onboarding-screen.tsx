import { Button, Card, Flex, Heading, HStack, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent, Observer, SnapshotFrom } from 'xstate';
import { ONBOARDING_STEP_LABELS, type onboardingMachine } from '../../../machines/onboarding.machine';
import {
  allowanceTypes,
  allowanceWarnings,
  currentStep,
  isConfirmingLeave,
  isSubmitting,
  officialRates,
  ratesDiffer,
} from '../../../machines/onboarding.selectors';
import type { leaveStepMachine, paymentStepMachine } from '../../../machines/onboarding-steps.machine';
import type { LeaveTypeRef } from '../../domain/onboarding';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SubmitButton } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';
import { type FormActorRef, useForm } from '../../ui/use-form';
import {
  EmploymentInfoFields,
  type FieldsProps,
  LeaveAllowanceFields,
  PaymentInfoFields,
  StaffInfoFields,
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
  const shown = useSelector(actor, currentStep);
  const user = useSelector(actor, (s) => s.context.user);
  const form = useSelector(actor, (s) => s.context.form) as FormActorRef<Record<string, string>> | null;
  const submitting = useSelector(actor, isSubmitting);
  const confirming = useSelector(actor, isConfirmingLeave);
  const leaveTypes = useSelector(actor, allowanceTypes, shallowEqual);
  const loading = useSelector(actor, (s) => s.matches('loading'));

  if (shown === null || !form) {
    return (
      <Stack gap="2">
        <PageTitle>Onboard Staff</PageTitle>
        {loading && <Spinner size="sm" color="fg.muted" aria-label="Loading" />}
      </Stack>
    );
  }

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
          <StepForm
            key={form.sessionId}
            step={shown}
            form={form}
            submitting={submitting}
            leaveTypes={leaveTypes}
            onPrevious={() => actor.send({ type: 'onboarding.previous' })}
            onCancel={() => actor.send({ type: 'onboarding.leave' })}
          />
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

/** The step on show: its form's fields, and the wizard's Cancel, Previous and Next (Submit on step 4). */
function StepForm({
  step,
  form: actor,
  submitting,
  leaveTypes,
  onPrevious,
  onCancel,
}: {
  step: number;
  form: FormActorRef<Record<string, string>>;
  /** Step 4 was taken and all four are being sent. */
  submitting: boolean;
  leaveTypes: readonly LeaveTypeRef[];
  onPrevious: () => void;
  onCancel: () => void;
}) {
  const form = useForm(actor);
  const props: FieldsProps = {
    values: form.values,
    errors: form.errors as Record<string, string>,
    onChange: (name, value) => actor.send({ type: 'field.change', name, value }),
    onBlur: (name, event) => form.field(name).onBlur(event),
    disabled: submitting,
  };
  return (
    <form noValidate aria-label={STEP_TITLES[step]} onSubmit={form.onSubmit}>
      <Stack gap="6">
        <Heading as="h2" size="md">
          {STEP_TITLES[step]}
        </Heading>
        {step === 0 && <StaffInfoFields {...props} />}
        {step === 1 && <EmploymentInfoFields {...props} />}
        {step === 2 && <PaymentStepFields {...props} actor={actor} />}
        {step === 3 && <LeaveStepFields {...props} actor={actor} leaveTypes={leaveTypes} />}
        <Flex justify="space-between" gap="3" wrap="wrap">
          <Button variant="ghost" disabled={submitting} onClick={onCancel}>
            Cancel
          </Button>
          <HStack gap="3">
            <Button variant="outline" disabled={step === 0 || submitting} onClick={onPrevious}>
              Previous
            </Button>
            <SubmitButton loading={submitting}>{step === 3 ? 'Submit' : 'Next'}</SubmitButton>
          </HStack>
        </Flex>
      </Stack>
    </form>
  );
}

type PaymentStepSnapshot = SnapshotFrom<typeof paymentStepMachine>;
type LeaveStepSnapshot = SnapshotFrom<typeof leaveStepMachine>;

function PaymentStepFields({
  actor,
  ...props
}: FieldsProps & { actor: FormActorRef<Record<string, string>> }) {
  const official = useSelector(
    actor,
    (s) => officialRates(s as unknown as PaymentStepSnapshot),
    shallowEqual,
  );
  const differ = useSelector(actor, (s) => ratesDiffer(s as unknown as PaymentStepSnapshot));
  return <PaymentInfoFields {...props} official={official} ratesDiffer={differ} />;
}

function LeaveStepFields({
  actor,
  leaveTypes,
  ...props
}: FieldsProps & { actor: FormActorRef<Record<string, string>>; leaveTypes: readonly LeaveTypeRef[] }) {
  const warnings = useSelector(
    actor,
    (s) => allowanceWarnings(s as unknown as LeaveStepSnapshot),
    shallowEqual,
  );
  return <LeaveAllowanceFields {...props} leaveTypes={leaveTypes} warnings={warnings} />;
}
