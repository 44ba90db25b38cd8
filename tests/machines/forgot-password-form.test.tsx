import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { forgotPasswordFormMachine } from '../../machines/forgot-password.machine';
import { errors, people } from './fixtures';
import { describeFormModel, NO_FILE, NO_REFERENCE, SUBMIT_DISABLED_WHILE_INVALID } from './form-model';
import { expectToast, openForgotPasswordTab } from './harness';
import { forgotPasswordSpec } from './spec-forms';

/** Model-based test of the forgot-password form (see form-model.tsx for the method). */
describeFormModel('forgot-password form statechart, walked through the real app', {
  machine: forgotPasswordFormMachine,
  starts: [{ name: 'forgot-password tab', input: { params: {} }, open: openForgotPasswordTab }],
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
  ],
  labels: { email: 'Email' },
  form: () => screen.queryByRole('form', { name: 'Forgot password' }),
  // Spec section 2: 'Sending...' while sending, else 'Send Reset Email'.
  submitName: (s) => (s.matches('submitting') ? 'Sending...' : 'Send Reset Email'),
  canSubmit: forgotPasswordSpec.canSubmit,
  specErrors: forgotPasswordSpec.errors,
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE, ...SUBMIT_DISABLED_WHILE_INVALID],
  request: { method: 'POST', path: '/api/auth/forget-password', okStatus: 200 },
  expectScreen(app, s, event) {
    expect(screen.getByRole('tab', { name: 'Forgot Password', selected: true })).toBeInTheDocument();
    if (s.matches('submitting')) {
      expect(app.server.pending('POST', '/api/auth/forget-password').map((r) => r.body)).toEqual([
        { email: people.staff.email },
      ]);
    }
    if (event?.type === 'xstate.done.actor.requestPasswordReset')
      expectToast('Reset email sent', 'Please check your email for reset instructions.');
    if (event?.type === 'xstate.error.actor.requestPasswordReset')
      expectToast('Error', errors.mailDown.message);
  },
});
