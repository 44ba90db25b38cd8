import { describe, expect, it } from 'vitest';
import type { LeaveBalance, LeaveType } from '../../src/domain/leave';
import {
  balanceOutlook,
  balanceYearsOf,
  previewLeaveCharges,
  REQUEST_LEAVE_INITIAL_VALUES,
  type RequestLeaveFormValues,
} from '../../src/domain/leave-form';

// Issue 34: the Request for Leave dialog shows, beside the Leave Type, the chosen type's balance for the
// years of the dates and what the request would leave of it, counted as the server will count it.

const annual: LeaveType = {
  id: 1,
  name: 'Annual Leave',
  countsCalendarDays: false,
  unlimited: false,
  unpaid: false,
};
const hospitalisation: LeaveType = {
  id: 2,
  name: 'Hospitalisation Leave',
  countsCalendarDays: true,
  unlimited: false,
  unpaid: false,
};
const unpaid: LeaveType = {
  id: 3,
  name: 'Unpaid Leave',
  countsCalendarDays: false,
  unlimited: true,
  unpaid: true,
};
const types = [annual, hospitalisation, unpaid];
/** The holidays the server keeps for the two years: Christmas 2026 and New Year's Day 2027 (a Friday). */
const holidays = { '2026': ['2026-12-25'], '2027': ['2027-01-01'] };

type Chosen = Partial<
  Pick<RequestLeaveFormValues, 'leaveType' | 'fromDate' | 'fromTime' | 'toDate' | 'toTime'>
>;
const values = (changes: Chosen): RequestLeaveFormValues => ({ ...REQUEST_LEAVE_INITIAL_VALUES, ...changes });
/** Tue 29 Dec 2026 from noon to Tue 5 Jan 2027 until noon. */
const acrossYearEnd = (leaveType: string) =>
  values({ leaveType, fromDate: '2026-12-29', fromTime: 'PM', toDate: '2027-01-05', toTime: 'AM' });

const balance = (year: number, type: LeaveType, available: number | null): LeaveBalance => ({
  id: null,
  leaveType: { id: type.id, name: type.name },
  year,
  totalDays: available === null ? null : 14,
  carriedForwardDays: 0,
  carriedForwardExpiresOn: null,
  carriedForwardUsableDays: 0,
  usedDays: 0,
  approvedDays: 0,
  pendingDays: 0,
  balance: available,
});

describe('the years whose balance the dialog shows', () => {
  it("is this year's before any date, then the start date's", () => {
    expect(balanceYearsOf(values({}), '2026-11-29')).toEqual([2026]);
    expect(balanceYearsOf(values({ fromDate: '2027-01-04' }), '2026-11-29')).toEqual([2027]);
  });

  it('is every year the dates fall in', () => {
    expect(balanceYearsOf(values({ fromDate: '2026-12-29', toDate: '2027-01-05' }), '2026-11-29')).toEqual([
      2026, 2027,
    ]);
  });

  it("is the start's year for an end before the start or a period of more than five years", () => {
    expect(balanceYearsOf(values({ fromDate: '2027-03-05', toDate: '2027-03-02' }), '2026-11-29')).toEqual([
      2027,
    ]);
    expect(balanceYearsOf(values({ fromDate: '2027-01-04', toDate: '2033-01-04' }), '2026-11-29')).toEqual([
      2027,
    ]);
  });

  it("is this year's for a date the API does not keep balances for (before 2000)", () => {
    expect(balanceYearsOf(values({ fromDate: '1999-12-31' }), '2026-11-29')).toEqual([2026]);
  });
});

describe('the days a request takes from each year', () => {
  it('counts working days, less holidays and half days, each in its own year', () => {
    // 2026: Tue 29 PM (0.5), Wed 30, Thu 31 = 2.5. 2027: Fri 1 is New Year's Day, Sat 2 and Sun 3 are
    // the weekend, Mon 4 (1), Tue 5 until noon (0.5) = 1.5.
    expect(previewLeaveCharges(acrossYearEnd('Annual Leave'), types, holidays)).toEqual([
      { year: 2026, days: 2.5 },
      { year: 2027, days: 1.5 },
    ]);
  });

  it('counts every calendar day for a type that runs on calendar days', () => {
    // 2026: 29 PM (0.5), 30, 31 = 2.5. 2027: 1, 2, 3, 4 and 5 until noon = 4.5.
    expect(previewLeaveCharges(acrossYearEnd('Hospitalisation Leave'), types, holidays)).toEqual([
      { year: 2026, days: 2.5 },
      { year: 2027, days: 4.5 },
    ]);
  });

  it('is nothing while a date is missing', () => {
    expect(
      previewLeaveCharges(values({ leaveType: 'Annual Leave', fromDate: '2026-12-29' }), types),
    ).toBeNull();
  });
});

describe("the chosen type's balance and what the request leaves of it", () => {
  const balances = [
    balance(2026, annual, 2),
    balance(2027, annual, 14),
    balance(2026, hospitalisation, 60),
    balance(2026, unpaid, null),
  ];

  it('subtracts the days of each year from that year: 2 - 2.5 falls short, 14 - 1.5 leaves 12.5', () => {
    expect(balanceOutlook(acrossYearEnd('Annual Leave'), types, holidays, balances, [2026, 2027])).toEqual([
      { year: 2026, available: 2, after: -0.5 },
      { year: 2027, available: 14, after: 12.5 },
    ]);
  });

  it('shows the balance alone until the days are counted (no end date, or less than half a day)', () => {
    const started = values({ leaveType: 'Annual Leave', fromDate: '2026-12-29' });
    expect(balanceOutlook(started, types, holidays, balances, [2026])).toEqual([
      { year: 2026, available: 2, after: null },
    ]);
    // From the afternoon to noon of one day is nothing.
    const nothing = values({
      leaveType: 'Annual Leave',
      fromDate: '2026-12-29',
      fromTime: 'PM',
      toDate: '2026-12-29',
      toTime: 'AM',
    });
    expect(balanceOutlook(nothing, types, holidays, balances, [2026])).toEqual([
      { year: 2026, available: 2, after: null },
    ]);
  });

  it('has no limit for Unpaid Leave, and nothing for a year not yet fetched or before a type is chosen', () => {
    const unpaidDay = values({ leaveType: 'Unpaid Leave', fromDate: '2026-12-29', toDate: '2026-12-29' });
    expect(balanceOutlook(unpaidDay, types, holidays, balances, [2026])).toEqual([
      { year: 2026, available: null, after: null },
    ]);
    expect(balanceOutlook(acrossYearEnd('Hospitalisation Leave'), types, holidays, balances, [2027])).toEqual(
      [],
    );
    expect(balanceOutlook(values({}), types, holidays, balances, [2026])).toEqual([]);
  });
});
