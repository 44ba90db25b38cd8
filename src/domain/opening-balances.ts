import * as z from 'zod/mini';
import { idSchema } from './fields';
import { MAX_LEAVE_ALLOWANCE, yearParam, yearSchema } from './leave';
import { parseAmountText } from './money';

/**
 * Opening balances (issue 38 items 3 and 4): an employee's year so far from before the company used
 * the product. Amounts in dollars as the payroll API gives them (cents in the database). The bodies
 * are flat and per employee, so a template's row maps onto them.
 */

/** Far above a year's pay of anyone the product pays (a payslip is capped at $1,000,000 a month). */
export const OPENING_AMOUNT_MAX = 100_000_000;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const openingAmount = (label: string) =>
  z
    .number({ error: `${label} must be an amount in dollars.` })
    .check(
      z.minimum(0, `${label} cannot be negative.`),
      z.maximum(
        OPENING_AMOUNT_MAX,
        `${label} must be at most ${OPENING_AMOUNT_MAX.toLocaleString('en-SG')}.`,
      ),
      z.refine(twoDecimals, `${label} must have at most two decimals.`),
    );

export const THROUGH_MONTH_MESSAGE = 'The last month paid before must be a month from 1 to 12.';

export const openingYtdBodySchema = z.object({
  year: yearSchema,
  /** January up to this month were paid before the company used the product. */
  throughMonth: z
    .number({ error: THROUGH_MONTH_MESSAGE })
    .check(
      z.int(THROUGH_MONTH_MESSAGE),
      z.minimum(1, THROUGH_MONTH_MESSAGE),
      z.maximum(12, THROUGH_MONTH_MESSAGE),
    ),
  ordinaryWages: openingAmount('Ordinary wages'),
  additionalWages: openingAmount('Additional wages'),
  employeeCpf: openingAmount('Employee CPF'),
  employerCpf: openingAmount('Employer CPF'),
  shg: z.optional(openingAmount('Self-help group contributions')),
  sdl: z.optional(openingAmount('SDL')),
});
export type OpeningYtdBody = z.infer<typeof openingYtdBodySchema>;

export const openingYtdSchema = z.object({
  userId: idSchema,
  year: z.number(),
  throughMonth: z.number(),
  ordinaryWages: z.number(),
  additionalWages: z.number(),
  employeeCpf: z.number(),
  employerCpf: z.number(),
  shg: z.number(),
  sdl: z.number(),
});
export type OpeningYtd = z.infer<typeof openingYtdSchema>;

/** GET and DELETE name the year; there is at most one opening per employee and year. */
export const openingYearQuerySchema = z.object({ year: yearParam });

const daysTakenSchema = z.number({ error: 'Days taken must be a number.' }).check(
  z.minimum(0, 'Days taken cannot be negative.'),
  z.maximum(MAX_LEAVE_ALLOWANCE),
  z.refine((days: number) => Number.isInteger(days * 2), 'Days taken go in steps of 0.5.'),
);

export const openingLeaveBodySchema = z.object({
  year: yearSchema,
  /** Days taken per leave type before the company used the product; 0 removes a type's figure. */
  balances: z.array(z.object({ leaveTypeId: idSchema, daysTaken: daysTakenSchema })).check(
    z.maxLength(100),
    z.refine(
      (rows) => new Set(rows.map((row) => row.leaveTypeId)).size === rows.length,
      'Each leave type once.',
    ),
  ),
});
export type OpeningLeaveBody = z.infer<typeof openingLeaveBodySchema>;

export const openingLeaveSchema = z.object({
  userId: idSchema,
  year: z.number(),
  balances: z.array(z.object({ leaveTypeId: idSchema, leaveTypeName: z.string(), daysTaken: z.number() })),
});
export type OpeningLeave = z.infer<typeof openingLeaveSchema>;

// ---------------------------------------------------------------------------------------------
// The Opening balances panels of user detail (issue 38 item 6): the bodies above, as typed
// ---------------------------------------------------------------------------------------------

/** The year-so-far panel's fields as its inputs hold them: a month number and amounts in dollars. */
export type OpeningYtdFormValues = Record<
  'throughMonth' | 'ordinaryWages' | 'additionalWages' | 'employeeCpf' | 'employerCpf' | 'shg' | 'sdl',
  string
