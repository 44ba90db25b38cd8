import { profilePanelForm } from '../../machines/record-panel-forms';
import { describePanelForm, openRecordScreen, startEditing } from './panel-model';
import { onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the profile panel's form (see form-model.tsx for the method), walked through user
 * detail. Spec section 5: 'Profile: name and email required ("All fields are required.")'; section 8:
 * 'User updated!', and 'An error occurred' / 'Please try again' on failure.
 */

const REQUIRED = 'All fields are required.';
const stored = { fullName: onboardedStaff.fullName, email: onboardedStaff.email };

describePanelForm({
  machine: profilePanelForm,
  title: 'Profile',
  screenName: 'user detail',
  stored,
  open: async (inspect) => {
    const app = await openRecordScreen(inspect);
    await startEditing(app, null, 'Profile');
    return app;
  },
  events: [
    { type: 'field.change', name: 'fullName', value: 'Nur Aisyah Rahman' },
    { type: 'field.change', name: 'fullName', value: '' },
    { type: 'field.blur', name: 'fullName' },
    { type: 'form.submit' },
  ],
  labels: { fullName: 'Full Name', email: 'Email' },
  specErrors: (values) => ({
    fullName: values.fullName?.trim() ? undefined : REQUIRED,
    email: values.email?.trim() ? undefined : REQUIRED,
  }),
  scenarios: [
    [
      { type: 'field.change', name: 'email', value: '' },
      { type: 'field.blur', name: 'email' },
      { type: 'form.submit' },
    ],
  ],
  request: { method: 'PATCH', path: `/api/users/${onboardedStaff.id}` },
  sent: (values) => values,
  answer: (values) => ({ ...onboardedStaff, ...values }),
  toasts: { saved: 'User updated!', failed: ['An error occurred', 'Please try again'] },
  refusal: {
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'An unexpected error occurred. Please try again later.',
  },
});
