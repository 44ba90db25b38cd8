import {
  type CpfAgeBandInput,
  type CpfResidency,
  computeCpf,
  cpfAgeBand,
  type SelfHelpGroupFund,
  sdlCents,
  sdlPayableCents,
  shgContributionCents,
} from '../../../src/domain/payroll';
import { type CpfVector, cpfVectors, sdlVectors, shgVectors, toCents } from './vectors';

const periodOf = (vector: CpfVector) => {
  const [year = 0, month = 0] = vector.period.split('-').map(Number);
  return { year, month };
};

describe('CPF vectors (vectors/cpf.json)', () => {
  it('has the vectors to run', () => {
    expect(cpfVectors.length).toBeGreaterThanOrEqual(70);
  });

  it.each(cpfVectors)('$id: $note', (vector) => {
    const { year, month } = periodOf(vector);
    // The J series gives a birth date: the band must follow from it.
    if (vector.birthDate !== undefined) {
      expect(cpfAgeBand(vector.birthDate, year, month)).toBe(vector.ageBand);
    }
    const result = computeCpf({
      year,
      month,
      residency: vector.residency as CpfResidency,
      ageBand: vector.ageBand as CpfAgeBandInput,
      ordinaryWageCents: toCents(vector.ordinaryWage),
      additionalWageCents: toCents(vector.additionalWage),
      owSubjectYearToDateCents: toCents(vector.owYearToDateBefore),
      awSubjectYearToDateCents: toCents(vector.awYearToDateBefore),
    });
    expect({
      total: result.totalCents,
      employee: result.employeeCents,
      employer: result.employerCents,
    }).toEqual({
      total: toCents(vector.expected.total),
      employee: toCents(vector.expected.employee),
      employer: toCents(vector.expected.employer),
    });
  });
});

describe('self-help group vectors (vectors/shg.json)', () => {
  it.each(shgVectors)('$id: $fund on $totalWage', (vector) => {
    expect(shgContributionCents(vector.fund as SelfHelpGroupFund, toCents(vector.totalWage))).toBe(
      toCents(vector.expected),
    );
  });
});

describe('SDL vectors (vectors/sdl.json)', () => {
  it.each(sdlVectors)('$id', (vector) => {
    if (vector.kind === 'per-employee') {
      // Per-employee levies keep fractions of a cent (e.g. $2.000025), so compare to 1e-9 cent.
      expect(sdlCents(toCents(vector.totalWage))).toBeCloseTo(vector.expected * 100, 9);
    } else {
      const levies = vector.totalWages.map((wage) => sdlCents(toCents(wage)));
      expect(levies.reduce((sum, levy) => sum + levy, 0)).toBeCloseTo(vector.expectedSum * 100, 9);
      expect(sdlPayableCents(levies)).toBe(toCents(vector.expectedTotalPayable));
    }
  });
});
