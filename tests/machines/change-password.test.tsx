import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { changePasswordMachine } from '../../machines/change-password.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { CHANGED_TOKEN, errors, passwordFormEvents, passwords, people } from './fixtures';
import { describeFormModel, NO_FILE, NO_REFERENCE } from './form-model';
import { advance, expectToast, isDialogOpen, openDialog, renderApp } from './harness';
import { passwordChangeSpec } from './spec-forms';

const STORED_TOKEN = 'token-stored';

/** Model-based test of the Change Password dialog (see form-model.tsx for the method). */
describeFormModel('change-password statechart, walked through the real app', {
  machine: changePasswordMachine,
  starts: [
    {
      name: 'admin at /admin',
      input: { params: {} },
      async open(inspect) {
        const app = await renderApp({
          path: '/admin',
          inspect,
          storage: {
            [ACCESS_TOKEN_KEY]: STORED_TOKEN,
            [CURRENT_USER_KEY]: JSON.stringify({ user: people.admin, isNewUser: false }),
          },
        });
        // The form is met in its dialog, opened from the sidebar (machines/form-dialog.machine.ts).
        const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
        await act(async () =>
          fireEvent.click(within(sidebar).getByRole('button', { name: 'Change Password' })),
        );
        // Zag arms the dialog on the next tick.
        await advance(50);
        return app;
      },
    },
  ],
  events: passwordFormEvents,
  labels: {
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
  },
  form: () =>
    isDialogOpen('dialog', 'Change Password')
      ? within(openDialog('dialog', 'Change Password')).queryByRole('form')
      : null,
  submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Change Password'),
  canSubmit: passwordChangeSpec.canSubmit,
  specErrors: passwordChangeSpec.errors,
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE],
  request: { method: 'POST', path: '/api/auth/change-password', okStatus: 200 },
  expectScreen(app, s, event) {
    expect(window.location.pathname).toBe('/admin');
    // Open until the form finishes (the session then waits with a fresh, closed dialog).
    const open = s.matches('editing') || s.matches('submitting') || s.matches('submitFailed');
    expect(isDialogOpen('dialog', 'Change Password')).toBe(open);
    if (s.matches('submitting')) {
      expect(app.server.pending('POST', '/api/auth/change-password').map((r) => r.body)).toEqual([
        { currentPassword: passwords.current, newPassword: passwords.fresh },
      ]);
      // While the request is out the dialog cannot be closed.
      expect(
        within(openDialog('dialog', 'Change Password')).getByRole('button', { name: 'Cancel' }),
      ).toBeDisabled();
    }
    if (event?.type === 'xstate.done.actor.changePassword') {
      expectToast('Password changed', 'Your password has been changed successfully.');
      // The session, not the request, keeps the new token.
      expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(CHANGED_TOKEN);
    } else if (!sessionStorage.getItem(ACCESS_TOKEN_KEY)?.startsWith(CHANGED_TOKEN)) {
      expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(STORED_TOKEN);
    }
    if (event?.type === 'xstate.error.actor.changePassword')
      expectToast('Error', errors.wrongCurrent.message);
  },
});
