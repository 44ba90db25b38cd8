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
  // Issue 36: the work pattern, after the spec's fields; a record from before it reads as not a
  // workman on a 5-day, 44-hour week (8.8 hours a day) with Sunday as rest day.
  workman: 'false',
  daysPerWeek: '5',
  normalHoursPerDay: '8.8',
  restDay: 'SUNDAY',
  overtimeExemptionRef: '',
};
const weekday = (day: string) => day.charAt(0) + day.slice(1).toLowerCase();

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
      workman: 'Workman',
      daysPerWeek: 'Days a Week',
      normalHoursPerDay: 'Normal Hours a Day',
      restDay: 'Rest Day',
      overtimeExemptionRef: 'MOM Overtime Exemption Ref',
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
      ['Workman', s.workman === 'true' ? 'Yes' : 'No'],
      ['Days a Week', s.daysPerWeek as string],
      ['Normal Hours a Day', s.normalHoursPerDay as string],
      ['Rest Day', weekday(s.restDay as string)],
      ['MOM Overtime Exemption Ref', (s.overtimeExemptionRef as string) || '-'],
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
          workman: v.workman === 'true',
          daysPerWeek: Number(v.daysPerWeek),
          normalHoursPerDay: Number(v.normalHoursPerDay),
          restDay: v.restDay,
          overtimeExemptionRef: v.overtimeExemptionRef || null,
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
    { name: 'daysPerWeek', value: '5.5' },
    { name: 'daysPerWeek', value: '7' },
  ],
  answer: (_request, values) => ({
    ...info,
    ...values,
    lastDayOfService: values.lastDayOfService || null,
    workman: values.workman === 'true',
    daysPerWeek: Number(values.daysPerWeek),
    normalHoursPerDay: Number(values.normalHoursPerDay),
    overtimeExemptionRef: values.overtimeExemptionRef || null,
  }),
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
      name: 'a 5.5-day week (issue 36): Save sends it as a number and the panel shows it',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'daysPerWeek', value: '5.5' },
        { type: 'user.saves' },
        { type: 'server.saves' },
      ],
    },
    {
      name: 'seven days a week (issue 36: 1 to 6): Save shows the limit beside the field',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'daysPerWeek', value: '7' },
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
