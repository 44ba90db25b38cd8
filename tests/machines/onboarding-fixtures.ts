import { fireEvent, screen, within } from '@testing-library/react';
import type { InspectionEvent } from 'xstate';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { todayIso } from '../../src/domain/dates';
import { dayMonthYear } from '../models/calendar-words';
import { admin } from '../views/fixtures';
import { type RunningApp, renderApp, settle } from './harness';
import { employmentInfoSpec, staffInfoSpec } from './spec-forms';
import { leaveTypes, registeredStaff } from './staff-fixtures';

/** What the onboarding walks share: the staff member onboarded, what each step is filled with, the policies. */

export type Section = 'staff' | 'employment' | 'payment' | 'leave';

export const user = registeredStaff;
// The check letters computed by hand with the shared facts' algorithm (weights 2765432, S: J Z I H G F E D C B A).
export const nric = 'S9234567Z';
export const otherNric = 'S1234567D';
export const fill = {
  staff: {
    gender: 'Female',
    nric,
    dateOfBirth: '1992-03-14',
    race: 'Indian',
    nationality: 'SINGAPORE CITIZEN',
    // Issue 32: a Singapore address without a unit (a landed house).
    addressBlock: '10',
    addressStreet: 'Jurong West Street 41',
    addressPostalCode: '640010',
  },
  employment: {
    designation: 'Payroll Executive',
    hireDate: '2025-01-06',
    confirmedDate: '',
    passType: 'Singapore',
    employmentType: 'Full Time',
  },
  // No rates: choosing the CPF type fills in the official ones. The suggested group (SINDA) is changed.
  payment: {
    basicSalary: '4200.50',
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'CDAC',
    bankName: 'OCBC',
    bankCode: '7339',
    branchCode: '501',
    accountNo: '501-234567-8',
  },
  leave: { '1': '14', '2': '14', '3': '6' },
};
/**
 * GET /leave-policies as a new company has them (issue 17): annual leave by the Employment Act's 7, 8, ...
 * 14 days by year of service, prorated; medical leave by the Act's table; childcare 6 days, prorated;
 * unpaid leave without limit.
 */
export const policies = [
  {
    leaveTypeId: 1,
    leaveType: { id: 1, name: 'Annual Leave' },
    statute: 'ANNUAL',
    entitlement: 'SERVICE',
    days: null,
    schedule: [7, 8, 9, 10, 11, 12, 13, 14],
    prorate: true,
    carryForwardMaxDays: 14,
    carryForwardExpiryMonths: 12,
  },
  {
    leaveTypeId: 2,
    leaveType: { id: 2, name: 'Medical Leave' },
    statute: 'SICK',
    entitlement: 'STATUTORY_SICK',
    days: null,
    schedule: null,
    prorate: false,
    carryForwardMaxDays: 0,
    carryForwardExpiryMonths: null,
  },
  {
    leaveTypeId: 3,
    leaveType: { id: 3, name: 'Childcare Leave' },
    statute: 'CHILDCARE',
    entitlement: 'FIXED',
    days: 6,
    schedule: null,
    prorate: true,
    carryForwardMaxDays: 0,
    carryForwardExpiryMonths: null,
  },
  {
    leaveTypeId: 8,
    leaveType: { id: 8, name: 'Unpaid Leave' },
    statute: null,
    entitlement: 'NONE',
    days: null,
    schedule: null,
    prorate: false,
    carryForwardMaxDays: 0,
    carryForwardExpiryMonths: null,
  },
];
/**
 * Step 4 before the admin types (issue 17), from the shared leave facts for the hire date of step 2
 * (6 Jan 2025) in this year: annual leave is the Act's figure for the year of service (7 in the 1st year,
 * one more a year, 14 from the 8th; not prorated after the joining year), medical leave 14 days after 6
 * completed months, childcare leave 6 days after the first year. These are also the law's minimums.
 */
const thisYear = Number(todayIso().slice(0, 4));
const yearOfService = thisYear - 2025 + 1;
export const lawDays: Record<string, number> = { '1': Math.min(6 + yearOfService, 14), '2': 14, '3': 6 };
export const prefilled = Object.fromEntries(Object.entries(lawDays).map(([id, days]) => [id, String(days)]));

export const SECTIONS: readonly Section[] = ['staff', 'employment', 'payment', 'leave'];
export const STEP_NAMES = ['Staff', 'Employment', 'Payment', 'Leave'];
export const STEP_TITLES = [
  'Staff Information',
  'Employment Information',
  'Payment Information',
  'Leave Allowance',
];

export const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
export const stepForm = (step: number, hidden = false) =>
  screen.getByRole('form', { name: STEP_TITLES[step], hidden });
export const control = (form: HTMLElement, name: string) => {
  const element = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no ${name} field`);
  return element;
};
export const fieldName = (section: Section, field: string) =>
  section === 'leave' ? `leave-${field}` : field;

/** The wizard opened for the staff member just registered, its data answered (these types and policies). */
export async function openWizard(
  inspect: (event: InspectionEvent) => void,
  reference: { leaveTypes: unknown[]; policies: unknown[] } = { leaveTypes, policies },
): Promise<RunningApp> {
  const app = await renderApp({ path: `/admin/onboard/${user.id}`, storage: signedInAdmin, inspect });
  app.server.answer('GET', `/api/users/${user.id}`, 200, user);
  app.server.answer('GET', '/api/leave-types', 200, reference.leaveTypes);
  app.server.answer('GET', '/api/leave-policies', 200, reference.policies);
  await settle();
  return app;
}

const DATES = [...staffInfoSpec.dates, ...employmentInfoSpec.dates];

/** Fills the step on show with values the spec accepts and presses Next, as an admin does. */
export async function fillAndNext(app: RunningApp, step: number, values: Record<string, string>) {
  const section = SECTIONS[step] as Section;
  const form = stepForm(step);
  for (const [field, value] of Object.entries(values)) {
    const element = control(form, fieldName(section, field));
    // Dates typed day first, as the screens show them (issue 34).
    const typed = DATES.includes(field) ? dayMonthYear(value) : value;
    if (element.value !== typed) fireEvent.change(element, { target: { value: typed } });
  }
  await app.user.click(within(form).getByRole('button', { name: step === 3 ? 'Submit' : 'Next' }));
  await settle();
}

/** A step's answer: it comes at once, as the wizard takes a step that is right. */
export const taken = { type: 'xstate.done.actor.takeStep', output: null, actorId: 'takeStep' } as const;
/** Taking a step cannot fail: no step is refused, so nothing leaves a refusal. */
export const STEP_TAKEN_AT_ONCE = ['xstate.error.actor.takeStep', 'in submitFailed'] as const;
