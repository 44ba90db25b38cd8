import { DateTime } from 'luxon';
import * as z from 'zod/mini';
import { requiredDateSchema } from './date-fields';
import { addDaysIso, isIsoDate } from './dates';
import { type PassType, SEPARATION_REASONS, SEPARATION_STATUSES, type SeparationReason } from './enums';
import { choiceError, idSchema } from './fields';
import { WEEKDAYS, type Weekday } from './overtime';

/**
 * An employee's leaving (issue 35): the notice period, when final pay is due and whether tax clearance
 * (IR21) is needed. Sources, cited in docs/features/staff-records.md ("Separation"):
 * - the notice table: Employment Act s.10(3), MOM "Termination with notice" (the day notice is given
 *   counts as the first day; rest days and public holidays count too);
 * - final pay: Employment Act s.21 and s.22 (the issue's three cases);
 * - IR21: IRAS "Tax clearance for foreign and SPR employees" (one month before the last day).
 */

export const SEPARATION_REQUIRED = 'Please fill in all compulsory fields.';
export const LAST_DAY_BEFORE_NOTICE = 'The last day cannot be before the notice date.';
export const REASON_MESSAGE = choiceError('Reason', SEPARATION_REQUIRED);
export const NOTICE_SERVED_MESSAGE = 'Notice served must be Yes or No.';

/** The Act's notice when the contract says nothing, by length of service on the day notice is given. */
export function statutoryNoticeDays(hireDate: string, noticeDate: string): number {
  const hired = DateTime.fromISO(hireDate, { zone: 'utc' });
  const notice = DateTime.fromISO(noticeDate, { zone: 'utc' });
  if (notice < hired.plus({ weeks: 26 })) return 1;
  if (notice < hired.plus({ years: 2 })) return 7;
  if (notice < hired.plus({ years: 5 })) return 14;
  return 28;
}

/** The contract's notice where it has one (days), else the Act's table. */
export const noticePeriodDays = (contractDays: number | null, hireDate: string, noticeDate: string): number =>
  contractDays ?? statutoryNoticeDays(hireDate, noticeDate);

/** The notice period's last day: the day notice is given is its first (MOM), so n days end n - 1 days later. */
export const noticeEnds = (noticeDate: string, days: number): string => addDaysIso(noticeDate, days - 1);

/**
 * The weekdays an employee works on their work pattern: the whole days that follow the rest day
 * (a 5.5-day week works the half day too). A 5-day week resting on Sunday works Monday to Friday.
 */
export function workingWeekdays(pattern: { daysPerWeek: number; restDay: Weekday }): Set<Weekday> {
  const rest = WEEKDAYS.indexOf(pattern.restDay);
  const count = Math.min(6, Math.ceil(pattern.daysPerWeek));
  return new Set(Array.from({ length: count }, (_, i) => WEEKDAYS[(rest + 1 + i) % 7] as Weekday));
}

const weekdayOf = (isoDate: string): Weekday =>
  WEEKDAYS[DateTime.fromISO(isoDate, { zone: 'utc' }).weekday - 1] as Weekday;

/** The nth working day after a date, on the work pattern and skipping public holidays. */
export function workingDaysAfter(
  date: string,
  count: number,
  pattern: { daysPerWeek: number; restDay: Weekday },
  publicHolidays: ReadonlySet<string>,
): string {
  const works = workingWeekdays(pattern);
  let day = date;
  for (let found = 0; found < count; ) {
    day = addDaysIso(day, 1);
    if (works.has(weekdayOf(day)) && !publicHolidays.has(day)) found += 1;
  }
  return day;
}

/** The employee ends it by resigning; every other reason is the employer's. */
export const endedByEmployee = (reason: SeparationReason) => reason === 'RESIGNATION';

/**
 * When final pay is due: on the last day when notice is served; within 3 working days after it when
 * the employer ends the employment without notice; within 7 days when the employee leaves without notice.
 */
export function finalPayDue(
  input: { reason: SeparationReason; lastDay: string; noticeServed: boolean },
  pattern: { daysPerWeek: number; restDay: Weekday },
  publicHolidays: ReadonlySet<string>,
): string {
  if (input.noticeServed) return input.lastDay;
  if (endedByEmployee(input.reason)) return addDaysIso(input.lastDay, 7);
  return workingDaysAfter(input.lastDay, 3, pattern, publicHolidays);
}

/** Citizens need no tax clearance; every work pass does. A PR leaving Singapore does too (not recorded here). */
const NO_CLEARANCE: readonly PassType[] = ['Singapore', 'Singapore - Pr'];
export const ir21Required = (passType: PassType) => !NO_CLEARANCE.includes(passType);

/** IRAS wants the IR21 at least one month before the last day (a month back, clamped to its end). */
export const ir21Due = (lastDay: string): string =>
  DateTime.fromISO(lastDay, { zone: 'utc' }).minus({ months: 1 }).toISODate() ?? '';

export const SEPARATION_STEPS = ['NOTICE_ENDS', 'LAST_DAY', 'FINAL_PAY', 'IR21'] as const;
export type SeparationStepKind = (typeof SEPARATION_STEPS)[number];
export interface SeparationStep {
  step: SeparationStepKind;
  due: string;
  /** The due date has passed without the step being done (only the IR21 can be late here). */
  late: boolean;
}

