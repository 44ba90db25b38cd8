import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { onboardingMachine } from '../../machines/onboarding.machine';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import { describeEvent, planScenario, planTransitionPaths } from './coverage';
import { expectToast, isDialogOpen, openDialog, type RunningApp, renderApp, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';
import {
  control,
  fieldName,
  fill,
  nric,
  otherNric,
  policies,
  prefilled,
  SECTIONS,
  type Section,
  STEP_NAMES,
  signedInAdmin,
  stepForm,
  user,
} from './onboarding-fixtures';
import { leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the onboarding wizard (/admin/onboard/:id): paths from the real machine, walked through
 * the real app with HTTP answered at the fetch level (docs/decisions/0001). Each step is a form (its own
 * walk is onboarding-<step>-step.test.tsx); here a step's answer is one model event, which the test makes by
 * typing the step's fields into the real inputs and pressing Next (Submit on step 4).
 */

type Machine = typeof onboardingMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | { type: 'onboarding.previous' }
  | { type: 'onboarding.leave' }
  | { type: 'onboarding.stay' }
  | { type: 'onboarding.discard' }
  | { type: `xstate.done.actor.${Section}Step`; output: null; actorId: string }
  | { type: 'xstate.done.actor.loadOnboarding'; output: unknown; actorId: string }
  | { type: 'xstate.error.actor.loadOnboarding'; error: ApiError; actorId: string }
  | { type: 'xstate.done.actor.onboard'; output: unknown; actorId: string }
  | { type: 'xstate.error.actor.onboard'; error: ApiError; actorId: string };

/**
 * POST /users/{id}/onboard as spec section 7 shapes it, for the steps filled as above: the employment
 * starts ACTIVE, the payment panel's text becomes numbers with the official rates a citizen born in 1992
 * pays in 2026 (20% and 17%), a CPF section of NONE is not sent, and every leave type but Unpaid Leave
 * (id 8, no limit) has its allowance.
 */
const ONBOARD_BODY = {
  staffInfo: fill.staff,
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
};
/** The body for step 4 as shown. */
/** The body for what the test typed: the NRIC typed last. */
const onboardBody = () => ({ ...ONBOARD_BODY, staffInfo: { ...fill.staff, nric: nricTyped } });

const notFound: ApiError = { statusCode: 404, error: 'Not Found', message: 'User not found.' };
// Ours (spec section 8 names no text): the server's refusal of a taken NRIC/FIN.
const nricTaken: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'This NRIC/FIN is already registered to another staff member.',
};
const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'An unexpected error occurred. Please try again later.',
};
const onboarded = { ...onboardedStaff, id: user.id, fullName: user.fullName, email: user.email };

const stepDone = (section: Section): Event => ({
  type: `xstate.done.actor.${section}Step`,
  output: null,
  actorId: `${section}Step`,
});

const events: Event[] = [
  stepDone('staff'),
  stepDone('employment'),
  stepDone('payment'),
  stepDone('leave'),
  { type: 'onboarding.previous' },
  { type: 'onboarding.leave' },
  { type: 'onboarding.stay' },
  { type: 'onboarding.discard' },
  {
    type: 'xstate.done.actor.loadOnboarding',
    output: { user, leaveTypes, policies },
    actorId: 'loadOnboarding',
  },
  {
    type: 'xstate.done.actor.loadOnboarding',
    output: { user: onboarded, leaveTypes, policies },
    actorId: 'loadOnboarding',
  },
  { type: 'xstate.error.actor.loadOnboarding', error: notFound, actorId: 'loadOnboarding' },
  { type: 'xstate.done.actor.onboard', output: onboarded, actorId: 'onboard' },
  { type: 'xstate.error.actor.onboard', error: nricTaken, actorId: 'onboard' },
  { type: 'xstate.error.actor.onboard', error: serverDown, actorId: 'onboard' },
];

/** The wizard step a model state shows, read from its state value (planning only, never an expectation). */
const modelStep = (s: Snapshot): number | null => {
  const value = s.value as { wizard?: { step?: Section | { leave: string } } } | string;
  if (typeof value !== 'object' || !value.wizard?.step) return null;
  const step = value.wizard.step;
  return SECTIONS.indexOf(typeof step === 'string' ? step : 'leave');
};
const modelConfirming = (s: Snapshot) => s.matches({ wizard: { leaving: 'confirming' } });
const modelSubmitting = (s: Snapshot) => s.matches({ wizard: { step: { leave: 'submitting' } } });

/**
 * What the test knows from what it did, never read from the statechart (spec section 2: a 4-step wizard,
 * 1 Staff, 2 Employment, 3 Payment, 4 Leave; Next advances only when the step validates, and the test only
 * sends a step filled with values the spec accepts; Previous goes back).
 */
