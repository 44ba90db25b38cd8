import {
  computePayslip,
  hasTreatmentChoice,
  PAY_ITEM_TREATMENTS,
  PayrollInputError,
  type PayslipInput,
  type PayslipItem,
  payItemTypesByKind,
  treatmentOf,
} from '../../../src/domain/payroll';
import { type Ir8aEmployee, ir8aFigures } from '../../../src/domain/payroll/ir8a';

/**
 * The pay item treatment table (issue 32) against the rules it is written from, and the payslip and the
 * IR8A that read it, with figures worked out by hand here. The rules (docs/payroll.md, "Pay item
 * treatment"): the spec's kinds (adhoc = OW, bonus = AW, deductions reduce OW, other additions and
 * deductions outside CPF); the CPF Board's "what payments attract CPF contributions" (an allowance is a
 * wage, a fixed sum paid whatever the expense is one, a reimbursement of official or medical expenses is
 * not); IRAS (allowances are taxable, reimbursed business and medical expenses are not); total wages,
 * on which SDL and the funds are counted, are OW + AW.
 */

type Row = readonly [cpf: 'OW' | 'AW' | null, ir8a: string | null];
const NONE: Row = [null, null];

/** What each type is, written from those rules; [WAGE, REIMBURSEMENT] for a type paid either way. */
const expected: Record<string, Row | readonly [Row, Row]> = {
  OVERTIME: ['OW', 'salary'],
  INCENTIVE: ['OW', 'bonus'],
  MOBILE_ALLOWANCE: ['OW', 'otherAllowances'],
  OFFDAY: ['OW', 'salary'],
  PUBLIC_HOLIDAY: ['OW', 'salary'],
  RETENTION_INCENTIVE: ['OW', 'bonus'],
  COMMISION: ['AW', 'commission'],
  ANNUAL_LEAVE_ENCASHMENT: ['AW', 'salary'],
  BONUS: ['AW', 'bonus'],
  AWS: ['AW', 'bonus'],
  DIRECTOR_FEE: ['AW', 'directorsFees'],
  BACK_PAY: ['AW', 'salary'],
  LATENESS: ['OW', 'salary'],
  UNPAID_LEAVE: ['OW', 'salary'],
  // Days of an incomplete month not employed reduce salary as unpaid leave does (EA s.20A).
  INCOMPLETE_MONTH: ['OW', 'salary'],
  TRAVEL_ALLOWANCE: [['OW', 'transportAllowance'], NONE],
  // The one departure from its kind: a fixed allowance is an ordinary wage.
  SKILL_ALLOWANCE: ['OW', 'otherAllowances'],
  MEDICAL_CLAIM: NONE,
  OTHER: [['OW', 'otherAllowances'], NONE],
  // Issue 37: an expense claim is a reimbursement, no CPF; one of a type the company marks taxable is
  // income all the same, IR8A (d) other allowances.
  EXPENSE_CLAIM: NONE,
  TAXABLE_EXPENSE_CLAIM: [null, 'otherAllowances'],
  DEDUCTION: NONE,
  ADVANCE: NONE,
  MEDICAL_CO_SHARE: NONE,
  NS_MAKEUP_PAY: NONE,
  LOAN: NONE,
  // CPF Board: salary in lieu of notice is not a wage; IRAS: taxable, IR8A (d)4 notice pay.
  NOTICE_PAY: [null, 'lumpSum'],
  NOTICE_DEDUCTION: NONE,
};

const asRow = (type: string, treatment?: 'WAGE' | 'REIMBURSEMENT') => {
  const { cpf, ir8a } = treatmentOf({ type, treatment });
  return [cpf, ir8a];
};

