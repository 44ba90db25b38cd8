import {
  mbmfSplitCents,
  PayrollInputError,
  type SelfHelpGroupFund,
  sdlCents,
  sdlPayableCents,
  shgContributionCents,
} from '../../../src/domain/payroll';

describe('shgContributionCents', () => {
  it('reads each band upper bound as inclusive', () => {
    expect(shgContributionCents('CDAC', 1)).toBe(50);
    expect(shgContributionCents('SINDA', 1_500_000)).toBe(1_800);
    expect(shgContributionCents('SINDA', 1_500_001)).toBe(3_000);
    expect(shgContributionCents('MBMF', 1_000_001)).toBe(2_600);
    expect(shgContributionCents('ECF', 700_000)).toBe(1_200);
  });

  it('takes nothing from a month without wages', () => {
    for (const fund of ['CDAC', 'SINDA', 'MBMF', 'ECF'] as const)
      expect(shgContributionCents(fund, 0)).toBe(0);
  });

  it('refuses unknown funds and bad amounts', () => {
    expect(() => shgContributionCents('NONE' as SelfHelpGroupFund, 100_000)).toThrow(
      /Unknown self-help group fund "NONE" \(expected one of CDAC, SINDA, MBMF, ECF\)/,
    );
    expect(() => shgContributionCents('CDAC', -1)).toThrow(PayrollInputError);
    expect(() => shgContributionCents('CDAC', 1_000.5)).toThrow(
      /totalWageCents must be a non-negative whole/,
    );
  });
});

describe('mbmfSplitCents', () => {
  // Muis, "Employer Information" (wages from 1 June 2016): for each band the monthly contribution,
  // its allocation to the mosque and religious education component, and to the Mendaki component.
  // One wage inside each band, in cents, with Muis's three figures in dollars.
  const muisTable: Array<[wageCents: number, total: number, mosque: number, mendaki: number]> = [
    [80_000, 3.0, 1.75, 1.25],
    [150_000, 4.5, 3.0, 1.5],
    [250_000, 6.5, 5.0, 1.5],
    [380_000, 15.0, 11.0, 4.0],
    [500_000, 19.5, 13.5, 6.0],
    [700_000, 22.0, 14.5, 7.5],
    [900_000, 24.0, 16.0, 8.0],
    [1_200_000, 26.0, 17.5, 8.5],
  ];

  it("divides each band's contribution as Muis allocates it", () => {
    for (const [wages, total, mosque, mendaki] of muisTable) {
      const split = mbmfSplitCents(wages);
      expect(split, String(wages)).toEqual({ mbfCents: mosque * 100, mendakiCents: mendaki * 100 });
      expect(split.mbfCents + split.mendakiCents).toBe(total * 100);
      expect(shgContributionCents('MBMF', wages)).toBe(total * 100);
    }
  });

  it('reads the band upper bounds as the contribution does, and splits nothing without wages', () => {
    // "> $3,000 to $4,000": $4,000.00 is the $15 band, one cent more the $19.50 band.
    expect(mbmfSplitCents(400_000)).toEqual({ mbfCents: 1_100, mendakiCents: 400 });
    expect(mbmfSplitCents(400_001)).toEqual({ mbfCents: 1_350, mendakiCents: 600 });
    expect(mbmfSplitCents(0)).toEqual({ mbfCents: 0, mendakiCents: 0 });
    expect(() => mbmfSplitCents(-1)).toThrow(PayrollInputError);
  });
});

describe('SDL', () => {
  it('is 0.25% between the $2 floor and the $4,500 cap', () => {
    expect(sdlCents(100)).toBe(200);
    expect(sdlCents(80_000)).toBe(200);
    expect(sdlCents(200_000)).toBe(500);
    expect(sdlCents(450_000)).toBe(1_125);
    expect(sdlCents(10_000_000)).toBe(1_125);
    expect(sdlCents(0)).toBe(0);
  });

  it('floors the employer total to the dollar without losing one to float sums', () => {
    // 400 employees at $800.04 each: 200.01 cents each, $800.40 in all -> $800.
    expect(sdlPayableCents(Array.from({ length: 400 }, () => sdlCents(80_004)))).toBe(80_000);
    // 1,000 employees at $801.20 levy 200.3 cents each: exactly $2,003.00, which a float sum
    // (200299.99999999732) would floor to $2,002.
    const levies = Array.from({ length: 1_000 }, () => sdlCents(80_120));
    expect(levies.reduce((sum, levy) => sum + levy, 0)).toBeLessThan(200_300);
    expect(sdlPayableCents(levies)).toBe(200_300);
    expect(sdlPayableCents([])).toBe(0);
  });

  it('refuses levies that no employee could owe', () => {
    expect(() => sdlCents(-1)).toThrow(PayrollInputError);
    expect(() => sdlPayableCents([200, -5])).toThrow(/perEmployee\[1\]/);
    expect(() => sdlPayableCents([200.0001])).toThrow(/multiple of 1\/400 cent/);
    expect(() => sdlPayableCents([Number.NaN])).toThrow(PayrollInputError);
  });
});
