import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  isoDateOf,
  type LeavePeriod,
  leaveDays,
  leaveDaysByYear,
  periodsOverlap,
} from '../../src/domain/leave-days';
import { PUBLIC_HOLIDAY_YEARS, PUBLIC_HOLIDAYS } from '../../src/domain/public-holidays';

/** The gazetted holidays the migration seeds the table with: the administrator's list as shipped. */
const gazetted: ReadonlySet<string> = new Set(PUBLIC_HOLIDAYS.map((h) => h.date));
const working = { calendarDays: false, holidays: gazetted };
const calendar = { calendarDays: true, holidays: gazetted };
const period = (
  fromDate: string,
  fromDateIsAm: boolean,
  toDate: string,
  toDateIsAm: boolean,
): LeavePeriod => ({
  fromDate,
  fromDateIsAm,
  toDate,
  toDateIsAm,
});
const AM = true;
const PM = false;

describe('leave days: one rule for one day and many (docs/decisions/0002)', () => {
  // Tuesday 2026-03-03, no holiday.
  it('one day: AM to PM = 1, AM to AM = 0.5, PM to PM = 0.5, PM to AM = 0 (below the minimum)', () => {
    expect(leaveDays(period('2026-03-03', AM, '2026-03-03', PM), working)).toBe(1);
    expect(leaveDays(period('2026-03-03', AM, '2026-03-03', AM), working)).toBe(0.5);
    expect(leaveDays(period('2026-03-03', PM, '2026-03-03', PM), working)).toBe(0.5);
    expect(leaveDays(period('2026-03-03', PM, '2026-03-03', AM), working)).toBe(0);
  });

  it('different days inside one week: the spec rule (difference, +0.5 for an AM start, +0.5 for a PM end)', () => {
    expect(leaveDays(period('2026-03-02', AM, '2026-03-04', PM), working)).toBe(3);
    expect(leaveDays(period('2026-03-02', PM, '2026-03-04', PM), working)).toBe(2.5);
    expect(leaveDays(period('2026-03-02', AM, '2026-03-04', AM), working)).toBe(2.5);
    expect(leaveDays(period('2026-03-02', PM, '2026-03-04', AM), working)).toBe(2);
  });

  it('leaves out weekends', () => {
    // Friday 2026-03-06 to Monday 2026-03-09.
    expect(leaveDays(period('2026-03-06', AM, '2026-03-09', PM), working)).toBe(2);
    // A whole Saturday and Sunday.
    expect(leaveDays(period('2026-03-07', AM, '2026-03-08', PM), working)).toBe(0);
    // Starting on a Saturday afternoon takes nothing off Monday.
    expect(leaveDays(period('2026-03-07', PM, '2026-03-09', PM), working)).toBe(1);
  });

  it('leaves out public holidays, including the observed Mondays', () => {
    // Mon 2026-08-10 is the holiday for National Day (Sunday 9 Aug): the week counts 4 days.
    expect(leaveDays(period('2026-08-10', AM, '2026-08-14', PM), working)).toBe(4);
    // Chinese New Year 2026: Tue 17 and Wed 18 Feb.
    expect(leaveDays(period('2026-02-16', AM, '2026-02-20', PM), working)).toBe(3);
    // A half day asked on a holiday changes nothing.
    expect(leaveDays(period('2026-12-25', PM, '2026-12-25', PM), working)).toBe(0);
  });

  it('calendar-day types count every day', () => {
    expect(leaveDays(period('2026-08-08', AM, '2026-08-14', PM), calendar)).toBe(7);
    expect(leaveDays(period('2026-08-08', PM, '2026-08-14', AM), calendar)).toBe(6);
  });

  it('an end before the start counts nothing', () => {
    expect(leaveDays(period('2026-03-04', AM, '2026-03-02', PM), working)).toBe(0);
    expect(leaveDaysByYear(period('2026-03-04', AM, '2026-03-02', PM), working)).toEqual([]);
  });

  it('a different work week is a parameter', () => {
    const sixDays = { calendarDays: false, workWeek: [1, 2, 3, 4, 5, 6] as const, holidays: gazetted };
    expect(leaveDays(period('2026-03-02', AM, '2026-03-08', PM), sixDays)).toBe(6);
  });
});

describe('across the year end', () => {
  it('charges each year its own days: 29 Dec 2026 to 2 Jan 2027', () => {
    // Tue 29, Wed 30, Thu 31 Dec; Fri 1 Jan is New Year's Day; Sat 2 Jan.
    expect(leaveDaysByYear(period('2026-12-29', AM, '2027-01-02', PM), working)).toEqual([
      { year: 2026, days: 3 },
    ]);
    expect(leaveDaysByYear(period('2026-12-30', PM, '2027-01-04', AM), working)).toEqual([
      { year: 2026, days: 1.5 },
      { year: 2027, days: 0.5 },
    ]);
    expect(leaveDaysByYear(period('2025-12-29', AM, '2026-01-02', PM), calendar)).toEqual([
      { year: 2025, days: 3 },
      { year: 2026, days: 2 },
    ]);
  });
});

