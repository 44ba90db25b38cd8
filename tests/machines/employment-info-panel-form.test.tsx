import { employmentInfoPanelForm } from '../../machines/record-panel-forms';
import { dayMonthYear } from '../models/calendar-words';
import { describePanelWalk, openRecordScreen } from './panel-walk';
import { employmentInfoSpec } from './spec-forms';
import { onboardedStaff } from './staff-fixtures';

/**
 * The Employment Information panel walked from the spec's panel model (tests/models/panel.model.ts) through
 * the Employment tab of user detail. Messages from spec section 5 (and ours for the last day of service of a
 * resigned employee); the request from section 7; toasts from section 8.
 */

const info = onboardedStaff.employmentInfo as NonNullable<typeof onboardedStaff.employmentInfo>;
const stored = {
  designation: 'HR Executive',
  employmentStatus: 'ACTIVE',
  hireDate: '2023-07-17',
  confirmedDate: '2023-10-17',
  passType: 'Singapore',
  employmentType: 'Full Time',
  lastDayOfService: '',
};

describePanelWalk({
  title: 'Employment Information on the Employment tab of user detail, walked from its spec model',
  spec: {
    title: 'Employment Information',
    stored,
    labels: {
      designation: 'Designation',
      employmentStatus: 'Employment Status',
      hireDate: 'Hire Date',
      confirmedDate: 'Confirmed Date',
      passType: 'Pass Type',
      employmentType: 'Employment Type',
    },
    dates: employmentInfoSpec.dates,
    errors: employmentInfoSpec.errors,
    rows: (s) => [
      ['Designation', s.designation as string],
      ['Employment Status', s.employmentStatus === 'RESIGNED' ? 'Resigned' : 'Active'],
      ['Hire Date', dayMonthYear(s.hireDate as string)],
      ['Confirmed Date', dayMonthYear(s.confirmedDate as string)],
      // The spec's pass type with what it stands for (issue 34); the walk never changes it.
      ['Pass Type', s.passType === 'Singapore' ? 'Singapore (Singapore Citizen)' : (s.passType as string)],
      ['Employment Type', s.employmentType as string],
    ],
    // Spec section 7: PATCH /employment-info/{id} {designation, employmentStatus, hireDate, confirmedDate,
    // passType, employmentType}; ours: an active employee has no last day of service.
    requests: (_stored, v) => [
      {
        method: 'PATCH',
        path: `/api/employment-info/${info.id}`,
        body: {
          designation: v.designation,
          employmentStatus: v.employmentStatus,
          hireDate: v.hireDate,
          confirmedDate: v.confirmedDate || null,
          passType: v.passType,
          employmentType: v.employmentType,
          lastDayOfService: v.employmentStatus === 'ACTIVE' ? null : v.lastDayOfService,
        },
      },
    ],
    toasts: { saved: ['Employment info updated!'], failed: ['Server error', 'Internal Server Error'] },
    refusalMessage: 'Server error',
  },
  open: (inspect) => openRecordScreen(inspect, { tab: 'Employment' }),
  changes: [
    { name: 'designation', value: 'Senior HR Executive' },
    { name: 'designation', value: '' },
  ],
  answer: (_request, values) => ({ ...info, ...values, lastDayOfService: values.lastDayOfService || null }),
  refusal: { statusCode: 500, error: 'Internal Server Error', message: 'Server error' },
  app: {
    machine: employmentInfoPanelForm,
    notOnThisScreen: ['form.given', 'field.refuse'],
  },
  scenarios: [
    {
      name: 'resigned without a last day: Save shows the field it needs, with its message',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'employmentStatus', value: 'RESIGNED' },
        { type: 'user.saves' },
      ],
    },
    {
      name: 'confirmed before hired: Save says so and sends nothing',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'confirmedDate', value: '2023-07-01' },
        { type: 'user.saves' },
      ],
    },
  ],
});
