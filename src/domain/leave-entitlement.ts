import { DateTime } from 'luxon';
import { EMPLOYMENT_ACT_ANNUAL_LEAVE } from './enums';

/**
 * How many days of a leave type an employee has in a calendar year, what the law requires at least,
 * and what happens to unused days at the year's end. Figures from /work/shared/leave/sg-leave-facts.md
 * section 2: Employment Act (EA) s.88A annual leave, s.89 sick leave, Child Development Co-Savings Act
 * (CDCA) s.12B childcare leave, CDCA maternity and paternity leave.
 *
 * Pure: dates are `YYYY-MM-DD`, days are numbers in half-day steps. Shapes (a non-empty schedule,
 * half-day steps, month ranges) are checked at the edge, not here.
 */

export const LEAVE_ENTITLEMENTS = ['FIXED', 'SERVICE', 'STATUTORY_SICK', 'NONE'] as const;
export type LeaveEntitlementKind = (typeof LEAVE_ENTITLEMENTS)[number];

/** Which statute sets a type's minimum. null: none (e.g. Compassionate, Unpaid). */
export const LEAVE_STATUTES = [
  'ANNUAL',
  'SICK',
  'HOSPITALISATION',
  'CHILDCARE',
  'MATERNITY',
  'PATERNITY',
] as const;
export type LeaveStatute = (typeof LEAVE_STATUTES)[number];

export interface LeavePolicy {
  entitlement: LeaveEntitlementKind;
  /** FIXED: days a full year. */
  days: number | null;
  /** SERVICE: days for the 1st, 2nd, ... year of service, the last repeating. */
  schedule: number[] | null;
  /** Prorated in the year of joining and the year of leaving. */
  prorate: boolean;
  /** Unused days that may carry into the next year; 0 = none. */
  carryForwardMaxDays: number;
  /** Carried days expire at the end of this month of the next year (1..12); null = they do not expire. */
  carryForwardExpiryMonths: number | null;
}

/** lastDate = last day of employment, if known. */
export interface Service {
  hireDate: string;
  lastDate: string | null;
  /** Staff info's gender, when known ('Male' or 'Female'): who maternity and paternity leave are for. */
  gender?: string | null;
}

/**
 * CDCA: maternity leave is a working mother's (GPML), paternity leave a working father's (GPPL); sg-leave-facts
 * section 2.3. Neither is given to the other parent; without a gender on record both are.
 */
function forTheOtherParent(statute: LeaveStatute | null, service: Service): boolean {
  return (
    (statute === 'MATERNITY' && service.gender === 'Male') ||
    (statute === 'PATERNITY' && service.gender === 'Female')
  );
}

// EA s.88A's table lives with the other defaults (enums.ts), which must not pull in luxon.
export { EMPLOYMENT_ACT_ANNUAL_LEAVE };

/** EA s.89 by completed months of service: [months, outpatient, hospitalisation (inclusive)], longest first. */
const SICK_LEAVE_TABLE = [
  [6, 14, 60],
  [5, 11, 45],
  [4, 8, 30],
  [3, 5, 15],
] as const;

/** CDCA s.12B(1): childcare leave in the first year by completed months, longest first; 6 a year after. */
const CHILDCARE_FIRST_YEAR = [
  [11, 6],
  [9, 5],
  [7, 4],
  [5, 3],
  [0, 2],
] as const;
const CHILDCARE_DAYS = 6;
/** CDCA: 16 weeks of maternity leave, counted on calendar days. */
const MATERNITY_DAYS = 16 * 7;
/** CDCA: 4 weeks of paternity leave (births from 1 Apr 2025), weeks of a 5-day work week. */
const PATERNITY_DAYS = 4 * 5;
/** Every statutory leave waits for 3 months of service (EA s.88A, s.89; CDCA). */
const QUALIFYING_MONTHS = 3;

const date = (isoDate: string) => DateTime.fromISO(isoDate, { zone: 'utc' });
const yearOfDate = (isoDate: string) => Number(isoDate.slice(0, 4));
const laterOf = (a: string, b: string) => (a > b ? a : b);
const earlierOf = (a: string, b: string) => (a < b ? a : b);

/**
 * Whole months from `from` to `to`, both days included. A month that starts on day d completes the day
 * before day d of the next month (MOM: 14 Mar to 13 Apr is one month). Each month's end is counted from
 * `from` itself, with luxon's plus({ months }) and minus one day: where day d does not exist, the next
 * month starts on that month's last day, so a month from 31 Jan completes on 27 Feb (28 Feb starts the
 * next), and two months complete on 30 Mar, not 27 Mar.
 */
