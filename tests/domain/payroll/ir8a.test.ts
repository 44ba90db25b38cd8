import {
  type PayItemKind,
  type PayItemTreatmentChoice,
  PayrollInputError,
} from '../../../src/domain/payroll';
import { type Ir8aEmployee, type Ir8aPayslip, ir8aCsv, ir8aFigures } from '../../../src/domain/payroll/ir8a';

// Every figure below is added up by hand from the payslips; none is computed by the code under test.

type Item = Ir8aPayslip['items'][number];
const item = (
  kind: PayItemKind,
  type: string,
  amountCents: number,
  treatment?: PayItemTreatmentChoice,
): Item => ({
  kind,
  type,
  amountCents,
  treatment,
});
/** Paid and processed on that day of the month in 2025 (the 25th unless told), or processed later. */
const paid = (month: number, day = '25', processedOn?: string) => {
  const date = `2025-${String(month).padStart(2, '0')}-${day}`;
  return { payDate: date, processedOn: processedOn ?? date };
};
const noAddress = {
  addressBlock: null,
  addressStreet: null,
  addressUnit: null,
  addressPostalCode: null,
  foreignAddress: null,
};

// Joined on 10 March 2025, a Muslim (MBMF), paid in every class of the IR8A.
const joiner: Ir8aEmployee = {
  userId: 7,
  fullName: 'Nur Aisyah Binti Rahman',
  idNumber: 'S8812345A',
  designation: 'Engineer "Level 2"',
  dateOfBirth: '1988-04-02',
  gender: 'Female',
  nationality: 'SINGAPOREAN',
  hireDate: '2025-03-10',
  lastDayOfService: null,
  address: {
    addressBlock: '123',
    addressStreet: 'Ang Mo Kio Avenue 3',
    addressUnit: '#05-12',
    addressPostalCode: '560123',
    foreignAddress: null,
  },
};

const joinerPayslips: Ir8aPayslip[] = [
  // March: prorated basic, before the self-help group was recorded.
  {
    month: 3,
    basicSalaryCents: 354_839,
    items: [item('ADHOC', 'OVERTIME', 12_345)],
    employeeCpfCents: 73_436,
    shgCents: 0,
    selfHelpGroup: 'NONE',
    totalWageCents: 367_184,
    ...paid(3, '25', '2026-01-05'),
  },
  {
    month: 4,
    basicSalaryCents: 500_000,
    items: [
      item('ADHOC', 'OFFDAY', 20_000),
      item('ADHOC', 'PUBLIC_HOLIDAY', 15_000),
      item('ADHOC', 'MOBILE_ALLOWANCE', 5_000),
      // A fixed transport allowance: taxable, item (d).
      item('OTHER_ADDITION', 'TRAVEL_ALLOWANCE', 12_000, 'WAGE'),
      item('OTHER_ADDITION', 'MEDICAL_CLAIM', 8_550),
    ],
    employeeCpfCents: 108_000,
    shgCents: 1_950,
    selfHelpGroup: 'MBMF',
    totalWageCents: 540_000,
    ...paid(4),
  },
  {
    month: 5,
    basicSalaryCents: 500_000,
    items: [
      item('DEDUCTION', 'LATENESS', 2_500),
      item('OTHER_ADDITION', 'SKILL_ALLOWANCE', 10_000),
      item('OTHER_ADDITION', 'OTHER', 3_333, 'WAGE'),
    ],
    employeeCpfCents: 99_500,
    shgCents: 1_950,
    selfHelpGroup: 'MBMF',
    totalWageCents: 497_500,
    ...paid(5),
  },
  {
    month: 6,
    basicSalaryCents: 500_000,
    items: [item('ADHOC', 'INCENTIVE', 50_000), item('BONUS', 'COMMISION', 123_456)],
    employeeCpfCents: 134_691,
    shgCents: 2_200,
    selfHelpGroup: 'MBMF',
    totalWageCents: 673_456,
    ...paid(6),
  },
  // July: a month of unpaid leave and lateness: the deductions exceed basic + overtime, so the
  // month's salary is the back pay alone (ordinary part 5,000.00 + 3.00 - 5,010.00 floored at 0).
  {
    month: 7,
    basicSalaryCents: 500_000,
    items: [
      item('ADHOC', 'OVERTIME', 300),
      item('DEDUCTION', 'UNPAID_LEAVE', 500_000),
      item('DEDUCTION', 'LATENESS', 1_000),
      item('ADHOC', 'MOBILE_ALLOWANCE', 5_000),
      item('BONUS', 'BACK_PAY', 25_000),
    ],
    employeeCpfCents: 5_000,
    shgCents: 300,
    selfHelpGroup: 'MBMF',
    totalWageCents: 29_300,
    ...paid(7),
  },
  {
    month: 8,
    basicSalaryCents: 500_000,
    items: [item('BONUS', 'BONUS', 100_000)],
    employeeCpfCents: 120_000,
    shgCents: 1_950,
    selfHelpGroup: 'MBMF',
    totalWageCents: 600_000,
    ...paid(8),
  },
  {
    month: 9,
    basicSalaryCents: 500_000,
    items: [item('ADHOC', 'RETENTION_INCENTIVE', 30_000)],
    employeeCpfCents: 106_000,
    shgCents: 1_950,
    selfHelpGroup: 'MBMF',
    totalWageCents: 530_000,
    ...paid(9),
  },
  // A loan repayment (other deduction) is not on the IR8A; a medical claim is left out.
  {
    month: 10,
    basicSalaryCents: 500_000,
    items: [item('OTHER_DEDUCTION', 'LOAN', 10_000), item('OTHER_ADDITION', 'MEDICAL_CLAIM', 4_000)],
    employeeCpfCents: 100_000,
    shgCents: 1_950,
    selfHelpGroup: 'MBMF',
    totalWageCents: 500_000,
    ...paid(10),
  },
  {
    month: 11,
    basicSalaryCents: 500_000,
    items: [],
    employeeCpfCents: 100_000,
    shgCents: 1_950,
    selfHelpGroup: 'MBMF',
    totalWageCents: 500_000,
    ...paid(11),
  },
  {
    month: 12,
    basicSalaryCents: 500_000,
    items: [item('BONUS', 'AWS', 500_000), item('BONUS', 'DIRECTOR_FEE', 200_000)],
    employeeCpfCents: 200_000,
    shgCents: 2_600,
    selfHelpGroup: 'MBMF',
    totalWageCents: 1_200_000,
    ...paid(12, '24', '2025-12-22'),
  },
];

