import * as z from 'zod/mini';
import { optionalDateSchema, requiredDateSchema } from './date-fields';
import { isIsoDate } from './dates';
import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, PASS_TYPES } from './enums';
import { choiceError, idSchema, text } from './fields';

/** Spec section 5: designation, hire date, pass type and employment type are compulsory. */
export const EMPLOYMENT_INFO_REQUIRED = 'Please fill in all compulsory fields.';
export const CONFIRMED_BEFORE_HIRE = 'Confirmed date cannot be before the hire date.';
export const LAST_DAY_REQUIRED = 'Please enter the last day of service.';
export const LAST_DAY_BEFORE_HIRE = 'Last day of service cannot be before the hire date.';

export const DESIGNATION_MAX = 100;

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
});
