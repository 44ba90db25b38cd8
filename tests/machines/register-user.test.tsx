import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { registerUserMachine } from '../../machines/register-user.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { admin } from '../views/fixtures';
import { describeFormModel, NO_FILE, NO_REFERENCE } from './form-model';
import { expectToast, renderApp } from './harness';
import { registerSpec } from './spec-forms';

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};

const outsideDomain = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Email must be a valid @ company-domain email.',
};

const form = () => screen.queryByRole('form', { name: 'Register a New Account' });

/** Model-based test of the register form (see form-model.tsx for the method). */
describeFormModel('register-user statechart, walked through the Register a New Account screen', {
  machine: registerUserMachine,
  starts: [
    {
      name: 'admin opens Register',
      input: { params: {} },
      open: (inspect) => renderApp({ path: '/admin/register', storage: signedInAdmin, inspect }),
    },
  ],
  events: [
    { type: 'field.change', name: 'fullName', value: 'Priya Nair' },
    { type: 'field.change', name: 'fullName', value: '' },
    { type: 'field.change', name: 'email', value: 'priya.nair@company.test' },
    { type: 'field.change', name: 'email', value: 'priya' },
    { type: 'field.change', name: 'role', value: 'STAFF' },
    { type: 'field.change', name: 'password', value: 'Temp-Pass-2026' },
    { type: 'field.blur', name: 'fullName' },
    { type: 'form.submit' },
    {
      type: 'xstate.done.actor.registerUser',
      output: { id: 41, fullName: 'Priya Nair', role: 'STAFF' },
      actorId: 'registerUser',
    },
    { type: 'xstate.error.actor.registerUser', error: outsideDomain, actorId: 'registerUser' },
  ],
  labels: { fullName: 'Full Name', email: 'Email', password: 'Temporary Password' },
  specErrors: registerSpec.errors,
  customFields: ['role'],
  form,
  submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Register'),
  notOnThisForm: [...NO_FILE, ...NO_REFERENCE],
  request: { method: 'POST', path: '/api/auth/register', okStatus: 201 },
  async perform(_app, event) {
    if (event.type === 'field.change' && event.name === 'role') {
      const radio = form()?.querySelector<HTMLInputElement>(`input[name="role"][value="${event.value}"]`);
      if (!radio) throw new Error(`no ${event.value} role`);
      fireEvent.click(radio);
    } else {
      throw new Error(`The test cannot produce ${event.type}`);
    }
  },
  expectScreen(app, s, event) {
    if (s.matches('submitted')) {
      // A STAFF account goes on to onboarding.
      expect(window.location.pathname).toBe('/admin/onboard/41');
      expectToast('User created!');
      return;
    }
    expect(window.location.pathname).toBe('/admin/register');
    const page = form();
    if (!page) throw new Error('the form is not showing');
    // The roles with what they mean (spec section 2); the chosen one is checked.
    expect(page).toHaveTextContent('Full administrative control over employees');
    expect(page).toHaveTextContent('Basic employee access');
    const context = s.context as { values: { role: string }; errors: { role?: string } };
    for (const role of ['ADMIN', 'STAFF']) {
      const radio = page.querySelector<HTMLInputElement>(`input[name="role"][value="${role}"]`);
      expect(radio?.checked, `${role} checked`).toBe(context.values.role === role);
    }
    if (context.errors.role) expect(page).toHaveTextContent(context.errors.role);
    if (s.matches('submitting')) {
      expect(app.server.pending('POST', '/api/auth/register').map((r) => r.body)).toEqual([
        {
          fullName: 'Priya Nair',
          email: 'priya.nair@company.test',
          role: 'STAFF',
          password: 'Temp-Pass-2026',
        },
      ]);
    }
    if (event?.type === 'xstate.error.actor.registerUser') {
      // The server's message is the toast's title (it also stays above the button).
      const toasts = [...document.querySelectorAll('[data-scope="toast"][data-part="title"]')];
      expect(toasts.map((t) => t.textContent)).toContain(outsideDomain.message);
    }
  },
});
