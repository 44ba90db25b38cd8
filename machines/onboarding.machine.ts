import { type ActorRefFrom, assign, fromCallback, fromPromise, setup, stopChild } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import type { FieldErrors, FormValues } from '../src/domain/forms';
import type { LeaveTypePolicy } from '../src/domain/leave-policies';
import { suggestedAllowances } from '../src/domain/leave-policy-form';
import { staffToasts } from '../src/domain/messages/staff';
import {
  allowanceLeaveTypes,
  type LeaveAllowanceFormValues,
  type LeaveTypeRef,
  leaveAllowanceFormSchema,
  ONBOARD_INVALID_ACCESS,
  type OnboardInput,
} from '../src/domain/onboarding';
import {
  emptyPaymentInfoForm,
  type PaymentInfoFormValues,
  paymentInfoFormSchema,
} from '../src/domain/payment-info';
import type { UserDetail } from '../src/domain/users';
import { notProvided, type ToastParams } from './effects';
import {
  type EmploymentStepValues,
  employmentStepMachine,
  emptyEmploymentStep,
  emptyStaffStep,
  leaveStepMachine,
  paymentStepMachine,
  type StaffStepValues,
  staffStepMachine,
} from './onboarding-steps.machine';

export interface OnboardingValues {
  staff: StaffStepValues;
  employment: EmploymentStepValues;
  payment: PaymentInfoFormValues;
  /** Step 4: allowance days by leave type id. */
  leave: LeaveAllowanceFormValues;
}

export type OnboardingSection = keyof OnboardingValues;

/** A step as the admin left it: what it holds, the fields typed in, and the server's refusals. */
export interface StepAsLeft<TValues extends FormValues> {
  values: TValues;
  edited: Partial<Record<keyof TValues & string, true>>;
  refused: FieldErrors<TValues>;
}

export type OnboardingSteps = { [S in OnboardingSection]: StepAsLeft<OnboardingValues[S]> };

export type StepFormRef =
  | ActorRefFrom<typeof staffStepMachine>
  | ActorRefFrom<typeof employmentStepMachine>
  | ActorRefFrom<typeof paymentStepMachine>
  | ActorRefFrom<typeof leaveStepMachine>;

export interface OnboardingContext {
  userId: number | null;
  user: UserDetail | null;
  leaveTypes: LeaveTypeRef[];
  /** Each step as the admin left it; the step on show is its form (`form`), opened from this. */
  steps: OnboardingSteps;
  /** The form of the step on show (after step 4, the last one, behind the submit). */
  form: StepFormRef | null;
  error: ApiError | null;
  /** `YYYY-MM-DD`: step 4's allowances are this year's. */
  today: string;
  /** The leave policies: step 4 is prefilled with the entitlement they give for the hire date and gender. */
  policies: LeaveTypePolicy[];
}

export interface OnboardingInput {
  /** The :id of /admin/onboard/:id, or null when it is not a number. */
  userId: number | null;
  /** `YYYY-MM-DD` in the company's time zone. */
  today: string;
}

export type OnboardingEvent =
  | { type: 'onboarding.previous' }
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

const fresh = <TValues extends FormValues>(values: TValues): StepAsLeft<TValues> => ({
  values,
  edited: {},
  refused: {},
});

const emptyOnboardingSteps: OnboardingSteps = {
  staff: fresh(emptyStaffStep),
  employment: fresh(emptyEmploymentStep),
  payment: fresh(emptyPaymentInfoForm),
  leave: fresh({}),
};

/** Everything the four steps collected, as POST /users/{id}/onboard takes it. */
export function onboardingBody(steps: OnboardingSteps): OnboardInput {
  return {
    staffInfo: steps.staff.values as OnboardInput['staffInfo'],
    employmentInfo: {
      ...steps.employment.values,
      employmentStatus: 'ACTIVE',
    } as OnboardInput['employmentInfo'],
    paymentInfo: paymentInfoFormSchema.parse(steps.payment.values),
    leaveBalances: leaveAllowanceFormSchema.parse(steps.leave.values).leaveBalances,
  };
}

/**
 * Step 4's entitlement for the hire date of step 2 and the gender of step 1, in this year (the records are
 * not saved yet).
 */
const leaveSuggestion = (context: Pick<OnboardingContext, 'policies' | 'steps' | 'today'>) =>
  suggestedAllowances(
    context.policies,
    context.steps.employment.values.hireDate,
    Number(context.today.slice(0, 4)),
    context.steps.staff.values.gender,
  );

