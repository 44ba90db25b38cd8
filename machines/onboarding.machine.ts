import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { employmentInfoBodySchema } from '../src/domain/employment-info';
import { bodyFieldErrors } from '../src/domain/forms';
import type { LeaveTypePolicy } from '../src/domain/leave-policies';
import { suggestedAllowances } from '../src/domain/leave-policy-form';
import { staffToasts } from '../src/domain/messages/staff';
import {
  allowanceLeaveTypes,
  type LeaveAllowanceFormValues,
  type LeaveTypeRef,
  ONBOARD_INVALID_ACCESS,
  type OnboardInput,
  parseLeaveAllowanceForm,
} from '../src/domain/onboarding';
import {
  emptyPaymentInfoForm,
  officialCpfRatesFor,
  type PaymentInfoFormValues,
  paymentInfoFormSchema,
  suggestedSelfHelpGroup,
  withOfficialCpfRates,
} from '../src/domain/payment-info';
import { NRIC_TAKEN, staffInfoBodySchema } from '../src/domain/staff-info';
import type { UserDetail } from '../src/domain/users';
import { notProvided, type ToastParams } from './effects';

/** Step 1 (Staff): text and select values as the form holds them. */
/** Messages by field name, one per field. */
type Errors = Record<string, string>;

export type StaffStepValues = {
  gender: string;
  nric: string;
  dateOfBirth: string;
  race: string;
  nationality: string;
};

/** Step 2 (Employment); a new hire is ACTIVE. */
export type EmploymentStepValues = {
  designation: string;
  hireDate: string;
  confirmedDate: string;
  passType: string;
  employmentType: string;
};

export interface OnboardingValues {
  staff: StaffStepValues;
  employment: EmploymentStepValues;
  payment: PaymentInfoFormValues;
  /** Step 4: allowance days by leave type id. */
  leave: LeaveAllowanceFormValues;
}

export type OnboardingSection = keyof OnboardingValues;

export interface OnboardingContext {
  userId: number | null;
  user: UserDetail | null;
  leaveTypes: LeaveTypeRef[];
  values: OnboardingValues;
  /** Messages of the step on show, by field ('leave' for step 4's one message). */
  errors: Errors;
  /** The step last shown (0 to 3): it stays on screen behind the leave question and while submitting. */
  step: number;
  /** Once the admin picks a self-help group, race no longer suggests one. */
  isSelfHelpGroupChosen: boolean;
  error: ApiError | null;
  /** `YYYY-MM-DD`: step 4's allowances are this year's. */
  today: string;
  /** The leave policies: step 4 is prefilled with the entitlement they give for the hire date of step 2. */
  policies: LeaveTypePolicy[];
  /** Step 4's fields the admin typed in: those keep what was typed when the hire date changes. */
  leaveEdited: string[];
  /** The law's minimum of each leave type for the hire date (null: none): a value below it warns. */
  leaveMinimums: Record<string, number | null>;
}

export interface OnboardingInput {
  /** The :id of /admin/onboard/:id, or null when it is not a number. */
  userId: number | null;
  /** `YYYY-MM-DD` in the company's time zone. */
  today: string;
}

export type OnboardingEvent =
  /** One field as the user types; several at once where a test or a paste fills a step. */
  | { type: 'onboarding.change'; section: OnboardingSection; changes: Record<string, string> }
  | { type: 'onboarding.next' }
  | { type: 'onboarding.previous' }
  | { type: 'onboarding.submit' }
  | { type: 'onboarding.leave' }
  | { type: 'onboarding.stay' }
  | { type: 'onboarding.discard' };

export interface OnboardingData {
  user: UserDetail | null;
  leaveTypes: LeaveTypeRef[];
  /** GET /leave-policies (none: step 4 starts empty). */
  policies?: LeaveTypePolicy[];
}

export const ONBOARDING_STEPS = ['staff', 'employment', 'payment', 'leave'] as const;
export const ONBOARDING_STEP_LABELS = ['Staff', 'Employment', 'Payment', 'Leave'] as const;

