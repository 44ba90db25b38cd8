import {
  type ComputeCpfInput,
  type CpfAgeBand,
  type CpfResidency,
  computeCpf,
  cpfAgeBand,
  cpfResidencyOf,
  estimateOwRestOfYearCents,
  officialCpfRates,
  PayrollInputError,
  PayrollRatesNotFoundError,
} from '../../../src/domain/payroll';

const base: ComputeCpfInput = {
  year: 2026,
  month: 3,
  residency: 'SC',
  ageBand: 'LE55',
  ordinaryWageCents: 300_000,
  additionalWageCents: 0,
};

describe('cpfAgeBand', () => {
  it('moves to the next band in the month after the birthday month (CPF example, C9)', () => {
    expect(cpfAgeBand('1967-01-13', 2022, 1)).toBe('LE55');
    expect(cpfAgeBand('1967-01-13', 2022, 2)).toBe('55_60');
  });

  it('ignores the day of the month', () => {
    expect(cpfAgeBand('1971-01-01', 2026, 1)).toBe('LE55');
    expect(cpfAgeBand('1971-01-31', 2026, 2)).toBe('55_60');
    expect(cpfAgeBand('1970-12-31', 2026, 1)).toBe('55_60');
  });

  it.each([
    ['1990-06-15', 2026, 6, 'LE55'],
    ['1966-01-31', 2026, 2, '60_65'],
    ['1961-03-10', 2026, 3, '60_65'],
    ['1961-03-10', 2026, 4, '65_70'],
    ['1956-03-01', 2026, 3, '65_70'],
    ['1956-03-01', 2026, 4, 'GT70'],
    ['1930-01-01', 2025, 1, 'GT70'],
  ] as const)('born %s, wages of %i-%i: %s', (birthDate, year, month, band) => {
    expect(cpfAgeBand(birthDate, year, month)).toBe(band);
  });

  it('rejects impossible dates and wages before birth', () => {
    expect(() => cpfAgeBand('2025-02-29', 2026, 1)).toThrow(PayrollInputError);
    expect(() => cpfAgeBand('15/06/1990', 2026, 1)).toThrow(/YYYY-MM-DD/);
    expect(() => cpfAgeBand('2026-05-01', 2026, 4)).toThrow(/precede birth/);
    expect(() => cpfAgeBand('1990-01-01', 2026, 13)).toThrow(/month must be an integer from 1 to 12/);
  });
});

describe('officialCpfRates', () => {
  it.each([
    [2025, 'SC', 'LE55', 20, 17],
    [2025, 'SC', '55_60', 17, 15.5],
    [2025, 'PR3', '60_65', 11.5, 12],
    [2026, 'SC', '55_60', 18, 16],
    [2026, 'SC', '60_65', 12.5, 12.5],
    [2026, 'SC', 'GT70', 5, 7.5],
    [2026, 'PR1_GG', 'LE55', 5, 4],
    [2026, 'PR2_GG', '55_60', 12.5, 6],
    [2026, 'PR1_FG', '60_65', 5, 12.5],
    [2025, 'PR2_FG', '55_60', 12.5, 15.5],
    [2024, 'SC', '55_60', 16, 15],
    [2023, 'SC', 'LE55', 20, 17],
  ] as const)('%i %s %s: employee %d%%, employer %d%%', (year, residency, ageBand, employee, employer) => {
    expect(officialCpfRates({ year, month: 6, residency, ageBand })).toEqual({
      employeePercent: employee,
      employerPercent: employer,
    });
  });

  it('uses one above-65 row in the G/G tables, also reachable as GT65', () => {
    for (const residency of ['PR1_GG', 'PR2_GG'] as const) {
      const above65 = { employeePercent: 5, employerPercent: 3.5 };
      expect(officialCpfRates({ year: 2026, month: 1, residency, ageBand: '65_70' })).toEqual(above65);
      expect(officialCpfRates({ year: 2026, month: 1, residency, ageBand: 'GT70' })).toEqual(above65);
      expect(officialCpfRates({ year: 2026, month: 1, residency, ageBand: 'GT65' })).toEqual(above65);
    }
  });

  it('refuses GT65 where 65-70 and above 70 differ', () => {
    expect(() => officialCpfRates({ year: 2026, month: 1, residency: 'SC', ageBand: 'GT65' })).toThrow(
      /GT65 exists only in the G\/G tables/,
    );
  });

  it('names the period it has no table for', () => {
    expect(() => officialCpfRates({ year: 2027, month: 1, residency: 'SC', ageBand: 'LE55' })).toThrow(
      PayrollRatesNotFoundError,
    );
    expect(() => officialCpfRates({ year: 2027, month: 1, residency: 'SC', ageBand: 'LE55' })).toThrow(
      'No CPF contribution rates for 2027-01: the rate tables cover 2023-01 to 2026-12',
    );
    expect(() => officialCpfRates({ year: 2022, month: 12, residency: 'SC', ageBand: 'LE55' })).toThrow(
      /2022-12/,
    );
  });

  it('names the row a covered year lacks instead of borrowing another year', () => {
    expect(() => officialCpfRates({ year: 2024, month: 5, residency: 'SC', ageBand: 'GT70' })).toThrow(
      /2024-05 in Table 1 .*age above 70/,
    );
    expect(() => officialCpfRates({ year: 2024, month: 5, residency: 'PR1_GG', ageBand: 'LE55' })).toThrow(
      /2024-05 in Table 2/,
    );
  });
});