/** A step's form, opened from the step as left. */
const stepInput = (context: OnboardingContext, section: OnboardingSection) => ({
  values: context.steps[section].values,
  edited: context.steps[section].edited,
  refused: context.steps[section].refused,
});

/** A step state: its form opens on entry, is kept and closed on exit, and its answer moves the wizard on. */
const step = (
  section: Exclude<OnboardingSection, 'leave'>,
  config: {
    description: string;
    open: 'openStaff' | 'openEmployment' | 'openPayment';
    next: string;
    previous?: string;
  },
) => ({
  description: config.description,
  entry: config.open,
  exit: [{ type: 'keepStep' as const, params: { section } }, { type: 'closeStep' as const }],
  on: {
    [`xstate.done.actor.${section}Step`]: {
      target: config.next,
      description: 'The step is right: on to the next.',
    },
    ...(config.previous
      ? { 'onboarding.previous': { target: config.previous, description: 'Back, keeping what was typed.' } }
      : {}),
  },
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
    /** POST /users/{id}/onboard with the body the four steps make (`onboardingBody`). */
    onboard: fromPromise<UserDetail, { userId: number; steps: OnboardingSteps }>(
      notProvided('onboarding', 'onboard'),
    ),
    /** The browser's own warning on reload or close, and in-app links turned into onboarding.leave. */
    guardLeaving: fromCallback(notProvided('onboarding', 'guardLeaving')),
    staffStep: staffStepMachine,
    employmentStep: employmentStepMachine,
    paymentStep: paymentStepMachine,
    leaveStep: leaveStepMachine,
  },
  actions: {
    notify: notProvided('onboarding', 'notify') as (_: unknown, params: ToastParams) => void,
    navigate: notProvided('onboarding', 'navigate') as (_: unknown, params: { to: string }) => void,
    /** The step on show, kept as the admin leaves it (Previous, taken, or the submit's answer). */
    keepStep: assign(({ context }, { section }: { section: OnboardingSection }) => {
      const form = context.form?.getSnapshot().context;
      if (!form) return {};
      const { values, edited, refused } = form;
      return { steps: { ...context.steps, [section]: { values, edited, refused } } };
    }),
    closeStep: stopChild(({ context }) => context.form ?? ''),
    openStaff: assign({
      form: ({ context, spawn }) =>
        spawn('staffStep', { id: 'staffStep', input: { params: {}, ...stepInput(context, 'staff') } }),
    }),
    openEmployment: assign({
      form: ({ context, spawn }) =>
        spawn('employmentStep', {
          id: 'employmentStep',
          input: { params: {}, ...stepInput(context, 'employment') },
        }),
    }),
    /** Step 3 counts with the birth date and race of step 1 (the official CPF rates, the self-help group). */
    openPayment: assign({
      form: ({ context, spawn }) =>
        spawn('paymentStep', {
          id: 'paymentStep',
          input: {
            params: {
              dateOfBirth: context.steps.staff.values.dateOfBirth,
              race: context.steps.staff.values.race,
            },
            ...stepInput(context, 'payment'),
          },
        }),
    }),
    /** Step 4 is prefilled with the entitlement the policies give for the hire date and the gender. */
    openLeave: assign({
      form: ({ context, spawn }) => {
        const suggestion = leaveSuggestion(context);
        return spawn('leaveStep', {
          id: 'leaveStep',
          input: {
            params: { suggested: suggestion.values, minimums: suggestion.minimums },
            ...stepInput(context, 'leave'),
          },
        });
      },
    }),
  },
  guards: {
    isOnboardable: (_, params: OnboardingData) =>
      params.user !== null &&
      params.user.role === 'STAFF' &&
      !params.user.staffInfo &&
      !params.user.employmentInfo &&
      !params.user.paymentInfo,
    isNricRefused: (_, params: { error: ApiError }) => params.error.code === 'NRIC_TAKEN',
  },
}).createMachine({
  id: 'onboarding',
  description: 'The onboarding wizard (/admin/onboard/:id): four steps, each a form, then one submit.',
  context: ({ input }) => ({
    userId: input.userId,
    user: null,
    leaveTypes: [],
    steps: emptyOnboardingSteps,
    form: null,
    error: null,
    today: input.today,
    policies: [],
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
              steps: {
                ...context.steps,
                leave: fresh(
                  Object.fromEntries(
                    allowanceLeaveTypes(event.output.leaveTypes).map((type) => [String(type.id), '']),
                  ),
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
      type: 'parallel',
      invoke: { id: 'guardLeaving', src: 'guardLeaving' },
      states: {
        step: {
          description:
            'The step on show: its form, which the admin fills and sends with Next (Submit on step 4).',
          initial: 'staff',
          states: {
            staff: step('staff', {
              open: 'openStaff',
              description: 'Step 1: gender, NRIC/FIN, date of birth, race, nationality.',
              next: 'employment',
            }),
            employment: step('employment', {
              open: 'openEmployment',
              description: 'Step 2: designation, hire and confirmed dates, pass type, employment type.',
              next: 'payment',
              previous: 'staff',
            }),
            payment: step('payment', {
              open: 'openPayment',
              description:
                'Step 3: salary, CPF type, section and rates (the official ones for the birth date), self-help group (suggested by race), bank.',
              next: 'leave',
              previous: 'employment',
            }),
            leave: {
              description:
                'Step 4: the allowance of every leave type but Unpaid Leave, prefilled with the entitlement for the hire date and the gender.',
              entry: 'openLeave',
              exit: [{ type: 'keepStep', params: { section: 'leave' } }, 'closeStep'],
              initial: 'editing',
              states: {
                editing: {
                  description: 'The admin checks the allowances.',
                  on: {
                    'xstate.done.actor.leaveStep': {
                      target: 'submitting',
                      description: 'Step 4 is right: all four steps are sent.',
                      actions: { type: 'keepStep', params: { section: 'leave' } },
                    },
                    'onboarding.previous': {
                      target: '#onboarding.wizard.step.payment',
                      description: 'Back, keeping what was typed.',
                    },
                  },
                },
                submitting: {
                  description:
                    'POST /users/{id}/onboard with all four steps; step 4 stays on show, disabled.',
                  tags: ['busy'],
                  invoke: {
                    id: 'onboard',
                    src: 'onboard',
                    input: ({ context }) => ({ userId: context.userId ?? 0, steps: context.steps }),
                    onDone: {
                      target: '#onboarding.done',
                      actions: [
                        { type: 'notify', params: staffToasts.onboarded },
                        { type: 'navigate', params: { to: '/admin/users' } },
                      ],
                    },
                    onError: [
                      {
                        guard: {
                          type: 'isNricRefused',
                          params: ({ event }) => ({ error: toApiError(event.error) }),
                        },
                        target: '#onboarding.wizard.step.staff',
                        description:
                          'The NRIC/FIN belongs to someone else: back to step 1 with the message beside it.',
                        actions: [
                          assign(({ context, event }) => ({
                            error: toApiError(event.error),
                            steps: {
                              ...context.steps,
                              staff: {
                                ...context.steps.staff,
                                refused: { nric: toApiError(event.error).message },
                              },
                            },
                          })),
                          {
                            type: 'notify',
                            params: ({ event }) => ({
                              type: 'error',
                              title: toApiError(event.error).message,
                            }),
                          },
                        ],
                      },
                      {
                        target: '#onboarding.wizard.step.leave',
                        reenter: true,
                        description:
                          "The server's message in a toast; everything entered stays, step 4 open again.",
                        actions: [
                          assign({ error: ({ event }) => toApiError(event.error) }),
                          {
                            type: 'notify',
                            params: ({ event }) => ({
                              type: 'error',
                              title: toApiError(event.error).message,
                            }),
                          },
                        ],
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        leaving: {
          description: 'Whether the admin is being asked before leaving.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No question showing.',
              on: {
                'onboarding.leave': {
                  target: 'confirming',
                  description: 'A link, the back button or Cancel.',
                },
              },
            },
            confirming: {
              description: 'Asks whether to leave: leaving discards everything entered.',
              on: {
                'onboarding.stay': { target: 'idle', description: 'Stays, at the step as it was.' },
                'onboarding.discard': { target: '#onboarding.discarded' },
              },
            },
          },
        },
      },
    },
    discarded: {
      description: 'Progress discarded; back to the staff list.',
      type: 'final',
      entry: { type: 'navigate', params: { to: '/admin/users' } },
    },
    done: {
      description: "'User onboarded successfully' and back to the staff list.",
      type: 'final',
    },
  },
});
