import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { editablePanelMachine } from '../../machines/editable-panel.machine';
import { dayMonthYear } from '../models/calendar-words';
import type { PanelSpec } from '../models/panel.model';
import { settle } from './harness';
import { describePanelWalk, me, openRecordScreen } from './panel-walk';
import {
  answerLoad,
  dollars,
  employee,
  openPayItems,
  payItemsPath,
  period,
  serverDown,
  unprocessedPayslip,
} from './pay-items-fixtures';
import { addressBody, noAddressValues, staffInfoSpec } from './spec-forms';
import { onboardedStaff } from './staff-fixtures';

/**
 * The editable-panel flow (the pencil, the form, Save and Cancel) walked from the spec's panel model
 * (tests/models/panel.model.ts) through every kind of screen that holds one: the Staff tab of My profile
 * (/staff/profile), where a staff member edits their own staff info; of user detail (/admin/users/:id),
 * where the administrator edits a staff member's; and Payment Information Used on Pay Items. The app's
 * editable-panel statechart is only followed, to prove it takes no transition the model lacks. Spec
 * section 2: the pencil, read-only rows of what is stored, Save disabled while nothing changed or while
 * saving, Cancel restoring the stored values; section 7: the requests; section 8: the toasts.
 */

const info = onboardedStaff.staffInfo as NonNullable<typeof onboardedStaff.staffInfo>;
const stored = {
  gender: 'Female',
  nric: 'T0023456C',
  dateOfBirth: '2000-09-02',
  race: 'Malay',
  nationality: 'SINGAPORE CITIZEN',
  ...noAddressValues,
};
const refusal = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'An unexpected error occurred. Please try again later.',
};

const staffInfo = (around: () => void): PanelSpec => ({
  title: 'Staff Information',
  stored,
  labels: staffInfoSpec.labels,
  dates: staffInfoSpec.dates,
  errors: staffInfoSpec.errors,
  rows: (s) => [
    ['NRIC/FIN', `${s.nric?.charAt(0)}****${s.nric?.slice(-4)}`],
    ['Date of Birth', dayMonthYear(s.dateOfBirth as string)],
  ],
  requests: (_stored, values) => [
    { method: 'PATCH', path: `/api/staff-info/${info.id}`, body: { ...values, ...addressBody(values) } },
  ],
  toasts: {
    saved: ['Staff information updated!'],
    failed: ['Failed to update staff information. Please try again.'],
  },
  refusalMessage: refusal.message,
  around,
});

const staffInfoAnswer = (_request: unknown, values: Record<string, string>) => ({ ...info, ...values });
/** A screen runs several panels; the walked kind's is the one under test. */
const followed = (kind: string) => ({
  machine: editablePanelMachine,
  isUnderTest: (s: { context: { kind?: string } }) => s.context.kind === kind,
  // The computed entitlements reach only the Leave Allowance panel (user-record.test.tsx walks them).
  notOnThisScreen: ['panel.prefill'],
});

describePanelWalk({
  title: 'an editable panel on the Staff tab of My profile, walked from the spec panel model',
  spec: {
    ...staffInfo(() => {
      expect(window.location.pathname).toBe('/staff/profile');
      // The read-only block of My profile: name, email and role.
      expect(screen.getByText(me.email)).toBeInTheDocument();
    }),
    readOnlyFields: ['nric'],
  },
  open: (inspect) => openRecordScreen(inspect, { mine: true }),
  changes: [
    { name: 'dateOfBirth', value: '2000-09-03' },
    { name: 'dateOfBirth', value: '' },
  ],
  answer: staffInfoAnswer,
  refusal,
  app: followed('staffInfo') as never,
  scenarios: [
    {
      name: 'Cancel after a save: editing starts from the saved value',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'dateOfBirth', value: '2000-09-03' },
        { type: 'user.saves' },
        { type: 'server.saves' },
        { type: 'user.edits' },
        { type: 'user.types', name: 'dateOfBirth', value: '1999-12-31' },
        { type: 'user.cancels' },
        { type: 'user.edits' },
      ],
    },
  ],
});

describePanelWalk({
  title: 'an editable panel on the Staff tab of user detail, walked from the spec panel model',
  spec: staffInfo(() => {
    expect(window.location.pathname).toBe(`/admin/users/${onboardedStaff.id}`);
    // The Users back link (the sidebar has a Users link too) above the person's name.
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(main.getByRole('heading', { name: onboardedStaff.fullName })).toBeInTheDocument();
  }),
  open: (inspect) => openRecordScreen(inspect),
  changes: [
    // Check letters computed by hand with the shared facts' algorithm (weights 2765432, +4 for T).
    { name: 'nric', value: 'T0245678D' },
    { name: 'nric', value: '' },
  ],
  answer: staffInfoAnswer,
  refusal,
  app: followed('staffInfo') as never,
});

const SNAPSHOT_PATH = `/api/payslips/${employee.id}/${period.year}/${period.month}`;
describePanelWalk({
  title: 'an editable panel on Pay Items (Payment Information Used), walked from the spec panel model',
  spec: {
    title: 'Payment Information Used',
    stored: {
      basicSalarySnapshot: '4600.00',
      employeeCpfRateSnapshot: '20',
      employerCpfRateSnapshot: '17',
      selfHelpGroupSnapshot: 'ECF',
    },
    labels: {
      basicSalarySnapshot: 'Basic Salary',
      selfHelpGroupSnapshot: 'Self-Help Group',
      employeeCpfRateSnapshot: 'Employee CPF Rate (%)',
      employerCpfRateSnapshot: 'Employer CPF Rate (%)',
    },
    // Spec section 5: the payment snapshot takes the same salary message.
    errors: (values) => ({
      basicSalarySnapshot: Number(values.basicSalarySnapshot) > 0 ? undefined : 'Salary must be more than 0.',
    }),
    // Spec section 9: money with thousands separators and two decimals.
    rows: (s) => [
      ['Basic Salary', dollars(Number(s.basicSalarySnapshot))],
      ['Employee CPF Rate (%)', s.employeeCpfRateSnapshot as string],
      ['Self-Help Group', s.selfHelpGroupSnapshot as string],
    ],
    // Spec section 7: PUT /payslips/{userId}/{year}/{month} with the snapshot's numbers.
    requests: (_stored, v) => [
      {
        method: 'PUT',
        path: SNAPSHOT_PATH,
        body: {
          basicSalarySnapshot: Number(v.basicSalarySnapshot),
          employeeCpfRateSnapshot: Number(v.employeeCpfRateSnapshot),
          employerCpfRateSnapshot: Number(v.employerCpfRateSnapshot),
          selfHelpGroupSnapshot: v.selfHelpGroupSnapshot,
        },
      },
    ],
    toasts: {
      saved: ['Salary information updated successfully'],
      failed: ['Failed to update salary information successfully', serverDown.message],
    },
    refusalMessage: serverDown.message,
    around: () => {
      expect(window.location.pathname).toBe(payItemsPath);
      expect(screen.getByRole('heading', { name: 'Pay Items' })).toBeInTheDocument();
    },
  },
  open: async (inspect) => {
    const app = await openPayItems(inspect);
    await answerLoad(app.server, unprocessedPayslip);
    await settle();
    return app;
  },
  changes: [
    { name: 'basicSalarySnapshot', value: '4800.00' },
    { name: 'basicSalarySnapshot', value: '0' },
  ],
  answer: (_request, v) => ({ ...unprocessedPayslip, basicSalarySnapshot: Number(v.basicSalarySnapshot) }),
  refusal: serverDown,
  app: followed('paymentSnapshot') as never,
});
