import { loginFormMachine } from '../../machines/login-form.machine';
import { loginForm } from '../models/login-form.model';
import { errors, loginAnswers, passwords, people } from './fixtures';
import { renderApp } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE, SUBMIT_DISABLED_WHILE_INVALID } from './spec-form';

/** The sign-in form on /login, walked from its spec model (tests/models/login-form.model.ts). */
describeSpecForm({
  title: 'login form, walked from its spec model',
  form: loginForm,
  starts: [{ name: 'login screen', open: (inspect) => renderApp({ path: '/login', inspect }) }],
  events: [
    { type: 'user.types', name: 'email', value: people.admin.email },
    { type: 'user.types', name: 'email', value: '' },
    { type: 'user.types', name: 'password', value: passwords.current },
    { type: 'user.types', name: 'password', value: '' },
    { type: 'user.leaves', name: 'email' },
    { type: 'user.leaves', name: 'password' },
    { type: 'user.submits' },
    { type: 'server.accepts', answer: loginAnswers.admin },
    { type: 'server.refuses', refusal: errors.badCredentials },
  ],
  app: {
    machine: loginFormMachine,
    notOnThisScreen: [...NO_FILE, ...NO_REFERENCE, ...SUBMIT_DISABLED_WHILE_INVALID],
  },
});
