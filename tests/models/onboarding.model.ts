import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, isDialogOpen, openDialog, type RunningApp } from '../machines/harness';
import {
  control,
  fieldName,
  fill,
  nric,
  otherNric,
  prefilled,
  type Section,
  stepForm,
  user,
} from '../machines/onboarding-fixtures';
import { shows } from '../machines/spec-walk';
import { dayMonthYear } from './calendar-words';

/**
 * The onboarding wizard (/admin/onboard/:id) as spec section 2 (Admin onboarding), 4 (Onboarding), 7 (POST
 * /users/{id}/onboard), 8 (Onboard toasts) and 9 (4 steps) describe it: four steps in the order 1 Staff,
 * 2 Employment, 3 Payment, 4 Leave; Previous goes back keeping what was typed; Next advances only when the
 * step is right; Submit on step 4 posts everything at once, then a toast and /admin/users. Leaving before
 * the end asks first and discards everything; an id that cannot be onboarded gives 'Invalid access'. Ours
 * (the spec names no text): a taken NRIC/FIN sends the admin back to step 1 with the server's message.
 */

/** Spec section 2: the steps, in order. */
export const STEPS: readonly Section[] = ['staff', 'employment', 'payment', 'leave'];
const STEP_NAMES = ['Staff', 'Employment', 'Payment', 'Leave'];
const WIZARD_PATH = `/admin/onboard/${user.id}`;
const LEAVE_QUESTION = 'Leave onboarding?';

/** The server's refusal of an NRIC/FIN registered to someone else (ours). */
export const NRIC_TAKEN = 'This NRIC/FIN is already registered to another staff member.';
export const SERVER_DOWN = 'An unexpected error occurred. Please try again later.';

/**
 * POST /users/{id}/onboard as spec section 7 shapes it, for the steps filled as the fixtures fill them: the
 * employment starts ACTIVE, the payment's text becomes numbers with the official rates a citizen born in
 * 1992 pays (20% and 17%), a CPF section of NONE is not sent, and every leave type but Unpaid Leave has its
 * allowance.
 */
const onboardBody = (nricSent: string) => ({
  staffInfo: { ...fill.staff, nric: nricSent, addressUnit: '', foreignAddress: '' },
  employmentInfo: { ...fill.employment, employmentStatus: 'ACTIVE' },
  paymentInfo: {
    basicSalary: 4200.5,
    employeeCpfContributionRate: 20,
    employerCpfContributionRate: 17,
    cpfType: 'SINGAPORE CITIZEN',
    selfHelpGroup: 'CDAC',
    bankName: 'OCBC',
    bankCode: '7339',
    branchCode: '501',
    accountNo: '501-234567-8',
  },
  leaveBalances: [
    { leaveTypeId: 1, totalDays: 14 },
    { leaveTypeId: 2, totalDays: 14 },
    { leaveTypeId: 3, totalDays: 6 },
  ],
});

export interface OnboardingModel {
  /** The steps the admin has filled (what they typed stays when going back and forth). */
  filled: Record<Section, boolean>;
  /** The NRIC/FIN typed last on step 1. */
  nric: string;
  /** The server's refusal showing beside the NRIC/FIN. */
  nricRefusal: string | null;
  /** Next was pressed on step 1 with nothing typed. */
  triedEmpty: boolean;
  /** The toast the last step raised. */
  toast: { title: string; description?: string } | null;
}

export type OnboardingEvent =
  | { type: 'server.sendsUser' }
  | { type: 'server.sendsOnboardedUser' }
  | { type: 'server.findsNoUser' }
  | { type: 'user.fillsStep' }
  | { type: 'user.pressesNextEmpty' }
  | { type: 'user.pressesNextRefused' }
  | { type: 'user.goesBack' }
  | { type: 'user.leaves' }
  | { type: 'user.stays' }
  | { type: 'user.discards' }
  | { type: 'server.onboards' }
  | { type: 'server.refusesNric' }
  | { type: 'server.fails' };

const ctx = (m: { context: unknown }) => m.context as OnboardingModel;

