import { act, fireEvent, screen, within } from '@testing-library/react';
import { changePasswordMachine } from '../../machines/change-password.machine';
import { changePasswordForm, STORED_TOKEN } from '../models/change-password.model';
import { passwordMismatchScenario, passwordWalkEvents, people } from './fixtures';
import { advance, renderApp } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * The Change Password dialog's form, walked from its spec model (tests/models/change-password.model.ts);
 * opening and closing the dialog are walked in form-dialog.test.tsx.
 */
describeSpecForm({
  title: 'change-password form, walked from its spec model',
  form: changePasswordForm,
  starts: [
    {
      name: 'admin at /admin',
      async open(inspect) {
        const app = await renderApp({
          path: '/admin',
          inspect,
          storage: {
            accessToken: STORED_TOKEN,
            currentUser: JSON.stringify({ user: people.admin, isNewUser: false }),
          },
        });
        // The form is met in its dialog, opened from the sidebar.
        const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
        await act(async () =>
          fireEvent.click(within(sidebar).getByRole('button', { name: 'Change Password' })),
        );
        // Zag arms the dialog on the next tick.
        await advance(50);
        return app;
      },
    },
  ],
  events: passwordWalkEvents,
  scenarios: [passwordMismatchScenario],
  app: { machine: changePasswordMachine, notOnThisScreen: [...NO_FILE, ...NO_REFERENCE] },
});
