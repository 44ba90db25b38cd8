import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { expectToast } from '../machines/harness';
import { resetPasswordSpec } from '../machines/spec-forms';
import { formModel } from './form.model';

/**
 * The reset-password screen reached from the e-mailed link (spec sections 2, 5 and 7): New Password and
 * Confirm Password, both required ('Please fill in all fields.') and matching ('Passwords do not match.');
 * POST /auth/reset-password {token, newPassword}; a success toasts and goes to /login, a refusal says
 * 'Failed to reset password. Please try again.'
 */
export const RESET_TOKEN = 'reset-token-123';

export const resetPasswordForm = formModel({
  id: 'resetPassword',
  form: () => screen.queryByRole('form', { name: 'Reset password' }),
  labels: { newPassword: 'New Password', confirmPassword: 'Confirm Password' },
  initialValues: { newPassword: '', confirmPassword: '' },
  errors: resetPasswordSpec.errors,
  submitLabel: 'Reset Password',
  sendingLabel: 'Processing...',
  request: {
    method: 'POST',
    path: '/api/auth/reset-password',
    okStatus: 200,
    body: (values) => ({ token: RESET_TOKEN, newPassword: values.newPassword }),
  },
  showsOpen(_app, model) {
    expect(window.location.pathname).toBe('/reset-password');
    if (model.answered === 'refused') expectToast('Error', 'Failed to reset password. Please try again.');
  },
  showsDone() {
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expectToast('Password reset successful', 'You can now login with your new password.');
  },
});
