import { addDaysIso } from '../dates';
import type { SeparationReason } from '../enums';
import { completedMonths, monthsServedInYear, prorateDays } from '../leave-entitlement';
import { WEEKDAYS, type Weekday } from '../overtime';
import { endedByEmployee, workingWeekdays } from '../separation';
import { PayrollInputError } from './errors';
import { assertCents } from './money';
import { assertPeriod, firstDayOf, lastDayOf } from './period';
import { proratedDeductionCents } from './unpaid-leave';

/**
 * The leaving month's pay by the Employment Act (issue 35 item 3). Sources, cited in docs/payroll.md
 * ("The leaving month"): MOM "Salary for an incomplete month of work" (EA s.20A), EA s.11 (salary in
 * lieu of notice), EA s.88A(6)-(7) and MOM "Annual leave entitlement" (leave at termination), and the
 * Act's Third Schedule (the gross rate of pay for one day of a monthly-rated employee).
 *
 * The monthly gross rate here is the payslip's basic salary: the only monthly sum the payroll pays by
 * itself (fixed allowances are typed as items each month; the officer prorates those).
 */

export interface WorkPattern {
  daysPerWeek: number;
  restDay: Weekday;
}

/**
 * A date's working weight on the pattern, in half days: 2 for a working day, 1 for a 5.5-day week's
 * half day (the last working day before the rest day; MOM: 5 hours or less is a half day), 0 else.
 */
function halfDaysOn(date: string, pattern: WorkPattern): number {
  const works = workingWeekdays(pattern);
  // WEEKDAYS starts on Monday; getUTCDay() on Sunday.
  const day = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] as Weekday;
  if (!works.has(day)) return 0;
  const halfDay = WEEKDAYS[(WEEKDAYS.indexOf(pattern.restDay) + 6) % 7];
  return !Number.isInteger(pattern.daysPerWeek) && day === halfDay ? 1 : 2;
}

/** Working half days from one date to another, both included (none when `to` is before `from`). */
function workingHalfDaysBetween(from: string, to: string, pattern: WorkPattern): number {
  let halves = 0;
  for (let day = from; day <= to; day = addDaysIso(day, 1)) halves += halfDaysOn(day, pattern);
  return halves;
}

export interface IncompleteMonth {
  /** Working days in the month on the pattern (public holidays count, MOM). */
  workingDays: number;
  /** Of those, the days employed: from the hire date (or the 1st) to the last day (or the month's end). */
  workedDays: number;
  /** The INCOMPLETE_MONTH deduction: monthly rate x days not employed / working days, rounded down. */
  deductionCents: number;
}

/**
 * EA s.20A (MOM "Salary for an incomplete month of work"): salary = monthly gross rate x days actually
 * worked / working days in the month. A joiner's first month starts at the hire date, a leaver's last
 * ends at the last day; both at once in a month of both. Days of the month employed but away (leave) are
 * not read here: paid leave is paid, and unpaid leave has its own UNPAID_LEAVE prefill.
 */
export function incompleteMonth(input: {
  monthlyCents: number;
  year: number;
  month: number;
  pattern: WorkPattern;
  hireDate: string;
  lastDay: string | null;
}): IncompleteMonth {
  assertPeriod(input.year, input.month);
  const monthly = assertCents('monthlyCents', input.monthlyCents);
  const first = firstDayOf(input.year, input.month);
  const last = lastDayOf(input.year, input.month);
  const from = input.hireDate > first ? input.hireDate : first;
  const to = input.lastDay !== null && input.lastDay < last ? input.lastDay : last;
  const working = workingHalfDaysBetween(first, last, input.pattern);
  if (working === 0) throw new PayrollInputError('The work pattern has no working day in the month');
  const worked = workingHalfDaysBetween(from, to, input.pattern);
  return {
    workingDays: working / 2,
    workedDays: worked / 2,
    deductionCents: proratedDeductionCents(monthly, working - worked, working),
  };
}

/**
 * The Act's gross rate of pay for one day of a monthly-rated employee with a fixed week (Third Schedule,
 * item 2): 12 x monthly gross rate / (52 x days of work a week), kept exact as a numerator and divisor.
 */
const dailyRate = (monthlyCents: number, daysPerWeek: number) => ({
  numerator: BigInt(assertCents('monthlyCents', monthlyCents)) * 12n,
  divisor: BigInt(Math.round(daysPerWeek * 2)) * 52n,
});

/** Days (half days allowed) at the daily gross rate, to the nearest cent (a half cent up). */
export function daysAtGrossRateCents(monthlyCents: number, daysPerWeek: number, days: number): number {
  const halfDays = days * 2;
  if (!Number.isInteger(halfDays) || halfDays < 0) {
    throw new PayrollInputError(`days must be a non-negative multiple of 0.5, got ${String(days)}`);
  }
  const { numerator, divisor } = dailyRate(monthlyCents, daysPerWeek);
  // numerator / (divisor / 2) per day = numerator * halfDays / divisor.
  const exact = numerator * BigInt(halfDays);
  return Number((exact * 2n + divisor) / (divisor * 2n));
}

export type NoticeItem = {
  type: 'NOTICE_PAY' | 'NOTICE_DEDUCTION';
  days: number;
  amountCents: number;
} | null;

/**
 * EA s.11: a side that ends the contract without (all of) the notice pays the other the salary at the
 * gross rate of pay for the notice not served. Counted as the working days on the pattern from the day
 * after the last day to the notice's end (so a week unserved is a week's pay), at the daily gross rate.
 * The employer's side pays NOTICE_PAY; an employee who resigns without serving it owes NOTICE_DEDUCTION.
 */
export function noticeInLieu(input: {
  monthlyCents: number;
  pattern: WorkPattern;
  reason: SeparationReason;
  noticeServed: boolean;
  lastDay: string;
  noticeEnds: string;
}): NoticeItem {
  if (input.noticeServed || input.noticeEnds <= input.lastDay) return null;
  const days = workingHalfDaysBetween(addDaysIso(input.lastDay, 1), input.noticeEnds, input.pattern) / 2;
  if (days === 0) return null;
  return {
    type: endedByEmployee(input.reason) ? 'NOTICE_DEDUCTION' : 'NOTICE_PAY',
    days,
    amountCents: daysAtGrossRateCents(input.monthlyCents, input.pattern.daysPerWeek, days),
  };
}

/** EA s.88A: annual leave after 3 months of service. */
const QUALIFYING_MONTHS = 3;

/**
 * The annual leave days to pay out at the last day (EA s.88A; MOM, leave on termination): the leaving
 * year's leave prorated by its completed months of service (MOM rounding: a half day or more up), plus
 * the days carried in, less the days taken; none before 3 months of service. `fullYearDays` is a whole
 * year's entitlement for the leaving year's year of service. Misconduct forfeits it (EA s.88A(7)); no
 * separation reason here is a dismissal for misconduct.
 */
export function encashableLeaveDays(input: {
  fullYearDays: number;
  hireDate: string;
  lastDay: string;
  carriedDays: number;
  takenDays: number;
}): number {
  if (completedMonths(input.hireDate, input.lastDay) < QUALIFYING_MONTHS) return 0;
  const year = Number(input.lastDay.slice(0, 4));
  const months = monthsServedInYear({ hireDate: input.hireDate, lastDate: input.lastDay }, year);
  const yearDays = prorateDays(input.fullYearDays, months);
  return Math.max(0, yearDays + input.carriedDays - input.takenDays);
}