// Left on 15 October 2025 after six years; CDAC, then SINDA in September (the record corrected).
const leaver: Ir8aEmployee = {
  userId: 12,
  fullName: 'Tan, Mei Ling',
  idNumber: 'G1234567X',
  designation: null,
  dateOfBirth: '1990-11-30',
  gender: null,
  nationality: 'MALAYSIAN',
  hireDate: '2019-06-01',
  lastDayOfService: '2025-10-15',
  address: noAddress,
};

const plainMonth = (month: number): Ir8aPayslip => ({
  month,
  basicSalaryCents: 300_000,
  items: [],
  employeeCpfCents: 60_000,
  shgCents: 100,
  selfHelpGroup: 'CDAC',
  totalWageCents: 300_000,
  ...paid(month),
});

const leaverPayslips: Ir8aPayslip[] = [
  plainMonth(1),
  {
    ...plainMonth(2),
    // Business travel repaid (no treatment said: a reimbursement): not income.
    items: [item('BONUS', 'BONUS', 300_000), item('OTHER_ADDITION', 'TRAVEL_ALLOWANCE', 5_000)],
    employeeCpfCents: 120_000,
    shgCents: 300,
    totalWageCents: 600_000,
    ...paid(2, '27'),
  },
  { ...plainMonth(3), items: [item('BONUS', 'COMMISION', 20_000)], employeeCpfCents: 64_000 },
  plainMonth(4),
  { ...plainMonth(5), items: [item('ADHOC', 'OVERTIME', 7_777)], employeeCpfCents: 61_555 },
  plainMonth(6),
  plainMonth(7),
  plainMonth(8),
  { ...plainMonth(9), shgCents: 300, selfHelpGroup: 'SINDA' },
  // October: half a month, leave encashed on leaving, some lateness.
  {
    month: 10,
    basicSalaryCents: 145_161,
    items: [
      item('BONUS', 'ANNUAL_LEAVE_ENCASHMENT', 45_000),
      item('DEDUCTION', 'LATENESS', 1_234),
      item('OTHER_ADDITION', 'OTHER', 2_000, 'REIMBURSEMENT'),
    ],
    employeeCpfCents: 37_785,
    shgCents: 100,
    selfHelpGroup: 'CDAC',
    totalWageCents: 188_927,
    ...paid(10, '31'),
  },
];

