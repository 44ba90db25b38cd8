import { describe, expect, it } from 'vitest';
import { defaultBankValueDate, isCalendarDate, valueDateProblem } from '../../src/domain/submissions';

/**
 * Issue 32: a bank file's value date is a real calendar date, a business day of the company's calendar
 * (not Saturday or Sunday, not one of its public holidays) and not past; left out, it is the pay date
 * when that qualifies, else the next business day. Weekdays below are the calendar's (25 Dec 2026 is
 * a Friday, 28 Nov 2026 a Saturday); the holidays are the ones given to each case.
 */
const TODAY = '2026-11-25'; // a Wednesday
const CHRISTMAS = new Set(['2026-12-25']);

describe('isCalendarDate', () => {
  it('takes the days of the calendar only', () => {
    expect(isCalendarDate('2026-11-30')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const wrong of ['2026-11-31', '2026-02-29', '2026-13-01', '2026-00-10', '2026-1-05', '']) {
      expect(isCalendarDate(wrong), wrong).toBe(false);
    }
  });
});

describe('valueDateProblem', () => {
  it('accepts today and a later business day, naming valueDate in every refusal', () => {
    expect(valueDateProblem(TODAY, TODAY, CHRISTMAS)).toBeNull();
    expect(valueDateProblem('2026-12-24', TODAY, CHRISTMAS)).toBeNull();
    expect(valueDateProblem('2026-11-31', TODAY, CHRISTMAS)).toBe(
      'valueDate: 2026-11-31 is not a date of the calendar.',
    );
    expect(valueDateProblem('2026-11-24', TODAY, CHRISTMAS)).toMatch(/^valueDate: 2026-11-24 is in the past/);
    expect(valueDateProblem('2026-11-28', TODAY, CHRISTMAS)).toBe(
      'valueDate: 2026-11-28 is a Saturday, not a business day.',
    );
    expect(valueDateProblem('2026-11-29', TODAY, CHRISTMAS)).toBe(
      'valueDate: 2026-11-29 is a Sunday, not a business day.',
    );
    expect(valueDateProblem('2026-12-25', TODAY, CHRISTMAS)).toBe(
      'valueDate: 2026-12-25 is a public holiday, not a business day.',
    );
    // The company's calendar decides: without the holiday, 25 December is a Friday like another.
    expect(valueDateProblem('2026-12-25', TODAY, new Set())).toBeNull();
    expect(valueDateProblem('2026-12-28', TODAY, CHRISTMAS)).toMatch(/more than 30 days ahead/);
  });
});

describe('defaultBankValueDate', () => {
  it('is the pay date when it is a business day not past', () => {
    expect(defaultBankValueDate('2026-11-27', TODAY, CHRISTMAS)).toEqual({
      valueDate: '2026-11-27',
      source: 'pay-date',
    });
  });

  it('is the next business day after a pay date on a weekend or a holiday', () => {
    expect(defaultBankValueDate('2026-11-28', TODAY, CHRISTMAS)).toEqual({
      valueDate: '2026-11-30',
      source: 'next-business-day',
    });
    expect(defaultBankValueDate('2026-12-25', TODAY, CHRISTMAS)).toEqual({
      valueDate: '2026-12-28',
      source: 'next-business-day',
    });
  });

  it('is the next business day after today when the pay date has passed, or there is none', () => {
    expect(defaultBankValueDate('2026-10-30', TODAY, CHRISTMAS)).toEqual({
      valueDate: '2026-11-26',
      source: 'next-business-day',
    });
    expect(defaultBankValueDate(null, '2026-11-27', CHRISTMAS)).toEqual({
      valueDate: '2026-11-30',
      source: 'next-business-day',
    });
  });
});
