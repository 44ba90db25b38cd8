import { expect } from 'vitest';
import { staffInfoPanelForm } from '../../machines/record-panel-forms';
import { staffInfoFormValues } from '../../src/domain/staff-info';
import { describePanelForm, openRecordScreen, startEditing } from './panel-model';
import { onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the Staff Information panel's form (see form-model.tsx for the method), walked through
 * the Staff tab of user detail, where the administrator may change every field. Messages from spec section 5
 * (and ours for a malformed NRIC/FIN); toasts from section 8.
 */

const REQUIRED = 'Please fill in all compulsory fields.';
const info = onboardedStaff.staffInfo as NonNullable<typeof onboardedStaff.staffInfo>;
const stored = staffInfoFormValues(info);

/** The shared facts' check letter of an S or T NRIC (weights 2765432, +4 for T, letters JZIHGFEDCBA). */
function isValidNric(nric: string): boolean {
  const match = /^([ST])(\d{7})([A-Z])$/.exec(nric);
  if (!match) return false;
  const sum = [...(match[2] ?? '')].reduce(
    (total, digit, i) => total + Number(digit) * ([2, 7, 6, 5, 4, 3, 2][i] ?? 0),
    match[1] === 'T' ? 4 : 0,
  );
  return 'JZIHGFEDCBA'[sum % 11] === match[3];
}

describePanelForm({
  machine: staffInfoPanelForm,
  title: 'Staff Information',
  screenName: 'the Staff tab of user detail',
  stored,
  open: async (inspect) => {
    const app = await openRecordScreen(inspect);
    await startEditing(app, null, 'Staff Information');
    return app;
  },
  events: [
    { type: 'field.change', name: 'nric', value: 'T0245678D' },
    { type: 'field.change', name: 'nric', value: '' },
    { type: 'field.change', name: 'nric', value: 'T0023456A' },
    { type: 'field.blur', name: 'nric' },
    { type: 'form.submit' },
  ],
  labels: {
    gender: 'Gender',
    nric: 'NRIC/FIN',
    dateOfBirth: 'Date of Birth',
    race: 'Race',
    nationality: 'Nationality',
  },
  specErrors: (values) => ({
    nric: !values.nric ? REQUIRED : isValidNric(values.nric) ? undefined : 'Please enter a valid NRIC/FIN.',
    dateOfBirth: values.dateOfBirth ? undefined : REQUIRED,
  }),
  scenarios: [
    // An emptied date of birth says so when left, and Save keeps it from going out.
    [
      { type: 'field.change', name: 'dateOfBirth', value: '' },
      { type: 'field.blur', name: 'dateOfBirth' },
      { type: 'form.submit' },
    ],
  ],
  request: { method: 'PATCH', path: `/api/staff-info/${info.id}` },
  sent: (values) => values,
  answer: (values) => ({ ...info, ...values }),
  toasts: {
    saved: 'Staff information updated!',
    failed: ['Failed to update staff information. Please try again.'],
  },
  refusal: {
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'An unexpected error occurred. Please try again later.',
  },
});

/** My profile: the staff member sees their NRIC/FIN (read-only) and changes the rest of their own record. */
describePanelForm({
  machine: staffInfoPanelForm,
  title: 'Staff Information',
  screenName: 'the Staff tab of My profile',
  stored,
  open: async (inspect) => {
    const app = await openRecordScreen(inspect, { mine: true });
    await startEditing(app, null, 'Staff Information');
    return app;
  },
  events: [
    { type: 'field.change', name: 'dateOfBirth', value: '2000-09-03' },
    { type: 'field.change', name: 'dateOfBirth', value: '' },
    { type: 'field.blur', name: 'dateOfBirth' },
    { type: 'form.submit' },
  ],
  labels: {
    gender: 'Gender',
    nric: 'NRIC/FIN',
    dateOfBirth: 'Date of Birth',
    race: 'Race',
    nationality: 'Nationality',
  },
  specErrors: (values) => ({
    dateOfBirth: values.dateOfBirth ? undefined : REQUIRED,
  }),
  expectScreen: () => {
    // Spec section 2: staff see their NRIC/FIN but may not change it.
    const nric = document.querySelector<HTMLInputElement>(
      'form[aria-label="Staff Information"] input[name="nric"]',
    );
    if (nric) expect(nric.readOnly).toBe(true);
  },
  request: { method: 'PATCH', path: `/api/staff-info/${info.id}` },
  sent: (values) => values,
  answer: (values) => ({ ...info, ...values }),
  toasts: {
    saved: 'Staff information updated!',
    failed: ['Failed to update staff information. Please try again.'],
  },
  refusal: {
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'An unexpected error occurred. Please try again later.',
  },
});
