import type { SnapshotFrom } from 'xstate';
import { allowanceWarnings as warningsOf } from '../src/domain/leave-policy-form';
import { allowanceLeaveTypes } from '../src/domain/onboarding';
import { officialCpfRatesFor, ratesDifferFromOfficial } from '../src/domain/payment-info';
import { ONBOARDING_STEPS, type onboardingMachine } from './onboarding.machine';
import type { leaveStepMachine, paymentStepMachine } from './onboarding-steps.machine';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;

/** The step on show (0 to 3) while the wizard shows one, else null. */
export function currentStep(s: Snapshot): number | null {
  if (!s.matches('wizard')) return null;
  return ONBOARDING_STEPS.findIndex((step) => s.matches({ wizard: { step } }));
}

/** Step 4's answer is being sent: the step stays on show, disabled. */
export const isSubmitting = (s: Snapshot) => s.hasTag('busy');
export const isConfirmingLeave = (s: Snapshot) => s.matches({ wizard: { leaving: 'confirming' } });

/** Step 4 lists every leave type but Unpaid Leave. */
export const allowanceTypes = (s: Snapshot) => allowanceLeaveTypes(s.context.leaveTypes);

type PaymentStep = SnapshotFrom<typeof paymentStepMachine>;
type LeaveStep = SnapshotFrom<typeof leaveStepMachine>;

/** Step 3: the official rates for the chosen CPF type and section and the birth date of step 1. */
export const officialRates = (s: PaymentStep) =>
  officialCpfRatesFor({
    cpfType: s.context.values.cpfType,
    cpfSection: s.context.values.cpfSection,
    dateOfBirth: s.context.params.dateOfBirth,
  });

/** The admin changed a prefilled rate: the form says so. */
export const ratesDiffer = (s: PaymentStep) => ratesDifferFromOfficial(s.context.values, officialRates(s));

/** Step 4: a value below the law's minimum for the hire date warns beside its field (saving is allowed). */
export const allowanceWarnings = (s: LeaveStep) => warningsOf(s.context.values, s.context.params.minimums);