export function completedMonths(from: string, to: string): number {
  const start = date(from);
  const end = date(to);
  // The months cannot exceed the calendar months touched; at most two steps down from there.
  let months = Math.max(0, (end.year - start.year) * 12 + (end.month - start.month) + 1);
  while (months > 0 && start.plus({ months }).minus({ days: 1 }) > end) months--;
  return months;
}

/**
 * MOM: "If the fraction of a day is less than one-half, round it down. If it is half or more, round it
 * up to one day." The tolerance absorbs float error in a computed input; no real fraction is that close
 * to a half.
 */
export function roundDaysAsMom(days: number): number {
  return Math.floor(days + 0.5 + 1e-9);
}

/**
 * MOM (EA s.88A): completed months ÷ 12 × the full year's days, rounded as MOM rounds. Integer
 * arithmetic on half days, so 6 months of 7 days is exactly 3.5 and rounds up. A full year is the
 * figure itself, half days included.
 */
export function prorateDays(fullYearDays: number, months: number): number {
  if (months >= 12) return fullYearDays;
  if (months <= 0) return 0;
  const halfDays = Math.round(fullYearDays * 2);
  // halfDays × months / 24, plus one half (12/24) before flooring.
  return Math.floor((halfDays * months + 12) / 24);
}

/** The calendar year's year of service: the joining year is the 1st; 0 before it. */
export function serviceYear(hireDate: string, year: number): number {
  const hireYear = yearOfDate(hireDate);
  return year < hireYear ? 0 : year - hireYear + 1;
}

function employedIn(service: Service, year: number): boolean {
  if (year < yearOfDate(service.hireDate)) return false;
  return service.lastDate === null || year <= yearOfDate(service.lastDate);
}

/** Joining or leaving in the year: the years MOM prorates annual leave in. */
function partYear(service: Service, year: number): boolean {
  return (
    year === yearOfDate(service.hireDate) ||
    (service.lastDate !== null && year === yearOfDate(service.lastDate))
  );
}

/** Completed months of service within the calendar year; 0 when not employed that year. */
export function monthsServedInYear(service: Service, year: number): number {
  if (!employedIn(service, year)) return 0;
  const from = laterOf(service.hireDate, `${year}-01-01`);
  const to = service.lastDate === null ? `${year}-12-31` : earlierOf(service.lastDate, `${year}-12-31`);
  return completedMonths(from, to);
}

/**
 * Completed months of total service at the year's end, or at `asOf` within the year when given, or
 * at the last day when that comes first.
 */
function monthsOfServiceBy(service: Service, year: number, asOf?: string): number {
  const yearEnd = `${year}-12-31`;
  let to = asOf === undefined ? yearEnd : earlierOf(laterOf(asOf, `${year}-01-01`), yearEnd);
  if (service.lastDate !== null) to = earlierOf(service.lastDate, to);
  return completedMonths(service.hireDate, to);
}

/**
 * The least days the law gives in the year; null when no statute sets a minimum. Sick and
 * hospitalisation leave grow with the months served (EA s.89), so they are counted at `asOf` (a
 * date within the year; the year's end when not given): an employee of 4 months has 8 days now,
 * not the 14 the year's end will bring.
 */
export function statutoryDays(
  statute: LeaveStatute | null,
  service: Service,
  year: number,
  asOf?: string,
): number | null {
  if (statute === null) return null;
  if (!employedIn(service, year) || forTheOtherParent(statute, service)) return 0;
  const months = monthsOfServiceBy(service, year);
  // EA s.88A, s.89 and CDCA: nothing before 3 completed months of service.
  if (months < QUALIFYING_MONTHS) return 0;
  switch (statute) {
    case 'ANNUAL': {
      const full = actAnnualLeave(serviceYear(service.hireDate, year));
      // MOM prorates by completed months in the year of joining and the year of leaving.
      return partYear(service, year) ? prorateDays(full, monthsServedInYear(service, year)) : full;
    }
    case 'SICK':
    case 'HOSPITALISATION': {
      // EA s.89's table already scales with service: no further proration.
      const served = monthsOfServiceBy(service, year, asOf);
      const row = SICK_LEAVE_TABLE.find(([least]) => served >= least);
      if (!row) return 0;
      return statute === 'SICK' ? row[1] : row[2];
    }
    case 'CHILDCARE': {
      // CDCA s.12B(1) scales only the first year, by completed months in it.
      if (year !== yearOfDate(service.hireDate)) return CHILDCARE_DAYS;
      const served = monthsServedInYear(service, year);
      return CHILDCARE_FIRST_YEAR.find(([least]) => served >= least)?.[1] ?? 0;
    }
    case 'MATERNITY':
      return MATERNITY_DAYS;
    case 'PATERNITY':
      return PATERNITY_DAYS;
  }
}