export interface SeparationTerms {
  noticePeriodDays: number;
  noticeEnds: string;
  finalPayDue: string;
  ir21Required: boolean;
  ir21Due: string | null;
  steps: SeparationStep[];
}

/** Everything a separation says is due, from the stored record: one function for the API and the screens. */
export function separationTerms(
  input: { reason: SeparationReason; noticeDate: string; lastDay: string; noticeServed: boolean },
  employment: {
    hireDate: string;
    passType: PassType;
    noticePeriodDays: number | null;
    daysPerWeek: number;
    restDay: Weekday;
  },
  publicHolidays: ReadonlySet<string>,
  today: string,
): SeparationTerms {
  const days = noticePeriodDays(employment.noticePeriodDays, employment.hireDate, input.noticeDate);
  const ends = noticeEnds(input.noticeDate, days);
  const pay = finalPayDue(input, employment, publicHolidays);
  const clearance = ir21Required(employment.passType);
  const clearanceDue = clearance ? ir21Due(input.lastDay) : null;
  const steps: SeparationStep[] = [
    { step: 'NOTICE_ENDS', due: ends, late: false },
    { step: 'LAST_DAY', due: input.lastDay, late: false },
    { step: 'FINAL_PAY', due: pay, late: false },
  ];
  // The IR21 is filed later (issue 35 item 5): until then it is late once its date has passed.
  if (clearanceDue) steps.push({ step: 'IR21', due: clearanceDue, late: clearanceDue < today });
  steps.sort((a, b) => a.due.localeCompare(b.due));
  return {
    noticePeriodDays: days,
    noticeEnds: ends,
    finalPayDue: pay,
    ir21Required: clearance,
    ir21Due: clearanceDue,
    steps,
  };
}

export const separationBodySchema = z
  .object({
    reason: z.enum(SEPARATION_REASONS, { error: REASON_MESSAGE }),
    noticeDate: requiredDateSchema(SEPARATION_REQUIRED),
    lastDay: requiredDateSchema(SEPARATION_REQUIRED),
    noticeServed: z.boolean({ error: NOTICE_SERVED_MESSAGE }),
  })
  .check(
    z.superRefine(
      (value, ctx) => {
        if (isIsoDate(value.noticeDate) && isIsoDate(value.lastDay) && value.lastDay < value.noticeDate) {
          ctx.addIssue({ code: 'custom', path: ['lastDay'], message: LAST_DAY_BEFORE_NOTICE });
        }
      },
      { when: ({ value }) => typeof value === 'object' && value !== null },
    ),
  );
export type SeparationBody = z.infer<typeof separationBodySchema>;

export const separationSchema = z.object({
  id: idSchema,
  userId: idSchema,
  status: z.enum(SEPARATION_STATUSES),
  reason: z.enum(SEPARATION_REASONS),
  noticeDate: z.iso.date(),
  lastDay: z.iso.date(),
  noticeServed: z.boolean(),
  noticePeriodDays: z.number(),
  noticeEnds: z.iso.date(),
  finalPayDue: z.iso.date(),
  ir21Required: z.boolean(),
  ir21Due: z.nullable(z.iso.date()),
  /** IRAS's clearance as recorded (issue 35 item 5); both null until then. */
  ir21ClearedOn: z.nullable(z.iso.date()),
  ir21Reference: z.nullable(z.string()),
  /** The leaving months' net pay is left out of the bank file: an IR21 is needed and not yet cleared. */
  payWithheld: z.boolean(),
  steps: z.array(z.object({ step: z.enum(SEPARATION_STEPS), due: z.iso.date(), late: z.boolean() })),
});
export type Separation = z.infer<typeof separationSchema>;

/** The separation form's text values (a date field holds `YYYY-MM-DD` or ''; Notice served 'true' or 'false'). */
export type SeparationFormValues = {
  reason: string;
  noticeDate: string;
  lastDay: string;
  noticeServed: string;
};
export const SEPARATION_INITIAL_VALUES: SeparationFormValues = {
  reason: '',
  noticeDate: '',
  lastDay: '',
  noticeServed: '',
};

/** The form's text to the body; the body's own rules and messages apply. */
export const separationFormSchema = z.pipe(
  z.transform((values: SeparationFormValues): unknown => ({
    reason: values.reason === '' ? undefined : values.reason,
    noticeDate: values.noticeDate,
    lastDay: values.lastDay,
    noticeServed: values.noticeServed === '' ? undefined : values.noticeServed === 'true',
  })),
  separationBodySchema as z.ZodMiniType<SeparationBody, unknown>,
);

export const SEPARATION_REASON_LABELS: Record<SeparationReason, string> = {
  RESIGNATION: 'Resignation',
  TERMINATION: 'Termination by the employer',
  CONTRACT_END: 'End of contract',
  RETIREMENT: 'Retirement',
};
export const SEPARATION_STEP_LABELS: Record<SeparationStepKind, string> = {
  NOTICE_ENDS: 'Notice period ends',
  LAST_DAY: 'Last day of service',
  FINAL_PAY: 'Final pay due',
  IR21: 'IR21 tax clearance required by',
};
