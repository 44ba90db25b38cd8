import { fireEvent, screen, within } from '@testing-library/react';
import { onboardingMachine } from '../../machines/onboarding.machine';
import type { ApiError } from '../../src/domain/auth';
import {
  NRIC_TAKEN,
  type OnboardingEvent,
  onboardingModel,
  SERVER_DOWN,
  STEPS,
} from '../models/onboarding.model';
import { openDialog, renderApp, settle } from './harness';
import {
  control,
  fieldName,
  fill,
  otherNric,
  policies,
  type Section,
  signedInAdmin,
  stepForm,
  user,
} from './onboarding-fixtures';
import { describeSpecWalk } from './spec-walk';
import { leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * The onboarding wizard walked from its spec model (tests/models/onboarding.model.ts) through the real app,
 * HTTP answered at the fetch level. Each step is a form (its own walk is onboarding-<step>-step.test.tsx);
 * here filling a step is one model event: the test types the step's fields into the real inputs and presses
 * Next (Submit on step 4). The onboarding machine is only watched for coverage.
 */

const onboarded = { ...onboardedStaff, id: user.id, fullName: user.fullName, email: user.email };
const refusal = (statusCode: number, error: string, message: string): ApiError => ({
  statusCode,
  error,
  message,
});

/** The step the model shows (0-3), or null outside the wizard. */
const stepOf = (value: unknown): number | null => {
  const step = (value as { wizard?: { step?: string | Record<string, unknown> } }).wizard?.step;
  if (!step) return null;
  return STEPS.indexOf((typeof step === 'string' ? step : Object.keys(step)[0]) as Section);
};

const events: OnboardingEvent[] = [
  { type: 'server.sendsUser' },
  { type: 'server.sendsOnboardedUser' },
  { type: 'server.findsNoUser' },
  { type: 'user.fillsStep' },
  { type: 'user.pressesNextEmpty' },
  { type: 'user.pressesNextRefused' },
  { type: 'user.goesBack' },
  { type: 'user.leaves' },
  { type: 'user.stays' },
  { type: 'user.discards' },
  { type: 'server.onboards' },
  { type: 'server.refusesNric' },
  { type: 'server.fails' },
];
const allSteps: OnboardingEvent[] = STEPS.map(() => ({ type: 'user.fillsStep' }));

describeSpecWalk<typeof onboardingModel, OnboardingEvent>({
  title: 'onboarding wizard, walked from its spec model',
  model: onboardingModel,
  starts: [{ name: 'admin opens onboarding', input: undefined as never }],
  events,
  // Behind the question only its buttons; while sending nothing but the answer.
  canProduce(model, event) {
    const asking = model.matches({ wizard: { leaving: 'asking' } });
    const sending = model.matches({ wizard: { step: { leave: 'submitting' } } });
    if (event.type.startsWith('user.') && event.type !== 'user.stays' && event.type !== 'user.discards')
      return !asking && !sending;
    return true;
  },
  // A refused NRIC/FIN and an empty step pressed tell step 1's states apart.
  serialize: (model) =>
    JSON.stringify([model.value, model.context.nricRefusal !== null, model.context.triedEmpty]),
  app: { machine: onboardingMachine },
  open: (_path, inspect) => renderApp({ path: `/admin/onboard/${user.id}`, storage: signedInAdmin, inspect }),
  async perform(app, event, model) {
    const step = stepOf(model.value) ?? 0;
    const form = () => stepForm(step);
    switch (event.type) {
      case 'server.sendsUser':
      case 'server.sendsOnboardedUser':
        app.server.answer(
          'GET',
          `/api/users/${user.id}`,
          200,
          event.type === 'server.sendsUser' ? user : onboarded,
        );
        app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
        app.server.answer('GET', '/api/leave-policies', 200, policies);
        break;
      case 'server.findsNoUser':
        app.server.answer('GET', `/api/users/${user.id}`, 404, refusal(404, 'Not Found', 'User not found.'));
        break;
      case 'user.fillsStep': {
        // Fills the step the MODEL says is on show, as an admin does, then Next (Submit on step 4).
        const section = STEPS[step] as Section;
        const values: Record<string, string> =
          section === 'staff' && model.context.nricRefusal
            ? { ...fill.staff, nric: otherNric }
            : fill[section];
        for (const [field, value] of Object.entries(values)) {
          const element = control(form(), fieldName(section, field));
          if (element.value !== value) fireEvent.change(element, { target: { value } });
        }
        await app.user.click(
          within(form()).getByRole('button', { name: section === 'leave' ? 'Submit' : 'Next' }),
        );
        break;
      }
      case 'user.pressesNextEmpty':
      case 'user.pressesNextRefused':
        await app.user.click(within(form()).getByRole('button', { name: 'Next' }));
        break;
      case 'user.goesBack':
        await app.user.click(within(form()).getByRole('button', { name: 'Previous' }));
        break;
      case 'user.leaves':
        // Any link away is held back and asked about; here the sidebar's Users link.
        await app.user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Users' }));
        break;
      case 'user.stays':
        await app.user.click(
          within(openDialog('alertdialog', 'Leave onboarding?')).getByRole('button', { name: 'Cancel' }),
        );
        break;
      case 'user.discards':
        await app.user.click(
          within(openDialog('alertdialog', 'Leave onboarding?')).getByRole('button', { name: 'Leave' }),
        );
        break;
      case 'server.onboards':
        app.server.answer('POST', `/api/users/${user.id}/onboard`, 201, onboarded);
        break;
      case 'server.refusesNric':
        // As the API refuses a taken NRIC/FIN: its code and the body's field beside the message.
        app.server.answer('POST', `/api/users/${user.id}/onboard`, 409, {
          ...refusal(409, 'Conflict', NRIC_TAKEN),
          code: 'NRIC_TAKEN',
          field: 'staffInfo.nric',
        });
        break;
      case 'server.fails':
        app.server.answer(
          'POST',
          `/api/users/${user.id}/onboard`,
          500,
          refusal(500, 'Internal Server Error', SERVER_DOWN),
        );
        break;
    }
    await settle();
  },
  scenarios: [
    {
      name: 'the four steps in order, Next on each, Submit on the last',
      events: [{ type: 'server.sendsUser' }, ...allSteps, { type: 'server.onboards' }],
    },
    {
      name: 'Previous from every step goes back one, keeping what was typed',
      events: [
        { type: 'server.sendsUser' },
        ...allSteps.slice(0, 3),
        { type: 'user.goesBack' },
        { type: 'user.goesBack' },
        { type: 'user.goesBack' },
        ...allSteps.slice(0, 3),
      ],
    },
    {
      name: 'leaving: Cancel keeps the step as it was',
      events: [
        { type: 'server.sendsUser' },
        { type: 'user.fillsStep' },
        { type: 'user.leaves' },
        { type: 'user.stays' },
      ],
    },
    {
      name: 'leaving: Leave discards everything and goes to the staff list',
      events: [
        { type: 'server.sendsUser' },
        { type: 'user.fillsStep' },
        { type: 'user.leaves' },
        { type: 'user.discards' },
      ],
    },
    {
      name: 'a taken NRIC/FIN: back to step 1, another typed, everything sent again',
      events: [
        { type: 'server.sendsUser' },
        ...allSteps,
        { type: 'server.refusesNric' },
        { type: 'user.pressesNextRefused' },
        ...allSteps,
        { type: 'server.onboards' },
      ],
    },
  ],
  timeout: 120_000,
});
