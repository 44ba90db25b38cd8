import * as z from 'zod/mini';
import { optionalDateSchema, requiredDateSchema } from './date-fields';
import { isIsoDate } from './dates';
import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, PASS_TYPES } from './enums';
import { choiceError, idSchema, text } from './fields';
import { WEEKDAYS } from './overtime';

/** Spec section 5: designation, hire date, pass type and employment type are compulsory. */
export const EMPLOYMENT_INFO_REQUIRED = 'Please fill in all compulsory fields.';
export const CONFIRMED_BEFORE_HIRE = 'Confirmed date cannot be before the hire date.';
export const LAST_DAY_REQUIRED = 'Please enter the last day of service.';
export const LAST_DAY_BEFORE_HIRE = 'Last day of service cannot be before the hire date.';

export const DESIGNATION_MAX = 100;
export const EXEMPTION_REF_MAX = 60;
export const WORKMAN_MESSAGE = 'Workman must be Yes or No.';
export const DAYS_PER_WEEK_MESSAGE = 'Days a week must be from 1 to 6, in half days.';
export const NORMAL_HOURS_MESSAGE = 'Normal hours a day must be more than 0 and at most 12, to two decimals.';
export const REST_DAY_MESSAGE = 'Please choose the rest day.';

/** Two decimals at most: hours are counted in hundredths (src/domain/overtime.ts). */
const hasTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

/**
 * The work pattern of issue 36, shared with the key employment terms. Optional in a body: left out, the
 * stored values stay (a new record takes the defaults: 5 days of 8.8 hours, Sunday, not a workman).
 */
const workPatternFields = {
  workman: z.optional(z.boolean({ error: WORKMAN_MESSAGE })),
  daysPerWeek: z.optional(
    z
      .number({ error: DAYS_PER_WEEK_MESSAGE })
      .check(
        z.refine((value) => value >= 1 && value <= 6 && Number.isInteger(value * 2), DAYS_PER_WEEK_MESSAGE),
      ),
  ),
  normalHoursPerDay: z.optional(
    z
      .number({ error: NORMAL_HOURS_MESSAGE })
      .check(z.refine((value) => value > 0 && value <= 12 && hasTwoDecimals(value), NORMAL_HOURS_MESSAGE)),
  ),
  restDay: z.optional(z.enum(WEEKDAYS, { error: REST_DAY_MESSAGE })),
  /** The company's record of MOM's exemption from the 72-hour monthly overtime limit; '' clears it. */
  overtimeExemptionRef: z.optional(
    z.nullable(
      z.pipe(
        text(EXEMPTION_REF_MAX, { trim: true }),
        z.transform((value: string) => (value === '' ? null : value)),
      ),
    ),
  ),
};

/**
 * Employment info as the forms send it. The last day of service goes beyond the spec's fields:
 * payroll needs it for the last month's CPF and to leave a resigned person out of later pay runs.
 * It is required for RESIGNED and cleared for ACTIVE.
 */
const employmentInfoFields = z
  .object({
    designation: z.pipe(
      z.string({ error: EMPLOYMENT_INFO_REQUIRED }),
      text(DESIGNATION_MAX, { trim: true, required: EMPLOYMENT_INFO_REQUIRED }),
    ),
    employmentStatus: z._default(
      z.enum(EMPLOYMENT_STATUSES, { error: 'Employment status must be ACTIVE or RESIGNED.' }),
      'ACTIVE',
    ),
    hireDate: requiredDateSchema(EMPLOYMENT_INFO_REQUIRED),
    confirmedDate: optionalDateSchema,
    passType: z.enum(PASS_TYPES, { error: choiceError('Pass type', EMPLOYMENT_INFO_REQUIRED) }),
    employmentType: z.enum(EMPLOYMENT_TYPES, {
      error: choiceError('Employment type', EMPLOYMENT_INFO_REQUIRED),
    }),
    lastDayOfService: optionalDateSchema,
    ...workPatternFields,
  })
  .check(
    z.superRefine(
      (value, ctx) => {
        const hired = isIsoDate(value.hireDate);
        if (hired && value.confirmedDate && value.confirmedDate < value.hireDate) {
          ctx.addIssue({ code: 'custom', path: ['confirmedDate'], message: CONFIRMED_BEFORE_HIRE });
        }
        if (value.employmentStatus === 'RESIGNED' && !value.lastDayOfService) {
          ctx.addIssue({ code: 'custom', path: ['lastDayOfService'], message: LAST_DAY_REQUIRED });
        }
        if (hired && value.lastDayOfService && value.lastDayOfService < value.hireDate) {
          ctx.addIssue({ code: 'custom', path: ['lastDayOfService'], message: LAST_DAY_BEFORE_HIRE });
        }
        // Checked whatever else is wrong: a submit shows every message at once (spec section 5).
      },
      { when: ({ value }) => typeof value === 'object' && value !== null },
    ),
  );
export const employmentInfoBodySchema = z.pipe(
  employmentInfoFields,
  z.transform((value: z.output<typeof employmentInfoFields>) =>
    value.employmentStatus === 'ACTIVE' ? { ...value, lastDayOfService: null } : value,
  ),
);
export type EmploymentInfoBody = z.infer<typeof employmentInfoBodySchema>;
export type EmploymentInfoInput = z.input<typeof employmentInfoBodySchema>;

/** Employment info as the API answers it (spec section 3, plus the last day of service). */
export const employmentInfoSchema = z.object({
  id: idSchema,
  designation: z.string(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES),
  hireDate: z.iso.date(),
  confirmedDate: z.nullable(z.iso.date()),
  passType: z.enum(PASS_TYPES),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  lastDayOfService: z.nullable(z.iso.date()),
  workman: z.boolean(),
  daysPerWeek: z.number(),
  normalHoursPerDay: z.number(),
  restDay: z.enum(WEEKDAYS),
  overtimeExemptionRef: z.nullable(z.string()),
});
export type EmploymentInfo = z.infer<typeof employmentInfoSchema>;

/** Stored employment info as the form's text values. */
export const employmentInfoFormValues = (info: EmploymentInfo): Record<string, string> => ({
  designation: info.designation,
  employmentStatus: info.employmentStatus,
  hireDate: info.hireDate,
  confirmedDate: info.confirmedDate ?? '',
  passType: info.passType,
  employmentType: info.employmentType,
  lastDayOfService: info.lastDayOfService ?? '',
  workman: info.workman ? 'true' : 'false',
  daysPerWeek: String(info.daysPerWeek),
  normalHoursPerDay: String(info.normalHoursPerDay),
  restDay: info.restDay,
  overtimeExemptionRef: info.overtimeExemptionRef ?? '',
});

/** A number field's text: '' stays undefined (the stored value is kept); anything else is read as a number. */
const typedNumber = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : Number(value.trim());

/**
 * The Employment Information panel's text values to the body: the work pattern's select and number
 * fields are read into their types, then the body's own rules and messages apply.
 */
export const employmentInfoFormSchema = z.pipe(
  z.transform((values: Record<string, string>): unknown => ({
    ...values,
    workman: values.workman === undefined || values.workman === '' ? undefined : values.workman === 'true',
    daysPerWeek: typedNumber(values.daysPerWeek),
    normalHoursPerDay: typedNumber(values.normalHoursPerDay),
    restDay: values.restDay === '' ? undefined : values.restDay,
  })),
  employmentInfoBodySchema as z.ZodMiniType<EmploymentInfoBody, unknown>,
);