describe('ir8aFigures', () => {
  it('adds up a joiner in March: every class, MBMF, a month whose deductions exceed basic', () => {
    expect(ir8aFigures(2025, joiner, joinerPayslips)).toEqual({
      year: 2025,
      employee: { ...joiner, idType: 'NRIC' },
      periodFrom: '2025-03-10',
      periodTo: '2025-12-31',
      // Mar 3,548.39 + 123.45; Apr 5,000 + 200 + 150; May 5,000 - 25; Jun 5,000; Jul 0 + back pay 250;
      // Aug to Dec 5 x 5,000.
      salaryCents: 4_424_684,
      // Incentive 500 + bonus 1,000 + retention incentive 300 + AWS 5,000.
      bonusCents: 680_000,
      directorsFeesCents: 200_000,
      commissionCents: 123_456,
      transportAllowanceCents: 12_000,
      // Mobile 50 (Apr) + 50 (Jul) + skill 100 + other 33.33.
      otherAllowancesCents: 23_333,
      lumpSumCents: 0,
      othersCents: 158_789,
      totalCents: 5_463_473,
      // The last payslip with item (b): December's (AWS), paid on 24 December.
      bonusDeclarationDate: '2025-12-24',
      employeeCpfCents: 1_046_627,
      // MBMF by Muis's table, April to December: six months of $19.50 ($13.50 mosque + $6.00
      // Mendaki), June $22 ($14.50 + $7.50), July $3 ($1.75 + $1.25), December $26 ($17.50 + $8.50).
      // Mosque: 6 x 13.50 + 14.50 + 1.75 + 17.50 = 114.75.
      mbfCents: 11_475,
      // Mendaki: 6 x 6.00 + 7.50 + 1.25 + 8.50 = 53.25.
      donationsCents: 5_325,
      // Reimbursed: medical claims 85.50 + 40.
      excludedCents: 12_550,
      provisional: false,
      // March was processed again on 5 January 2026, after December: the year was complete then.
      declarationDate: '2026-01-05',
    });
  });

  it('adds up a leaver in October: leave pay in salary, CDAC and SINDA as donations, reimbursements left out', () => {
    expect(ir8aFigures(2025, leaver, leaverPayslips)).toEqual({
      year: 2025,
      employee: { ...leaver, idType: 'FIN' },
      periodFrom: '2025-01-01',
      periodTo: '2025-10-15',
      // 9 x 3,000 + overtime 77.77; October 1,451.61 - 12.34 + leave encashed 450.
      salaryCents: 2_896_704,
      bonusCents: 300_000,
      bonusDeclarationDate: '2025-02-27',
      directorsFeesCents: 0,
      commissionCents: 20_000,
      transportAllowanceCents: 0,
      otherAllowancesCents: 0,
      lumpSumCents: 0,
      othersCents: 20_000,
      // 28,967.04 + 3,000 + 200.
      totalCents: 3_216_704,
      employeeCpfCents: 643_340,
      mbfCents: 0,
      // CDAC 8 x 1.00 + 3.00 (February), SINDA 3.00.
      donationsCents: 1_400,
      // Travel repaid 50 (February) + another expense repaid 20 (October).
      excludedCents: 7_000,
      // October, the month of the last day, is processed.
      provisional: false,
      declarationDate: '2025-10-31',
    });
  });

  it('reads the period within the year, and nothing paid as zero', () => {
    const figures = ir8aFigures(
      2025,
      { ...joiner, hireDate: null, lastDayOfService: '2026-01-31', idNumber: 'T0123456G' },
      [],
    );
    expect([figures.periodFrom, figures.periodTo]).toEqual(['2025-01-01', '2025-12-31']);
    expect([figures.totalCents, figures.salaryCents, figures.employeeCpfCents]).toEqual([0, 0, 0]);
    expect(figures.employee.idType).toBe('NRIC');
    expect(
      ir8aFigures(2025, { ...joiner, hireDate: '2025-12-31', lastDayOfService: '2025-12-31' }, []),
    ).toMatchObject({ periodFrom: '2025-12-31', periodTo: '2025-12-31' });
  });

  it('is provisional, and undated, until the month the employment ends in within the year is processed', () => {
    const withoutDecember = ir8aFigures(2025, joiner, joinerPayslips.slice(0, -1));
    expect(withoutDecember).toMatchObject({ provisional: true, declarationDate: null });
    // Without December's AWS, the last bonus is September's retention incentive.
    expect(withoutDecember.bonusDeclarationDate).toBe('2025-09-25');
    // Still employed at year end though leaving in 2026: December is awaited.
    const stays = { ...leaver, lastDayOfService: '2026-03-31' };
    expect(ir8aFigures(2025, stays, leaverPayslips).provisional).toBe(true);
    // A leaver's year ends with the month of the last day: October.
    expect(ir8aFigures(2025, leaver, leaverPayslips.slice(0, -1)).provisional).toBe(true);
    expect(ir8aFigures(2025, leaver, [leaverPayslips[9] as Ir8aPayslip])).toMatchObject({
      provisional: false,
      declarationDate: '2025-10-31',
    });
  });

  it('gives no bonus declaration date without a bonus', () => {
    expect(ir8aFigures(2025, leaver, [plainMonth(1), plainMonth(3)]).bonusDeclarationDate).toBeNull();
  });

  it("refuses an MBMF contribution that is not Muis's amount for the month's total wages", () => {
    // $5,000.00 falls in the "> $4,000 to $6,000" band: $19.50, not $16.00 (the band's amount before June 2016).
    const month = { ...plainMonth(1), selfHelpGroup: 'MBMF' as const, totalWageCents: 500_000 };
    expect(() => ir8aFigures(2025, joiner, [{ ...month, shgCents: 1_600 }])).toThrow(
      /MBMF contribution of 1600 cents, not the 1950 cents/,
    );
    expect(ir8aFigures(2025, joiner, [{ ...month, shgCents: 1_950 }])).toMatchObject({
      mbfCents: 1_350,
      donationsCents: 600,
    });
  });

  it('calls F, G and M numbers FIN and S and T numbers NRIC', () => {
    const idTypeOf = (idNumber: string) => ir8aFigures(2025, { ...joiner, idNumber }, []).employee.idType;
    expect(idTypeOf('F1234567N')).toBe('FIN');
    expect(idTypeOf('G1234567X')).toBe('FIN');
    expect(idTypeOf('M1234567K')).toBe('FIN');
    expect(idTypeOf('m1234567k')).toBe('FIN');
    expect(idTypeOf('S1234567D')).toBe('NRIC');
    expect(idTypeOf('T1234567J')).toBe('NRIC');
  });

  it('refuses what is not a year of employment or not a payslip', () => {
    expect(() => ir8aFigures(2025, { ...leaver, lastDayOfService: '2024-12-31' }, [])).toThrow(
      PayrollInputError,
    );
    expect(() => ir8aFigures(2025, { ...joiner, hireDate: '2026-01-01' }, [])).toThrow(PayrollInputError);
    expect(() => ir8aFigures(2025, joiner, [plainMonth(4), plainMonth(4)])).toThrow(
      /Two payslips for month 4/,
    );
    expect(() => ir8aFigures(2025, joiner, [{ ...plainMonth(13) }])).toThrow(PayrollInputError);
    expect(() =>
      ir8aFigures(2025, joiner, [{ ...plainMonth(1), items: [item('BONUS', 'OVERTIME', 100)] }]),
    ).toThrow(/Unknown BONUS pay item type "OVERTIME"/);
    expect(() =>
      ir8aFigures(2025, joiner, [{ ...plainMonth(1), items: [item('ADHOC', 'OVERTIME', -100)] }]),
    ).toThrow(PayrollInputError);
    expect(() => ir8aFigures(2025, joiner, [{ ...plainMonth(1), selfHelpGroup: 'NONE' }])).toThrow(
      /no self-help group/,
    );
    expect(() => ir8aFigures(2025, joiner, [{ ...plainMonth(1), payDate: '25/01/2025' }])).toThrow(
      /payslips\[0\]\.payDate must be a date/,
    );
  });
});

