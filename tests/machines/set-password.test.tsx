import { setPasswordMachine } from '../../machines/set-password.machine';
import { setPasswordForm } from '../models/set-password.model';
import { passwordMismatchScenario, passwordWalkEvents, people } from './fixtures';
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
  scenarios: [passwordMismatchScenario],
  app: { machine: setPasswordMachine, notOnThisScreen: [...NO_FILE, ...NO_REFERENCE] },
});
