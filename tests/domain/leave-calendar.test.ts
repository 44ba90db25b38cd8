import { describe, expect, it } from 'vitest';
import {
  awayByDate,
  dayPartOf,
  dayPartsInMonth,
  daysInMonth,
  isWeekend,
  leaveCalendarQuerySchema,
  monthDates,
  monthRange,
  monthTitle,
  monthWeeks,
  shiftMonth,
  weekdayOf,
} from '../../src/domain/leave-calendar';

// Every expected value below was worked out by hand from a printed calendar (1 March 2026 is a Sunday,
// 1 February 2027 a Monday), not computed with the code under test.

const AM = true;
const PM = false;
const period = (fromDate: string, fromDateIsAm: boolean, toDate: string, toDateIsAm: boolean) => ({
  fromDate,
  fromDateIsAm,
  toDate,
  toDateIsAm,
});

describe('months', () => {
  it('knows the length of each month, leap years included', () => {
    expect(daysInMonth({ year: 2026, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 4 })).toBe(30);
    expect(daysInMonth({ year: 2026, month: 12 })).toBe(31);
    expect(monthRange({ year: 2026, month: 11 })).toEqual({ fromDate: '2026-11-01', toDate: '2026-11-30' });
  });

  it('moves across year ends both ways', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 3 }, 0)).toEqual({ year: 2026, month: 3 });
    expect(shiftMonth({ year: 2026, month: 3 }, -15)).toEqual({ year: 2024, month: 12 });
  });

  it('names a month', () => {
    expect(monthTitle({ year: 2026, month: 3 })).toBe('March 2026');
  });

  it('lists the dates of a month and tells weekends', () => {
    const dates = monthDates({ year: 2026, month: 2 });
    expect(dates).toHaveLength(28);
    expect(dates[0]).toBe('2026-02-01');
    expect(dates[27]).toBe('2026-02-28');
    expect(weekdayOf('2026-03-01')).toBe(7);
    expect(weekdayOf('2026-03-02')).toBe(1);
    expect(isWeekend('2026-03-07')).toBe(true);
    expect(isWeekend('2026-03-08')).toBe(true);
    expect(isWeekend('2026-03-06')).toBe(false);
  });
});

describe('the month grid', () => {
  it('runs Monday to Sunday, filling the first and last weeks with the neighbouring months', () => {
    const weeks = monthWeeks({ year: 2026, month: 3 });
    expect(weeks.map((week) => [week[0]?.date, week[6]?.date])).toEqual([
      ['2026-02-23', '2026-03-01'],
      ['2026-03-02', '2026-03-08'],
      ['2026-03-09', '2026-03-15'],
      ['2026-03-16', '2026-03-22'],
      ['2026-03-23', '2026-03-29'],
      ['2026-03-30', '2026-04-05'],
    ]);
    expect(weeks[0]?.map((cell) => cell.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(weeks[5]?.map((cell) => cell.inMonth)).toEqual([true, true, false, false, false, false, false]);
  });

  it('is exactly four weeks for a February that starts on a Monday', () => {
    const weeks = monthWeeks({ year: 2027, month: 2 });
    expect(weeks).toHaveLength(4);
    expect(weeks[0]?.[0]).toEqual({ date: '2027-02-01', inMonth: true });
    expect(weeks[3]?.[6]).toEqual({ date: '2027-02-28', inMonth: true });
  });
});

describe('the half days a request takes', () => {
  it('a single morning, a single afternoon, a whole day', () => {
    expect(dayPartOf(period('2026-03-10', AM, '2026-03-10', AM), '2026-03-10')).toBe('AM');
    expect(dayPartOf(period('2026-03-10', PM, '2026-03-10', PM), '2026-03-10')).toBe('PM');
    expect(dayPartOf(period('2026-03-10', AM, '2026-03-10', PM), '2026-03-10')).toBe('FULL');
    expect(dayPartOf(period('2026-03-10', AM, '2026-03-10', PM), '2026-03-11')).toBeNull();
  });

  it('from an afternoon to a morning: half, whole days between, half', () => {
    const request = period('2026-03-10', PM, '2026-03-12', AM);
    expect(dayPartsInMonth(request, { year: 2026, month: 3 })).toEqual([
      { date: '2026-03-10', part: 'PM' },
      { date: '2026-03-11', part: 'FULL' },
      { date: '2026-03-12', part: 'AM' },
    ]);
  });

  it('only the dates inside the month, for a request across a month end', () => {
    const request = period('2026-03-30', PM, '2026-04-02', AM);
    expect(dayPartsInMonth(request, { year: 2026, month: 3 })).toEqual([
      { date: '2026-03-30', part: 'PM' },
      { date: '2026-03-31', part: 'FULL' },
    ]);
    expect(dayPartsInMonth(request, { year: 2026, month: 4 })).toEqual([
      { date: '2026-04-01', part: 'FULL' },
      { date: '2026-04-02', part: 'AM' },
    ]);
    expect(dayPartsInMonth(request, { year: 2026, month: 5 })).toEqual([]);
  });

  it('groups who is away by date, keeping the order of the entries', () => {
    const aisha = { name: 'Aisha', ...period('2026-03-10', AM, '2026-03-11', AM) };
    const ben = { name: 'Ben', ...period('2026-03-11', PM, '2026-03-11', PM) };
    const away = awayByDate([aisha, ben], { year: 2026, month: 3 });
    expect([...away.keys()]).toEqual(['2026-03-10', '2026-03-11']);
    expect(away.get('2026-03-10')?.map((a) => [a.entry.name, a.part])).toEqual([['Aisha', 'FULL']]);
    expect(away.get('2026-03-11')?.map((a) => [a.entry.name, a.part])).toEqual([
      ['Aisha', 'AM'],
      ['Ben', 'PM'],
    ]);
  });
});

describe('the query', () => {
  it('takes a year and a month from 1 to 12, and optional ids', () => {
    expect(leaveCalendarQuerySchema.parse({ year: '2026', month: '3' })).toEqual({ year: 2026, month: 3 });
    expect(leaveCalendarQuerySchema.parse({ year: '2026', month: '12', leaveTypeId: '4' })).toEqual({
      year: 2026,
      month: 12,
      leaveTypeId: 4,
    });
    expect(leaveCalendarQuerySchema.safeParse({ year: '2026', month: '13' }).success).toBe(false);
    expect(leaveCalendarQuerySchema.safeParse({ year: '2026', month: '0' }).success).toBe(false);
    expect(leaveCalendarQuerySchema.safeParse({ year: '26', month: '1' }).success).toBe(false);
    expect(leaveCalendarQuerySchema.safeParse({ year: '2026' }).success).toBe(false);
  });
});
