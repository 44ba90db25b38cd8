import { fireEvent, screen } from '@testing-library/react';
import { registerUserMachine } from '../../machines/register-user.machine';
import type { FormWalkEvent } from '../models/form.model';
import { REGISTERED_ID, registerUserForm } from '../models/register-user.model';
import { admin } from '../views/fixtures';
import { renderApp, signedIn } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

const outsideDomain = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Email must be a valid @ company-domain email.',
};
const type = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });

/** The register form, walked from its spec model (tests/models/register-user.model.ts). */
describeSpecForm({
  title: 'register-user form, walked from its spec model (Register a New Account)',
  form: registerUserForm,
  starts: [
    {
      name: 'admin opens Register',
      open: (inspect) => renderApp({ path: '/admin/register', storage: signedIn(admin), inspect }),
    },
  ],
  events: [
    type('fullName', 'Priya Nair'),
    type('fullName', ''),
    type('email', 'priya.nair@company.test'),
    type('email', 'priya'),
    type('role', 'STAFF'),
    type('password', 'Temp-Pass-2026'),
    { type: 'user.leaves', name: 'fullName' },
    { type: 'user.submits' },
    { type: 'server.accepts', answer: { id: REGISTERED_ID, fullName: 'Priya Nair', role: 'STAFF' } },
    { type: 'server.refuses', refusal: outsideDomain },
  ],
  app: { machine: registerUserMachine, notOnThisScreen: [...NO_FILE, ...NO_REFERENCE] },
  scenarios: [
    {
      name: 'no e-mail address: told when left and on submit, cleared when right',
      events: [
        type('email', 'priya'),
        { type: 'user.leaves', name: 'email' },
        { type: 'user.submits' },
        type('email', 'priya.nair@company.test'),
      ],
    },
    {
      name: 'a name the CPF file cannot carry: told beside the field when left, cleared when right',
      events: [
        type('fullName', 'Priya Nair $'),
        { type: 'user.leaves', name: 'fullName' },
        type('fullName', 'Priya Nair'),
      ],
    },
    {
      name: 'everything filled: registered as STAFF',
      events: [
        type('fullName', 'Priya Nair'),
        type('email', 'priya.nair@company.test'),
        type('role', 'STAFF'),
        type('password', 'Temp-Pass-2026'),
        { type: 'user.submits' },
        { type: 'server.accepts', answer: { id: REGISTERED_ID, fullName: 'Priya Nair', role: 'STAFF' } },
      ],
    },
  ],
  async perform(_app, event) {
    if (event.type !== 'user.types' || event.name !== 'role') return false;
    const form = screen.getByRole('form', { name: 'Register a New Account' });
    const radio = form.querySelector<HTMLInputElement>(`input[name="role"][value="${event.value}"]`);
    if (!radio) throw new Error(`no ${event.value} role`);
    fireEvent.click(radio);
    return true;
  },
});
