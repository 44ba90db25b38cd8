import { type IsoWeekday, isoDateOf, type LeavePeriod, leaveDays, NO_HOLIDAYS } from '../leave-days';
import { PayrollInputError } from './errors';
import { assertCents } from './money';
import { assertPeriod } from './period';

export interface UnpaidLeaveInput {
  basicSalaryCents: number;
  /** Unpaid working days in the month; half days count 0.5 (EA s.20A(2)). */
  unpaidDays: number;
  year: number;
  month: number;
  /**
   * Days of the week the employee is required to work: 1 = Monday ... 6 = Saturday, and Sunday as
   * 0 or 7 (both JavaScript's and ISO's numbering are read). Monday to Friday when not given.
   */
  workingWeekdays?: readonly number[];
}

const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5] as const;

/** Working days in the month for a weekly pattern; public holidays count as working days (MOM). */
export const workingDaysInMonth = (
  year: number,
  month: number,
  workingWeekdays: readonly number[] = MONDAY_TO_FRIDAY,
): number => {
  assertPeriod(year, month);
  if (!Array.isArray(workingWeekdays) || workingWeekdays.length === 0) {
    throw new PayrollInputError('workingWeekdays must list at least one day of the week');
  }
  const weekdays = new Set<number>();
  for (const day of workingWeekdays) {
    if (!Number.isInteger(day) || day < 0 || day > 7) {
      throw new PayrollInputError(
        `workingWeekdays holds ${String(day)}: use 1 (Monday) to 6 (Saturday), 0 or 7 (Sunday)`,
      );
    }
    weekdays.add(day % 7);
  }
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  let count = 0;
  for (let day = 1; day <= daysInMonth; day += 1) {
    if (weekdays.has(new Date(Date.UTC(year, month - 1, day)).getUTCDay())) count += 1;
  }
  return count;
};

/**
 * The deduction for unpaid leave in an incomplete month, to prefill an UNPAID_LEAVE item. The
 * Employment Act s.20A pays monthly rate x days worked / working days in the month (public
 * holidays counted as working days, MOM); the deduction is the rest: monthly rate x unpaid days /
 * working days.
 *
 * Rounding: the Act sets none. The deduction is rounded down to the cent, so the salary paid is
 * never below what the formula gives. Computed on integers, so no floating-point error.
 */
export const unpaidLeaveDeductionCents = (input: UnpaidLeaveInput): number => {
  const basic = assertCents('basicSalaryCents', input.basicSalaryCents);
  const workingDays = workingDaysInMonth(input.year, input.month, input.workingWeekdays ?? MONDAY_TO_FRIDAY);
  const halfDays = input.unpaidDays * 2;
  if (typeof input.unpaidDays !== 'number' || !Number.isInteger(halfDays) || halfDays < 0) {
    throw new PayrollInputError(
      `unpaidDays must be a non-negative multiple of 0.5, got ${String(input.unpaidDays)}`,
    );
  }
  if (halfDays > workingDays * 2) {
    throw new PayrollInputError(
      `unpaidDays ${input.unpaidDays} exceeds the ${workingDays} working days of ${input.year}-${String(input.month).padStart(2, '0')}`,
    );
  }
  return proratedDeductionCents(basic, halfDays, workingDays * 2);
};

/**
 * EA s.20A's one formula as a deduction: monthly rate x days not paid / working days, both in half
 * days, rounded down to the cent (the salary paid is never below the formula's). Unpaid leave and an
 * incomplete month of employment (leaver.ts) both read it.
 */
export const proratedDeductionCents = (
  monthlyCents: number,
  notPaidHalfDays: number,
  workingHalfDays: number,
) => Number((BigInt(monthlyCents) * BigInt(notPaidHalfDays)) / BigInt(workingHalfDays));

/** An approved leave as the leave requests store it (half-day flags as src/domain/leave-days.ts reads them). */
export type LeaveSpan = LeavePeriod;

export interface UnpaidDaysOptions {
  /** As in UnpaidLeaveInput; Monday to Friday when not given. */
  workingWeekdays?: readonly number[];
  /** The public holidays of the month (the administrator's table), as the leave requests were counted. */
  holidays?: ReadonlySet<string>;
}

/**
 * Unpaid working days that approved leaves take in a month, for the UNPAID_LEAVE prefill: the part
 * of each leave inside the month, counted by the leave module's one day count (work week less public
 * holidays, half days at either end), so payroll deducts exactly what the leave request was charged.
 * A leave cut by the month boundary counts whole days on the side of the cut.
 */
export const unpaidDaysInMonth = (
  leaves: readonly LeaveSpan[],
  year: number,
  month: number,
  options: UnpaidDaysOptions = {},
): number => {
  const working = workingDaysInMonth(year, month, options.workingWeekdays);
  const workWeek = (options.workingWeekdays ?? MONDAY_TO_FRIDAY).map((day) => (day % 7 || 7) as IsoWeekday);
  const first = isoDateOf(Date.UTC(year, month - 1, 1) / DAY_MS);
  const last = isoDateOf(Date.UTC(year, month, 0) / DAY_MS);
  let days = 0;
  for (const leave of leaves) {
    if (leave.toDate < first || leave.fromDate > last) continue;
    const inMonth: LeavePeriod = {
      fromDate: leave.fromDate < first ? first : leave.fromDate,
      fromDateIsAm: leave.fromDate < first ? true : leave.fromDateIsAm,
      toDate: leave.toDate > last ? last : leave.toDate,
      toDateIsAm: leave.toDate > last ? false : leave.toDateIsAm,
    };
    days += leaveDays(inMonth, { calendarDays: false, workWeek, holidays: options.holidays ?? NO_HOLIDAYS });
  }
  return Math.min(days, working);
};

const DAY_MS = 86_400_000;