/** Step `index` (0-based) on show, filled as the admin left it. */
const stepShows = (index: number) =>
  shows((_app: RunningApp, m) => {
    const { filled, nric: typed, nricRefusal, triedEmpty } = ctx(m);
    const confirming = isDialogOpen('alertdialog', LEAVE_QUESTION);
    const form = stepForm(index, confirming);
    expect(
      screen.getByText(`Step ${index + 1} of 4: ${STEP_NAMES[index]}`, { exact: false }),
    ).toBeInTheDocument();
    const section = STEPS[index] as Section;
    // Dates read day first, as typed (issue 34).
    for (const [field, value] of Object.entries(expectedValues(section, filled, typed)))
      expect(control(form, fieldName(section, field)).value, field).toBe(dayMonthYear(value));
    // Previous goes back from every step but the first (and waits while step 4 is being sent).
    const sending = (m as { matches: (v: unknown) => boolean }).matches({
      wizard: { step: { leave: 'submitting' } },
    });
    expect(within(form).getByRole('button', { name: 'Previous', hidden: confirming })).toHaveProperty(
      'disabled',
      index === 0 || sending,
    );
    if (section === 'staff') {
      const field = control(form, 'nric');
      if (nricRefusal) {
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(within(form).getByText(nricRefusal)).toBeInTheDocument();
      } else if (triedEmpty) {
        expect(field, 'an empty step is not taken: its fields say so').toHaveAttribute(
          'aria-invalid',
          'true',
        );
      } else {
        expect(field).not.toHaveAttribute('aria-invalid');
      }
    }
    // Unpaid Leave has no limit and is not asked for.
    if (section === 'leave') expect(form.querySelector('[name="leave-8"]')).toBeNull();
  });

/** What each step's fields show: what the admin typed, or what the spec fills in from the other steps. */
function expectedValues(section: Section, filled: Record<Section, boolean>, typed: string) {
  switch (section) {
    case 'staff':
      return filled.staff ? { ...fill.staff, nric: typed } : { nric: '', dateOfBirth: '' };
    case 'employment':
      return filled.employment ? fill.employment : { designation: '', hireDate: '' };
    case 'payment':
      // Race suggests the group (Indian: SINDA); the CPF type brings the official rates for the birth date
      // of step 1 (born 1992: 20% and 17%).
      return filled.payment
        ? { ...fill.payment, employeeCpfContributionRate: '20', employerCpfContributionRate: '17' }
        : { selfHelpGroup: 'SINDA', employeeCpfContributionRate: '', employerCpfContributionRate: '' };
    case 'leave':
      // Prefilled with the entitlement for the hire date of step 2.
      return filled.leave ? fill.leave : prefilled;
  }
}

/** Leaving discards all progress and goes to the staff list. */
const backToList = (app: RunningApp) => {
  expect(window.location.pathname).toBe('/admin/users');
  expect(isDialogOpen('alertdialog', LEAVE_QUESTION)).toBe(false);
  expect(screen.queryByText(/Step \d of 4/)).toBeNull();
  return app;
};

