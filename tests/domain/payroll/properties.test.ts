import fc from 'fast-check';
import {
  type ComputeCpfInput,
  type CpfAgeBand,
  type CpfResidency,
  computeCpf,
  computePayslip,
  cpfAgeBand,
  cpfAgeBands,
  cpfRateSchedules,
  cpfResidencies,
  cpfTableOf,
  officialCpfRates,
  type PayItemKind,
  payItemTypesByKind,
  type SelfHelpGroupFund,
  sdlCents,
  sdlPayableCents,
  selfHelpGroupFunds,
  selfHelpGroups,
  shgContributionCents,
  shgTables,
  unpaidLeaveDeductionCents,
  wageCeilingsFor,
  workingDaysInMonth,
} from '../../../src/domain/payroll';

// Every (month, residency, band) the tables hold, 2023 to 2026.
const rated: { year: number; month: number; residency: CpfResidency; ageBand: CpfAgeBand }[] = [];
for (const schedule of cpfRateSchedules) {
  for (let year = Number(schedule.from.slice(0, 4)); year <= Number(schedule.to.slice(0, 4)); year += 1) {
    for (let month = 1; month <= 12; month += 1) {
      const period = `${year}-${String(month).padStart(2, '0')}`;
      if (period < schedule.from || period > schedule.to) continue;
      for (const residency of cpfResidencies) {
        for (const ageBand of cpfAgeBands) {
          if (schedule.tables[cpfTableOf[residency]]?.[ageBand])
            rated.push({ year, month, residency, ageBand });
        }
      }
    }
  }
}

/** Wages weighted towards the $50/$500/$750 bands and the OW ceilings. */
const wageCents = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }),
  fc.integer({ min: 500_000, max: 1_000_000 }),
  fc.integer({ min: 0, max: 5_000_000 }),
);

const percent = fc.integer({ min: 0, max: 400 }).map((tenths) => tenths / 10);

const cpfInput: fc.Arbitrary<ComputeCpfInput> = fc
  .record({
    slot: fc.constantFrom(...rated),
    ordinaryWageCents: wageCents,
    additionalWageCents: fc.oneof(fc.constant(0), wageCents),
    owShare: fc.double({ min: 0, max: 1, noNaN: true }),
    // Up to the whole annual ceiling, so months where the AW ceiling is used up come up too.
    awSubjectYearToDateCents: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 0, max: 5_000_000 }),
      fc.integer({ min: 9_000_000, max: 10_200_000 }),
    ),
    projectShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
    rates: fc.option(fc.record({ employeePercent: percent, employerPercent: percent }), { nil: undefined }),
  })
  .map(({ slot, owShare, projectShare, ...rest }) => {
    const ceiling = wageCeilingsFor(slot.year, slot.month).owCeilingCents;
    return {
      ...slot,
      ...rest,
      owSubjectYearToDateCents: Math.floor(owShare * ceiling * (slot.month - 1)),
      projectedOwRestOfYearCents: Math.floor(projectShare * ceiling * (12 - slot.month)),
    };
  });

