import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, InspectionEvent, SnapshotFrom } from 'xstate';
import { resetPasswordMachine, resetPasswordMessages } from '../../machines/reset-password.machine';
import { formatTransition } from '../../machines/transitions';
import type { ApiError } from '../../src/domain/auth';
import { createCoverageRecorder, describeEvent, type PlannedPath, planTransitionPaths } from './coverage';
import { expectToast, type RunningApp, renderApp, settle, useAppHarness } from './harness';

/** Model-based test of the reset-password screen (see session.test.tsx for the method). */

type Snapshot = SnapshotFrom<typeof resetPasswordMachine>;
type Event =
  | { type: 'resetPassword.submit'; newPassword: string; confirmPassword: string }
  | { type: 'xstate.done.actor.resetPassword'; output: undefined; actorId: string }
  | { type: 'xstate.error.actor.resetPassword'; error: ApiError; actorId: string };

const TOKEN = 'reset-token-123';
const refused: ApiError = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'This reset link is invalid or has expired.',
};

const starts = [
  { name: 'link with a token', input: { token: TOKEN }, path: `/reset-password?token=${TOKEN}` },
  { name: 'link without a token', input: { token: null }, path: '/reset-password' },
];

const events: Event[] = [
  { type: 'resetPassword.submit', newPassword: 'Fresh-Pass-22', confirmPassword: 'Fresh-Pass-22' },
  { type: 'resetPassword.submit', newPassword: 'Fresh-Pass-22', confirmPassword: '' },
  { type: 'resetPassword.submit', newPassword: 'Fresh-Pass-22', confirmPassword: 'Other-Pass-33' },
  { type: 'xstate.done.actor.resetPassword', output: undefined, actorId: 'resetPassword' },
  { type: 'xstate.error.actor.resetPassword', error: refused, actorId: 'resetPassword' },
];

const recorder = createCoverageRecorder(resetPasswordMachine);
const { paths, unreachable } = planTransitionPaths(resetPasswordMachine, { starts, events });

/** The screen's actor lives inside the view; its latest snapshot comes through the inspector. */
let latest: AnyMachineSnapshot | null = null;
const currentValue = () => latest?.value;
const inspect = (event: InspectionEvent) => {
  recorder.inspect(event);
  const snapshot = event.type === '@xstate.snapshot' ? (event.snapshot as AnyMachineSnapshot) : null;
  if (snapshot?.machine?.id === resetPasswordMachine.id) latest = snapshot;
};

async function perform(app: RunningApp, event: Event) {
  if (event.type === 'resetPassword.submit') {
    for (const [label, value] of [
      ['New Password', event.newPassword],
      ['Confirm Password', event.confirmPassword],
    ] as const) {
      const input = screen.getByLabelText(label);
      await app.user.clear(input);
      if (value) await app.user.type(input, value);
    }
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
  } else if (event.type === 'xstate.done.actor.resetPassword') {
    app.server.answer('POST', '/api/auth/reset-password', 200, { message: 'Password reset.' });
  } else {
    app.server.answer('POST', '/api/auth/reset-password', event.error.statusCode, event.error);
  }
  await settle();
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  if (s.matches('missingToken') || s.matches('done')) {
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  } else {
    expect(window.location.pathname).toBe('/reset-password');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  }
  if (s.matches('done'))
    expectToast('Password reset successful', 'You can now login with your new password.');
  const alert = s.matches('form') ? screen.queryByRole('alert') : null;
  if (s.matches({ form: 'incomplete' })) expect(alert).toHaveTextContent(resetPasswordMessages.incomplete);
  if (s.matches({ form: 'mismatched' })) expect(alert).toHaveTextContent(resetPasswordMessages.mismatched);
  if (s.matches({ form: 'failed' })) {
    expect(alert).toHaveTextContent(refused.message);
    if (event?.type === 'xstate.error.actor.resetPassword') {
      expectToast('Error', 'Failed to reset password. Please try again.');
    }
  }
  if (s.matches({ form: 'editing' })) expect(alert).toBeNull();
  if (s.matches('submitting')) {
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    const [request] = app.server.pending('POST', '/api/auth/reset-password');
    expect(request?.body).toEqual({ token: TOKEN, newPassword: 'Fresh-Pass-22' });
  }
}

const label = (event: Event) => {
  if (event.type !== 'resetPassword.submit') return describeEvent(event);
  if (!event.confirmPassword) return 'resetPassword.submit (a field empty)';
  return event.confirmPassword === event.newPassword
    ? 'resetPassword.submit'
    : 'resetPassword.submit (different)';
};
const pathName = (path: PlannedPath<typeof resetPasswordMachine, Event>) =>
  `${path.start}: ${path.steps.map((step) => label(step.event)).join(' → ') || '(page load)'}`;

describe('reset-password statechart, walked through the real app', () => {
  useAppHarness();

  it('the model can reach every transition', () => {
    expect(unreachable.map(formatTransition)).toEqual([]);
  });

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_, path) => {
    const start = starts.find((s) => s.name === path.start);
    if (!start) throw new Error(`unknown start ${path.start}`);
    latest = null;
    const app = await renderApp({ path: start.path, inspect });
    expect(currentValue()).toEqual(path.initial.value);
    expectScreen(app, path.initial, null);
    for (const step of path.steps) {
      const mark = recorder.mark();
      await perform(app, step.event);
      expect(currentValue(), `after ${describeEvent(step.event)}`).toEqual(step.state.value);
      for (const key of step.expects) expect(recorder.since(mark)).toContain(key);
      expectScreen(app, step.state, step.event);
    }
  });

  afterAll(() => console.info(recorder.report()));

  it('walked every transition of the reset-password machine', () => {
    expect(recorder.missing().map(formatTransition), recorder.report()).toEqual([]);
  });
});
