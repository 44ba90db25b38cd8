import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fill, lawDays, stepForm, user } from '../machines/onboarding-fixtures';
import {
  employmentInfoSpec,
  leaveAllowanceSpec,
  noAddressValues,
  paymentInfoSpec,
  staffInfoSpec,
} from '../machines/spec-forms';
import { type FormModelContext, formModel, type Values } from './form.model';

/**
 * The four steps of the onboarding wizard on /admin/onboard/:id (spec section 2, "Admin onboarding"; the
 * checks of spec section 5, Staff info, Employment, Payment and Leave allowance in onboarding): Next
 * advances only when the step validates, and the step is taken at once (nothing is sent until step 4,
 * whose Submit posts everything). A value the server refused (an NRIC/FIN already registered) shows beside
 * its field when the wizard comes back to its step. Step 3's self-help group follows race and its CPF
 * rates follow the CPF type and section until the admin types their own (the shared CPF and SHG facts);
 * step 4 starts from the entitlement for the hire date and warns below the law (the shared leave facts).
 */

const ONBOARDING = `/admin/onboard/${user.id}`;
const onStep = (step: number) => () => {
  expect(window.location.pathname).toBe(ONBOARDING);
  expect(stepForm(step), `step ${step + 1} shows`).toBeInTheDocument();
};
const stepOnScreen = (title: string) => () => screen.queryByRole('form', { name: title });

export const staffStep = formModel({
  id: 'staffStep',
  form: stepOnScreen('Staff Information'),
  labels: staffInfoSpec.labels,
  dates: staffInfoSpec.dates,
  initialValues: { gender: '', nric: '', dateOfBirth: '', race: '', nationality: '', ...noAddressValues },
  errors: staffInfoSpec.errors,
  submitLabel: 'Next',
  showsOpen: onStep(0),
  // Taken: the wizard shows step 2.
  showsDone: onStep(1),
});

export const employmentStep = formModel({
  id: 'employmentStep',
  form: stepOnScreen('Employment Information'),
  labels: {
    designation: 'Designation',
    hireDate: 'Hire Date',
    confirmedDate: 'Confirmed Date',
    passType: 'Pass Type',
    employmentType: 'Employment Type',
  },
  initialValues: { designation: '', hireDate: '', confirmedDate: '', passType: '', employmentType: '' },
  dates: employmentInfoSpec.dates,
  errors: employmentInfoSpec.errors,
  submitLabel: 'Next',
  showsOpen: onStep(1),
  showsDone: onStep(2),
});

/** What step 3 counts with from step 1. */
export interface PaymentStepParams {
  dateOfBirth: string;
  race: string;
}

const RATES = ['employeeCpfContributionRate', 'employerCpfContributionRate'] as const;
/** The SHG facts: the fund a race contributes to by default (CDAC, SINDA, MBMF, ECF). */
const FUND_OF_RACE: Record<string, string> = {
  Chinese: 'CDAC',
  Indian: 'SINDA',
  Malay: 'MBMF',
  Eurasian: 'ECF',
};
/** The CPF facts, Table 1 (Singapore citizens), total wages above $750: employee 20%, employer 17% at 55 and below. */
function officialRates(values: Values, { dateOfBirth }: PaymentStepParams) {
  if (values.cpfType === 'NONE') return { [RATES[0]]: '', [RATES[1]]: '' };
  const age = Number(new Date().toISOString().slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  // The walk's only birth date is 1992 and its only CPF type a citizen's: other rows are the panels' walks.
  if (values.cpfType === 'SINGAPORE CITIZEN' && age <= 55) return { [RATES[0]]: '20', [RATES[1]]: '17' };
  return {};
}

export const paymentStep = formModel({
  id: 'paymentStep',
  form: stepOnScreen('Payment Information'),
  labels: paymentInfoSpec.labels,
  initialValues: {
    basicSalary: '',
    employeeCpfContributionRate: '',
    employerCpfContributionRate: '',
    cpfType: '',
    cpfSection: '',
    selfHelpGroup: '',
    // A select item may not have an empty value (spec section 5): no bank yet is NONE.
    bankName: 'NONE',
    bankCode: '',
    branchCode: '',
    accountNo: '',
  },
  fills(values, params) {
    const p = params as PaymentStepParams;
    const fund = FUND_OF_RACE[p.race];
    return { ...(fund ? { selfHelpGroup: fund } : {}), ...officialRates(values, p) };
  },
  // A new CPF type or section brings the official rates again, over rates typed for the old one.
  refills: { cpfType: RATES, cpfSection: RATES },
  // No CPF takes no rates.
  locked: (values) => (values.cpfType === 'NONE' ? RATES : []),
  // The rates follow the CPF type: until one is chosen, it is the CPF type that is asked for.
  errors: (values) => {
    const messages = paymentInfoSpec.errors(values);
    return values.cpfType ? messages : { ...messages, [RATES[0]]: undefined, [RATES[1]]: undefined };
  },
  submitLabel: 'Next',
  showsOpen: onStep(2),
  showsDone: onStep(3),
});

export const PAYMENT_PARAMS: PaymentStepParams = {
  dateOfBirth: fill.staff.dateOfBirth,
  race: fill.staff.race,
};

/** Step 4's leave types by id: every type with a yearly limit (Unpaid Leave is not asked for). */
export const LEAVE_TYPES: Record<string, string> = {
  '1': 'Annual Leave',
  '2': 'Medical Leave',
  '3': 'Childcare Leave',
};
const IDS = Object.keys(LEAVE_TYPES);
const leaveForm = stepOnScreen('Leave Allowance');

export const leaveStep = formModel({
  id: 'leaveStep',
  form: leaveForm,
  labels: LEAVE_TYPES,
  inputName: (id) => `leave-${id}`,
  initialValues: Object.fromEntries(IDS.map((id) => [id, ''])),
  // The fields start with the entitlement for the hire date of step 2.
  fills: () => Object.fromEntries(Object.entries(lawDays).map(([id, days]) => [id, String(days)])),
  errors: (values) => leaveAllowanceSpec.errors(IDS, values),
  submitLabel: 'Submit',
  showsOpen(_app, model: FormModelContext) {
    onStep(3)();
    const shown = leaveForm() as HTMLElement;
    // Unpaid Leave has no limit and is not asked for.
    expect(shown.querySelector('[name="leave-8"]')).toBeNull();
    // A value below the law's minimum warns (where no error shows instead).
    for (const id of IDS) {
      const days = model.values[id] ?? '';
      const warning = `Below the statutory ${lawDays[id]} days.`;
      const below = days.trim() !== '' && Number(days) < (lawDays[id] ?? 0);
      expect(within(shown).queryByText(warning) !== null, `warning of ${LEAVE_TYPES[id]}`).toBe(
        below && !model.errors[id],
      );
    }
  },
  showsDone(app) {
    // Taken: all four steps are sent at once, step 4 staying on show while they are.
    expect(within(stepForm(3)).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(app.server.pending('POST', `/api/users/${user.id}/onboard`)).toHaveLength(1);
  },
});
