import { resetPasswordMachine } from '../../machines/reset-password.machine';
import { RESET_TOKEN, resetPasswordForm } from '../models/reset-password.model';
import { errors, passwords } from './fixtures';
import { renderApp } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/** The reset-password screen, walked from its spec model (tests/models/reset-password.model.ts). */
describeSpecForm({
  title: 'reset-password form, walked from its spec model',
  form: resetPasswordForm,
  starts: [
    {
      name: 'link with a token',
      open: (inspect) => renderApp({ path: `/reset-password?token=${RESET_TOKEN}`, inspect }),
    },
  ],
  events: [
    { type: 'user.types', name: 'newPassword', value: passwords.fresh },
    { type: 'user.types', name: 'newPassword', value: '' },
    { type: 'user.types', name: 'confirmPassword', value: passwords.fresh },
    { type: 'user.types', name: 'confirmPassword', value: passwords.other },
    { type: 'user.types', name: 'confirmPassword', value: '' },
    { type: 'user.leaves', name: 'newPassword' },
    { type: 'user.leaves', name: 'confirmPassword' },
    { type: 'user.submits' },
    { type: 'server.accepts' },
    { type: 'server.refuses', refusal: errors.resetRefused },
  ],
  app: { machine: resetPasswordMachine, notOnThisScreen: [...NO_FILE, ...NO_REFERENCE] },
  scenarios: [
    {
      name: 'refused, then a field emptied: the next submit shows what is missing and sends nothing',
      events: [
        { type: 'user.types', name: 'newPassword', value: passwords.fresh },
        { type: 'user.types', name: 'confirmPassword', value: passwords.fresh },
        { type: 'user.submits' },
        { type: 'server.refuses', refusal: errors.resetRefused },
        { type: 'user.types', name: 'confirmPassword', value: '' },
        { type: 'user.submits' },
      ],
    },
    {
      name: 'passwords that differ are refused on submit, and match after',
      events: [
        { type: 'user.types', name: 'newPassword', value: passwords.fresh },
        { type: 'user.types', name: 'confirmPassword', value: passwords.other },
        { type: 'user.submits' },
        { type: 'user.types', name: 'confirmPassword', value: passwords.fresh },
      ],
    },
  ],
});