/** EA s.88A by year of service, the 8th year's 14 days repeating. */
function actAnnualLeave(year: number): number {
  const table = EMPLOYMENT_ACT_ANNUAL_LEAVE;
  return table[Math.min(Math.max(year, 1), table.length) - 1] ?? 0;
}

/** A schedule's days for a year of service, its last value repeating. */
function scheduledDays(schedule: readonly number[], year: number): number {
  return schedule[Math.min(Math.max(year, 1), schedule.length) - 1] ?? 0;
}

/** The policy's days for the year; null = no limit (NONE). */
export function entitledDays(
  policy: LeavePolicy,
  statute: LeaveStatute | null,
  service: Service,
  year: number,
  asOf?: string,
): number | null {
  if (policy.entitlement === 'NONE') return null;
  if (!employedIn(service, year) || forTheOtherParent(statute, service)) return 0;
  if (policy.entitlement === 'STATUTORY_SICK') {
    return statutoryDays(statute === 'HOSPITALISATION' ? 'HOSPITALISATION' : 'SICK', service, year, asOf);
  }
  const full =
    policy.entitlement === 'FIXED'
      ? (policy.days ?? 0)
      : scheduledDays(policy.schedule ?? [], serviceYear(service.hireDate, year));
  return policy.prorate && partYear(service, year)
    ? prorateDays(full, monthsServedInYear(service, year))
    : full;
}

const EMPLOYMENT_ACT = 'the Employment Act';
const CO_SAVINGS_ACT = 'the Child Development Co-Savings Act';

/** The law that sets each statute's minimum. */
const ACT_OF: Record<LeaveStatute, string> = {
  ANNUAL: EMPLOYMENT_ACT,
  SICK: EMPLOYMENT_ACT,
  HOSPITALISATION: EMPLOYMENT_ACT,
  CHILDCARE: CO_SAVINGS_ACT,
  MATERNITY: CO_SAVINGS_ACT,
  PATERNITY: CO_SAVINGS_ACT,
};

/** A full year's minimum; for annual leave the most the Act can require (8th year on). */
const FULL_YEAR_MINIMUM: Record<LeaveStatute, number> = {
  ANNUAL: EMPLOYMENT_ACT_ANNUAL_LEAVE[EMPLOYMENT_ACT_ANNUAL_LEAVE.length - 1] ?? 14,
  SICK: 14,
  HOSPITALISATION: 60,
  CHILDCARE: CHILDCARE_DAYS,
  MATERNITY: MATERNITY_DAYS,
  PATERNITY: PATERNITY_DAYS,
};

const annualTableWords = `${EMPLOYMENT_ACT_ANNUAL_LEAVE.slice(0, -1).join(', ')} and ${FULL_YEAR_MINIMUM.ANNUAL}`;

const MINIMUM_WORDS: Record<LeaveStatute, string> = {
  ANNUAL: `${annualTableWords} days by year of service`,
  SICK: `${FULL_YEAR_MINIMUM.SICK} days a year`,
  HOSPITALISATION: `${FULL_YEAR_MINIMUM.HOSPITALISATION} days a year`,
  CHILDCARE: `${FULL_YEAR_MINIMUM.CHILDCARE} days a year`,
  MATERNITY: `16 weeks (${FULL_YEAR_MINIMUM.MATERNITY} days)`,
  PATERNITY: `4 weeks (${FULL_YEAR_MINIMUM.PATERNITY} days)`,
};

const lessThanTheLaw = (statute: LeaveStatute, typeName: string) =>
  `${typeName} cannot be less than ${ACT_OF[statute]}'s ${MINIMUM_WORDS[statute]}.`;

/** Why a policy is below the law, and the policy's field at fault (the one to change). */
export interface BelowTheLaw {
  message: string;
  field: 'entitlement' | 'days' | 'schedule' | 'prorate';
}

