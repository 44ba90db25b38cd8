import { profilePanelForm } from '../../machines/record-panel-forms';
import { describePanelWalk, openRecordScreen } from './panel-walk';
import { onboardedStaff } from './staff-fixtures';

/**
 * The Profile panel of user detail, walked from the spec's panel model (tests/models/panel.model.ts). Spec
 * section 5: 'Profile: name and email required ("All fields are required.")'; section 7: PATCH /users/{id}
 * {fullName, email}; section 8: 'User updated!', and 'An error occurred' / 'Please try again' on failure.
 */

const REQUIRED = 'All fields are required.';
const stored = { fullName: onboardedStaff.fullName, email: onboardedStaff.email };
const path = `/api/users/${onboardedStaff.id}`;

describePanelWalk({
  title: 'the Profile panel of user detail, walked from its spec model',
  spec: {
    title: 'Profile',
    stored,
    labels: { fullName: 'Full Name', email: 'Email' },
    errors: (values) => ({
      fullName: values.fullName?.trim() ? undefined : REQUIRED,
      email: values.email?.trim() ? undefined : REQUIRED,
    }),
    rows: (s) => [
      ['Full Name', s.fullName as string],
      ['Email', s.email as string],
    ],
    requests: (_stored, values) => [{ method: 'PATCH', path, body: values }],
    toasts: { saved: ['User updated!'], failed: ['An error occurred', 'Please try again'] },
    refusalMessage: 'An unexpected error occurred. Please try again later.',
  },
  open: (inspect) => openRecordScreen(inspect),
  changes: [
    { name: 'fullName', value: 'Nur Aisyah Rahman' },
    { name: 'fullName', value: '' },
  ],
  answer: (_request, values) => ({ ...onboardedStaff, ...values }),
  refusal: {
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'An unexpected error occurred. Please try again later.',
  },
  app: { machine: profilePanelForm, notOnThisScreen: ['form.given', 'field.refuse'] },
  scenarios: [
    {
      name: 'an emptied email says so when left, and Save shows every message and sends nothing',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'email', value: '' },
        { type: 'user.leaves', name: 'email' },
        { type: 'user.saves' },
      ],
    },
  ],
});
