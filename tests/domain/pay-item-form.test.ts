import { describe, expect, it } from 'vitest';
import { validateForm } from '../../src/domain/forms';
import { payItemFormSchema, snapshotFormSchema } from '../../src/domain/payslips';

/**
 * A kind's Add form on Pay Items, read by its schema. Spec section 5: type and amount required ('Please
 * fill all fields.'), the amount greater than 0 ('Amount must be greater than 0.'); one message at a time,
 * beside the field it concerns (the Type first). The words are the spec's, written here.
 */
const check = (type: string, amount: string, treatment = '') =>
  validateForm(payItemFormSchema, { type, treatment, amount });

describe('the pay item form', () => {
  it('asks for the type first, then the amount, one message at a time', () => {
    expect(check('', '').errors).toEqual({ type: 'Please fill all fields.' });
    expect(check('', '1500').errors).toEqual({ type: 'Please fill all fields.' });
    expect(check('BONUS', '').errors).toEqual({ amount: 'Please fill all fields.' });
    expect(check('BONUS', '   ').errors).toEqual({ amount: 'Please fill all fields.' });
  });

  it('refuses an amount that is not above 0', () => {
    for (const amount of ['0', '-5', '0.00', 'abc', '1,50', '15,00.5']) {
      expect(check('BONUS', amount).errors, amount).toEqual({ amount: 'Amount must be greater than 0.' });
    }
  });

  it('refuses more than two decimals and more than 10,000,000', () => {
    expect(check('BONUS', '1.234').errors).toEqual({ amount: 'Amounts have at most two decimals.' });
    expect(check('BONUS', '10000000.01').errors).toEqual({ amount: 'Amount must be at most 10,000,000.' });
  });

  it('reads a valid item into the type and the amount as a number', () => {
    expect(check('BONUS', ' 1500.50 ')).toEqual({
      success: true,
      data: { type: 'BONUS', amount: 1500.5 },
      errors: {},
    });
    expect(check('OVERTIME', '10000000').success).toBe(true);
    // Thousands separators as people write them.
    expect(check('BONUS', '1,500')).toMatchObject({ success: true, data: { type: 'BONUS', amount: 1500 } });
    expect(check('BONUS', '10,000,000.00')).toMatchObject({ data: { type: 'BONUS', amount: 10_000_000 } });
    expect(check('OVERTIME', '0.01').success).toBe(true);
  });

  // Issue 32: a travel allowance (or an other payment) is a wage when paid as a fixed sum and not one
  // when it repays actual expenses, so the admin says which; a type treated one way sends no treatment.
  it('asks how a type paid either way is paid, after the type and before the amount', () => {
    expect(check('TRAVEL_ALLOWANCE', '').errors).toEqual({ treatment: 'Please fill all fields.' });
    expect(check('OTHER', '120').errors).toEqual({ treatment: 'Please fill all fields.' });
    expect(check('TRAVEL_ALLOWANCE', '', 'WAGE').errors).toEqual({ amount: 'Please fill all fields.' });
    expect(check('TRAVEL_ALLOWANCE', '120', 'WAGE')).toEqual({
      success: true,
      data: { type: 'TRAVEL_ALLOWANCE', amount: 120, treatment: 'WAGE' },
      errors: {},
    });
    expect(check('OTHER', '120', 'REIMBURSEMENT')).toMatchObject({
      data: { type: 'OTHER', amount: 120, treatment: 'REIMBURSEMENT' },
    });
    // A choice left from a type paid either way is not sent with one treated one way.
    expect(check('MEDICAL_CLAIM', '85.50', 'WAGE')).toEqual({
      success: true,
      data: { type: 'MEDICAL_CLAIM', amount: 85.5 },
      errors: {},
    });
    expect(check('SKILL_ALLOWANCE', '100')).toEqual({
      success: true,
      data: { type: 'SKILL_ALLOWANCE', amount: 100 },
      errors: {},
    });
  });
});

describe('the Payment Information Used panel', () => {
  it('reads a salary typed with thousands separators (issue 34), with the payment messages', () => {
    const panel = (basicSalarySnapshot: string) =>
      validateForm(snapshotFormSchema, {
        basicSalarySnapshot,
        employeeCpfRateSnapshot: '20',
        employerCpfRateSnapshot: '17',
        selfHelpGroupSnapshot: 'CDAC',
      });
    expect(panel('4,200')).toMatchObject({ success: true, data: { basicSalarySnapshot: 4200 } });
    expect(panel('4,20').errors).toEqual({ basicSalarySnapshot: 'Salary must be more than 0.' });
  });
});