describe('the holiday table', () => {
  it('holds every year it claims, on real dates in that year', () => {
    for (const year of PUBLIC_HOLIDAY_YEARS) {
      expect(PUBLIC_HOLIDAYS.filter((h) => h.date.startsWith(`${year}-`)).length).toBeGreaterThanOrEqual(11);
    }
    for (const holiday of PUBLIC_HOLIDAYS) expect(isoDateOf(dayNumber(holiday.date))).toBe(holiday.date);
    expect(new Set(PUBLIC_HOLIDAYS.map((h) => h.date)).size).toBe(PUBLIC_HOLIDAYS.length);
  });

  it('has a weekday holiday after every Sunday holiday (MOM publishes the Monday)', () => {
    const dates = new Set(PUBLIC_HOLIDAYS.map((h) => h.date));
    for (const holiday of PUBLIC_HOLIDAYS) {
      if (new Date(`${holiday.date}T00:00:00Z`).getUTCDay() !== 0) continue;
      const next = isoDateOf(dayNumber(holiday.date) + 1);
      expect(dates.has(next), `${holiday.name} ${holiday.date}`).toBe(true);
    }
  });
});

describe('the holidays are an input (issue 17: kept by the administrator)', () => {
  // Worked by hand on the calendar of August 2030: Mon 5, Tue 6, Wed 7, Thu 8, Fri 9, Sat 10, Sun 11,
  // Mon 12 August.
  const from5to12 = period('2030-08-05', AM, '2030-08-12', PM);

  it('a year without holidays in the table is counted on the work week alone', () => {
    // Six weekdays (5 to 9 and 12 August), no holiday known for 2030.
    expect(leaveDays(from5to12, { calendarDays: false, holidays: new Set() })).toBe(6);
    expect(leaveDays(period('2027-12-30', AM, '2028-01-03', PM), working)).toBe(3);
  });

  it('a given holiday on a weekday is taken out; one on a weekend changes nothing', () => {
    // National Day on Friday 9 August and a day added on Monday 12: 6 - 2 = 4.
    const holidays = new Set(['2030-08-09', '2030-08-12']);
    expect(leaveDays(from5to12, { calendarDays: false, holidays })).toBe(4);
    // A holiday on Saturday 10 August is not a working day anyway: still 6.
    expect(leaveDays(from5to12, { calendarDays: false, holidays: new Set(['2030-08-10']) })).toBe(6);
    // A half day on a holiday counts nothing: PM of Friday 9 to AM of Monday 12 with both holidays.
    expect(leaveDays(period('2030-08-09', PM, '2030-08-12', AM), { calendarDays: false, holidays })).toBe(0);
    // Calendar-day types ignore holidays: 8 days from Monday 5 to Monday 12.
    expect(leaveDays(from5to12, { calendarDays: true, holidays })).toBe(8);
  });

  it('charges each year its own days with the holidays of each year', () => {
    // Mon 30 Dec 2030, Tue 31 Dec, Wed 1 Jan 2031 (a holiday), Thu 2 Jan: 2 days in 2030, 1 in 2031.
    const holidays = new Set(['2031-01-01']);
    expect(
      leaveDaysByYear(period('2030-12-30', AM, '2031-01-02', PM), { calendarDays: false, holidays }),
    ).toEqual([
      { year: 2030, days: 2 },
      { year: 2031, days: 1 },
    ]);
  });
});

// ------------------------------------------------------------------ properties