let expectedStep = 0;
/** The steps the test has filled. */
const filled = new Set<Section>();
/** The NRIC/FIN typed last, and the server's refusal showing beside it. */
let nricTyped = nric;
let nricRefusal: string | null = null;

/** Every step is a form the admin fills and sends: Next, or Submit on step 4. */
function canProduce(s: Snapshot, event: Event): boolean {
  const step = modelStep(s);
  const free = !modelConfirming(s) && !modelSubmitting(s);
  const done = SECTIONS.findIndex((section) => event.type === `xstate.done.actor.${section}Step`);
  if (done >= 0) return free && step === done;
  if (event.type === 'onboarding.previous') return free && step !== null && step > 0;
  return true;
}

const starts = [{ name: 'admin opens onboarding', input: { userId: user.id, today: todayIso() } }];
const actor = followActor(onboardingMachine);
const serialize = (s: AnyMachineSnapshot) => JSON.stringify(s.value);
const plan = planTransitionPaths(onboardingMachine, { starts, events, canProduce, serialize });
const loaded = events.find((e) => e.type === 'xstate.done.actor.loadOnboarding') as Event;
const nricRefused = events.find((e) => 'error' in e && e.error === nricTaken) as Event;
// Walked whatever the plan chose: a taken NRIC/FIN back on step 1, another one typed, every step as it was
// left, and the body sent again with the new NRIC/FIN.
const allSteps = SECTIONS.map(stepDone);
plan.paths.push(
  planScenario<Machine, Event>(onboardingMachine, starts[0] as (typeof starts)[number], [
    loaded,
    ...allSteps,
    nricRefused,
    ...allSteps,
    { type: 'xstate.done.actor.onboard', output: onboarded, actorId: 'onboard' },
  ]),
);

/** What each step's fields show, by what the test typed and what the spec says other steps fill in. */
function expectedValues(section: Section): Record<string, string> {
  switch (section) {
    case 'staff':
      return filled.has('staff') ? { ...fill.staff, nric: nricTyped } : {};
    case 'employment':
      return filled.has('employment') ? fill.employment : {};
    case 'payment':
      // Race suggests the group (Indian: SINDA); the CPF type brings the official rates for the birth date
      // of step 1 (born 1992: 55 and below, Table 1, 20% and 17%).
      return filled.has('payment')
        ? { ...fill.payment, employeeCpfContributionRate: '20', employerCpfContributionRate: '17' }
        : { selfHelpGroup: 'SINDA', employeeCpfContributionRate: '', employerCpfContributionRate: '' };
    case 'leave':
      return filled.has('leave') ? fill.leave : prefilled;
  }
}

