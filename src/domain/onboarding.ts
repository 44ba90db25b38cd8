import * as z from 'zod/mini';
import { employmentInfoBodySchema } from './employment-info';
import { idSchema } from './fields';
import { paymentInfoBodySchema } from './payment-info';
import { staffInfoBodySchema } from './staff-info';

/** Spec section 5: every leave type except Unpaid needs a value; minimum 0, step 0.5. */
export const LEAVE_ALLOWANCE_MESSAGE = 'Please fill in for all leave types.';
export const LEAVE_ALLOWANCE_RANGE = 'Leave allowance must be from 0 to 366 days.';
export const LEAVE_ALLOWANCE_STEP = 'Leave allowance must be in steps of 0.5 days.';
export const LEAVE_ALLOWANCE_MAX = 366;

/** Days of leave in half-day steps, 0 to 366. */
export const allowanceDaysSchema = z.number({ error: LEAVE_ALLOWANCE_MESSAGE }).check(
  z.minimum(0, LEAVE_ALLOWANCE_RANGE),
  z.maximum(LEAVE_ALLOWANCE_MAX, LEAVE_ALLOWANCE_RANGE),
  z.refine((days: number) => Number.isInteger(days * 2), LEAVE_ALLOWANCE_STEP),
);

export const leaveAllowanceSchema = z.object({ leaveTypeId: idSchema, totalDays: allowanceDaysSchema });
export type LeaveAllowance = z.infer<typeof leaveAllowanceSchema>;

/** POST /users/{id}/onboard: everything the four steps collected, sent at once. */
export const onboardBodySchema = z.object({
  staffInfo: staffInfoBodySchema,
  employmentInfo: employmentInfoBodySchema,
  paymentInfo: paymentInfoBodySchema,
  leaveBalances: z.array(leaveAllowanceSchema).check(
    z.maxLength(100),
    z.refine(
      (rows: LeaveAllowance[]) => new Set(rows.map((row) => row.leaveTypeId)).size === rows.length,
      'Each leave type may appear only once.',
    ),
  ),
});
export type OnboardBody = z.infer<typeof onboardBodySchema>;
export type OnboardInput = z.input<typeof onboardBodySchema>;

export const ONBOARD_INVALID_ACCESS = {
  title: 'Invalid access',
  description: 'No user data found. Please try registering again.',
} as const;

// ---------------------------------------------------------------------------------------------
// The leave allowance form (step 4 of onboarding, and the Leave Allowance panel)
// ---------------------------------------------------------------------------------------------

/** What the allowance forms need of a leave type (GET /leave-types, spec section 7). */
export interface LeaveTypeRef {
  id: number;
  name: string;
  /** No yearly allowance (Unpaid Leave). */
  unlimited: boolean;
}

/** What the allowance panel needs of a leave balance (GET /users/{id}/leave-balances); null = no limit. */
export interface LeaveAllowanceRow {
  leaveType: Pick<LeaveTypeRef, 'id' | 'name'>;
  totalDays: number | null;
}

/** A type without a yearly allowance (Unpaid Leave) is left out of the form and the display (spec section 5). */
export const allowanceLeaveTypes = <T extends LeaveTypeRef>(types: readonly T[]): T[] =>
  types.filter((type) => !type.unlimited);

/** Text inputs keyed by leave type id. */
export type LeaveAllowanceFormValues = Record<string, string>;

/**
 * What is wrong with the allowances typed (keyed by leave type id, every type but Unpaid Leave): the spec's
 * one message beside the first empty field, otherwise the first range or step problem; null when they
 * may be saved. One message at a time, as the form shows it.
 */
function leaveAllowanceProblem(values: LeaveAllowanceFormValues): { field: string; message: string } | null {
  const entries = Object.entries(values);
  const empty = entries.find(([, text]) => text.trim() === '');
  if (empty) return { field: empty[0], message: LEAVE_ALLOWANCE_MESSAGE };
  for (const [field, text] of entries) {
    const parsed = allowanceDaysSchema.safeParse(Number(text));
    if (!parsed.success) {
      return { field, message: parsed.error.issues[0]?.message ?? LEAVE_ALLOWANCE_MESSAGE };
    }
  }
  return null;
}

/** The allowance form (onboarding step 4, the Leave Allowance panel) read into the rows to send. */
export const leaveAllowanceFormSchema = z.pipe(
  z.record(z.string(), z.string()).check(
    z.superRefine((values, ctx) => {
      const problem = leaveAllowanceProblem(values);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }),
  ),
  z.transform((values: LeaveAllowanceFormValues) => ({
    leaveBalances: Object.entries(values).map(([id, text]) => ({
      leaveTypeId: Number(id),
      totalDays: Number(text),
    })),
  })),
);

/** This year's allowances as the form's text values, for every type but Unpaid Leave ('' when none). */
export const leaveAllowanceFormValues = (
  rows: readonly LeaveAllowanceRow[],
  types: readonly LeaveTypeRef[],
): LeaveAllowanceFormValues =>
  Object.fromEntries(
    allowanceLeaveTypes(types).map((type) => {
      const days = rows.find((row) => row.leaveType.id === type.id)?.totalDays;
      return [String(type.id), days === null || days === undefined ? '' : String(days)];
    }),
  );