const employer = {
  name: 'Demo Company Pte. Ltd.',
  uen: '201912345K',
  address: null,
  authorisedPersonName: 'Siti Rahmah',
  authorisedPersonDesignation: 'HR Manager',
  authorisedPersonPhone: '+65 6123 4567',
  authorisedPersonEmail: 'siti.rahmah@demo.example',
};
const noOne = {
  authorisedPersonName: null,
  authorisedPersonDesignation: null,
  authorisedPersonPhone: null,
  authorisedPersonEmail: null,
};

describe('ir8aCsv', () => {
  it('writes a header and one row per employee, CRLF, quoting the fields that need it', () => {
    const csv = ir8aCsv(employer, [
      ir8aFigures(2025, joiner, joinerPayslips),
      ir8aFigures(2025, leaver, leaverPayslips),
    ]);
    // The telephone starts with +, which a spreadsheet would read as a formula: it gets an apostrophe.
    const company =
      "201912345K,Demo Company Pte. Ltd.,Siti Rahmah,HR Manager,'+65 6123 4567,siti.rahmah@demo.example";
    expect(csv).toBe(
      [
        'Employer UEN,Employer name,Authorised person,Authorised person designation,' +
          'Authorised person telephone,Authorised person e-mail,Year of assessment,Status,Declaration date,' +
          'ID type,ID number,Full name,Designation,Date of birth,Sex,Nationality,Address type,Block/house no,' +
          'Street name,Unit no,Postal code,Foreign address line 1,Foreign address line 2,Foreign address line 3,' +
          'Date of commencement,Date of cessation,Period from,Period to,Salary,Bonus,Bonus declaration date,' +
          "Director's fees,Gross commission,Transport allowance,Other allowances,Others,Total income," +
          'Employee CPF,Donations,Mosque Building Fund,Reimbursements excluded',
        `${company},2026,Final,2026-01-05,NRIC,S8812345A,Nur Aisyah Binti Rahman,"Engineer ""Level 2""",` +
          '1988-04-02,Female,SINGAPOREAN,L,123,Ang Mo Kio Avenue 3,#05-12,560123,,,,2025-03-10,,' +
          '2025-03-10,2025-12-31,44246.84,6800.00,2025-12-24,2000.00,1234.56,120.00,233.33,1587.89,54634.73,' +
          '10466.27,53.25,114.75,125.50',
        `${company},2026,Final,2025-10-31,FIN,G1234567X,"Tan, Mei Ling",,1990-11-30,,MALAYSIAN,N,,,,,,,,` +
          ',2025-10-15,2025-01-01,2025-10-15,28967.04,3000.00,2025-02-27,0.00,200.00,0.00,0.00,200.00,' +
          '32167.04,6433.40,14.00,0.00,70.00',
        '',
      ].join('\r\n'),
    );
  });

  it('writes the header alone when there is no employee, and quotes an employer name with a comma', () => {
    const csv = ir8aCsv({ ...employer, ...noOne, name: 'Lim, Tan & Co', uen: 'T09LL0001B' }, [
      ir8aFigures(2025, { ...joiner, hireDate: '2020-01-01' }, []),
    ]);
    const [header, row, end, ...rest] = csv.split('\r\n');
    expect(header?.startsWith('Employer UEN,Employer name,')).toBe(true);
    // Nothing processed yet: provisional, not dated.
    expect(row).toBe(
      'T09LL0001B,"Lim, Tan & Co",,,,,2026,Provisional,,NRIC,S8812345A,Nur Aisyah Binti Rahman,' +
        '"Engineer ""Level 2""",1988-04-02,Female,SINGAPOREAN,L,123,Ang Mo Kio Avenue 3,#05-12,560123,,,,,,' +
        '2025-01-01,2025-12-31,0.00,0.00,,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00',
    );
    expect([end, rest]).toEqual(['', []]);
    expect(ir8aCsv(employer, []).split('\r\n')).toHaveLength(2);
  });

  it("gives a foreign address as IRAS's three address lines", () => {
    const abroad = { ...noAddress, foreignAddress: '12 Jalan Ampang\n50450 Kuala Lumpur\nMalaysia' };
    const csv = ir8aCsv(employer, [ir8aFigures(2025, { ...leaver, address: abroad }, leaverPayslips)]);
    expect(csv.split('\r\n')[1]).toContain(
      ',MALAYSIAN,F,,,,,12 Jalan Ampang,50450 Kuala Lumpur,Malaysia,,2025-10-15,',
    );
  });

  it('keeps a spreadsheet from running a name or designation typed as a formula', () => {
    const csv = ir8aCsv(employer, [
      ir8aFigures(2025, { ...joiner, hireDate: '2020-01-01', designation: '=HYPERLINK("x")' }, []),
    ]);
    expect(csv.split('\r\n')[1]).toContain(',"\'=HYPERLINK(""x"")",');
  });
});