export const emptyOnboardingValues: OnboardingValues = {
  staff: { gender: '', nric: '', dateOfBirth: '', race: '', nationality: '' },
  employment: { designation: '', hireDate: '', confirmedDate: '', passType: '', employmentType: '' },
  payment: emptyPaymentInfoForm,
  leave: {},
};

const staffErrors = (values: OnboardingValues) => bodyFieldErrors(staffInfoBodySchema, values.staff);
const employmentErrors = (values: OnboardingValues) =>
  bodyFieldErrors(employmentInfoBodySchema, values.employment);
const paymentErrors = (values: OnboardingValues) => bodyFieldErrors(paymentInfoFormSchema, values.payment);
const leaveErrors = (context: OnboardingContext): Errors => {
  const parsed = parseLeaveAllowanceForm(context.leaveTypes, context.values.leave);
  return parsed.ok ? {} : { leave: parsed.message };
};

/** Everything the four steps collected, as POST /users/{id}/onboard takes it. */
export function onboardingBody(context: Pick<OnboardingContext, 'values' | 'leaveTypes'>): OnboardInput {
  const leave = parseLeaveAllowanceForm(context.leaveTypes, context.values.leave);
  return {
    staffInfo: context.values.staff as OnboardInput['staffInfo'],
    employmentInfo: {
      ...context.values.employment,
      employmentStatus: 'ACTIVE',
    } as OnboardInput['employmentInfo'],
    paymentInfo: paymentInfoFormSchema.parse(context.values.payment),
    leaveBalances: leave.ok ? leave.leaveBalances : [],
  };
}

/** The official rates for the chosen CPF type and section and the birth date of step 1. */
export const officialRatesOf = (values: OnboardingValues) =>
  officialCpfRatesFor({
    cpfType: values.payment.cpfType,
    cpfSection: values.payment.cpfSection,
    dateOfBirth: values.staff.dateOfBirth,
  });

