import { add, mul, type Ratio, ratio, roundHalfUp, ZERO } from './payroll/exact';

/**
 * Part IV of the Employment Act: who it covers, the overtime, rest-day and public-holiday pay of a
 * month's timesheet, and the limits on hours. Each rule's MOM source is in docs/payroll.md
 * ("Overtime"). Pure: the server, the screens and the later pay items share it.
 *
 * Rounding: rates stay exact fractions; each amount (overtime, rest-day, public-holiday pay) is
 * rounded once, half up to the cent. Hours are kept in hundredths so no float enters a sum.
 */

export const WEEKDAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const REST_DAY_REQUESTS = ['EMPLOYEE_REQUEST', 'EMPLOYER_REQUEST'] as const;
export type RestDayRequest = (typeof REST_DAY_REQUESTS)[number];

/** Part IV's salary ceilings, in cents of basic monthly salary (MOM, "Who is covered"). */
export const WORKMAN_CEILING_CENTS = 450_000;
export const NON_WORKMAN_CEILING_CENTS = 260_000;
/** A non-workman above this is paid overtime as if this were the basic (MOM, "Overtime pay"). */
export const NON_WORKMAN_OT_CAP_CENTS = 225_000;
/** EA s.38: normal hours at most 44 a week; the hourly rate divides by them (MOM's formula). */
export const MAX_WEEKLY_HOURS = 44;
export const MAX_HOURS_A_DAY = 12;
export const MAX_OVERTIME_HOURS_A_MONTH = 72;

export const DAY_LIMIT_MESSAGE = 'A day cannot have more than 12 hours of work (Employment Act).';
export const MONTH_LIMIT_MESSAGE =
  'Overtime cannot exceed 72 hours in a month (Employment Act) unless MOM has granted an exemption.';

/** The work pattern in the key employment terms; defaults give 5 x 8.8 = 44 hours a week. */
export interface WorkPattern {
  workman: boolean;
  /** 1 to 6 in halves (a 5.5-day week is common). */
  daysPerWeek: number;
  /** Up to two decimals. */
  normalHoursPerDay: number;
}
export const DEFAULT_WORK_PATTERN = {
  workman: false,
  daysPerWeek: 5,
  normalHoursPerDay: 8.8,
  restDay: 'SUNDAY' as Weekday,
};

export interface TimesheetDay {
  date: string;
  hours: number;
  restDay?: RestDayRequest | null;
  publicHoliday?: boolean | null;
}

export interface OvertimeResult {
  covered: boolean;
  /** Cents, rounded for display; the pay figures use the exact rate. Null where not covered. */
  hourlyBasicRate: number | null;
  overtimeHours: number;
  /** 1.5 x the (capped) hourly basic rate, in cents, rounded for display. Null where not covered. */
  overtimeRate: number | null;
  overtimePay: number;
  restDayPay: number;
  publicHolidayPay: number;
}

/** Part IV covers a workman up to $4,500 basic and anyone else up to $2,600. */
export const isCovered = (workman: boolean, basicCents: number): boolean =>
  basicCents <= (workman ? WORKMAN_CEILING_CENTS : NON_WORKMAN_CEILING_CENTS);

/** Hundredths of an hour; two decimals at most are accepted, so this is exact. */
const hundredths = (hours: number): bigint => BigInt(Math.round(hours * 100));

/** Normal weekly hours: days x hours a day, never more than the Act's 44. */
const weeklyHundredths = (pattern: WorkPattern): Ratio => {
  const weekly = mul(
    ratio(BigInt(Math.round(pattern.daysPerWeek * 2)), 2n),
    ratio(hundredths(pattern.normalHoursPerDay)),
  );
  const cap = ratio(BigInt(MAX_WEEKLY_HOURS * 100));
  return weekly.num * cap.den > cap.num * weekly.den ? cap : weekly;
};

/** Hourly basic rate in cents: 12 x monthly basic / (52 x normal weekly hours). */
export const hourlyBasicRate = (basicCents: number, pattern: WorkPattern): Ratio => {
  const weekly = weeklyHundredths(pattern);
  return ratio(12n * BigInt(basicCents) * 100n * weekly.den, 52n * weekly.num);
};

/** The basic on which overtime is paid: a non-workman above $2,250 is paid as if on $2,250. */
const overtimeBasic = (workman: boolean, basicCents: number): number =>
  !workman && basicCents > NON_WORKMAN_OT_CAP_CENTS ? NON_WORKMAN_OT_CAP_CENTS : basicCents;

/** 1.5 x the hourly basic rate (capped for a non-workman above $2,250), in cents an hour. */
export const overtimeRate = (basicCents: number, pattern: WorkPattern): Ratio =>
  mul(ratio(3n, 2n), hourlyBasicRate(overtimeBasic(pattern.workman, basicCents), pattern));

/** A day's basic rate of pay in cents: 12 x monthly basic / (52 x days a week). */
export const dailyBasicRate = (basicCents: number, pattern: WorkPattern): Ratio =>
  ratio(12n * BigInt(basicCents) * 2n, 52n * BigInt(Math.round(pattern.daysPerWeek * 2)));

/** Hours beyond the normal hours of a day, in hundredths; on any day only these are overtime. */
const overtimeHundredths = (day: TimesheetDay, pattern: WorkPattern): bigint => {
  const beyond = hundredths(day.hours) - hundredths(pattern.normalHoursPerDay);
  return beyond > 0n ? beyond : 0n;
};

