import { act, fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { forgotPasswordMachine, resetRequestLabel } from '../../machines/forgot-password.machine';
import { formView } from '../../machines/form';
import { errors, people } from './fixtures';
import { describeFormModel } from './form-model';
import { expectToast, renderApp, settle } from './harness';
import { forgotPasswordSpec } from './spec-forms';

/** Model-based test of the forgot-password form with its 20 second lock (see form-model.tsx for the method). */
describeFormModel('forgot-password statechart, walked through the real app', {
  machine: forgotPasswordMachine,
  starts: [
    {
      name: 'forgot-password tab',
      input: { params: {} },
      async open(inspect) {
        const app = await renderApp({ path: '/login', inspect });
        await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Forgot Password?' })));
        await settle();
        return app;
      },
    },
  ],
  events: [
    { type: 'field.change', name: 'email', value: people.staff.email },
    { type: 'field.change', name: 'email', value: '' },
    { type: 'field.blur', name: 'email' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.requestPasswordReset', output: undefined, actorId: 'requestPasswordReset' },
    {
      type: 'xstate.error.actor.requestPasswordReset',
      error: errors.mailDown,
      actorId: 'requestPasswordReset',
    },
    { type: 'xstate.after.cooldownTick.forgotPassword.coolingDown.counting' },
    { type: 'xstate.after.cooldown.forgotPassword.coolingDown' },
  ],
  labels: { email: 'Email' },
  form: () => screen.queryByRole('form', { name: 'Forgot password' }),
  submitName: (s) => resetRequestLabel(formView(s)),
  canSubmit: forgotPasswordSpec.canSubmit,
  specErrors: forgotPasswordSpec.errors,
  request: { method: 'POST', path: '/api/auth/forget-password', okStatus: 200 },
  expectScreen(app, s, event) {
    expect(screen.getByRole('tab', { name: 'Forgot Password', selected: true })).toBeInTheDocument();
    if (s.matches('submitting')) {
      expect(app.server.pending('POST', '/api/auth/forget-password').map((r) => r.body)).toEqual([
        { email: people.staff.email },
      ]);
    }
    if (event?.type === 'xstate.done.actor.requestPasswordReset') {
      expectToast('Reset email sent', 'Please check your email for reset instructions.');
      expect(s.context.cooldownSecondsLeft).toBe(20);
    }
    if (event?.type === 'xstate.error.actor.requestPasswordReset')
      expectToast('Error', errors.mailDown.message);
  },
});