const firstDay = dayNumber('2025-01-01');
const lastDay = dayNumber('2027-12-31');
const dateArb = fc.integer({ min: firstDay, max: lastDay }).map(isoDateOf);
const periodArb = fc
  .tuple(
    fc.integer({ min: firstDay, max: lastDay }),
    fc.integer({ min: 0, max: 60 }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([start, length, fromDateIsAm, toDateIsAm]) =>
    period(isoDateOf(start), fromDateIsAm, isoDateOf(Math.min(start + length, lastDay)), toDateIsAm),
  );
const ruleArb = fc.boolean().map((calendarDays) => ({ calendarDays, holidays: gazetted }));

describe('day count properties', () => {
  it('is a whole number of half days, never negative, never above the calendar days', () => {
    fc.assert(
      fc.property(periodArb, ruleArb, (p, rule) => {
        const days = leaveDays(p, rule);
        expect(Number.isInteger(days * 2)).toBe(true);
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThanOrEqual(dayNumber(p.toDate) - dayNumber(p.fromDate) + 1);
      }),
    );
  });

  it('the years of a split add up to the total, and each year is within its own dates', () => {
    fc.assert(
      fc.property(periodArb, ruleArb, (p, rule) => {
        const split = leaveDaysByYear(p, rule);
        expect(split.reduce((sum, y) => sum + y.days, 0)).toBe(leaveDays(p, rule));
        for (const { year } of split) {
          expect(year).toBeGreaterThanOrEqual(Number(p.fromDate.slice(0, 4)));
          expect(year).toBeLessThanOrEqual(Number(p.toDate.slice(0, 4)));
        }
      }),
    );
  });

  it('is additive: whole days up to a date plus whole days after it', () => {
    fc.assert(
      fc.property(periodArb, ruleArb, fc.nat(), (p, rule, cut) => {
        const from = dayNumber(p.fromDate);
        const to = dayNumber(p.toDate);
        const middle = from + (cut % (to - from + 1));
        const whole = leaveDays(period(p.fromDate, AM, p.toDate, PM), rule);
        const left = leaveDays(period(p.fromDate, AM, isoDateOf(middle), PM), rule);
        const right = middle < to ? leaveDays(period(isoDateOf(middle + 1), AM, p.toDate, PM), rule) : 0;
        expect(left + right).toBe(whole);
      }),
    );
  });

  it('the morning and the afternoon of a date make the whole date', () => {
    fc.assert(
      fc.property(dateArb, ruleArb, (date, rule) => {
        const morning = leaveDays(period(date, AM, date, AM), rule);
        const afternoon = leaveDays(period(date, PM, date, PM), rule);
        expect(morning + afternoon).toBe(leaveDays(period(date, AM, date, PM), rule));
      }),
    );
  });

  it('calendar days: the days inclusive less the two half days', () => {
    fc.assert(
      fc.property(periodArb, (p) => {
        const inclusive = dayNumber(p.toDate) - dayNumber(p.fromDate) + 1;
        expect(leaveDays(p, calendar)).toBe(
          inclusive - (p.fromDateIsAm ? 0 : 0.5) - (p.toDateIsAm ? 0.5 : 0),
        );
      }),
    );
  });

  it('with no weekend or holiday inside, different days follow the spec rule', () => {
    fc.assert(
      fc.property(periodArb, (p) => {
        const from = dayNumber(p.fromDate);
        const to = dayNumber(p.toDate);
        fc.pre(to > from);
        for (let day = from; day <= to; day++) {
          const weekday = new Date(day * 86_400_000).getUTCDay();
          fc.pre(weekday !== 0 && weekday !== 6 && !gazetted.has(isoDateOf(day)));
        }
        const spec = to - from + (p.fromDateIsAm ? 0.5 : 0) + (p.toDateIsAm ? 0 : 0.5);
        expect(leaveDays(p, working)).toBe(spec);
      }),
    );
  });
});

describe('overlap with half days', () => {
  it('the AM and the PM of one date are two requests that do not overlap', () => {
    expect(
      periodsOverlap(period('2026-03-03', AM, '2026-03-03', AM), period('2026-03-03', PM, '2026-03-03', PM)),
    ).toBe(false);
    expect(
      periodsOverlap(period('2026-03-02', AM, '2026-03-03', AM), period('2026-03-03', PM, '2026-03-05', PM)),
    ).toBe(false);
    expect(
      periodsOverlap(period('2026-03-02', AM, '2026-03-03', PM), period('2026-03-03', PM, '2026-03-05', PM)),
    ).toBe(true);
  });

  it('is symmetric, and a period overlaps itself exactly when it holds a half day', () => {
    fc.assert(
      fc.property(periodArb, periodArb, (a, b) => {
        expect(periodsOverlap(a, b)).toBe(periodsOverlap(b, a));
        const nonEmpty =
          a.fromDate < a.toDate || (a.fromDate === a.toDate && (a.fromDateIsAm || !a.toDateIsAm));
        expect(periodsOverlap(a, a)).toBe(nonEmpty);
      }),
    );
  });

  it('two periods overlap exactly when some half day belongs to both', () => {
    const halves = (p: LeavePeriod) => {
      const set = new Set<number>();
      for (let day = dayNumber(p.fromDate); day <= dayNumber(p.toDate); day++) {
        if (day > dayNumber(p.fromDate) || p.fromDateIsAm) set.add(day * 2);
        if (day < dayNumber(p.toDate) || !p.toDateIsAm) set.add(day * 2 + 1);
      }
      return set;
    };
    const shortPeriod = fc
      .tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), fc.boolean())
      .map(([start, length, fromIsAm, toIsAm]) =>
        period(isoDateOf(firstDay + start), fromIsAm, isoDateOf(firstDay + start + length), toIsAm),
      );
    fc.assert(
      fc.property(shortPeriod, shortPeriod, (a, b) => {
        const mine = halves(a);
        const shared = [...halves(b)].some((half) => mine.has(half));
        expect(periodsOverlap(a, b)).toBe(shared);
      }),
    );
  });
});
