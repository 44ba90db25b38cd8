import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { staffInfoPanelForm } from '../../machines/record-panel-forms';
import { dayMonthYear } from '../models/calendar-words';
import type { PanelSpec } from '../models/panel.model';
import { describePanelWalk, openRecordScreen } from './panel-walk';
import { addressBody, noAddressValues, staffInfoSpec } from './spec-forms';
import { onboardedStaff } from './staff-fixtures';

/**
 * The Staff Information panel walked from the spec's panel model (tests/models/panel.model.ts) through the
 * Staff tab of both screens that hold it: user detail, where the administrator may change every field, and
 * My profile, where staff see their NRIC/FIN but change only the rest. Messages from spec section 5 (and ours
 * for a malformed NRIC/FIN); the request from section 7; toasts from section 8.
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
/** Spec section 9: day/month/year with zero padding. */

const spec = (around: () => void): PanelSpec => ({
  title: 'Staff Information',
  stored,
  labels: staffInfoSpec.labels,
  dates: staffInfoSpec.dates,
  errors: staffInfoSpec.errors,
  // The NRIC/FIN is masked everywhere but in its own edit field.
  rows: (s) => [
    ['Gender', s.gender as string],
    ['NRIC/FIN', `${s.nric?.charAt(0)}****${s.nric?.slice(-4)}`],
    ['Date of Birth', dayMonthYear(s.dateOfBirth as string)],
    ['Race', s.race as string],
    // The Myinfo description in words (issue 34); the walk never changes it.
    ['Nationality', s.nationality === 'SINGAPORE CITIZEN' ? 'Singapore Citizen' : (s.nationality as string)],
    // Ours (issue 32): the address on one line, its parts in order; a dash when there is none.
    [
      'Residential Address',
      s.foreignAddress
        ? (s.foreignAddress as string).split('\n').join(', ')
        : s.addressPostalCode
          ? [`${s.addressBlock} ${s.addressStreet}`, s.addressUnit, `Singapore ${s.addressPostalCode}`]
              .filter(Boolean)
              .join(', ')
          : '-',
    ],
  ],
  // Spec section 7: PATCH /staff-info/{id} {dateOfBirth, nric, gender, race, nationality}, and the address.
  requests: (_stored, values) => [
    { method: 'PATCH', path: `/api/staff-info/${info.id}`, body: { ...values, ...addressBody(values) } },
  ],
  toasts: {
    saved: ['Staff information updated!'],
    failed: ['Failed to update staff information. Please try again.'],
  },
  refusalMessage: 'An unexpected error occurred. Please try again later.',
  around,
});

const common = {
  answer: (_request: unknown, values: Record<string, string>) => ({ ...info, ...values }),
  refusal: {
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'An unexpected error occurred. Please try again later.',
  },
  app: { machine: staffInfoPanelForm, notOnThisScreen: ['form.given', 'field.refuse'] },
};

describePanelWalk({
  ...common,
  title: 'Staff Information on the Staff tab of user detail, walked from its spec model',
  spec: spec(() => {
    expect(window.location.pathname).toBe(`/admin/users/${onboardedStaff.id}`);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
  }),
  open: (inspect) => openRecordScreen(inspect),
  changes: [
    // Check letters computed by hand with the shared facts' algorithm: D is right for T0245678, A is not for T0023456.
    { name: 'nric', value: 'T0245678D' },
    { name: 'nric', value: '' },
    { name: 'nric', value: 'T0023456A' },
  ],
  scenarios: [
    {
      name: 'a check letter that does not match says so when left, and again on Save',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'nric', value: 'T0023456A' },
        { type: 'user.leaves', name: 'nric' },
        { type: 'user.saves' },
      ],
    },
    {
      name: 'a Singapore address needs its block, street and 6-digit postal code; then the row shows it',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'addressStreet', value: 'Jurong West Street 41' },
        { type: 'user.types', name: 'addressPostalCode', value: '64001' },
        { type: 'user.leaves', name: 'addressPostalCode' },
        { type: 'user.saves' },
        { type: 'user.types', name: 'addressBlock', value: 'Blk 10' },
        { type: 'user.types', name: 'addressPostalCode', value: '640010' },
        { type: 'user.saves' },
        { type: 'server.saves' },
      ],
    },
    {
      name: 'a foreign address of three lines is kept as its lines, never beside a Singapore one',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'addressUnit', value: '#05-12' },
        {
          type: 'user.types',
          name: 'foreignAddress',
          value: '12 Jalan Ampang\n50450 Kuala Lumpur\nMalaysia',
        },
        { type: 'user.saves' },
        { type: 'user.types', name: 'addressUnit', value: '' },
        { type: 'user.saves' },
        { type: 'server.saves' },
      ],
    },
    {
      name: 'an emptied date of birth says so when left, and Save keeps it from going out',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'dateOfBirth', value: '' },
        { type: 'user.leaves', name: 'dateOfBirth' },
        { type: 'user.saves' },
      ],
    },
  ],
});

describePanelWalk({
  ...common,
  title: 'Staff Information on the Staff tab of My profile, walked from its spec model',
  // Spec section 2 and 6: staff see their NRIC/FIN but may not change it.
  spec: {
    ...spec(() => expect(window.location.pathname).toBe('/staff/profile')),
    readOnlyFields: ['nric'],
  },
  open: (inspect) => openRecordScreen(inspect, { mine: true }),
  changes: [
    { name: 'dateOfBirth', value: '2000-09-03' },
    { name: 'dateOfBirth', value: '' },
  ],
});