describe('the pay item treatment table', () => {
  it('treats every type of the spec, and only those, as the rules say', () => {
    const types = Object.values(payItemTypesByKind).flat();
    expect(Object.keys(PAY_ITEM_TREATMENTS).sort()).toEqual([...types].sort());
    for (const type of types) {
      const rule = expected[type];
      if (rule?.length === 2 && Array.isArray(rule[0])) {
        expect(hasTreatmentChoice(type), type).toBe(true);
        expect(asRow(type, 'WAGE'), `${type} as a wage`).toEqual(rule[0]);
        expect(asRow(type, 'REIMBURSEMENT'), `${type} as a reimbursement`).toEqual(rule[1]);
      } else {
        expect(hasTreatmentChoice(type), type).toBe(false);
        expect(asRow(type), type).toEqual(rule);
      }
    }
  });

  it('counts a payment in total wages (SDL, the funds) exactly when it is a wage', () => {
    for (const type of Object.values(payItemTypesByKind).flat()) {
      const treatments = hasTreatmentChoice(type)
        ? [treatmentOf({ type, treatment: 'WAGE' }), treatmentOf({ type, treatment: 'REIMBURSEMENT' })]
        : [treatmentOf({ type })];
      for (const { cpf, totalWages } of treatments) expect(totalWages, type).toBe(cpf !== null);
    }
  });

  it('reads a type paid either way as a reimbursement when no choice is stored, as the spec kind says', () => {
    expect(treatmentOf({ type: 'TRAVEL_ALLOWANCE' })).toEqual(
      treatmentOf({ type: 'TRAVEL_ALLOWANCE', treatment: 'REIMBURSEMENT' }),
    );
    expect(treatmentOf({ type: 'OTHER', treatment: null }).cpf).toBeNull();
  });

  it('refuses a choice for a type treated one way, an unknown choice and an unknown type', () => {
    expect(() => treatmentOf({ type: 'OVERTIME', treatment: 'WAGE' })).toThrow(PayrollInputError);
    expect(() => treatmentOf({ type: 'MEDICAL_CLAIM', treatment: 'REIMBURSEMENT' })).toThrow(/one treatment/);
    expect(() => treatmentOf({ type: 'TRAVEL_ALLOWANCE', treatment: 'PERK' as 'WAGE' })).toThrow(
      /Unknown treatment "PERK"/,
    );
    expect(() => treatmentOf({ type: 'TIPS' })).toThrow(/Unknown pay item type "TIPS"/);
    expect(() => treatmentOf({ type: 'toString' })).toThrow(/Unknown pay item type "toString"/);
    expect(hasTreatmentChoice('constructor')).toBe(false);
  });
});

// March 2026, a citizen under 55 on $3,000 (2026 rates: employee 20%, employer 17%, 37% in all) who
// gives to the Mosque Building Fund, with a $120 travel allowance.
const month = (items: PayslipItem[]): PayslipInput => ({
  year: 2026,
  month: 3,
  basicSalaryCents: 300_000,
  items,
  cpf: { residency: 'SC', ageBand: 'LE55' },
  selfHelpGroup: 'MBMF',
});
const travel = (treatment?: 'WAGE' | 'REIMBURSEMENT'): PayslipItem => ({
  kind: 'OTHER_ADDITION',
  type: 'TRAVEL_ALLOWANCE',
  amountCents: 12_000,
  treatment,
});

