import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../src/domain/dates';
import { employmentInfoBodySchema } from '../../src/domain/employment-info';
import { RACES } from '../../src/domain/enums';
import { NATIONALITIES } from '../../src/domain/nationalities';
import { nricCheckLetter } from '../../src/domain/nric';
import {
  leaveAllowanceFormSchema,
  leaveAllowanceFormValues,
  onboardBodySchema,
} from '../../src/domain/onboarding';
import {
  emptyPaymentInfoForm,
  officialCpfRatesFor,
  paymentInfoBodySchema,
  paymentInfoFormSchema,
  paymentInfoFormValues,
  ratesDifferFromOfficial,
  suggestedSelfHelpGroup,
} from '../../src/domain/payment-info';
import { officialCpfRates } from '../../src/domain/payroll';
import { staffInfoBodySchema } from '../../src/domain/staff-info';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('staff info', () => {
  const valid = {
    nric: 's1234567d',
    dateOfBirth: '1990-04-02',
    race: 'Chinese',
    nationality: 'SINGAPORE CITIZEN',
  };

  it('upper-cases the NRIC/FIN and leaves gender optional', () => {
    expect(staffInfoBodySchema.parse(valid)).toEqual({
      ...valid,
      nric: 'S1234567D',
      gender: null,
      // No address given: none (issue 32).
      addressBlock: null,
      addressStreet: null,
      addressUnit: null,
      addressPostalCode: null,
      foreignAddress: null,
    });
    expect(staffInfoBodySchema.parse({ ...valid, gender: 'Female' }).gender).toBe('Female');
  });

  it('takes a Singapore address with its block, street and 6-digit postal code, or a foreign one of up to 3 lines', () => {
    const singapore = {
      addressBlock: ' 10 ',
      addressStreet: 'Jurong West Street 41',
      addressPostalCode: '640010',
    };
    expect(staffInfoBodySchema.parse({ ...valid, ...singapore, addressUnit: '' })).toMatchObject({
      addressBlock: '10',
      addressUnit: null,
      addressPostalCode: '640010',
      foreignAddress: null,
    });
    const abroad = staffInfoBodySchema.parse({
      ...valid,
      foreignAddress: ' 12 Jalan Ampang\r\n\n Malaysia ',
    });
    expect(abroad.foreignAddress).toBe('12 Jalan Ampang\nMalaysia');
    expect(messages(staffInfoBodySchema.safeParse({ ...valid, addressUnit: '#05-12' }))).toEqual({
      addressBlock: 'Please enter the block or house number.',
      addressStreet: 'Please enter the street name.',
      addressPostalCode: 'Postal code must be 6 digits.',
    });
    expect(
      messages(staffInfoBodySchema.safeParse({ ...valid, ...singapore, foreignAddress: 'Kuala Lumpur' })),
    ).toEqual({ foreignAddress: 'Enter a Singapore address or a foreign address, not both.' });
    // A part that is not text is refused by its own field, not taken down by the address's check.
    const notText = staffInfoBodySchema.safeParse({ ...valid, addressBlock: 5, foreignAddress: 7 });
    expect(Object.keys(messages(notText)).sort()).toEqual(['addressBlock', 'foreignAddress']);
    // The other fields' messages come with the address's, all at once.
    expect(
      messages(staffInfoBodySchema.safeParse({ ...valid, race: '', foreignAddress: 'a\nb\nc\nd' })),
    ).toEqual({
      race: 'Please fill in all compulsory fields.',
      foreignAddress: 'A foreign address has at most 3 lines of at most 30 characters each.',
    });
  });

  it("gives the spec's message for each missing compulsory field", () => {
    const result = staffInfoBodySchema.safeParse({ nric: '', dateOfBirth: '', race: '', nationality: '' });
    expect(messages(result)).toEqual({
      nric: 'Please fill in all compulsory fields.',
      dateOfBirth: 'Please fill in all compulsory fields.',
      race: 'Please fill in all compulsory fields.',
      nationality: 'Please fill in all compulsory fields.',
    });
  });

  it('refuses a wrong check letter, a birth date in the future or before 1900, and unknown lists', () => {
    expect(messages(staffInfoBodySchema.safeParse({ ...valid, nric: 'S1234567A' }))).toEqual({
      nric: 'Please enter a valid NRIC/FIN.',
    });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const dateOfBirth of [tomorrow, '1899-12-31']) {
      expect(messages(staffInfoBodySchema.safeParse({ ...valid, dateOfBirth }))).toEqual({
        dateOfBirth: 'Date of birth must be between 1900 and today.',
      });
    }
    expect(staffInfoBodySchema.safeParse({ ...valid, nationality: 'Martian' }).success).toBe(false);
    expect(staffInfoBodySchema.safeParse({ ...valid, race: 'Klingon' }).success).toBe(false);
  });

  it('accepts every valid NRIC/FIN of every series in any case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('S', 'T', 'F', 'G', 'M'),
        fc.stringMatching(/^\d{7}$/),
        (prefix, digits) => {
          const nric = `${prefix}${digits}${nricCheckLetter(prefix, digits)}`.toLowerCase();
          expect(staffInfoBodySchema.parse({ ...valid, nric }).nric).toBe(nric.toUpperCase());
        },
      ),
    );
  });

  it('offers the Myinfo nationality list with OTHERS, STATELESS and UNKNOWN, sorted, without repeats', () => {
    expect(NATIONALITIES.length).toBe(208);
    expect(new Set(NATIONALITIES).size).toBe(NATIONALITIES.length);
    expect([...NATIONALITIES].sort()).toEqual([...NATIONALITIES]);
    for (const name of ['SINGAPORE CITIZEN', 'SINGAPORE P.R.', 'MALAYSIAN', 'OTHERS', 'STATELESS', 'UNKNOWN'])
      expect(NATIONALITIES).toContain(name);
  });
});

