import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { CHANGED_TOKEN } from '../machines/fixtures';
import { expectToast, isDialogOpen, openDialog } from '../machines/harness';
import { formModel } from './form.model';
import { passwordChangeRules } from './password-change.rules';

/**
 * The Change Password dialog (spec sections 2 and 5): Current Password, New Password, Confirm Password;
 * the dialog cannot be closed while the request is out; a success says 'Password changed', closes the
 * dialog and keeps the new token (the stored one stays until then).
 */
export const STORED_TOKEN = 'token-stored';
const dialog = () => openDialog('dialog', 'Change Password');

export const changePasswordForm = formModel({
  id: 'changePassword',
  form: () => (isDialogOpen('dialog', 'Change Password') ? within(dialog()).queryByRole('form') : null),
  labels: {
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
  },
  ...passwordChangeRules,
  submitLabel: 'Change Password',
  sendingLabel: 'Processing...',
  showsOpen(_app, model, sending) {
    expect(window.location.pathname).toBe('/admin');
    expect(sessionStorage.getItem('accessToken')).toBe(STORED_TOKEN);
    expect(within(dialog()).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(sending);
    if (model.answered === 'refused') expectToast('Error', model.refusal ?? '');
  },
  showsDone() {
    expect(window.location.pathname).toBe('/admin');
    expect(isDialogOpen('dialog', 'Change Password')).toBe(false);
    expectToast('Password changed', 'Your password has been changed successfully.');
    expect(sessionStorage.getItem('accessToken')).toBe(CHANGED_TOKEN);
  },
});
