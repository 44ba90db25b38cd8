import * as z from 'zod/mini';
import { PAY_RUN_STATUSES } from './enums';
import { freeText, idSchema } from './fields';
import { monthName } from './payslip-labels';
import { payMonthSchema, payYearSchema } from './payslips';

/**
 * A month's pay run as the API and the screens exchange it (issue 39 items 1-3). Amounts are dollars
 * with two decimals, as the other payroll answers; the database keeps cents.
 */

export const payRunParamsSchema = z.object({ year: payYearSchema, month: payMonthSchema });

export const PAY_RUN_REASON_MAX = 500;
/** POST .../reject and POST .../reopen: why, for the submitter and the audit. */
export const payRunReasonSchema = z.object({
  reason: freeText(PAY_RUN_REASON_MAX, { trim: true, required: 'Give a reason.' }),
});
export type PayRunReason = z.infer<typeof payRunReasonSchema>;

const person = z.nullable(z.object({ id: idSchema, name: z.nullable(z.string()) }));
const amount = z.object({ current: z.number(), previous: z.nullable(z.number()) });

export const payRunVarianceRowSchema = z.object({
  userId: idSchema,
  name: z.string(),
  gross: amount,
  cpf: amount,
  net: amount,
  flags: z.array(z.enum(['CHANGE_OVER_20', 'JOINER', 'LEAVER', 'FIRST_PAY', 'OVER_A_LIMIT'])),
});
export type PayRunVarianceRow = z.infer<typeof payRunVarianceRowSchema>;

export const payRunSchema = z.object({
  year: z.number(),
  month: z.number(),
  status: z.enum(PAY_RUN_STATUSES),
  /** Whether approval applies now: on in the settings and two or more administrators. */
  approvalRequired: z.boolean(),
  submittedBy: person,
  submittedAt: z.nullable(z.string()),
  approvedBy: person,
  approvedAt: z.nullable(z.string()),
  rejectedReason: z.nullable(z.string()),
  reopenedReason: z.nullable(z.string()),
  totals: z.object({
    gross: z.number(),
    employeeCpf: z.number(),
    employerCpf: z.number(),
    shg: z.number(),
    sdl: z.number(),
    netPayable: z.number(),
    headcount: z.number(),
  }),
  variance: z.array(payRunVarianceRowSchema),
  /** The month against last month: headcount and amounts. */
  varianceTotals: z.object({ headcount: amount, gross: amount, cpf: amount, net: amount }),
});
export type PayRun = z.infer<typeof payRunSchema>;

/** The 409 of a file, an e-mail or a staff payslip while the month waits (the words). */
export const awaitsApprovalMessage = (year: number, month: number) =>
  `The pay run for ${monthName(month)} ${year} awaits approval.`;
