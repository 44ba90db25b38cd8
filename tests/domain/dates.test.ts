import { describe, expect, it } from 'vitest';
import { formatDayMonthYear, parseDayMonthYear } from '../../src/domain/dates';

// Issue 34: every date is typed and printed day first, dd/mm/yyyy, whatever the browser's locale. An en-US
// browser's date input read 11/02/2026 as 2 November: here it is 11 February.
describe('dates typed and printed day first', () => {
  it('reads day, month and year in that order, however they are separated', () => {
    expect(parseDayMonthYear('11/02/2026')).toBe('2026-02-11');
    expect(parseDayMonthYear('2/11/2026')).toBe('2026-11-02');
    expect(parseDayMonthYear(' 02-11-2026 ')).toBe('2026-11-02');
    expect(parseDayMonthYear('02.11.2026')).toBe('2026-11-02');
    expect(parseDayMonthYear('02 11 2026')).toBe('2026-11-02');
    // A phone's number pad has no slash.
    expect(parseDayMonthYear('02112026')).toBe('2026-11-02');
    // Pasted as the API writes it.
    expect(parseDayMonthYear('2026-11-02')).toBe('2026-11-02');
  });

  it('refuses what is no day of the calendar, a two-digit year and half a date', () => {
    for (const text of ['31/02/2026', '29/02/2025', '00/01/2026', '01/13/2026', '02/11/26', '02/11', '', 'x'])
      expect(parseDayMonthYear(text), text).toBeNull();
    // 2024 is a leap year, 2100 is not (divisible by 100, not by 400).
    expect(parseDayMonthYear('29/02/2024')).toBe('2024-02-29');
    expect(parseDayMonthYear('29/02/2100')).toBeNull();
  });

  it('prints a day as it is typed, zero-padded', () => {
    expect(formatDayMonthYear('2026-11-02')).toBe('02/11/2026');
    expect(formatDayMonthYear(parseDayMonthYear('2/3/2026') ?? '')).toBe('02/03/2026');
  });
});
