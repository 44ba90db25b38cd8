import { computeRunPayslip, openingCpfSubject, type PayslipSnapshot } from '../../../src/domain/payroll';
import { type Ir8aEmployee, ir8aFigures } from '../../../src/domain/payroll/ir8a';

// Issue 38 item 3: the year so far paid before the company used the product. 2025: OW ceiling $7,400 a
// month, annual salary ceiling $102,000 (docs/payroll.md); a citizen aged 30 pays 20% + 17%.

const citizen: PayslipSnapshot = {
  basicSalaryCents: 740_000,
  cpfType: 'SINGAPORE CITIZEN',
  cpfSection: 'CPF1',
  employeeCpfRate: null,
  employerCpfRate: null,
  selfHelpGroup: 'NONE',
  dateOfBirth: '1995-04-10',
};

describe('openingCpfSubject', () => {
  it('takes the OW given as subject to CPF, up to the OW ceilings of the months it covers', () => {
    // January to June: 6 x 7,400 = 44,400 of ceilings.
    expect(
      openingCpfSubject({
        year: 2025,
        throughMonth: 6,
        ordinaryWageCents: 4_440_000,
        additionalWageCents: 0,
      }),
    ).toEqual({ owSubjectCents: 4_440_000, awSubjectCents: 0 });
    // $9,000 a month for six months: only 44,400 of the 54,000 was subject to CPF.
    expect(
      openingCpfSubject({
        year: 2025,
        throughMonth: 6,
        ordinaryWageCents: 5_400_000,
        additionalWageCents: 0,
      }),
    ).toEqual({ owSubjectCents: 4_440_000, awSubjectCents: 0 });
  });

  it('takes the AW up to what the annual ceiling leaves after that OW', () => {
    // 102,000 - 44,400 = 57,600: a 20,000 bonus is all subject, an 80,000 one only 57,600 of it.
    expect(
      openingCpfSubject({
        year: 2025,
        throughMonth: 6,
        ordinaryWageCents: 4_440_000,
        additionalWageCents: 2_000_000,
      }),
    ).toEqual({ owSubjectCents: 4_440_000, awSubjectCents: 2_000_000 });
    expect(
      openingCpfSubject({
        year: 2025,
        throughMonth: 6,
        ordinaryWageCents: 4_440_000,
        additionalWageCents: 8_000_000,
      }),
    ).toEqual({ owSubjectCents: 4_440_000, awSubjectCents: 5_760_000 });
  });
});

describe('the AW ceiling with an opening OW (the issue vector)', () => {
  it("charges December's $30,000 bonus on 102,000 - 88,800 = 13,200 of it: $7,622 CPF, $4,120 the employee's", () => {
    const opening = openingCpfSubject({
      year: 2025,
      throughMonth: 6,
      ordinaryWageCents: 4_440_000,
      additionalWageCents: 0,
    });
    // July to November processed here: 5 x 7,400 = 37,000 more OW subject to CPF.
    const december = computeRunPayslip({
      year: 2025,
      month: 12,
      snapshot: citizen,
      items: [{ kind: 'BONUS', type: 'BONUS', amountCents: 3_000_000 }],
      yearToDate: {
        owSubjectCents: opening.owSubjectCents + 3_700_000,
        awSubjectCents: opening.awSubjectCents,
      },
      lastDayOfService: null,
    });
    expect(december.cpfAwSubjectCents).toBe(1_320_000);
    expect(december.employeeCpfCents + december.employerCpfCents).toBe(762_200);
    expect(december.employeeCpfCents).toBe(412_000);
  });
});

describe('the IR8A with an opening year to date', () => {
  const employee: Ir8aEmployee = {
    userId: 1,
    fullName: 'Tan Wei Ming',
    idNumber: 'S9512345A',
    designation: 'Analyst',
    dateOfBirth: '1995-04-10',
    gender: 'Male',
    nationality: 'SINGAPOREAN',
    hireDate: '2022-03-01',
    lastDayOfService: null,
    address: {
      addressBlock: null,
      addressStreet: null,
      addressUnit: null,
      addressPostalCode: null,
      foreignAddress: null,
    },
  };
  const december = {
    month: 12,
    basicSalaryCents: 740_000,
    items: [],
    employeeCpfCents: 148_000,
    shgCents: 0,
    selfHelpGroup: 'NONE' as const,
    totalWageCents: 740_000,
    payDate: '2025-12-26',
    processedOn: '2025-12-26',
  };

  it('adds its OW to salary, AW to bonus, CPF and SHG, and counts its months as reported', () => {
    const opening = {
      throughMonth: 11,
      ordinaryWageCents: 8_140_000,
      additionalWageCents: 500_000,
      employeeCpfCents: 1_728_000,
      shgCents: 2_200,
    };
    const form = ir8aFigures(2025, employee, [december], opening);
    expect(form).toMatchObject({
      salaryCents: 8_140_000 + 740_000,
      bonusCents: 500_000,
      employeeCpfCents: 1_728_000 + 148_000,
      donationsCents: 2_200,
      provisional: false,
    });
  });

  it('refuses a month both opening and processed here', () => {
    const opening = {
      throughMonth: 12,
      ordinaryWageCents: 0,
      additionalWageCents: 0,
      employeeCpfCents: 0,
      shgCents: 0,
    };
    expect(() => ir8aFigures(2025, employee, [december], opening)).toThrow(/both opening and processed/);
  });
});
