import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableCarriedDays, carryForward, prorateDays } from '../../src/domain/leave-entitlement';

/** Days in half-day steps, 0 to `most`. */
const halfDays = (most: number) => fc.integer({ min: 0, max: most * 2 }).map((halves) => halves / 2);
const isHalfDayStep = (days: number) => Number.isInteger(days * 2);

const isoDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((moment) => moment.toISOString().slice(0, 10));

/** A year's end as the balance sees it: carried-in days, the part still available, and days used from both. */
const yearEnd = fc
  .record({
    entitledDays: halfDays(60),
    carriedInDays: halfDays(30),
    availableShare: fc.double({ min: 0, max: 1, noNaN: true }),
    usedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    maxDays: halfDays(30),
  })
  .map(({ entitledDays, carriedInDays, availableShare, usedShare, maxDays }) => {
    const carriedInAvailable = Math.floor(carriedInDays * 2 * availableShare) / 2;
    const usedDays = Math.floor((entitledDays + carriedInAvailable) * 2 * usedShare) / 2;
    return { entitledDays, carriedInDays, carriedInAvailable, usedDays, maxDays };
  });

describe('carry-forward never creates or loses a day', () => {
  it('entitled + carried in = used + carried + forfeited', () => {
    fc.assert(
      fc.property(yearEnd, (args) => {
        const { carriedDays, forfeitedDays } = carryForward(args);
        expect(args.usedDays + carriedDays + forfeitedDays).toBe(args.entitledDays + args.carriedInDays);
      }),
    );
  });

  it('carries at most the cap; every figure is at least 0 and in half-day steps', () => {
    fc.assert(
      fc.property(yearEnd, (args) => {
        const result = carryForward(args);
        expect(result.carriedDays).toBeLessThanOrEqual(args.maxDays);
        expect(result.carriedDays).toBeLessThanOrEqual(result.unusedDays);
        for (const days of [result.carriedDays, result.forfeitedDays, result.unusedDays]) {
          expect(days).toBeGreaterThanOrEqual(0);
          expect(isHalfDayStep(days)).toBe(true);
        }
      }),
    );
  });

  it('overdrawn (more used than there was): nothing unused, nothing carried', () => {
    fc.assert(
      fc.property(yearEnd, halfDays(10), (args, extra) => {
        const overdrawn = { ...args, usedDays: args.entitledDays + args.carriedInAvailable + extra + 0.5 };
        const result = carryForward(overdrawn);
        expect(result.unusedDays).toBe(0);
        expect(result.carriedDays).toBe(0);
        expect(result.forfeitedDays).toBe(args.carriedInDays - args.carriedInAvailable);
      }),
    );
  });
});

describe('carried days available', () => {
  it('never more than were carried, never below 0', () => {
    fc.assert(
      fc.property(
        halfDays(30),
        fc.option(isoDate, { nil: null }),
        halfDays(60),
        isoDate,
        (carriedDays, expiresOn, usedOnOrBeforeExpiry, asOf) => {
          const available = availableCarriedDays({ carriedDays, expiresOn, usedOnOrBeforeExpiry, asOf });
          expect(available).toBeLessThanOrEqual(carriedDays);
          expect(available).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('all of them until they expire; after, only those already used', () => {
    fc.assert(
      fc.property(halfDays(30), isoDate, halfDays(60), isoDate, (carriedDays, expiresOn, used, asOf) => {
        const available = availableCarriedDays({ carriedDays, expiresOn, usedOnOrBeforeExpiry: used, asOf });
        expect(available).toBe(asOf <= expiresOn ? carriedDays : Math.min(carriedDays, used));
      }),
    );
  });
});

describe('proration', () => {
  it('never falls as the months grow, and a full year is the full figure', () => {
    fc.assert(
      fc.property(halfDays(60), fc.integer({ min: 0, max: 11 }), (fullYearDays, months) => {
        expect(prorateDays(fullYearDays, months)).toBeLessThanOrEqual(prorateDays(fullYearDays, months + 1));
        expect(prorateDays(fullYearDays, months)).toBeLessThanOrEqual(fullYearDays);
        expect(prorateDays(fullYearDays, 12)).toBe(fullYearDays);
      }),
    );
  });

  it('is the MOM fraction rounded: within half a day of months / 12 of the year', () => {
    fc.assert(
      fc.property(halfDays(60), fc.integer({ min: 0, max: 11 }), (fullYearDays, months) => {
        const exact = (fullYearDays * months) / 12;
        const prorated = prorateDays(fullYearDays, months);
        expect(Number.isInteger(prorated)).toBe(true);
        expect(prorated - exact).toBeGreaterThanOrEqual(-0.5 + 1e-9);
        expect(prorated - exact).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
