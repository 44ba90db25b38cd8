import { employmentInfoPanelForm } from '../../machines/record-panel-forms';
import { employmentInfoFormValues } from '../../src/domain/employment-info';
import { describePanelForm, openRecordScreen, startEditing } from './panel-model';
import { employmentInfoSpec } from './spec-forms';
import { onboardedStaff } from './staff-fixtures';

/**
 * Model-based test of the Employment Information panel's form (see form-model.tsx for the method), walked
 * through the Employment tab of user detail. Messages from spec section 5 (and ours for the last day of
 * service of a resigned employee); toasts from section 8.
 */

const info = onboardedStaff.employmentInfo as NonNullable<typeof onboardedStaff.employmentInfo>;
const stored = employmentInfoFormValues(info);

describePanelForm({
  machine: employmentInfoPanelForm,
  title: 'Employment Information',
  screenName: 'the Employment tab of user detail',
  stored,
  open: async (inspect) => {
    const app = await openRecordScreen(inspect);
    await startEditing(app, 'Employment', 'Employment Information');
    return app;
  },
  events: [
    { type: 'field.change', name: 'designation', value: 'Senior HR Executive' },
    { type: 'field.change', name: 'designation', value: '' },
    { type: 'field.blur', name: 'designation' },
    { type: 'form.submit' },
  ],
  labels: {
    designation: 'Designation',
    employmentStatus: 'Employment Status',
    hireDate: 'Hire Date',
    confirmedDate: 'Confirmed Date',
    passType: 'Pass Type',
    employmentType: 'Employment Type',
  },
  specErrors: employmentInfoSpec.errors,
  scenarios: [
    // Resigned without a last day: the field it needs shows, with its message.
    [{ type: 'field.change', name: 'employmentStatus', value: 'RESIGNED' }, { type: 'form.submit' }],
    // Confirmed before hired.
    [{ type: 'field.change', name: 'confirmedDate', value: '2023-07-01' }, { type: 'form.submit' }],
  ],
  request: { method: 'PATCH', path: `/api/employment-info/${info.id}` },
  answer: (values) => ({ ...info, ...values, lastDayOfService: values.lastDayOfService || null }),
  toasts: { saved: 'Employment info updated!', failed: ['Server error', 'Internal Server Error'] },
  refusal: { statusCode: 500, error: 'Internal Server Error', message: 'Server error' },
});
