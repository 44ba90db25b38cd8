import { setPasswordMachine } from '../../machines/set-password.machine';
import { setPasswordForm } from '../models/set-password.model';
import { passwords, passwordWalkEvents, people } from './fixtures';
import { renderApp } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/** The forced Set Password step, walked from its spec model (tests/models/set-password.model.ts). */
describeSpecForm({
  title: 'set-password step, walked from its spec model',
  form: setPasswordForm,
  starts: [
    {
      name: 'new staff user restored at /staff',
      open: (inspect) =>
        renderApp({
          path: '/staff',
          inspect,
          storage: {
            accessToken: 'token-stored',
            currentUser: JSON.stringify({ user: people.newStaff, isNewUser: true }),
          },
        }),
    },
  ],
  events: passwordWalkEvents,
  scenarios: [
    {
      name: 'a differing confirmation disables submit; left empty, submit says they differ',
      events: [
        { type: 'user.types', name: 'currentPassword', value: passwords.current },
        { type: 'user.types', name: 'newPassword', value: passwords.fresh },
        { type: 'user.types', name: 'confirmPassword', value: passwords.other },
        { type: 'user.types', name: 'confirmPassword', value: '' },
        { type: 'user.submits' },
        { type: 'user.types', name: 'confirmPassword', value: passwords.fresh },
      ],
    },
  ],
  app: { machine: setPasswordMachine, notOnThisScreen: [...NO_FILE, ...NO_REFERENCE] },
});