>;

export const OPENING_YTD_FIELDS = [
  'throughMonth',
  'ordinaryWages',
  'additionalWages',
  'employeeCpf',
  'employerCpf',
  'shg',
  'sdl',
] as const;

/** An amount as typed ('44,400.00' too); empty is 0 where the API makes it optional, else required. */
const amountText = (label: string, required: boolean) =>
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(20)),
      z.transform((text: string) => parseAmountText(text) ?? (required ? undefined : 0)),
    ),
    z.optional(openingAmount(label)).check(z.refine((value) => value !== undefined, `${label} is required.`)),
  );

const openingYtdFormFields = z.object({
  throughMonth: z.pipe(
    z.string().check(z.maxLength(2)),
    z.pipe(
      z.transform((text: string) => Number(text || Number.NaN)),
      openingYtdBodySchema.shape.throughMonth,
    ),
  ),
  ordinaryWages: amountText('Ordinary wages', true),
  additionalWages: amountText('Additional wages', false),
  employeeCpf: amountText('Employee CPF', true),
  employerCpf: amountText('Employer CPF', true),
  shg: amountText('Self-help group contributions', false),
  sdl: amountText('SDL', false),
});

/** The panel's text to the PUT body without its year (the panel's year is the section's). */
export const openingYtdFormSchema = z.pipe(
  openingYtdFormFields,
  z.transform(
    (value: z.output<typeof openingYtdFormFields>): Omit<OpeningYtdBody, 'year'> => ({
      throughMonth: value.throughMonth,
      // Each refinement above refuses undefined.
      ordinaryWages: value.ordinaryWages as number,
      additionalWages: value.additionalWages as number,
      employeeCpf: value.employeeCpf as number,
      employerCpf: value.employerCpf as number,
      shg: value.shg as number,
      sdl: value.sdl as number,
    }),
  ),
);

/** A stored opening as the panel's text; none recorded is every field empty. */
export function openingYtdFormValues(opening: OpeningYtd | null): OpeningYtdFormValues {
  const amount = (value: number | undefined) => (value === undefined ? '' : value.toFixed(2));
  return {
    throughMonth: opening ? String(opening.throughMonth) : '',
    ordinaryWages: amount(opening?.ordinaryWages),
    additionalWages: amount(opening?.additionalWages),
    employeeCpf: amount(opening?.employeeCpf),
    employerCpf: amount(opening?.employerCpf),
    shg: amount(opening?.shg),
    sdl: amount(opening?.sdl),
  };
}

/** The leave panel's fields: the days taken before, by leave type id ('' is none). */
export type OpeningLeaveFormValues = Record<string, string>;

/** The leave panel's text to the PUT body's balances: every type shown, an empty one as 0 (which removes it). */
export const openingLeaveFormSchema = z.pipe(
  z.record(z.string(), z.string().check(z.maxLength(10))).check(
    z.superRefine((values, ctx) => {
      for (const [id, text] of Object.entries(values)) {
        const days = text.trim() === '' ? 0 : Number(text);
        const problem = daysTakenSchema.safeParse(days);
        if (!problem.success)
          ctx.addIssue({
            code: 'custom',
            path: [id],
            message: problem.error.issues[0]?.message ?? 'Days taken must be a number.',
          });
      }
    }),
  ),
  z.transform((values: OpeningLeaveFormValues): OpeningLeaveBody['balances'] =>
    Object.entries(values).map(([id, text]) => ({
      leaveTypeId: Number(id),
      daysTaken: text.trim() === '' ? 0 : Number(text),
    })),
  ),
);

/** The days taken before of every leave type shown, as the panel's text ('' where none is recorded). */
export const openingLeaveFormValues = (
  opening: OpeningLeave | null,
  types: readonly { id: number }[],
): OpeningLeaveFormValues =>
  Object.fromEntries(
    types.map((type) => {
      const days = opening?.balances.find((row) => row.leaveTypeId === type.id)?.daysTaken;
      return [String(type.id), days === undefined ? '' : String(days)];
    }),
  );
