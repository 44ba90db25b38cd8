import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { loginAnswers, people } from '../machines/fixtures';
import { expectToast } from '../machines/harness';
import { loginSpec } from '../machines/spec-forms';
import { formModel } from './form.model';

/**
 * The sign-in form of /login as spec sections 2, 5 and 7 describe it: Email and Password; Login is disabled
 * while either is empty ('Email and Password are required.'); it reads Processing... while POST /auth/login
 * {email, password} is out; a refusal shows 'Login Error' with the server's message, in the toast only; a
 * success keeps the token under accessToken in session storage, welcomes the user by name and opens their
 * area (/admin).
 */
export const loginForm = formModel({
  id: 'login',
  form: () => screen.queryByRole('form', { name: 'Sign in' }),
  labels: { email: 'Email', password: 'Password' },
  initialValues: { email: '', password: '' },
  errors: loginSpec.errors,
  canSubmit: loginSpec.canSubmit,
  submitDisabledWhileInvalid: true,
  // Spec section 8: a refusal is the 'Login Error' toast; shown twice, it moved the form (issue 34).
  refusalInToastOnly: true,
  submitLabel: 'Login',
  sendingLabel: 'Processing...',
  request: {
    method: 'POST',
    path: '/api/auth/login',
    okStatus: 200,
    body: (values) => ({ email: values.email, password: values.password }),
  },
  showsOpen(_app, model) {
    expect(window.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    if (model.answered === 'refused') expectToast('Login Error', model.refusal ?? '');
  },
  showsDone() {
    expect(window.location.pathname).toBe('/admin');
    expect(sessionStorage.getItem('accessToken')).toBe(loginAnswers.admin.accessToken);
    expectToast('Login successful!', `Welcome ${people.admin.fullName}`);
  },
});
