import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { loginFormMachine } from '../../machines/login-form.machine';
import { ACCESS_TOKEN_KEY } from '../../src/actors/session-store';
import { errors, loginAnswers, passwords, people } from './fixtures';
import { describeFormModel, NO_FILE, NO_REFERENCE, SUBMIT_DISABLED_WHILE_INVALID } from './form-model';
import { expectToast, renderApp } from './harness';
import { loginSpec } from './spec-forms';

/** Model-based test of the sign-in form on /login (see form-model.tsx for the method). */
describeFormModel('login form statechart, walked through the real app', {
  machine: loginFormMachine,
  starts: [
    {
      name: 'login screen',
      input: { params: {} },
      open: (inspect) => renderApp({ path: '/login', inspect }),
    },
  ],
  events: [
    { type: 'field.change', name: 'email', value: people.admin.email },
    { type: 'field.change', name: 'email', value: '' },
    { type: 'field.change', name: 'password', value: passwords.current },
    { type: 'field.change', name: 'password', value: '' },
    { type: 'field.blur', name: 'email' },
    { type: 'field.blur', name: 'password' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.logIn', output: loginAnswers.admin, actorId: 'logIn' },
    { type: 'xstate.error.actor.logIn', error: errors.badCredentials, actorId: 'logIn' },
  ],
  labels: { email: 'Email', password: 'Password' },
  form: () => screen.queryByRole('form', { name: 'Sign in' }),
  submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Login'),
  canSubmit: loginSpec.canSubmit,
  specErrors: loginSpec.errors,
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE, ...SUBMIT_DISABLED_WHILE_INVALID],
  request: { method: 'POST', path: '/api/auth/login', okStatus: 200 },
  expectScreen(app, s, event) {
    if (s.matches('submitting')) {
      expect(app.server.pending('POST', '/api/auth/login').map((r) => r.body)).toEqual([
        { email: people.admin.email, password: passwords.current },
      ]);
    }
    if (event?.type === 'xstate.error.actor.logIn') expectToast('Login Error', errors.badCredentials.message);
    if (s.matches('submitted')) {
      // The session took the answer: the admin is signed in and the guards led to /admin.
      expect(window.location.pathname).toBe('/admin');
      expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(loginAnswers.admin.accessToken);
      expectToast('Login successful!', `Welcome ${people.admin.fullName}`);
    } else {
      expect(window.location.pathname).toBe('/login');
    }
  },
});