describe('computeCpf', () => {
  it('gives the subject wages along with the contributions', () => {
    expect(computeCpf({ ...base, ordinaryWageCents: 1_000_000, additionalWageCents: 500_000 })).toEqual({
      totalCents: 2_960_00 + 1_850_00,
      employeeCents: 1_600_00 + 1_000_00,
      employerCents: 1_360_00 + 850_00,
      owSubjectCents: 800_000,
      awSubjectCents: 500_000,
    });
  });

  it('rounds the month total once, not per OW and AW leg', () => {
    // 37% x $1,000.50 = $370.185 and 37% x $1,000.50 again: legs round to 370 + 370, the month to 740.
    const result = computeCpf({ ...base, ordinaryWageCents: 100_050, additionalWageCents: 100_050 });
    expect(result.totalCents).toBe(740_00);
    // 20% x $2,001 = $400.20, cents dropped.
    expect(result.employeeCents).toBe(400_00);
  });

  it('reproduces CPF worked AW ceiling estimate for 2023 ($28,800, C4)', () => {
    // OW $7,000 a month in 2023; in May: Jan-Apr at the $6,000 ceiling so far, Jun-Aug at $6,000 and
    // Sep-Dec at $6,300 ahead.
    const projected = estimateOwRestOfYearCents({ year: 2023, month: 5, ordinaryWageCents: 700_000 });
    expect(projected).toBe(3 * 600_000 + 4 * 630_000);
    const result = computeCpf({
      year: 2023,
      month: 5,
      residency: 'SC',
      ageBand: 'LE55',
      ordinaryWageCents: 700_000,
      additionalWageCents: 5_000_000,
      owSubjectYearToDateCents: 4 * 600_000,
      projectedOwRestOfYearCents: projected,
    });
    expect(result.awSubjectCents).toBe(2_880_000);
    expect(result.owSubjectCents).toBe(600_000);
  });

  it('applies the ARCHITECTURE in-year estimate: capped OW for each remaining month', () => {
    expect(estimateOwRestOfYearCents({ year: 2026, month: 12, ordinaryWageCents: 900_000 })).toBe(0);
    expect(estimateOwRestOfYearCents({ year: 2026, month: 3, ordinaryWageCents: 900_000 })).toBe(9 * 800_000);
    // 2026 June bonus of $30,000 with $5,000 a month: ceiling 102,000 - 25,000 - 5,000 - 30,000 = 42,000.
    const result = computeCpf({
      ...base,
      month: 6,
      ordinaryWageCents: 500_000,
      additionalWageCents: 3_000_000,
      owSubjectYearToDateCents: 2_500_000,
      projectedOwRestOfYearCents: estimateOwRestOfYearCents({
        year: 2026,
        month: 6,
        ordinaryWageCents: 500_000,
      }),
    });
    expect(result.awSubjectCents).toBe(3_000_000);
  });

  it('stops AW at zero once the AW ceiling is used up, keeping the band of the actual total wages', () => {
    const used = { owSubjectYearToDateCents: 8_800_000, awSubjectYearToDateCents: 1_400_000, month: 12 };
    const result = computeCpf({ ...base, ...used, ordinaryWageCents: 40_000, additionalWageCents: 100_000 });
    expect(result.awSubjectCents).toBe(0);
    // Total wages $1,400 (> $750): 37% and 20% of the $400 subject to CPF.
    expect(result).toMatchObject({ totalCents: 148_00, employeeCents: 80_00 });
    // Total wages $600 (phased band) with only $400 subject: no phased employee share.
    const phased = computeCpf({ ...base, ...used, ordinaryWageCents: 40_000, additionalWageCents: 20_000 });
    expect(phased).toMatchObject({ awSubjectCents: 0, totalCents: 68_00, employeeCents: 0 });
  });

  describe('snapshot rates', () => {
    it('equal to the official rates change nothing', () => {
      for (const ordinaryWageCents of [4_000, 30_000, 60_000, 75_000, 420_000, 900_000]) {
        const input = { ...base, ageBand: '55_60' as CpfAgeBand, ordinaryWageCents };
        expect(computeCpf({ ...input, rates: { employeePercent: 18, employerPercent: 16 } })).toEqual(
          computeCpf(input),
        );
      }
    });

    it('replace the table rates and keep the bands, phase-in (3 x employee rate), ceilings and rounding', () => {
      const rates = { employeePercent: 10, employerPercent: 12.5 };
      // > $750: 22.5% x OW capped at $8,000 = $1,800; employee 10% = $800.
      expect(computeCpf({ ...base, ordinaryWageCents: 1_200_000, rates })).toMatchObject({
        totalCents: 1_800_00,
        employeeCents: 800_00,
      });
      // $600: 12.5% x 600 = 75 + 0.3 x 100 = 30 -> 105; employee 30.
      expect(computeCpf({ ...base, ordinaryWageCents: 60_000, rates })).toMatchObject({
        totalCents: 105_00,
        employeeCents: 30_00,
      });
      // $300: employer only, 12.5% = $37.50 -> $38.
      expect(computeCpf({ ...base, ordinaryWageCents: 30_000, rates })).toMatchObject({
        totalCents: 38_00,
        employeeCents: 0,
      });
    });

    it('read decimals exactly (23.5% split as typed, no float drift)', () => {
      const rates = { employeePercent: 11.5, employerPercent: 12 };
      expect(computeCpf({ ...base, year: 2025, ordinaryWageCents: 430_000, rates })).toMatchObject({
        totalCents: 1_011_00,
        employeeCents: 494_00,
        employerCents: 517_00,
      });
    });

    it('work for a covered period whose table lacks the row', () => {
      const input = { ...base, year: 2024, ageBand: 'GT70' as CpfAgeBand };
      expect(() => computeCpf(input)).toThrow(PayrollRatesNotFoundError);
      expect(computeCpf({ ...input, rates: { employeePercent: 5, employerPercent: 7.5 } }).totalCents).toBe(
        375_00,
      );
    });

    it('must be percentages from 0 to 100', () => {
      for (const bad of [-1, 100.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(() => computeCpf({ ...base, rates: { employeePercent: bad, employerPercent: 17 } })).toThrow(
          /rates.employeePercent must be a percentage/,
        );
      }
      expect(() =>
        computeCpf({ ...base, rates: { employeePercent: 20 } as unknown as ComputeCpfInput['rates'] }),
      ).toThrow(/rates.employerPercent/);
    });
  });

  describe('input errors', () => {
    it.each([
      ['ordinaryWageCents', -1],
      ['ordinaryWageCents', 100.5],
      ['ordinaryWageCents', Number.NaN],
      ['ordinaryWageCents', '3000'],
      ['additionalWageCents', -100],
      ['additionalWageCents', 0.1],
      ['owSubjectYearToDateCents', -5],
      ['awSubjectYearToDateCents', 1.5],
      ['projectedOwRestOfYearCents', -1],
    ])('%s = %s', (field, value) => {
      expect(() => computeCpf({ ...base, [field]: value })).toThrow(
        new RegExp(`${field} must be a non-negative whole number of cents`),
      );
    });

    it('refuses unknown enum values', () => {
      expect(() => computeCpf({ ...base, residency: 'FOREIGNER' as CpfResidency })).toThrow(
        /Unknown CPF residency "FOREIGNER" \(expected one of SC, PR3/,
      );
      expect(() => computeCpf({ ...base, ageBand: 'GT80' as CpfAgeBand })).toThrow(
        /Unknown CPF age band "GT80"/,
      );
    });

    it('refuses impossible periods and names uncovered ones', () => {
      expect(() => computeCpf({ ...base, month: 0 })).toThrow(/month must be an integer from 1 to 12, got 0/);
      expect(() => computeCpf({ ...base, year: 2025.5 })).toThrow(/year must be an integer/);
      expect(() => computeCpf({ ...base, year: 2027, month: 2 })).toThrow(
        'No CPF wage ceiling for 2027-02: the ceiling table covers 2023-01 to 2026-12',
      );
    });
  });
});

describe('cpfResidencyOf', () => {
  it.each([
    ['NONE', 'NONE', null],
    ['NONE', 'CPF1', null],
    [undefined, undefined, null],
    ['SINGAPORE CITIZEN', 'NONE', 'SC'],
    ['SINGAPORE CITIZEN', undefined, 'SC'],
    ['PR 3 YEAR AND ABOVE', 'CPF2', 'PR3'],
    ['SINGAPORE PR 1 YEAR', 'CPF1', 'PR1_GG'],
    ['SINGAPORE PR 1 YEAR', 'CPF2', 'PR1_FG'],
    ['SINGAPORE PR 1 YEAR', 'NONE', 'PR1_GG'],
    ['SINGAPORE PR 2 YEAR', 'CPF1', 'PR2_GG'],
    ['SINGAPORE PR 2 YEAR', 'CPF2', 'PR2_FG'],
    ['SINGAPORE PR 2 YEAR', undefined, 'PR2_GG'],
  ] as const)('%s / %s -> %s', (cpfType, cpfSection, residency) => {
    expect(cpfResidencyOf(cpfType, cpfSection)).toBe(residency);
  });

  it('refuses values outside the spec', () => {
    expect(() => cpfResidencyOf('CITIZEN' as never, 'CPF1')).toThrow(/Unknown cpfType "CITIZEN"/);
    expect(() => cpfResidencyOf('SINGAPORE PR 1 YEAR', 'CPF3' as never)).toThrow(/Unknown cpfSection "CPF3"/);
  });
});
