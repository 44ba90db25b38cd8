import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { resetPasswordMachine } from '../../machines/reset-password.machine';
import { errors, passwords } from './fixtures';
import { describeFormModel, NO_FILE, NO_REFERENCE } from './form-model';
import { expectToast, renderApp } from './harness';
import { resetPasswordSpec } from './spec-forms';

const TOKEN = 'reset-token-123';

/** Model-based test of the reset-password screen (see form-model.tsx for the method). */
describeFormModel('reset-password statechart, walked through the real app', {
  machine: resetPasswordMachine,
  starts: [
    {
      name: 'link with a token',
      input: { params: { token: TOKEN } },
      open: (inspect) => renderApp({ path: `/reset-password?token=${TOKEN}`, inspect }),
    },
  ],
  events: [
    { type: 'field.change', name: 'newPassword', value: passwords.fresh },
    { type: 'field.change', name: 'newPassword', value: '' },
    { type: 'field.change', name: 'confirmPassword', value: passwords.fresh },
    { type: 'field.change', name: 'confirmPassword', value: passwords.other },
    { type: 'field.change', name: 'confirmPassword', value: '' },
    { type: 'field.blur', name: 'newPassword' },
    { type: 'field.blur', name: 'confirmPassword' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.resetPassword', output: undefined, actorId: 'resetPassword' },
    { type: 'xstate.error.actor.resetPassword', error: errors.resetRefused, actorId: 'resetPassword' },
  ],
  labels: { newPassword: 'New Password', confirmPassword: 'Confirm Password' },
  specErrors: resetPasswordSpec.errors,
  form: () => screen.queryByRole('form', { name: 'Reset password' }),
  submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Reset Password'),
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE],
  request: { method: 'POST', path: '/api/auth/reset-password', okStatus: 200 },
  expectScreen(app, s, event) {
    if (s.matches('submitted')) {
      expect(window.location.pathname).toBe('/login');
      expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
      expectToast('Password reset successful', 'You can now login with your new password.');
      return;
    }
    expect(window.location.pathname).toBe('/reset-password');
    if (s.matches('submitting')) {
      expect(app.server.pending('POST', '/api/auth/reset-password').map((r) => r.body)).toEqual([
        { token: TOKEN, newPassword: passwords.fresh },
      ]);
    }
    if (event?.type === 'xstate.error.actor.resetPassword') {
      expectToast('Error', 'Failed to reset password. Please try again.');
    }
  },
});