async function perform(app: RunningApp, event: Event) {
  const step = expectedStep;
  const done = SECTIONS.find((section) => event.type === `xstate.done.actor.${section}Step`);
  if (done) {
    // Fills the step on show as a user does, then Next (Submit on step 4).
    const form = stepForm(step);
    if (done === 'staff' && nricRefusal) {
      // The refused NRIC/FIN is not taken again unchanged: Next stays on step 1, the message beside it.
      await app.user.click(within(form).getByRole('button', { name: 'Next' }));
      await settle();
      expect(stepForm(0)).toBe(form);
      expect(control(form, 'nric')).toHaveAttribute('aria-invalid', 'true');
      expect(within(form).getByText(nricRefusal)).toBeInTheDocument();
    }
    const values: Record<string, string> =
      done === 'staff' ? { ...fill.staff, nric: nricRefusal ? otherNric : nricTyped } : fill[done];
    for (const [field, value] of Object.entries(values)) {
      const element = control(form, fieldName(done, field));
      if (element.value !== value) fireEvent.change(element, { target: { value } });
    }
    if (done === 'staff') {
      if (nricRefusal) nricRefusal = null;
      nricTyped = values.nric ?? nric;
    }
    filled.add(done);
    await app.user.click(within(form).getByRole('button', { name: done === 'leave' ? 'Submit' : 'Next' }));
    if (done !== 'leave') expectedStep = step + 1;
    await settle();
    return;
  }
  if (event.type === 'onboarding.previous') expectedStep = Math.max(step - 1, 0);
  // A taken NRIC/FIN sends the user back to step 1, with the message beside the field.
  if (event.type === 'xstate.error.actor.onboard' && event.error === nricTaken) {
    expectedStep = 0;
    nricRefusal = nricTaken.message;
  }
  switch (event.type) {
    case 'onboarding.previous':
      await app.user.click(within(stepForm(step)).getByRole('button', { name: 'Previous' }));
      break;
    case 'onboarding.leave':
      // Any link away is held back and asked about; here the sidebar's Users link.
      await app.user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Users' }));
      break;
    case 'onboarding.stay':
      await app.user.click(
        within(openDialog('alertdialog', 'Leave onboarding?')).getByRole('button', { name: 'Cancel' }),
      );
      break;
    case 'onboarding.discard':
      await app.user.click(
        within(openDialog('alertdialog', 'Leave onboarding?')).getByRole('button', { name: 'Leave' }),
      );
      break;
    case 'xstate.done.actor.loadOnboarding': {
      const { user: answer } = event.output as { user: typeof user };
      app.server.answer('GET', `/api/users/${user.id}`, 200, answer);
      app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
      app.server.answer('GET', '/api/leave-policies', 200, policies);
      break;
    }
    case 'xstate.error.actor.loadOnboarding':
      app.server.answer('GET', `/api/users/${user.id}`, 404, event.error);
      break;
    case 'xstate.done.actor.onboard':
      app.server.answer('POST', `/api/users/${user.id}/onboard`, 201, event.output);
      break;
    case 'xstate.error.actor.onboard':
      app.server.answer('POST', `/api/users/${user.id}/onboard`, event.error.statusCode, event.error);
      break;
  }
  await settle();
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  if (s.matches('invalidAccess') || s.matches('discarded') || s.matches('done')) {
    expect(window.location.pathname).toBe('/admin/users');
    if (s.matches('invalidAccess')) {
      expectToast('Invalid access', 'No user data found. Please try registering again.');
    }
    if (s.matches('done')) expectToast('User onboarded successfully');
    return;
  }
  expect(window.location.pathname).toBe(`/admin/onboard/${user.id}`);
  if (s.matches('loading')) {
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    return;
  }
  const step = expectedStep;
  const confirming = modelConfirming(s);
  const submitting = modelSubmitting(s);
  const form = stepForm(step, confirming);
  expect(
    screen.getByText(`Step ${step + 1} of 4: ${STEP_NAMES[step]}`, { exact: false }),
  ).toBeInTheDocument();
  const section = SECTIONS[step] ?? 'staff';
  // Every field shows what the admin typed, or what the spec fills in; disabled only while sending.
  for (const [field, value] of Object.entries(expectedValues(section))) {
    expect(control(form, fieldName(section, field)).value, field).toBe(value);
  }
  for (const element of form.querySelectorAll<HTMLInputElement>('input[name], select[name]')) {
    expect(element.disabled, `${element.name} disabled`).toBe(submitting);
  }
  const nricField = section === 'staff' ? control(form, 'nric') : null;
  if (nricField && nricRefusal) {
    expect(nricField).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText(nricRefusal)).toBeInTheDocument();
  } else if (nricField) {
    expect(nricField).not.toHaveAttribute('aria-invalid');
  }
  if (section === 'leave') {
    // Unpaid Leave has no limit and is not asked for.
    expect(form.querySelector('[name="leave-8"]')).toBeNull();
  }
  expect(within(form).getByRole('button', { name: 'Previous', hidden: confirming })).toHaveProperty(
    'disabled',
    step === 0 || submitting,
  );
  expect(isDialogOpen('alertdialog', 'Leave onboarding?')).toBe(confirming);
  if (confirming) {
    expect(
      within(openDialog('alertdialog', 'Leave onboarding?')).getByText(/discards all progress/),
    ).toBeInTheDocument();
  }
  if (submitting) {
    expect(within(form).getByRole('button', { name: 'Processing...', hidden: confirming })).toBeDisabled();
    expect(app.server.pending('POST', `/api/users/${user.id}/onboard`).map((r) => r.body)).toEqual([
      onboardBody(),
    ]);
  }
  if (event?.type === 'xstate.error.actor.onboard') {
    // The server's message is the toast's title (the NRIC one also shows beside its field).
    const toasts = [...document.querySelectorAll('[data-scope="toast"][data-part="title"]')];
    expect(toasts.map((t) => t.textContent)).toContain(event.error.message);
  }
}

describeModelWalk<Machine, Event>({
  title: 'onboarding statechart, walked through the onboarding wizard',
  machine: onboardingMachine,
  actor,
  plan,
  open: () => {
    expectedStep = 0;
    filled.clear();
    nricTyped = nric;
    nricRefusal = null;
    return renderApp({ path: `/admin/onboard/${user.id}`, storage: signedInAdmin, inspect: actor.inspect });
  },
  perform,
  expectScreen,
  label: describeEvent,
  serialize,
  timeout: 120_000,
});