describe('a payslip read through the table', () => {
  it('pays CPF, the fund and SDL on a fixed travel allowance: $3,120 of ordinary wages', () => {
    expect(computePayslip(month([travel('WAGE')]))).toEqual({
      ordinaryWageCents: 312_000,
      additionalWageCents: 0,
      grossPayCents: 312_000,
      // 37% x 3,120 = 1,154.40, rounded to $1,154; employee 20% x 3,120 = $624; employer the rest, $530.
      employeeCpfCents: 62_400,
      employerCpfCents: 53_000,
      cpfOwSubjectCents: 312_000,
      cpfAwSubjectCents: 0,
      // MBMF: total wages above $3,000 up to $4,000 give $15.00.
      shgCents: 1_500,
      // 0.25% x 3,120 = $7.80.
      sdlCents: 780,
      // 3,120 - 624 - 15.
      netPayCents: 248_100,
      otherItemsCents: 0,
      netPayableCents: 248_100,
    });
  });

  it('pays nothing on the same $120 repaying business travel: CPF on $3,000, the $120 paid beside', () => {
    const reimbursed = computePayslip(month([travel('REIMBURSEMENT')]));
    expect(reimbursed).toEqual({
      ordinaryWageCents: 300_000,
      additionalWageCents: 0,
      grossPayCents: 300_000,
      // 37% x 3,000 = $1,110: employee $600, employer $510.
      employeeCpfCents: 60_000,
      employerCpfCents: 51_000,
      cpfOwSubjectCents: 300_000,
      cpfAwSubjectCents: 0,
      // MBMF: total wages of $3,000 (the band up to $3,000) give $6.50.
      shgCents: 650,
      sdlCents: 750,
      // 3,000 - 600 - 6.50, then the $120 repaid.
      netPayCents: 239_350,
      otherItemsCents: 12_000,
      netPayableCents: 251_350,
    });
    expect(computePayslip(month([travel()]))).toEqual(reimbursed);
  });

  it('pays CPF on a skill allowance, an ordinary wage, and none on a medical claim', () => {
    const result = computePayslip(
      month([
        { kind: 'OTHER_ADDITION', type: 'SKILL_ALLOWANCE', amountCents: 10_000 },
        { kind: 'OTHER_ADDITION', type: 'MEDICAL_CLAIM', amountCents: 4_550 },
      ]),
    );
    // OW 3,100: 37% = $1,147; employee 20% = $620; employer $527. The claim is paid beside.
    expect(result).toMatchObject({
      ordinaryWageCents: 310_000,
      grossPayCents: 310_000,
      employeeCpfCents: 62_000,
      employerCpfCents: 52_700,
      otherItemsCents: 4_550,
    });
  });

  it('refuses a stored choice on a type treated one way, naming the item', () => {
    expect(() =>
      computePayslip(month([{ kind: 'ADHOC', type: 'OVERTIME', amountCents: 100, treatment: 'WAGE' }])),
    ).toThrow(/OVERTIME at items\[0\] has one treatment/);
  });
});

describe('the IR8A read through the table', () => {
  const employee: Ir8aEmployee = {
    userId: 1,
    fullName: 'Siti Rahmah',
    idNumber: 'S8012345J',
    designation: 'Clerk',
    dateOfBirth: '1990-06-15',
    gender: 'Female',
    nationality: 'SINGAPOREAN',
    hireDate: '2020-01-06',
    lastDayOfService: null,
    address: {
      addressBlock: null,
      addressStreet: null,
      addressUnit: null,
      addressPostalCode: null,
      foreignAddress: null,
    },
  };
  const year = (treatment: 'WAGE' | 'REIMBURSEMENT') =>
    ir8aFigures(2026, employee, [
      {
        month: 3,
        basicSalaryCents: 300_000,
        items: [travel(treatment)],
        employeeCpfCents: treatment === 'WAGE' ? 62_400 : 60_000,
        shgCents: treatment === 'WAGE' ? 1_500 : 650,
        selfHelpGroup: 'MBMF',
        totalWageCents: treatment === 'WAGE' ? 312_000 : 300_000,
        payDate: '2026-03-25',
        processedOn: '2026-03-25',
      },
    ]);

  it('reports a fixed travel allowance as the transport allowance of item (d)', () => {
    expect(year('WAGE')).toMatchObject({
      salaryCents: 300_000,
      transportAllowanceCents: 12_000,
      othersCents: 12_000,
      totalCents: 312_000,
      employeeCpfCents: 62_400,
      excludedCents: 0,
    });
  });

  it('leaves business travel repaid out of income, set aside as reimbursed', () => {
    expect(year('REIMBURSEMENT')).toMatchObject({
      salaryCents: 300_000,
      transportAllowanceCents: 0,
      othersCents: 0,
      totalCents: 300_000,
      employeeCpfCents: 60_000,
      excludedCents: 12_000,
    });
  });
});
