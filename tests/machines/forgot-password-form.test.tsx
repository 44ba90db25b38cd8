import { forgotPasswordFormMachine } from '../../machines/forgot-password.machine';
import { forgotPasswordForm } from '../models/forgot-password-form.model';
import { errors, people } from './fixtures';
import { openForgotPasswordTab } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE, SUBMIT_DISABLED_WHILE_INVALID } from './spec-form';

/** The forgot-password form, walked from its spec model (tests/models/forgot-password-form.model.ts). */
describeSpecForm({
  title: 'forgot-password form, walked from its spec model',
  form: forgotPasswordForm,
  starts: [{ name: 'forgot-password tab', open: openForgotPasswordTab }],
  events: [
    { type: 'user.types', name: 'email', value: people.staff.email },
    { type: 'user.types', name: 'email', value: '' },
    { type: 'user.leaves', name: 'email' },
    { type: 'user.submits' },
    { type: 'server.accepts' },
    { type: 'server.refuses', refusal: errors.mailDown },
  ],
  app: {
    machine: forgotPasswordFormMachine,
    notOnThisScreen: [...NO_FILE, ...NO_REFERENCE, ...SUBMIT_DISABLED_WHILE_INVALID],
  },
});
