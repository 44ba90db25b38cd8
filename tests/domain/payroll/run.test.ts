import {
  attempt,
  checkSnapshotRates,
  computeRunPayslip,
  isLastMonthOfService,
  officialRatesFor,
  PayrollInputError,
  type PayslipSnapshot,
  type RunPayslipInput,
  unpaidDaysInMonth,
} from '../../../src/domain/payroll';

const citizen: PayslipSnapshot = {
  basicSalaryCents: 500_000,
  cpfType: 'SINGAPORE CITIZEN',
  cpfSection: 'CPF1',
  employeeCpfRate: 20,
  employerCpfRate: 17,
  selfHelpGroup: 'NONE',
  dateOfBirth: '1990-05-04',
};

const june: RunPayslipInput = {
  year: 2026,
  month: 6,
  snapshot: citizen,
  items: [{ kind: 'BONUS', type: 'BONUS', amountCents: 5_000_000 }],
  // Five earlier months of $5,000, all subject to CPF.
  yearToDate: { owSubjectCents: 2_500_000, awSubjectCents: 0 },
  lastDayOfService: null,
};

describe('computeRunPayslip', () => {
  it('gives the worked example of docs/payroll.md from a snapshot', () => {
    const result = computeRunPayslip({
      year: 2026,
      month: 3,
      snapshot: {
        ...citizen,
        basicSalaryCents: 480_000,
        employeeCpfRate: 18,
        employerCpfRate: 16,
        selfHelpGroup: 'CDAC',
        dateOfBirth: '1969-08-20',
      },
      items: [
        { kind: 'ADHOC', type: 'OVERTIME', amountCents: 35_050 },
        { kind: 'DEDUCTION', type: 'LATENESS', amountCents: 4_520 },
        { kind: 'BONUS', type: 'AWS', amountCents: 300_000 },
        { kind: 'OTHER_ADDITION', type: 'TRAVEL_ALLOWANCE', amountCents: 12_000 },
        { kind: 'OTHER_DEDUCTION', type: 'LOAN', amountCents: 20_000 },
      ],
      yearToDate: { owSubjectCents: 960_000, awSubjectCents: 0 },
      lastDayOfService: null,
    });
    expect(result).toMatchObject({
      grossPayCents: 810_530,
      employeeCpfCents: 145_800,
      employerCpfCents: 129_800,
      shgCents: 300,
      netPayableCents: 656_430,
      cpfOwSubjectCents: 510_530,
      cpfAwSubjectCents: 300_000,
    });
  });

  it("estimates the AW ceiling during the year from this month's OW for the remaining months", () => {
    // $102,000 - $25,000 (Jan-May) - $5,000 (June) - 6 x $5,000 (Jul-Dec) = $42,000.
    expect(computeRunPayslip(june).cpfAwSubjectCents).toBe(4_200_000);
  });

  it('computes the AW ceiling exactly in the last month of service and in December', () => {
    // $102,000 - $25,000 - $5,000 = $72,000: the whole $50,000 bonus attracts CPF.
    expect(computeRunPayslip({ ...june, lastDayOfService: '2026-06-15' }).cpfAwSubjectCents).toBe(5_000_000);
    // A last day in a later month does not make June exact.
    expect(computeRunPayslip({ ...june, lastDayOfService: '2026-07-31' }).cpfAwSubjectCents).toBe(4_200_000);
    const december = computeRunPayslip({
      ...june,
      month: 12,
      yearToDate: { owSubjectCents: 11 * 500_000, awSubjectCents: 0 },
    });
    // $102,000 - $55,000 - $5,000 = $42,000, nothing projected.
    expect(december.cpfAwSubjectCents).toBe(4_200_000);
  });

  it('counts AW already subject to CPF this year against the ceiling', () => {
    const result = computeRunPayslip({
      ...june,
      yearToDate: { owSubjectCents: 2_500_000, awSubjectCents: 4_000_000 },
    });
    expect(result.cpfAwSubjectCents).toBe(200_000);
  });

  it('uses the snapshot rates, and the official ones when the snapshot has none', () => {
    const typed = computeRunPayslip({
      ...june,
      items: [],
      snapshot: { ...citizen, employeeCpfRate: 10, employerCpfRate: 10 },
    });
    expect(typed).toMatchObject({ employeeCpfCents: 50_000, employerCpfCents: 50_000 });
    const official = computeRunPayslip({
      ...june,
      items: [],
      snapshot: { ...citizen, employeeCpfRate: null, employerCpfRate: null },
    });
    expect(official).toMatchObject({ employeeCpfCents: 100_000, employerCpfCents: 85_000 });
  });

  it('takes the official rates when the snapshot holds only one of the two', () => {
    for (const snapshot of [
      { ...citizen, employeeCpfRate: 10, employerCpfRate: null },
      { ...citizen, employeeCpfRate: null, employerCpfRate: 10 },
    ]) {
      expect(computeRunPayslip({ ...june, items: [], snapshot })).toMatchObject({
        employeeCpfCents: 100_000,
        employerCpfCents: 85_000,
      });
    }
  });

  it('pays no CPF without a CPF type and then needs no date of birth', () => {
    const result = computeRunPayslip({
      ...june,
      snapshot: { ...citizen, cpfType: 'NONE', dateOfBirth: null },
    });
    expect(result).toMatchObject({
      employeeCpfCents: 0,
      employerCpfCents: 0,
      cpfOwSubjectCents: 0,
      cpfAwSubjectCents: 0,
    });
  });

  it('needs a date of birth for CPF', () => {
    expect(() => computeRunPayslip({ ...june, snapshot: { ...citizen, dateOfBirth: null } })).toThrow(
      PayrollInputError,
    );
  });
});

