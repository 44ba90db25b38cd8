import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { CHANGED_TOKEN } from '../machines/fixtures';
import { expectToast } from '../machines/harness';
import { formModel } from './form.model';
import { passwordChangeRules } from './password-change.rules';

/**
 * The forced Set Password step of a new user (spec sections 2, 4 and 5): nothing else of the app shows
 * (no sidebar) until the password is changed; the fields are Temporary Password, New Password and Confirm
 * Password under 'Set a new password'; a success says 'Password changed', keeps the new token, the user is
 * no longer new and their area opens.
 */
export const setPasswordForm = formModel({
  id: 'setPassword',
  form: () => screen.queryByRole('form', { name: 'Set Password' }),
  labels: {
    currentPassword: 'Temporary Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
  },
  ...passwordChangeRules,
  submitLabel: 'Set Password',
  sendingLabel: 'Processing...',
  showsOpen(_app, model) {
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
    if (model.answered === 'refused') expectToast('Error', model.refusal ?? '');
  },
  showsDone() {
    expectToast('Password changed', 'Your password has been changed successfully.');
    expect(sessionStorage.getItem('accessToken')).toBe(CHANGED_TOKEN);
    expect(JSON.parse(sessionStorage.getItem('currentUser') ?? '{}').isNewUser).toBe(false);
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/staff');
  },
});
