import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { setPasswordMachine } from '../../machines/set-password.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { CHANGED_TOKEN, errors, passwordFormEvents, passwords, people } from './fixtures';
import { describeFormModel, NO_FILE, NO_REFERENCE } from './form-model';
import { expectToast, renderApp } from './harness';
import { passwordChangeSpec } from './spec-forms';

/** Model-based test of the forced Set Password step (see form-model.tsx for the method). */
describeFormModel('set-password statechart, walked through the real app', {
  machine: setPasswordMachine,
  starts: [
    {
      name: 'new staff user restored at /staff',
      input: { params: {} },
      open: (inspect) =>
        renderApp({
          path: '/staff',
          inspect,
          storage: {
            [ACCESS_TOKEN_KEY]: 'token-stored',
            [CURRENT_USER_KEY]: JSON.stringify({ user: people.newStaff, isNewUser: true }),
          },
        }),
    },
  ],
  events: passwordFormEvents,
  labels: {
    currentPassword: 'Temporary Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
  },
  form: () => screen.queryByRole('form', { name: 'Set Password' }),
  submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Set Password'),
  canSubmit: passwordChangeSpec.canSubmit,
  specErrors: passwordChangeSpec.errors,
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE],
  request: { method: 'POST', path: '/api/auth/change-password', okStatus: 200 },
  expectScreen(app, s, event) {
    if (s.matches('submitted')) {
      // The session took the new token and opened the staff area.
      expectToast('Password changed', 'Your password has been changed successfully.');
      expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(CHANGED_TOKEN);
      expect(JSON.parse(sessionStorage.getItem(CURRENT_USER_KEY) ?? '{}').isNewUser).toBe(false);
      expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/staff');
      return;
    }
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
    if (s.matches('submitting')) {
      expect(app.server.pending('POST', '/api/auth/change-password').map((r) => r.body)).toEqual([
        { currentPassword: passwords.current, newPassword: passwords.fresh },
      ]);
    }
    if (event?.type === 'xstate.error.actor.changePassword')
      expectToast('Error', errors.wrongCurrent.message);
  },
});