describe('attempt', () => {
  it("turns the engine's input errors into a message naming the problem, and lets other errors through", () => {
    expect(attempt(() => 5)).toEqual({ ok: true, value: 5 });
    expect(
      attempt(() => computeRunPayslip({ ...june, snapshot: { ...citizen, dateOfBirth: null } })),
    ).toEqual({ ok: false, message: 'A date of birth is needed for the CPF age band' });
    expect(() =>
      attempt(() => {
        throw new TypeError('a bug');
      }),
    ).toThrow(TypeError);
  });
});

describe('isLastMonthOfService', () => {
  it('is the calendar month of the last day', () => {
    expect(isLastMonthOfService('2026-06-01', 2026, 6)).toBe(true);
    expect(isLastMonthOfService('2026-06-30', 2026, 6)).toBe(true);
    expect(isLastMonthOfService('2026-07-01', 2026, 6)).toBe(false);
    expect(isLastMonthOfService(null, 2026, 6)).toBe(false);
  });
});

describe('checkSnapshotRates', () => {
  it('accepts the official rates of the period and age band', () => {
    expect(checkSnapshotRates(citizen, 2026, 6)).toEqual({
      official: { employeePercent: 20, employerPercent: 17 },
      differs: false,
    });
  });

  it('flags rates that are no longer official after a birthday band change', () => {
    // 55th birthday in May 2026: June wages use the "above 55 to 60" band (18 / 16 in 2026).
    const older = { ...citizen, dateOfBirth: '1971-05-10' };
    expect(checkSnapshotRates(older, 2026, 5).differs).toBe(false);
    expect(checkSnapshotRates(older, 2026, 6)).toEqual({
      official: { employeePercent: 18, employerPercent: 16 },
      differs: true,
    });
  });

  it('flags a snapshot whose employee rate alone, or employer rate alone, is not the official one', () => {
    expect(checkSnapshotRates({ ...citizen, employeeCpfRate: 19 }, 2026, 6).differs).toBe(true);
    expect(checkSnapshotRates({ ...citizen, employerCpfRate: 16 }, 2026, 6).differs).toBe(true);
    expect(checkSnapshotRates({ ...citizen, employerCpfRate: null }, 2026, 6).differs).toBe(true);
  });

  it('has official rates only for an employee with CPF and a date of birth', () => {
    expect(officialRatesFor(citizen, 2026, 6)).toEqual({ employeePercent: 20, employerPercent: 17 });
    expect(officialRatesFor({ ...citizen, cpfType: 'NONE' }, 2026, 6)).toBeNull();
    expect(officialRatesFor({ ...citizen, dateOfBirth: null }, 2026, 6)).toBeNull();
  });

  it('flags missing rates and periods without official tables, never a payslip without CPF', () => {
    expect(checkSnapshotRates({ ...citizen, employeeCpfRate: null }, 2026, 6).differs).toBe(true);
    expect(checkSnapshotRates(citizen, 2022, 6)).toEqual({ official: null, differs: true });
    expect(checkSnapshotRates({ ...citizen, cpfType: 'NONE', employeeCpfRate: 3 }, 2026, 6)).toEqual({
      official: null,
      differs: false,
    });
  });
});

