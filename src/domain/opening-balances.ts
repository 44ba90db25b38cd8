import * as z from 'zod/mini';
import { idSchema } from './fields';
import { MAX_LEAVE_ALLOWANCE, yearParam, yearSchema } from './leave';

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