describe('CPF properties', () => {
  it('the employee share never exceeds the total; the employer share is never negative', () => {
    fc.assert(
      fc.property(cpfInput, (input) => {
        const result = computeCpf(input);
        expect(result.employeeCents).toBeLessThanOrEqual(result.totalCents);
        expect(result.employerCents).toBeGreaterThanOrEqual(0);
        expect(result.employeeCents + result.employerCents).toBe(result.totalCents);
        expect(result.totalCents % 100).toBe(0);
        expect(result.employeeCents % 100).toBe(0);
        expect(result.owSubjectCents).toBeLessThanOrEqual(input.ordinaryWageCents);
        expect(result.awSubjectCents).toBeLessThanOrEqual(input.additionalWageCents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('total and employee share never fall when OW or AW rises', () => {
    fc.assert(
      fc.property(cpfInput, wageCents, fc.boolean(), (input, raise, onOrdinary) => {
        const before = computeCpf(input);
        const after = computeCpf(
          onOrdinary
            ? { ...input, ordinaryWageCents: input.ordinaryWageCents + raise }
            : { ...input, additionalWageCents: input.additionalWageCents + raise },
        );
        expect(after.totalCents).toBeGreaterThanOrEqual(before.totalCents);
        expect(after.employeeCents).toBeGreaterThanOrEqual(before.employeeCents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('OW above the OW ceiling never changes the result', () => {
    fc.assert(
      fc.property(cpfInput, fc.integer({ min: 0, max: 10_000_000 }), (input, extra) => {
        const ceiling = wageCeilingsFor(input.year, input.month).owCeilingCents;
        const atCeiling = { ...input, ordinaryWageCents: ceiling };
        expect(computeCpf({ ...atCeiling, ordinaryWageCents: ceiling + extra })).toEqual(
          computeCpf(atCeiling),
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('matches an integer re-computation of the schedule', () => {
    fc.assert(
      fc.property(cpfInput, (input) => {
        const result = computeCpf(input);
        // Band by the actual total wages, amounts on the wages subject to CPF.
        const totalWages = BigInt(input.ordinaryWageCents + input.additionalWageCents);
        const wages = BigInt(result.owSubjectCents + result.awSubjectCents);
        // Rates in thousandths of a percent, so cents x rate / 100_000 is cents: all integers.
        const rates = input.rates ?? officialCpfRates(input);
        const employer = BigInt(Math.round(rates.employerPercent * 1_000));
        const employee = BigInt(Math.round(rates.employeePercent * 1_000));
        let total = 0n;
        let share = 0n;
        if (totalWages > 75_000n) {
          total = (employer + employee) * wages;
          share = employee * wages;
        } else if (totalWages > 50_000n) {
          share = wages > 50_000n ? 3n * employee * (wages - 50_000n) : 0n;
          total = employer * wages + share;
        } else if (totalWages > 5_000n) {
          total = employer * wages;
        }
        const dollar = 100_000n * 100n;
        expect(BigInt(result.totalCents)).toBe(((total + dollar / 2n) / dollar) * 100n);
        expect(BigInt(result.employeeCents)).toBe((share / dollar) * 100n);
      }),
      { numRuns: 3_000 },
    );
  });

  it('the age band never goes back to a younger band as months pass', () => {
    const order = Object.fromEntries(cpfAgeBands.map((band, index) => [band, index]));
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1930-01-01'), max: new Date('2000-12-31'), noInvalidDate: true }),
        fc.integer({ min: 2023, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        (birth, year, month) => {
          const birthDate = birth.toISOString().slice(0, 10);
          const next = month === 12 ? [year + 1, 1] : [year, month + 1];
          const now = cpfAgeBand(birthDate, year, month);
          const later = cpfAgeBand(birthDate, next[0] as number, next[1] as number);
          expect(order[later]).toBeGreaterThanOrEqual(order[now] as number);
          expect((order[later] as number) - (order[now] as number)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

/** The types paid either way, whose item says how (docs/payroll.md, "Pay item treatment"). */
const PAID_EITHER_WAY: readonly string[] = ['TRAVEL_ALLOWANCE', 'OTHER'];

const payItem = fc
  .constantFrom(...(Object.keys(payItemTypesByKind) as PayItemKind[]))
  .chain((kind) =>
    fc.record({
      kind: fc.constant(kind),
      type: fc.constantFrom<string>(...payItemTypesByKind[kind]),
      amountCents: fc.integer({ min: 0, max: 2_000_000 }),
    }),
  )
  .chain((item) =>
    PAID_EITHER_WAY.includes(item.type)
      ? fc
          .constantFrom('WAGE' as const, 'REIMBURSEMENT' as const, undefined)
          .map((treatment) => ({ ...item, treatment }))
      : fc.constant(item),
  );

/**
 * The spec's kinds (adhoc = OW, bonus = AW, deductions reduce OW, the others outside CPF), except what
 * the CPF Board calls a wage: a skill allowance, and a type paid either way paid as a fixed sum.
 */
const wageOf = (item: { kind: PayItemKind; type: string; treatment?: string }) =>
  item.kind === 'ADHOC' ||
  item.kind === 'DEDUCTION' ||
  item.type === 'SKILL_ALLOWANCE' ||
  item.treatment === 'WAGE'
    ? 'OW'
    : item.kind === 'BONUS'
      ? 'AW'
      : null;

describe('payslip properties', () => {
  it('totals identities hold', () => {
    fc.assert(
      fc.property(
        cpfInput,
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.array(payItem, { maxLength: 8 }),
        fc.boolean(),
        fc.constantFrom(...selfHelpGroups),
        (
          { year, month, ordinaryWageCents: _ow, additionalWageCents: _aw, ...cpf },
          basicSalaryCents,
          items,
          noCpf,
          selfHelpGroup,
        ) => {
          const slip = computePayslip({
            year,
            month,
            basicSalaryCents,
            items,
            cpf: noCpf ? null : cpf,
            selfHelpGroup,
          });
          // Deductions of either kind are subtracted from what they reduce.
          const sum = (wage: 'OW' | 'AW' | null) =>
            items
              .filter((item) => wageOf(item) === wage)
              .reduce(
                (total, item) =>
                  total + (item.kind.endsWith('DEDUCTION') ? -item.amountCents : item.amountCents),
                0,
              );
          expect(slip.ordinaryWageCents).toBe(Math.max(0, basicSalaryCents + sum('OW')));
          expect(slip.additionalWageCents).toBe(sum('AW'));
          expect(slip.grossPayCents).toBe(slip.ordinaryWageCents + slip.additionalWageCents);
          expect(slip.netPayCents).toBe(slip.grossPayCents - slip.employeeCpfCents - slip.shgCents);
          expect(slip.otherItemsCents).toBe(sum(null));
          expect(slip.netPayableCents).toBe(slip.netPayCents + slip.otherItemsCents);
          expect(slip.employerCpfCents).toBeGreaterThanOrEqual(0);
          expect(slip.employeeCpfCents).toBeLessThanOrEqual(slip.grossPayCents);
          if (noCpf) expect(slip.employeeCpfCents + slip.employerCpfCents).toBe(0);
          if (selfHelpGroup === 'NONE') expect(slip.shgCents).toBe(0);
          expect(slip.sdlCents).toBe(sdlCents(slip.grossPayCents));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe('SHG and SDL properties', () => {
  const bounds = (fund: SelfHelpGroupFund) => {
    const amounts = shgTables[fund].bands.map((band) => band.contributionCents);
    return { least: Math.min(...amounts), most: Math.max(...amounts) };
  };

  it('SHG is within its table and never falls as wages rise', () => {
    fc.assert(
      fc.property(fc.constantFrom(...selfHelpGroupFunds), wageCents, wageCents, (fund, wages, raise) => {
        const amount = shgContributionCents(fund, wages);
        const { least, most } = bounds(fund);
        if (wages === 0) expect(amount).toBe(0);
        else {
          expect(amount).toBeGreaterThanOrEqual(least);
          expect(amount).toBeLessThanOrEqual(most);
        }
        expect(shgContributionCents(fund, wages + raise)).toBeGreaterThanOrEqual(amount);
      }),
    );
  });

  it('SDL is between $2 and $11.25, never falls as wages rise, and the payable total floors the sum', () => {
    fc.assert(
      fc.property(fc.array(wageCents, { maxLength: 50 }), wageCents, (payroll, raise) => {
        const levies = payroll.map(sdlCents);
        payroll.forEach((wages, index) => {
          const levy = levies[index] as number;
          if (wages === 0) expect(levy).toBe(0);
          else {
            expect(levy).toBeGreaterThanOrEqual(200);
            expect(levy).toBeLessThanOrEqual(1_125);
          }
          expect(sdlCents(wages + raise)).toBeGreaterThanOrEqual(levy);
        });
        // The exact sum, in 1/400 cent, compared with the floored total.
        const units = payroll.reduce((sum, wages) => sum + Math.round(sdlCents(wages) * 400), 0);
        const payable = sdlPayableCents(levies);
        expect(payable % 100).toBe(0);
        expect(payable * 400).toBeLessThanOrEqual(units);
        expect((payable + 100) * 400).toBeGreaterThan(units);
      }),
    );
  });
});

describe('unpaid leave properties', () => {
  it('the deduction rises with the days and never exceeds the salary', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.integer({ min: 2023, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (basicSalaryCents, year, month, share) => {
          const halfDays = Math.floor(share * workingDaysInMonth(year, month) * 2);
          const deduction = (unpaidDays: number) =>
            unpaidLeaveDeductionCents({ basicSalaryCents, unpaidDays, year, month });
          const now = deduction(halfDays / 2);
          expect(now).toBeLessThanOrEqual(basicSalaryCents);
          if (halfDays > 0) expect(deduction((halfDays - 1) / 2)).toBeLessThanOrEqual(now);
        },
      ),
    );
  });
});
