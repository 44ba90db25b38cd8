import type { SnapshotFrom } from 'xstate';
import { allowanceWarnings as warningsOf } from '../src/domain/leave-policy-form';
import { allowanceLeaveTypes } from '../src/domain/onboarding';
import { ratesDifferFromOfficial } from '../src/domain/payment-info';
import { ONBOARDING_STEPS, officialRatesOf, type onboardingMachine } from './onboarding.machine';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;

/** The step on show (0 to 3): in the wizard, behind the leave question and while submitting; else null. */
export function currentStep(s: Snapshot): number | null {
  if (s.matches('wizard')) return ONBOARDING_STEPS.findIndex((step) => s.matches({ wizard: step }));
  return s.matches('confirmingLeave') || s.matches('submitting') ? s.context.step : null;
}

export const officialRates = (s: Snapshot) => officialRatesOf(s.context.values);

/** The admin changed a prefilled rate: the form says so. */
export const ratesDiffer = (s: Snapshot) =>
  ratesDifferFromOfficial(s.context.values.payment, officialRates(s));

/** Step 4 lists every leave type but Unpaid Leave. */
export const allowanceTypes = (s: Snapshot) => allowanceLeaveTypes(s.context.leaveTypes);

export const isSubmitting = (s: Snapshot) => s.matches('submitting');
export const isConfirmingLeave = (s: Snapshot) => s.matches('confirmingLeave');

/** Step 4: a value below the law's minimum for the hire date warns beside its field (saving is allowed). */
export const allowanceWarnings = (s: Snapshot) => warningsOf(s.context.values.leave, s.context.leaveMinimums);
