import { describe, expect, it } from 'vitest';
import { employmentInfoBodySchema } from '../../src/domain/employment-info';
import { paymentInfoBodySchema } from '../../src/domain/payment-info';
import { computePayslip } from '../../src/domain/payroll';
import { kindInfo } from '../../src/domain/payslips';

// The spec's closed lists (section 3) and the pay item toasts (section 8), written here as the spec
// writes them: each value must be taken by the rule that checks it at the edge, and a near miss refused.

const PASS_TYPES = [
  'Dependent - Dp',
  'Employment Pass',
  'Malaysian - Wp',
  'Others',
  'Prc - Wp',
  'S Pass',
  'S Pass - Myan',
  'S Pass - Prc',
  'Singapore',
  'Singapore - Pr',
  'Special Pass',
  'Training Employment Pass',
  'Work Permit',
];
const EMPLOYMENT_TYPES = [
  'Full Time',
  'Part Time',
  'Contract Worker',
  'Training Staff',
  'Temp Staff',
  'Probation Period',
];
const BANKS = [
  'DBS',
  'POSB',
  'OCBC',
  'UOB',
  'Maybank',
  'Citibank',
  'Standard Chartered',
  'HSBC',
  'RHB',
  'ANZ',
  'Bank of China',
  'CIMB',
];
const PAY_ITEM_TYPES = {
  ADHOC: ['OVERTIME', 'INCENTIVE', 'MOBILE_ALLOWANCE', 'OFFDAY', 'PUBLIC_HOLIDAY', 'RETENTION_INCENTIVE'],
  BONUS: ['COMMISION', 'ANNUAL_LEAVE_ENCASHMENT', 'BONUS', 'AWS', 'DIRECTOR_FEE', 'BACK_PAY'],
  DEDUCTION: ['LATENESS', 'UNPAID_LEAVE'],
  OTHER_ADDITION: ['TRAVEL_ALLOWANCE', 'SKILL_ALLOWANCE', 'MEDICAL_CLAIM', 'OTHER'],
  OTHER_DEDUCTION: ['DEDUCTION', 'ADVANCE', 'MEDICAL_CO_SHARE', 'NS_MAKEUP_PAY', 'LOAN'],
} as const;

const employment = (change: Record<string, unknown>) =>
  employmentInfoBodySchema.safeParse({
    designation: 'Engineer',
    hireDate: '2024-01-02',
    passType: 'Employment Pass',
    employmentType: 'Full Time',
    ...change,
  });
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('employment info: pass type and employment type', () => {
  it.each(PASS_TYPES)('takes the pass type %s', (passType) => {
    expect(employment({ passType }).success).toBe(true);
  });
  it.each(EMPLOYMENT_TYPES)('takes the employment type %s', (employmentType) => {
    expect(employment({ employmentType }).success).toBe(true);
  });
  it("refuses a value spelled otherwise, naming the field, and a missing one with the spec's message", () => {
    expect(messages(employment({ passType: 'S pass' }))).toEqual([
      'Pass type must be one of the allowed values.',
    ]);
    expect(messages(employment({ employmentType: 'Fulltime' }))).toEqual([
      'Employment type must be one of the allowed values.',
    ]);
    expect(messages(employment({ passType: undefined }))).toEqual(['Please fill in all compulsory fields.']);
  });
});

describe('payment info: bank name', () => {
  const payment = (bankName: string) =>
    paymentInfoBodySchema.safeParse({
      basicSalary: 3000,
      bankName,
      bankCode: '',
      branchCode: '',
      accountNo: '',
    });
  it.each(BANKS)('takes %s', (bankName) => {
    const parsed = payment(bankName);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.bankName).toBe(bankName);
  });
  it('takes NONE as no bank and refuses a bank not on the list', () => {
    expect(payment('NONE').data?.bankName).toBeNull();
    expect(payment('DBS Bank').success).toBe(false);
  });
});

describe('pay items', () => {
  const withItem = (kind: string, type: string) => () =>
    computePayslip({
      year: 2026,
      month: 3,
      basicSalaryCents: 300_000,
      items: [{ kind, type, amountCents: 1_000 }] as never,
      cpf: null,
      selfHelpGroup: 'NONE',
    });
  it.each(
    Object.entries(PAY_ITEM_TYPES).flatMap(([kind, types]) => types.map((type) => [kind, type] as const)),
  )('%s takes the type %s', (kind, type) => {
    expect(withItem(kind, type)).not.toThrow();
  });
  it('refuses a type of another kind', () => {
    expect(withItem('ADHOC', 'MEDICAL_CO_SHARE')).toThrow(/ADHOC pay item type "MEDICAL_CO_SHARE"/);
    expect(withItem('OTHER_DEDUCTION', 'OVERTIME')).toThrow(/OTHER_DEDUCTION pay item type "OVERTIME"/);
  });

  it.each([
    ['ADHOC', 'Adhoc item added', 'Failed to add adhoc item'],
    ['BONUS', 'Bonus item added', 'Failed to add bonus item'],
    ['DEDUCTION', 'Deduction item added', 'Failed to add deduction item'],
    ['OTHER_ADDITION', 'Other addition item added', 'Failed to add other addition item'],
    ['OTHER_DEDUCTION', 'Other deduction item added', 'Failed to add other deduction item'],
  ] as const)('%s: the toasts say "%s" or "%s"', (kind, added, addFailed) => {
    expect(kindInfo(kind)).toMatchObject({ added, addFailed });
  });
});
