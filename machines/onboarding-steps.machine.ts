import { fromPromise } from 'xstate';
import { type EmploymentInfoBody, employmentInfoBodySchema } from '../src/domain/employment-info';
import type { FormSchema } from '../src/domain/forms';
import { type LeaveAllowanceFormValues, leaveAllowanceFormSchema } from '../src/domain/onboarding';
import {
  emptyPaymentInfoForm,
  type PaymentInfoFormValues,
  paymentInfoFormSchema,
  suggestedSelfHelpGroup,
} from '../src/domain/payment-info';
import { type StaffInfoBody, staffInfoBodySchema } from '../src/domain/staff-info';
import { createFormMachine } from './form';
import { officialCpfRatesFill } from './record-panel-forms';

/**
 * The four steps of the onboarding wizard (spec section 2), each the one form statechart (machines/form.ts)
 * with its step's fields and checks. The wizard (machines/onboarding.machine.ts) opens the step on show,
 * tells it what the other steps hold (the birth date and race of step 1 for step 3, the entitlement for the
 * hire date of step 2 for step 4), and takes it when it validates: a step's "request" only hands it over,
 * since everything is sent at once after step 4.
 */

/** Step 1 (Staff). */
export type StaffStepValues = {
  gender: string;
  nric: string;
  dateOfBirth: string;
  race: string;
  nationality: string;
  addressBlock: string;
  addressStreet: string;
  addressUnit: string;
  addressPostalCode: string;
  foreignAddress: string;
};

/** Step 2 (Employment); a new hire is ACTIVE, so the status is not asked. */
export type EmploymentStepValues = {
  designation: string;
  hireDate: string;
  confirmedDate: string;
  passType: string;
  employmentType: string;
};

/** What step 3 counts with from step 1. */
export interface PaymentStepParams {
  dateOfBirth: string;
  race: string;
}

/** What step 4 counts with: the entitlement the policies give for the hire date of step 2, by leave type id. */
export interface LeaveStepParams {
  suggested: LeaveAllowanceFormValues;
  /** The law's minimum for the hire date (null: none): a value below it warns. */
  minimums: Record<string, number | null>;
}

export const emptyStaffStep: StaffStepValues = {
  gender: '',
  nric: '',
  dateOfBirth: '',
  race: '',
  nationality: '',
  addressBlock: '',
  addressStreet: '',
  addressUnit: '',
  addressPostalCode: '',
  foreignAddress: '',
};
export const emptyEmploymentStep: EmploymentStepValues = {
  designation: '',
  hireDate: '',
  confirmedDate: '',
  passType: '',
  employmentType: '',
};

/** A step's submit: the values are right, the wizard takes them (nothing is sent until step 4). */
const takeStep = { submit: fromPromise(async () => null) };
const request = {
  id: 'takeStep',
  description: 'The step is right: the wizard takes it.',
};
const afterSuccess = {
  description: 'Taken: the wizard shows the next step (after step 4, it sends all four).',
};
// Taking a step cannot fail; a form has a failure toast all the same.
const failureToast = (error: { message: string }) => ({ type: 'error' as const, title: error.message });

export const staffStepMachine = createFormMachine<StaffStepValues, StaffInfoBody, null>({
  id: 'staffStep',
  description:
    'Onboarding step 1: gender, NRIC/FIN, date of birth, race, nationality and the residential address.',
  initialValues: emptyStaffStep,
  schema: staffInfoBodySchema as unknown as FormSchema<StaffStepValues, StaffInfoBody>,
  request,
  failureToast,
  afterSuccess,
}).provide({ actors: takeStep as never });

export const employmentStepMachine = createFormMachine<EmploymentStepValues, EmploymentInfoBody, null>({
  id: 'employmentStep',
  description: 'Onboarding step 2: designation, hire and confirmed dates, pass type, employment type.',
  initialValues: emptyEmploymentStep,
  schema: employmentInfoBodySchema as unknown as FormSchema<EmploymentStepValues, EmploymentInfoBody>,
  request,
  failureToast,
  afterSuccess,
}).provide({ actors: takeStep as never });

export const paymentStepMachine = createFormMachine<PaymentInfoFormValues, unknown, null, PaymentStepParams>({
  id: 'paymentStep',
  description: 'Onboarding step 3: salary, CPF type, section and rates, self-help group, bank.',
  initialValues: emptyPaymentInfoForm,
  schema: paymentInfoFormSchema as unknown as FormSchema<PaymentInfoFormValues, unknown>,
  fills: [
    {
      // Race suggests the group, until the admin picks one.
      fields: ['selfHelpGroup'],
      from: [],
      fill: (_, { race }) => {
        const group = suggestedSelfHelpGroup(race);
        return group ? { selfHelpGroup: group } : {};
      },
    },
    officialCpfRatesFill<PaymentInfoFormValues, PaymentStepParams>((params) => params.dateOfBirth),
  ],
  request,
  failureToast,
  afterSuccess,
}).provide({ actors: takeStep as never });

export const leaveStepMachine = createFormMachine<
  LeaveAllowanceFormValues,
  { leaveBalances: { leaveTypeId: number; totalDays: number }[] },
  null,
  LeaveStepParams
>({
  id: 'leaveStep',
  description:
    'Onboarding step 4: the allowance of every leave type with a yearly limit, prefilled with the entitlement for the hire date and the gender.',
  initialValues: {},
  schema: leaveAllowanceFormSchema,
  fills: [{ from: [], fill: (_, { suggested }) => suggested }],
  request,
  failureToast,
  afterSuccess,
}).provide({ actors: takeStep as never });
