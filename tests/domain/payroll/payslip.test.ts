import {
  computePayslip,
  cpfAgeBand,
  estimateOwRestOfYearCents,
  officialCpfRates,
  type PayslipInput,
  type PayslipItem,
  type SelfHelpGroup,
} from '../../../src/domain/payroll';

const march2026: PayslipInput = {
  year: 2026,
  month: 3,
  basicSalaryCents: 480_000,
  items: [],
  cpf: { residency: 'SC', ageBand: 'LE55' },
  selfHelpGroup: 'NONE',
};

describe('computePayslip', () => {
  it('computes the worked example of docs/payroll.md', () => {
    const ageBand = cpfAgeBand('1969-08-20', 2026, 3);
    expect(ageBand).toBe('55_60');
    const rates = officialCpfRates({ year: 2026, month: 3, residency: 'SC', ageBand });
    expect(rates).toEqual({ employeePercent: 18, employerPercent: 16 });
    const ordinaryWageCents = 480_000 + 35_050 - 4_520;
    const result = computePayslip({
      year: 2026,
      month: 3,
      basicSalaryCents: 480_000,
      items: [
        { kind: 'ADHOC', type: 'OVERTIME', amountCents: 35_050 },
        { kind: 'DEDUCTION', type: 'LATENESS', amountCents: 4_520 },
        { kind: 'BONUS', type: 'AWS', amountCents: 300_000 },
        { kind: 'OTHER_ADDITION', type: 'TRAVEL_ALLOWANCE', amountCents: 12_000 },
        { kind: 'OTHER_DEDUCTION', type: 'LOAN', amountCents: 20_000 },
      ],
      cpf: {
        residency: 'SC',
        ageBand,
        rates,
        owSubjectYearToDateCents: 2 * 480_000,
        projectedOwRestOfYearCents: estimateOwRestOfYearCents({ year: 2026, month: 3, ordinaryWageCents }),
      },
      selfHelpGroup: 'CDAC',
    });
    expect(result).toEqual({
      ordinaryWageCents: 510_530,
      additionalWageCents: 300_000,
      grossPayCents: 810_530,
      employeeCpfCents: 145_800,
      employerCpfCents: 129_800,
      cpfOwSubjectCents: 510_530,
      cpfAwSubjectCents: 300_000,
      shgCents: 300,
      sdlCents: 1_125,
      netPayCents: 664_430,
      otherItemsCents: -8_000,
      netPayableCents: 656_430,
    });
  });

  it('pays no CPF when the employee has none', () => {
    const result = computePayslip({ ...march2026, cpf: null, selfHelpGroup: 'SINDA' });
    expect(result).toMatchObject({ employeeCpfCents: 0, employerCpfCents: 0, shgCents: 900 });
    expect(result.netPayCents).toBe(480_000 - 900);
  });

  it('does not let deductions take ordinary wages below zero', () => {
    const result = computePayslip({
      ...march2026,
      basicSalaryCents: 100_000,
      items: [
        { kind: 'DEDUCTION', type: 'UNPAID_LEAVE', amountCents: 150_000 },
        { kind: 'BONUS', type: 'BONUS', amountCents: 50_000 },
      ],
    });
    expect(result).toMatchObject({
      ordinaryWageCents: 0,
      additionalWageCents: 50_000,
      grossPayCents: 50_000,
    });
  });

  it('keeps other additions and deductions out of gross pay, CPF, SHG and SDL', () => {
    const plain = computePayslip({ ...march2026, selfHelpGroup: 'MBMF' });
    const withOthers = computePayslip({
      ...march2026,
      selfHelpGroup: 'MBMF',
      items: [
        { kind: 'OTHER_ADDITION', type: 'MEDICAL_CLAIM', amountCents: 500_000 },
        { kind: 'OTHER_DEDUCTION', type: 'ADVANCE', amountCents: 1_000 },
      ],
    });
    expect(withOthers).toEqual({
      ...plain,
      otherItemsCents: 499_000,
      netPayableCents: plain.netPayCents + 499_000,
    });
  });

  it('treats adhoc items as OW and bonus items as AW', () => {
    const result = computePayslip({
      ...march2026,
      items: [
        { kind: 'ADHOC', type: 'INCENTIVE', amountCents: 10_000 },
        { kind: 'ADHOC', type: 'PUBLIC_HOLIDAY', amountCents: 5_000 },
        { kind: 'BONUS', type: 'COMMISION', amountCents: 20_000 },
        { kind: 'DEDUCTION', type: 'LATENESS', amountCents: 1_000 },
      ],
    });
    expect(result).toMatchObject({ ordinaryWageCents: 494_000, additionalWageCents: 20_000 });
  });

  describe('input errors', () => {
    const withItem = (item: unknown) => () => computePayslip({ ...march2026, items: [item as PayslipItem] });

    it('refuses unknown kinds and types that do not belong to the kind', () => {
      expect(withItem({ kind: 'REFUND', type: 'OTHER', amountCents: 1 })).toThrow(
        /Unknown pay item kind at items\[0\] "REFUND"/,
      );
      expect(withItem({ kind: 'BONUS', type: 'LATENESS', amountCents: 1 })).toThrow(
        /Unknown BONUS pay item type "LATENESS" at items\[0\] \(expected one of COMMISION/,
      );
      expect(withItem(null)).toThrow(/Unknown pay item kind/);
    });

    it('refuses negative and fractional amounts', () => {
      expect(withItem({ kind: 'ADHOC', type: 'OVERTIME', amountCents: -100 })).toThrow(
        /items\[0\]\.amountCents must be a non-negative whole number of cents/,
      );
      expect(withItem({ kind: 'ADHOC', type: 'OVERTIME', amountCents: 10.5 })).toThrow(/amountCents/);
      expect(() => computePayslip({ ...march2026, basicSalaryCents: 1.5 })).toThrow(/basicSalaryCents/);
    });

    it('refuses an unknown self-help group, a missing cpf and a bad period', () => {
      expect(() => computePayslip({ ...march2026, selfHelpGroup: 'XYZ' as SelfHelpGroup })).toThrow(
        /Unknown self-help group "XYZ"/,
      );
      expect(() => computePayslip({ ...march2026, cpf: undefined as unknown as null })).toThrow(
        /null for no CPF/,
      );
      expect(() => computePayslip({ ...march2026, month: 13 })).toThrow(/month must be an integer/);
      expect(() => computePayslip({ ...march2026, year: 2030 })).toThrow(/2030-03/);
    });
  });
});