export const onboardingModel = setup({
  types: { context: {} as OnboardingModel, events: {} as OnboardingEvent },
  actions: {
    noToast: assign({ toast: null }),
    /** What the admin typed in a step stays with it. */
    markFilled: assign(({ context }, { section }: { section: Section }) => ({
      filled: { ...context.filled, [section]: true },
      toast: null,
    })),
  },
  guards: {
    nothingTyped: ({ context }) => !context.filled.staff,
    refused: ({ context }) => context.nricRefusal !== null,
  },
}).createMachine({
  id: 'onboardingModel',
  context: {
    filled: { staff: false, employment: false, payment: false, leave: false },
    nric,
    nricRefusal: null,
    triedEmpty: false,
    toast: null,
  },
  meta: shows((_app, m) => {
    const { toast } = ctx(m);
    if (toast) expectToast(toast.title, toast.description);
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: shows(() => {
        expect(window.location.pathname).toBe(WIZARD_PATH);
        expect(screen.getByLabelText('Loading')).toBeInTheDocument();
      }),
      on: {
        'server.sendsUser': { target: 'wizard' },
        // Spec section 2: an invalid id gives 'Invalid access' (a user onboarded already is one).
        'server.sendsOnboardedUser': { target: 'invalidAccess' },
        'server.findsNoUser': { target: 'invalidAccess' },
      },
    },
    invalidAccess: {
      type: 'final',
      meta: shows((app) => {
        backToList(app);
        expectToast('Invalid access', 'No user data found. Please try registering again.');
      }),
    },
    wizard: {
      type: 'parallel',
      meta: shows(() => expect(window.location.pathname).toBe(WIZARD_PATH)),
      states: {
        step: {
          initial: 'staff',
          states: {
            staff: {
              meta: stepShows(0),
              on: {
                'user.fillsStep': {
                  target: 'employment',
                  // After a refusal the admin types another NRIC/FIN.
                  actions: [
                    { type: 'markFilled', params: { section: 'staff' } },
                    assign(({ context }) => ({
                      nric: context.nricRefusal ? otherNric : context.nric,
                      nricRefusal: null,
                      triedEmpty: false,
                    })),
                  ],
                },
                // Spec section 2: Next advances only when the step validates.
                'user.pressesNextEmpty': {
                  guard: 'nothingTyped',
                  actions: ['noToast', assign({ triedEmpty: true })],
                },
                // The NRIC/FIN the server refused is not taken again unchanged.
                'user.pressesNextRefused': { guard: 'refused', actions: 'noToast' },
              },
            },
            employment: {
              meta: stepShows(1),
              on: {
                'user.fillsStep': {
                  target: 'payment',
                  actions: { type: 'markFilled', params: { section: 'employment' } },
                },
                'user.goesBack': { target: 'staff', actions: 'noToast' },
              },
            },
            payment: {
              meta: stepShows(2),
              on: {
                'user.fillsStep': {
                  target: 'leave',
                  actions: { type: 'markFilled', params: { section: 'payment' } },
                },
                'user.goesBack': { target: 'employment', actions: 'noToast' },
              },
            },
            leave: {
              meta: stepShows(3),
              initial: 'editing',
              states: {
                editing: {
                  meta: shows((app) => {
                    const form = stepForm(3, isDialogOpen('alertdialog', LEAVE_QUESTION));
                    expect(within(form).getByRole('button', { name: 'Submit', hidden: true })).toBeEnabled();
                    expect(app.server.pending('POST', `/api/users/${user.id}/onboard`)).toHaveLength(0);
                  }),
                  on: {
                    // Spec section 2: Submit on step 4 posts everything at once.
                    'user.fillsStep': {
                      target: 'submitting',
                      actions: { type: 'markFilled', params: { section: 'leave' } },
                    },
                    'user.goesBack': { target: '#onboardingModel.wizard.step.payment', actions: 'noToast' },
                  },
                },
                submitting: {
                  // Spec section 8: the button reads 'Processing...' and everything is disabled meanwhile.
                  meta: shows((app, m) => {
                    const form = stepForm(3, isDialogOpen('alertdialog', LEAVE_QUESTION));
                    expect(
                      within(form).getByRole('button', { name: 'Processing...', hidden: true }),
                    ).toBeDisabled();
                    expect(
                      within(form).getByRole('button', { name: 'Previous', hidden: true }),
                    ).toBeDisabled();
                    for (const element of form.querySelectorAll<HTMLInputElement>(
                      'input[name], select[name]',
                    ))
                      expect(element.disabled, `${element.name} disabled`).toBe(true);
                    expect(
                      app.server.pending('POST', `/api/users/${user.id}/onboard`).map((r) => r.body),
                      'one POST with all four steps',
                    ).toEqual([onboardBody(ctx(m).nric)]);
                  }),
                  on: {
                    // Spec sections 4 and 8: a toast, and the staff list.
                    'server.onboards': {
                      target: '#onboardingModel.done',
                      actions: assign({ toast: { title: 'User onboarded successfully' } }),
                    },
                    'server.refusesNric': {
                      target: '#onboardingModel.wizard.step.staff',
                      actions: assign({ nricRefusal: NRIC_TAKEN, toast: { title: NRIC_TAKEN } }),
                    },
                    // Everything entered stays; step 4 can be sent again.
                    'server.fails': { target: 'editing', actions: assign({ toast: { title: SERVER_DOWN } }) },
                  },
                },
              },
            },
          },
        },
        leaving: {
          initial: 'idle',
          states: {
            idle: {
              meta: shows(() => expect(isDialogOpen('alertdialog', LEAVE_QUESTION)).toBe(false)),
              on: { 'user.leaves': { target: 'asking', actions: 'noToast' } },
            },
            asking: {
              // Spec section 2: leaving before completion asks first; leaving discards all progress.
              meta: shows(() => {
                const dialog = openDialog('alertdialog', LEAVE_QUESTION);
                expect(within(dialog).getByText(/discards all progress/)).toBeInTheDocument();
                expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
                expect(within(dialog).getByRole('button', { name: 'Leave' })).toBeEnabled();
              }),
              on: {
                // Cancel: the wizard stays at its step, as it was.
                'user.stays': { target: 'idle', actions: 'noToast' },
                'user.discards': { target: '#onboardingModel.discarded', actions: 'noToast' },
              },
            },
          },
        },
      },
    },
    discarded: {
      type: 'final',
      meta: shows((app) => {
        backToList(app);
        expect(app.server.pending('POST', `/api/users/${user.id}/onboard`), 'nothing sent').toHaveLength(0);
      }),
    },
    done: {
      type: 'final',
      meta: shows((app) => {
        backToList(app);
      }),
    },
  },
});