/**
 * Days' salary a rest day's work earns: at the employee's request half a day up to half the normal
 * hours, one day beyond; at the employer's request one day, then two. No work, no pay.
 */
export const restDayDays = (day: TimesheetDay, pattern: WorkPattern): Ratio => {
  if (!day.restDay || day.hours <= 0) return ZERO;
  const upToHalf = hundredths(day.hours) * 2n <= hundredths(pattern.normalHoursPerDay);
  if (day.restDay === 'EMPLOYEE_REQUEST') return upToHalf ? ratio(1n, 2n) : ratio(1n);
  return upToHalf ? ratio(1n) : ratio(2n);
};

/** The month's overtime hours (beyond each day's normal hours) as a number of hours. */
export const monthOvertimeHours = (days: readonly TimesheetDay[], pattern: WorkPattern): number =>
  Number(days.reduce((sum, day) => sum + overtimeHundredths(day, pattern), 0n)) / 100;

export interface LimitProblem {
  /** Index of the day at fault, or null for the month's total. */
  index: number | null;
  message: string;
}

/**
 * The Act's limits (s.38): at most 12 hours of work a day and 72 overtime hours a month; MOM may
 * exempt an employer from the monthly one, which the company records per employee.
 */
export const timesheetLimitProblems = (
  days: readonly TimesheetDay[],
  pattern: WorkPattern,
  exempt: boolean,
): LimitProblem[] => {
  const problems: LimitProblem[] = [];
  days.forEach((day, index) => {
    if (hundredths(day.hours) > BigInt(MAX_HOURS_A_DAY * 100))
      problems.push({ index, message: DAY_LIMIT_MESSAGE });
  });
  if (!exempt && monthOvertimeHours(days, pattern) > MAX_OVERTIME_HOURS_A_MONTH) {
    problems.push({ index: null, message: MONTH_LIMIT_MESSAGE });
  }
  return problems;
};

const cents = (amount: Ratio): number => Number(roundHalfUp(amount));

/**
 * The month's statutory pay from the timesheet. Not covered by Part IV: no statutory overtime, rest-day
 * or public-holiday pay (contractual pay can still be added as an item). A public holiday's work earns
 * an extra day's basic salary; a rest day's follows `restDayDays`; on every day the hours beyond the
 * normal hours are overtime at 1.5x. A day marked both rest day and public holiday is paid as a rest
 * day: the holiday then moves to the next working day (EA s.88(3)).
 */
export const monthOvertime = (
  days: readonly TimesheetDay[],
  pattern: WorkPattern,
  basicCents: number,
): OvertimeResult => {
  const overtimeHours = monthOvertimeHours(days, pattern);
  if (!isCovered(pattern.workman, basicCents)) {
    return {
      covered: false,
      hourlyBasicRate: null,
      overtimeHours,
      overtimeRate: null,
      overtimePay: 0,
      restDayPay: 0,
      publicHolidayPay: 0,
    };
  }
  const otRate = overtimeRate(basicCents, pattern);
  const daily = dailyBasicRate(basicCents, pattern);
  let overtimeTotal = 0n;
  let restDays = ZERO;
  let holidays = 0n;
  for (const day of days) {
    overtimeTotal += overtimeHundredths(day, pattern);
    if (day.restDay) restDays = add(restDays, restDayDays(day, pattern));
    else if (day.publicHoliday && day.hours > 0) holidays += 1n;
  }
  return {
    covered: true,
    hourlyBasicRate: cents(hourlyBasicRate(basicCents, pattern)),
    overtimeHours,
    overtimeRate: cents(otRate),
    overtimePay: cents(mul(otRate, ratio(overtimeTotal, 100n))),
    restDayPay: cents(mul(daily, restDays)),
    publicHolidayPay: cents(mul(daily, ratio(holidays))),
  };
};

/** A pay item the approved timesheet writes onto the month's payslip (issue 36 item 4). */
export interface TimesheetPayItem {
  type: 'OVERTIME' | 'OFFDAY' | 'PUBLIC_HOLIDAY';
  amountCents: number;
  /** OVERTIME: the overtime hours; OFFDAY and PUBLIC_HOLIDAY: the hours worked on those days. */
  hours: number;
}

/**
 * The month's statutory pay as ADHOC items, ordinary wages for CPF (docs/payroll.md, 1a): overtime,
 * rest-day and public-holiday pay, each with its hours so the payslip can print them (MOM's itemised
 * payslip). An amount of nothing is no item; not covered by Part IV, there are none.
 */
export const timesheetPayItems = (
  days: readonly TimesheetDay[],
  pattern: WorkPattern,
  basicCents: number,
): TimesheetPayItem[] => {
  const result = monthOvertime(days, pattern, basicCents);
  const hoursOn = (counted: (day: TimesheetDay) => boolean) =>
    Number(days.filter(counted).reduce((sum, day) => sum + hundredths(day.hours), 0n)) / 100;
  const items: TimesheetPayItem[] = [
    { type: 'OVERTIME', amountCents: result.overtimePay, hours: result.overtimeHours },
    // A day both rest day and holiday is paid as a rest day (monthOvertime), so its hours count there.
    { type: 'OFFDAY', amountCents: result.restDayPay, hours: hoursOn((day) => Boolean(day.restDay)) },
    {
      type: 'PUBLIC_HOLIDAY',
      amountCents: result.publicHolidayPay,
      hours: hoursOn((day) => !day.restDay && Boolean(day.publicHoliday)),
    },
  ];
  return items.filter((item) => item.amountCents > 0);
};
