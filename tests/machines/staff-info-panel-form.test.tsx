import { expect } from 'vitest';
import { staffInfoPanelForm } from '../../machines/record-panel-forms';
import { staffInfoFormValues } from '../../src/domain/staff-info';
import { describePanelForm, openRecordScreen, startEditing } from './panel-model';
import { staffInfoSpec } from './spec-forms';
import { onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the Staff Information panel's form (see form-model.tsx for the method), walked through
 * the Staff tab of both screens that hold it: user detail, where the administrator may change every field,
 * and My profile, where staff see their NRIC/FIN but change only the rest. Messages from spec section 5 (and
 * ours for a malformed NRIC/FIN); toasts from section 8.
 */

const info = onboardedStaff.staffInfo as NonNullable<typeof onboardedStaff.staffInfo>;

/** What both walks share: the panel, its fields and messages, its request and its toasts. */
const panel = {
  machine: staffInfoPanelForm,
  title: 'Staff Information',
  stored: staffInfoFormValues(info),
  labels: staffInfoSpec.labels,
  specErrors: staffInfoSpec.errors,
  request: { method: 'PATCH', path: `/api/staff-info/${info.id}` },
  sent: (values: Record<string, string>) => values,
  answer: (values: Record<string, string>) => ({ ...info, ...values }),
  toasts: {
    saved: 'Staff information updated!',
    failed: ['Failed to update staff information. Please try again.'] as [string],
  },
  refusal: {
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'An unexpected error occurred. Please try again later.',
  },
};

describePanelForm({
  ...panel,
  screenName: 'the Staff tab of user detail',
  open: async (inspect) => {
    const app = await openRecordScreen(inspect);
    await startEditing(app, null, 'Staff Information');
    return app;
  },
  events: [
    // Check letters computed by hand with the shared facts' algorithm: D is right for T0245678, A is not for T0023456.
    { type: 'field.change', name: 'nric', value: 'T0245678D' },
    { type: 'field.change', name: 'nric', value: '' },
    { type: 'field.change', name: 'nric', value: 'T0023456A' },
    { type: 'field.blur', name: 'nric' },
    { type: 'form.submit' },
  ],
  scenarios: [
    // A check letter that does not match: the message when the field is left, and again on Save.
    [
      { type: 'field.change', name: 'nric', value: 'T0023456A' },
      { type: 'field.blur', name: 'nric' },
      { type: 'form.submit' },
    ],
    // An emptied date of birth says so when left, and Save keeps it from going out.
    [
      { type: 'field.change', name: 'dateOfBirth', value: '' },
      { type: 'field.blur', name: 'dateOfBirth' },
      { type: 'form.submit' },
    ],
  ],
});

describePanelForm({
  ...panel,
  screenName: 'the Staff tab of My profile',
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
  expectScreen: () => {
    // Spec section 2: staff see their NRIC/FIN but may not change it.
    const nric = document.querySelector<HTMLInputElement>(
      'form[aria-label="Staff Information"] input[name="nric"]',
    );
    if (nric) expect(nric.readOnly).toBe(true);
  },
});