/** Choosing a CPF type or section fills in the official rates; NONE clears them. */
const withPrefilledRates = (values: OnboardingValues): OnboardingValues => ({
  ...values,
  payment: withOfficialCpfRates(values.payment, values.staff.dateOfBirth),
});

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
  },
  actors: {
    loadOnboarding: fromPromise<OnboardingData, { userId: number | null }>(
      notProvided('onboarding', 'loadOnboarding'),
    ),
    onboard: fromPromise<UserDetail, { userId: number; body: OnboardInput }>(
      notProvided('onboarding', 'onboard'),
    ),
    /** The browser's own warning on reload or close, and in-app links turned into onboarding.leave. */
    guardLeaving: fromCallback(notProvided('onboarding', 'guardLeaving')),
  },
  actions: {
    notify: notProvided('onboarding', 'notify') as (_: unknown, params: ToastParams) => void,
    navigate: notProvided('onboarding', 'navigate') as (_: unknown, params: { to: string }) => void,
    showErrors: assign({ errors: (_, params: { errors: Errors }) => params.errors }),
    clearErrors: assign({ errors: {} }),
    showStep: assign({ step: (_, params: { step: number }) => params.step }),
    /**
     * Step 4 shows this year's entitlement by the policies for the hire date of step 2 (the employment is
     * not saved yet, so it is computed here); a field the admin typed in keeps what was typed.
     */
    prefillAllowances: assign(({ context }) => {
      const suggestion = suggestedAllowances(
        context.policies,
        context.values.employment.hireDate,
        Number(context.today.slice(0, 4)),
      );
      const leave = Object.fromEntries(
        Object.entries(context.values.leave).map(([id, value]) => [
          id,
          context.leaveEdited.includes(id) ? value : (suggestion.values[id] ?? value),
        ]),
      );
      return { values: { ...context.values, leave }, leaveMinimums: suggestion.minimums };
    }),
    suggestPaymentChoices: assign(({ context }) => {
      const suggested = suggestedSelfHelpGroup(context.values.staff.race);
      const payment =
        context.isSelfHelpGroupChosen || !suggested
          ? context.values.payment
          : { ...context.values.payment, selfHelpGroup: suggested };
      const values = { ...context.values, payment };
      // Rates follow the birth date of step 1 until the admin types their own.
      const needsRates = payment.cpfType !== '' && payment.employeeCpfContributionRate === '';
      return { values: needsRates ? withPrefilledRates(values) : values };
    }),
  },
  guards: {
    isOnboardable: (_, params: OnboardingData) =>
      params.user !== null &&
      params.user.role === 'STAFF' &&
      !params.user.staffInfo &&
      !params.user.employmentInfo &&
      !params.user.paymentInfo,
    isStaffStepValid: ({ context }) => Object.keys(staffErrors(context.values)).length === 0,
    isEmploymentStepValid: ({ context }) => Object.keys(employmentErrors(context.values)).length === 0,
    isPaymentStepValid: ({ context }) => Object.keys(paymentErrors(context.values)).length === 0,
    isLeaveStepValid: ({ context }) => Object.keys(leaveErrors(context)).length === 0,
    isNricRefused: (_, params: { error: ApiError }) => params.error.message === NRIC_TAKEN,
  },
}).createMachine({
  id: 'onboarding',
  description: 'The onboarding wizard (/admin/onboard/:id): four steps, one submit.',
  context: ({ input }) => ({
    userId: input.userId,
    user: null,
    leaveTypes: [],
    values: emptyOnboardingValues,
    errors: {},
    step: 0,
    isSelfHelpGroupChosen: false,
    error: null,
    today: input.today,
    policies: [],
    leaveEdited: [],
    leaveMinimums: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /users/{id} and GET /leave-types.',
      invoke: {
        id: 'loadOnboarding',
        src: 'loadOnboarding',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          {
            guard: { type: 'isOnboardable', params: ({ event }) => event.output },
            target: 'wizard',
            actions: assign(({ context, event }) => ({
              user: event.output.user,
              leaveTypes: event.output.leaveTypes,
              policies: event.output.policies ?? [],
              values: {
                ...context.values,
                leave: Object.fromEntries(
                  allowanceLeaveTypes(event.output.leaveTypes).map((type) => [String(type.id), '']),
                ),
              },
            })),
          },
          { target: 'invalidAccess', description: 'No such user, not STAFF, or onboarded already.' },
        ],
        onError: { target: 'invalidAccess' },
      },
    },
    invalidAccess: {
      description: "'Invalid access' and back to the staff list.",
      type: 'final',
      entry: [
        {
          type: 'notify',
          params: {
            type: 'error',
            title: ONBOARD_INVALID_ACCESS.title,
            description: ONBOARD_INVALID_ACCESS.description,
          },
        },
        { type: 'navigate', params: { to: '/admin/users' } },
      ],
    },
    wizard: {
      description: 'The four steps under a progress bar; leaving asks first.',
      initial: 'staff',
      invoke: { id: 'guardLeaving', src: 'guardLeaving' },
      on: {
        'onboarding.change': {
          description: 'A field changes; choosing a CPF type or section fills in the official rates.',
          actions: assign(({ context, event }) => {
            const section = { ...context.values[event.section], ...event.changes };
            let values = { ...context.values, [event.section]: section } as OnboardingValues;
            const changed = Object.keys(event.changes);
            const choosesCpf = changed.includes('cpfType') || changed.includes('cpfSection');
            const typesRates = changed.some((field) => field.endsWith('CpfContributionRate'));
            if (event.section === 'payment' && choosesCpf && !typesRates) values = withPrefilledRates(values);
            const errors = Object.fromEntries(
              Object.entries(context.errors).filter(([field]) => !changed.includes(field)),
            );
            return {
              values,
              leaveEdited:
                event.section === 'leave'
                  ? [...new Set([...context.leaveEdited, ...changed])]
                  : context.leaveEdited,
              errors: event.section === 'leave' ? {} : errors,
              isSelfHelpGroupChosen:
                context.isSelfHelpGroupChosen ||
                (event.section === 'payment' && changed.includes('selfHelpGroup')),
            };
          }),
        },
        'onboarding.leave': { target: 'confirmingLeave', description: 'A link, the back button or Cancel.' },
      },
      states: {
        staff: {
          description: 'Step 1: gender, NRIC/FIN, date of birth, race, nationality.',
          entry: { type: 'showStep', params: { step: 0 } },
          on: {
            'onboarding.next': [
              { guard: 'isStaffStepValid', target: 'employment', actions: 'clearErrors' },
              {
                description: 'Stays, with the messages beside the fields.',
                actions: {
                  type: 'showErrors',
                  params: ({ context }) => ({ errors: staffErrors(context.values) }),
                },
              },
            ],
          },
        },
        employment: {
          description: 'Step 2: designation, hire and confirmed dates, pass type, employment type.',
          entry: { type: 'showStep', params: { step: 1 } },
          on: {
            'onboarding.previous': { target: 'staff', actions: 'clearErrors' },
            'onboarding.next': [
              { guard: 'isEmploymentStepValid', target: 'payment', actions: 'clearErrors' },
              {
                description: 'Stays, with the messages beside the fields.',
                actions: {
                  type: 'showErrors',
                  params: ({ context }) => ({ errors: employmentErrors(context.values) }),
                },
              },
            ],
          },
        },
        payment: {
          description: 'Step 3: salary, CPF type, section and rates, self-help group, bank.',
          entry: [{ type: 'showStep', params: { step: 2 } }, 'suggestPaymentChoices'],
          on: {
            'onboarding.previous': { target: 'employment', actions: 'clearErrors' },
            'onboarding.next': [
              { guard: 'isPaymentStepValid', target: 'leave', actions: 'clearErrors' },
              {
                description: 'Stays, with the messages beside the fields.',
                actions: {
                  type: 'showErrors',
                  params: ({ context }) => ({ errors: paymentErrors(context.values) }),
                },
              },
            ],
          },
        },
        leave: {
          description:
            'Step 4: the allowance of every leave type but Unpaid Leave, prefilled with the entitlement for the hire date.',
          entry: [{ type: 'showStep', params: { step: 3 } }, 'prefillAllowances'],
          on: {
            'onboarding.previous': { target: 'payment', actions: 'clearErrors' },
            'onboarding.submit': [
              { guard: 'isLeaveStepValid', target: '#onboarding.submitting', actions: 'clearErrors' },
              {
                description: "Stays, with 'Please fill in for all leave types.'",
                actions: { type: 'showErrors', params: ({ context }) => ({ errors: leaveErrors(context) }) },
              },
            ],
          },
        },
        resumed: {
          description: 'Back from the leave question, at the step left.',
          type: 'history',
        },
      },
    },
    confirmingLeave: {
      description: 'Asks whether to leave: leaving discards everything entered.',
      on: {
        'onboarding.stay': { target: 'wizard.resumed' },
        'onboarding.discard': { target: 'discarded' },
      },
    },
    discarded: {
      description: 'Progress discarded; back to the staff list.',
      type: 'final',
      entry: { type: 'navigate', params: { to: '/admin/users' } },
    },
    submitting: {
      description: 'POST /users/{id}/onboard with all four steps.',
      invoke: {
        id: 'onboard',
        src: 'onboard',
        input: ({ context }) => ({ userId: context.userId ?? 0, body: onboardingBody(context) }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'notify', params: staffToasts.onboarded },
            { type: 'navigate', params: { to: '/admin/users' } },
          ],
        },
        onError: [
          {
            guard: { type: 'isNricRefused', params: ({ event }) => ({ error: toApiError(event.error) }) },
            target: 'wizard.staff',
            description: 'The NRIC/FIN belongs to someone else: back to step 1 with the message.',
            actions: [
              assign(({ event }) => ({
                error: toApiError(event.error),
                errors: { nric: toApiError(event.error).message },
              })),
              {
                type: 'notify',
                params: ({ event }) => ({ type: 'error', title: toApiError(event.error).message }),
              },
            ],
          },
          {
            target: 'wizard.leave',
            description: "The server's message in a toast; everything entered stays.",
            actions: [
              assign({ error: ({ event }) => toApiError(event.error) }),
              {
                type: 'notify',
                params: ({ event }) => ({ type: 'error', title: toApiError(event.error).message }),
              },
            ],
          },
        ],
      },
    },
    done: {
      description: "'User onboarded successfully' and back to the staff list.",
      type: 'final',
    },
  },
});