describe('employment info', () => {
  const valid = {
    designation: 'Analyst',
    hireDate: '2024-02-01',
    passType: 'S Pass',
    employmentType: 'Full Time',
  };

  it('defaults to ACTIVE, reads an empty confirmed date as none and clears the last day when active', () => {
    expect(
      employmentInfoBodySchema.parse({ ...valid, confirmedDate: '', lastDayOfService: '2025-01-31' }),
    ).toEqual({ ...valid, employmentStatus: 'ACTIVE', confirmedDate: null, lastDayOfService: null });
  });

  it("gives the spec's message for each missing compulsory field", () => {
    expect(messages(employmentInfoBodySchema.safeParse({ designation: '  ', hireDate: '' }))).toEqual({
      designation: 'Please fill in all compulsory fields.',
      hireDate: 'Please fill in all compulsory fields.',
      passType: 'Please fill in all compulsory fields.',
      employmentType: 'Please fill in all compulsory fields.',
    });
  });

  it('asks for the last day of service when RESIGNED, not before the hire date', () => {
    const resigned = { ...valid, employmentStatus: 'RESIGNED' };
    expect(messages(employmentInfoBodySchema.safeParse(resigned))).toEqual({
      lastDayOfService: 'Please enter the last day of service.',
    });
    expect(
      messages(employmentInfoBodySchema.safeParse({ ...resigned, lastDayOfService: '2024-01-31' })),
    ).toEqual({
      lastDayOfService: 'Last day of service cannot be before the hire date.',
    });
    expect(
      employmentInfoBodySchema.parse({ ...resigned, lastDayOfService: '2025-06-30' }).lastDayOfService,
    ).toBe('2025-06-30');
  });

  it('refuses a confirmed date before the hire date, control characters and overlong designations', () => {
    expect(messages(employmentInfoBodySchema.safeParse({ ...valid, confirmedDate: '2024-01-31' }))).toEqual({
      confirmedDate: 'Confirmed date cannot be before the hire date.',
    });
    expect(employmentInfoBodySchema.safeParse({ ...valid, designation: 'Dev\u0007' }).success).toBe(false);
    expect(employmentInfoBodySchema.safeParse({ ...valid, designation: 'x'.repeat(101) }).success).toBe(
      false,
    );
  });
});