/**
 * Why a policy gives less than the law for some year or length of service; undefined when it does not.
 * A policy without a statute (Compassionate, Unpaid) is never below it.
 */
export function belowTheLaw(
  policy: LeavePolicy,
  statute: LeaveStatute | null,
  typeName: string,
): BelowTheLaw | undefined {
  if (statute === null) return undefined;
  const sickTable = statute === 'SICK' || statute === 'HOSPITALISATION';
  const minimum = FULL_YEAR_MINIMUM[statute];
  const below = (field: BelowTheLaw['field'], message = lessThanTheLaw(statute, typeName)) => ({
    message,
    field,
  });
  switch (policy.entitlement) {
    case 'NONE':
      // A type with a statute needs an allowance the balance can show against the law.
      return below('entitlement');
    case 'STATUTORY_SICK':
      // EA s.89's table is sick and hospitalisation leave's; it is not another statute's minimum.
      return sickTable
        ? undefined
        : below('entitlement', `${typeName} cannot follow the Employment Act's sick leave table.`);
    case 'FIXED':
      if ((policy.days ?? 0) < minimum) return below('days');
      break;
    case 'SERVICE': {
      if (sickTable) {
        return below(
          'entitlement',
          `${typeName} must follow the Employment Act's sick leave table or give a fixed ${minimum} days a year.`,
        );
      }
      const schedule = policy.schedule ?? [];
      if (statute === 'ANNUAL') {
        // EA s.88A year by year, through the 8th and every year the schedule still spells out.
        const years = Math.max(EMPLOYMENT_ACT_ANNUAL_LEAVE.length, schedule.length);
        for (let year = 1; year <= years; year++) {
          if (scheduledDays(schedule, year) < actAnnualLeave(year)) return below('schedule');
        }
      } else if (schedule.length === 0 || schedule.some((days) => days < minimum)) {
        return below('schedule');
      }
      break;
    }
  }
  // EA s.89 and the CDCA give sick, hospitalisation, maternity and paternity leave whole in the
  // first and the last year; only annual (EA s.88A) and first-year childcare (CDCA s.12B(1)) scale.
  if (policy.prorate && statute !== 'ANNUAL' && statute !== 'CHILDCARE') {
    return below('prorate', `${typeName} cannot be prorated: ${ACT_OF[statute]} gives it in full.`);
  }
  return undefined;
}

/**
 * The last day days carried from `year` can be used: the end of month `months` of the next year. 12 or
 * more: the next year's 31 Dec (MOM lets Part IV employees carry unused leave into the next 12 months).
 * null: carried days do not expire.
 */
export function carryForwardExpiresOn(year: number, months: number | null): string | null {
  if (months === null) return null;
  const month = Math.min(Math.max(months, 1), 12);
  return DateTime.utc(year + 1, month, 1)
    .endOf('month')
    .toISODate();
}

/**
 * Carried days that still count towards the year's allowance on `asOf`. Carried days are used before
 * the year's own days, so until they expire all of them count; after, only those already used by the
 * expiry date, the rest being forfeited.
 */
export function availableCarriedDays(args: {
  carriedDays: number;
  expiresOn: string | null;
  usedOnOrBeforeExpiry: number;
  asOf: string;
}): number {
  const carried = Math.max(args.carriedDays, 0);
  if (args.expiresOn === null || args.asOf <= args.expiresOn) return carried;
  return Math.min(carried, Math.max(args.usedOnOrBeforeExpiry, 0));
}

/**
 * The year's end: unused days (the year's own and the carried days still available) carry up to the
 * policy's cap; the rest, with the carried days that expired unused, is forfeited. Nothing is created or
 * lost: entitled + carried in = used + carried + forfeited.
 */
export function carryForward(args: {
  entitledDays: number;
  carriedInDays: number;
  carriedInAvailable: number;
  usedDays: number;
  maxDays: number;
}): { carriedDays: number; forfeitedDays: number; unusedDays: number } {
  const unusedDays = Math.max(0, args.entitledDays + args.carriedInAvailable - args.usedDays);
  const carriedDays = Math.min(unusedDays, Math.max(args.maxDays, 0));
  const expiredDays = args.carriedInDays - args.carriedInAvailable;
  return { carriedDays, forfeitedDays: unusedDays - carriedDays + expiredDays, unusedDays };
}
