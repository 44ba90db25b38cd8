import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { expectToast } from '../machines/harness';
import { forgotPasswordSpec } from '../machines/spec-forms';
import { formModel } from './form.model';

/**
 * The forgot-password form of /login as spec sections 2, 5 and 7 describe it: one Email field; Send Reset
 * Email is disabled while it is empty and reads Sending... while POST /auth/forget-password {email} is out;
 * a success shows 'Reset email sent' (the wait that follows is tests/models/forgot-password.model.ts's).
 */
export const forgotPasswordForm = formModel({
  id: 'forgotPassword',
  form: () => screen.queryByRole('form', { name: 'Forgot password' }),
  labels: { email: 'Email' },
  initialValues: { email: '' },
  errors: forgotPasswordSpec.errors,
  canSubmit: forgotPasswordSpec.canSubmit,
  submitDisabledWhileInvalid: true,
  submitLabel: 'Send Reset Email',
  sendingLabel: 'Sending...',
  request: {
    method: 'POST',
    path: '/api/auth/forget-password',
    okStatus: 200,
    body: (values) => ({ email: values.email }),
  },
  showsOpen(_app, model) {
    expect(screen.getByRole('tab', { name: 'Forgot Password', selected: true })).toBeInTheDocument();
    if (model.answered === 'refused') expectToast('Error', model.refusal ?? '');
  },
  showsDone() {
    expectToast('Reset email sent', 'Please check your email for reset instructions.');
    expect(screen.getByRole('tab', { name: 'Forgot Password', selected: true })).toBeInTheDocument();
  },
});