describe('payment info form', () => {
  const citizen = {
    ...emptyPaymentInfoForm,
    basicSalary: '4500.50',
    employeeCpfContributionRate: '20',
    employerCpfContributionRate: '17',
    cpfType: 'SINGAPORE CITIZEN' as const,
    cpfSection: 'NONE' as const,
    selfHelpGroup: 'CDAC' as const,
  };

  it('sends NONE as undefined for the CPF fields and as an empty string for the bank name', () => {
    const body = paymentInfoFormSchema.parse({ ...citizen, cpfType: 'NONE', selfHelpGroup: 'NONE' });
    expect(body).toEqual({
      basicSalary: 4500.5,
      employeeCpfContributionRate: undefined,
      employerCpfContributionRate: undefined,
      cpfType: undefined,
      cpfSection: undefined,
      selfHelpGroup: undefined,
      bankName: '',
      bankCode: '',
      branchCode: '',
      accountNo: '',
    });
    // The server reads what the form sends back as NONE and no bank.
    expect(paymentInfoBodySchema.parse(JSON.parse(JSON.stringify(body)))).toMatchObject({
      cpfType: 'NONE',
      cpfSection: 'NONE',
      selfHelpGroup: 'NONE',
      bankName: null,
      employeeCpfContributionRate: null,
    });
  });

  it("gives the spec's messages for salary, CPF choices and rates", () => {
    expect(
      messages(
        paymentInfoFormSchema.safeParse({ ...citizen, basicSalary: '0', cpfSection: '', selfHelpGroup: '' }),
      ),
    ).toEqual({
      basicSalary: 'Salary must be more than 0.',
      cpfSection: 'Please fill in the relevant CPF fields.',
      selfHelpGroup: 'Please fill in the relevant CPF fields.',
    });
    expect(messages(paymentInfoFormSchema.safeParse({ ...citizen, basicSalary: '' })).basicSalary).toBe(
      'Salary must be more than 0.',
    );
    expect(
      messages(paymentInfoFormSchema.safeParse({ ...citizen, employeeCpfContributionRate: 'abc' }))
        .employeeCpfContributionRate,
    ).toBe('CPF rates must be numbers.');
    expect(
      messages(paymentInfoFormSchema.safeParse({ ...citizen, employerCpfContributionRate: '' }))
        .employerCpfContributionRate,
    ).toBe('CPF rates must be numbers.');
  });

  it('reads a salary typed with thousands separators, as the screens print it (issue 34)', () => {
    expect(paymentInfoFormSchema.parse({ ...citizen, basicSalary: '4,200' }).basicSalary).toBe(4200);
    expect(paymentInfoFormSchema.parse({ ...citizen, basicSalary: ' 12,500.75 ' }).basicSalary).toBe(
      12500.75,
    );
    // Separators that do not group by three are a slip, not a salary.
    for (const typo of ['4,20', '42,00', '4,200,0', ',4200'])
      expect(
        messages(paymentInfoFormSchema.safeParse({ ...citizen, basicSalary: typo })).basicSalary,
        typo,
      ).toBe('Salary must be more than 0.');
  });

  it('round-trips stored payment info through the form', () => {
    const stored = {
      id: 3,
      basicSalary: 4500.5,
      employeeCpfContributionRate: 20,
      employerCpfContributionRate: 17,
      cpfType: 'SINGAPORE CITIZEN' as const,
      cpfSection: 'NONE' as const,
      selfHelpGroup: 'CDAC' as const,
      bankName: 'DBS' as const,
      bankCode: '7171',
      branchCode: '081',
      accountNo: '0123456789',
    };
    const body = paymentInfoBodySchema.parse(
      JSON.parse(JSON.stringify(paymentInfoFormSchema.parse(paymentInfoFormValues(stored)))),
    );
    const { id: _, ...rest } = stored;
    expect(body).toEqual(rest);
  });

  it('the API refuses rates missing under a CPF type, salaries with fractions of a cent and bad bank numbers', () => {
    const base = { basicSalary: 1000, cpfType: 'SINGAPORE CITIZEN', employeeCpfContributionRate: 20 };
    expect(messages(paymentInfoBodySchema.safeParse(base))).toEqual({
      employerCpfContributionRate: 'CPF rates must be numbers.',
    });
    expect(paymentInfoBodySchema.safeParse({ basicSalary: 10.005 }).success).toBe(false);
    expect(paymentInfoBodySchema.safeParse({ basicSalary: 10, accountNo: '12x' }).success).toBe(false);
    expect(
      paymentInfoBodySchema.safeParse({ basicSalary: 10, employeeCpfContributionRate: 101 }).success,
    ).toBe(false);
  });
});