describe('unpaidDaysInMonth', () => {
  const leave = (fromDate: string, toDate: string, fromDateIsAm = true, toDateIsAm = false) => ({
    fromDate,
    fromDateIsAm,
    toDate,
    toDateIsAm,
  });

  it('counts whole working days, skipping the weekend', () => {
    // Friday 27 Feb to Wednesday 4 March 2026: Mon 2 to Wed 4 March fall in March.
    expect(unpaidDaysInMonth([leave('2026-02-27', '2026-03-04')], 2026, 3)).toBe(3);
    expect(unpaidDaysInMonth([leave('2026-02-27', '2026-03-04')], 2026, 2)).toBe(1);
    // Saturday and Sunday alone take no working day.
    expect(unpaidDaysInMonth([leave('2026-03-07', '2026-03-08')], 2026, 3)).toBe(0);
  });

  it('counts half days at either end as the leave request does', () => {
    // From the afternoon of Monday 2 March to the morning of Wednesday 4 March: 0.5 + 1 + 0.5.
    expect(unpaidDaysInMonth([leave('2026-03-02', '2026-03-04', false, true)], 2026, 3)).toBe(2);
    // One date: morning to evening is a whole day, the afternoon alone half of one.
    expect(unpaidDaysInMonth([leave('2026-03-02', '2026-03-02', true, false)], 2026, 3)).toBe(1);
    expect(unpaidDaysInMonth([leave('2026-03-02', '2026-03-02', false, false)], 2026, 3)).toBe(0.5);
  });

  it('adds several leaves and leaves out public holidays', () => {
    const march = [leave('2026-03-02', '2026-03-03'), leave('2026-03-20', '2026-03-20', false)];
    expect(unpaidDaysInMonth(march, 2026, 3)).toBe(2.5);
    // Good Friday, 3 April 2026, is paid: Thursday 2 to Monday 6 April takes two unpaid days.
    const goodFriday = new Set(['2026-04-03']);
    expect(unpaidDaysInMonth([leave('2026-04-02', '2026-04-06')], 2026, 4, { holidays: goodFriday })).toBe(2);
    // The holidays are the administrator's table: without that row the Friday is a working day.
    expect(unpaidDaysInMonth([leave('2026-04-02', '2026-04-06')], 2026, 4)).toBe(3);
  });

  it('charges a leave cut by the month end whole days on the side of the cut', () => {
    // From the afternoon of Friday 27 February to the morning of Monday 2 March.
    const across = [leave('2026-02-27', '2026-03-02', false, true)];
    expect(unpaidDaysInMonth(across, 2026, 2)).toBe(0.5);
    expect(unpaidDaysInMonth(across, 2026, 3)).toBe(0.5);
  });

  it('never exceeds the working days of the month', () => {
    expect(
      unpaidDaysInMonth([leave('2026-01-01', '2026-12-31'), leave('2026-03-01', '2026-03-31')], 2026, 3),
    ).toBe(22);
  });
});