describe('suggestions', () => {
  it('suggests the self-help group from race', () => {
    expect(Object.fromEntries(RACES.map((race) => [race, suggestedSelfHelpGroup(race)]))).toEqual({
      Chinese: 'CDAC',
      Eurasian: 'ECF',
      Malay: 'MBMF',
      Indian: 'SINDA',
      Others: 'NONE',
    });
    expect(suggestedSelfHelpGroup('')).toBeNull();
  });

  it("prefills the payroll engine's official rates for the type, section, age band and month", () => {
    // Born 1968-06-15: above 55 to 60 in 2025 (birthday month + 1 rule), Table 1.
    expect(
      officialCpfRatesFor({
        cpfType: 'SINGAPORE CITIZEN',
        cpfSection: 'NONE',
        dateOfBirth: '1968-06-15',
        on: '2025-03-10',
      }),
    ).toEqual({ employee: 17, employer: 15.5 });
    const engine = officialCpfRates({ year: 2026, month: 5, residency: 'PR2_FG', ageBand: 'LE55' });
    expect(
      officialCpfRatesFor({
        cpfType: 'SINGAPORE PR 2 YEAR',
        cpfSection: 'CPF2',
        dateOfBirth: '1990-01-01',
        on: '2026-05-01',
      }),
    ).toEqual({ employee: engine.employeePercent, employer: engine.employerPercent });
    expect(
      officialCpfRatesFor({
        cpfType: 'SINGAPORE PR 1 YEAR',
        cpfSection: 'CPF1',
        dateOfBirth: '1990-01-01',
        on: '2026-05-01',
      }),
    ).toEqual({ employee: 5, employer: 4 });
    // No CPF, no birth date, or a month the tables do not cover: nothing to prefill.
    expect(
      officialCpfRatesFor({ cpfType: 'NONE', cpfSection: 'NONE', dateOfBirth: '1990-01-01' }),
    ).toBeNull();
    expect(officialCpfRatesFor({ cpfType: 'SINGAPORE CITIZEN', cpfSection: '', dateOfBirth: '' })).toBeNull();
    expect(
      officialCpfRatesFor({
        cpfType: 'SINGAPORE CITIZEN',
        cpfSection: '',
        dateOfBirth: '1990-01-01',
        on: '2040-01-01',
      }),
    ).toBeNull();
    expect(
      officialCpfRatesFor({ cpfType: 'SINGAPORE CITIZEN', cpfSection: '', dateOfBirth: todayIso() }),
    ).not.toBeNull();
  });

  it('hints when the rates differ from the official ones', () => {
    const official = { employee: 20, employer: 17 };
    expect(
      ratesDifferFromOfficial(
        { employeeCpfContributionRate: '20', employerCpfContributionRate: '17.00' },
        official,
      ),
    ).toBe(false);
    expect(
      ratesDifferFromOfficial(
        { employeeCpfContributionRate: '19', employerCpfContributionRate: '17' },
        official,
      ),
    ).toBe(true);
    expect(
      ratesDifferFromOfficial({ employeeCpfContributionRate: '19', employerCpfContributionRate: '17' }, null),
    ).toBe(false);
  });
});

describe('leave allowances', () => {
  // The form holds every type but Unpaid Leave (spec section 5), keyed by id; one message at a time.
  const issues = (values: Record<string, string>) => {
    const result = leaveAllowanceFormSchema.safeParse(values);
    return result.success ? result.data : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('needs a value for every type except Unpaid Leave, from 0 in half-day steps', () => {
    expect(issues({ '1': '', '2': '' })).toEqual([['1', 'Please fill in for all leave types.']]);
    expect(issues({ '1': '14', '2': ' ' })).toEqual([['2', 'Please fill in for all leave types.']]);
    expect(issues({ '1': '-1', '2': '' })).toEqual([['2', 'Please fill in for all leave types.']]);
    expect(issues({ '1': '14', '2': '-1' })).toEqual([['2', 'Leave allowance must be from 0 to 366 days.']]);
    expect(issues({ '1': '367', '2': '0' })).toEqual([['1', 'Leave allowance must be from 0 to 366 days.']]);
    expect(issues({ '1': '14.25', '2': '0' })).toEqual([
      ['1', 'Leave allowance must be in steps of 0.5 days.'],
    ]);
    expect(issues({ '1': 'x', '2': '0' })).toEqual([['1', 'Please fill in for all leave types.']]);
    expect(issues({ '1': '14.5', '2': '0' })).toEqual({
      leaveBalances: [
        { leaveTypeId: 1, totalDays: 14.5 },
        { leaveTypeId: 2, totalDays: 0 },
      ],
    });
  });

  it("shows this year's allowance of each type but Unpaid Leave, by id, empty where none is set", () => {
    const types = [
      { id: 1, name: 'Annual Leave', unlimited: false },
      { id: 2, name: 'Medical Leave', unlimited: false },
      { id: 3, name: 'Childcare Leave', unlimited: false },
      { id: 8, name: 'Unpaid Leave', unlimited: true },
    ];
    // In another order than the types, one without a limit set, one not there at all.
    const rows = [
      { leaveType: { id: 2, name: 'Medical Leave' }, totalDays: 14 },
      { leaveType: { id: 8, name: 'Unpaid Leave' }, totalDays: null },
      { leaveType: { id: 1, name: 'Annual Leave' }, totalDays: null },
    ];
    expect(leaveAllowanceFormValues(rows, types)).toEqual({ '1': '', '2': '14', '3': '' });
  });

  it('refuses the same leave type twice in an onboarding body', () => {
    const result = onboardBodySchema.shape.leaveBalances.safeParse([
      { leaveTypeId: 1, totalDays: 1 },
      { leaveTypeId: 1, totalDays: 2 },
    ]);
    expect(result.success).toBe(false);
  });
});
