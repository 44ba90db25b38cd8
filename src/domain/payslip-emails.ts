import * as z from 'zod/mini';
import { MAIL_DELIVERIES, type MailDelivery, type PayslipEmailStatus } from './enums';
import { idSchema } from './fields';
import { payslipEmailStatusHasTag } from './lifecycles/payslip-email.lifecycle';

/** Payslips by e-mail (issue 16): the request, its answer and a job's progress. */

const MAX_STAFF_PER_REQUEST = 10_000;

export const emailPayslipsSchema = z.object({
  year: z.number().check(z.int(), z.minimum(2000), z.maximum(2100)),
  month: z.number().check(z.int(), z.minimum(1), z.maximum(12)),
  /** Only these staff; all of the month's processed payslips without it. */
  userIds: z.optional(
    z
      .array(idSchema)
      .check(
        z.minLength(1, 'Name at least one staff member, or leave userIds out for everyone.'),
        z.maxLength(MAX_STAFF_PER_REQUEST),
      ),
  ),
  /** Send again to the named staff even if their payslip was e-mailed before. */
  resend: z.optional(z.boolean()),
});
export type EmailPayslipsRequest = z.infer<typeof emailPayslipsSchema>;

export const emailPayslipsAnswerSchema = z.object({
  jobId: z.string(),
  /** Sends queued. */
  total: z.number(),
  /** Payslips left out: being e-mailed already, or e-mailed before (inProgress + alreadySent). */
  skipped: z.number(),
  /**
   * Of those, payslips another job is sending (a payslip has one send queued at a time, issue 33);
   * when nothing was queued and one job holds them all, jobId is that job.
   */
  inProgress: z.optional(z.number()),
  /** Of those, payslips e-mailed before; with resend, e-mailed less than the resend interval ago. */
  alreadySent: z.optional(z.number()),
  message: z.string(),
  /** How this server delivers mail: OUTBOX when e-mail is not set up (no SMTP_URL), issue 34. */
  delivery: z.enum(MAIL_DELIVERIES),
});
export type EmailPayslipsAnswer = z.infer<typeof emailPayslipsAnswerSchema>;

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/**
 * A job's status from its sends: finished when every send is done (accepted) or given up, failed if
 * any was given up; before that queued until a first try, then running.
 */
export function jobStatusOf(sends: {
  total: number;
  tried: number;
  done: number;
  failed: number;
}): (typeof JOB_STATUSES)[number] {
  if (sends.done + sends.failed === sends.total) return sends.failed > 0 ? 'failed' : 'completed';
  return sends.tried === 0 ? 'queued' : 'running';
}

export const jobProgressSchema = z.object({
  id: z.string(),
  kind: z.literal('payslipEmails'),
  status: z.enum(JOB_STATUSES),
  total: z.number(),
  /** Sent. */
  done: z.number(),
  /** Given up after the last try. */
  failed: z.number(),
  errors: z.array(z.object({ userId: z.number(), message: z.string() })),
  /** How this server delivers mail (as in the request's answer): 'sent' or 'kept in the outbox'. */
  delivery: z.enum(MAIL_DELIVERIES),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

export const jobIdParams = z.object({ id: z.string().check(z.uuid('Not a job id.')) });

/** A processed payslip's latest e-mail as the Processed List shows it (issue 34). */
export const PAYSLIP_EMAIL_STATES = ['QUEUED', 'SENT', 'OUTBOX', 'FAILED'] as const;
export type PayslipEmailState = (typeof PAYSLIP_EMAIL_STATES)[number];

export const payslipEmailStateSchema = z.object({
  /** null: never e-mailed. */
  state: z.nullable(z.enum(PAYSLIP_EMAIL_STATES)),
  /** When it reached that state (ISO timestamp): queued or given up at, sent or kept at. */
  at: z.nullable(z.string()),
});
export type PayslipEmailStateView = z.infer<typeof payslipEmailStateSchema>;

/**
 * The state of a payslip's latest send: waiting or in hand is QUEUED; recorded and accepted is SENT,
 * or OUTBOX when it was kept in the outbox; a send recorded but not yet answered is still QUEUED.
 */
export function payslipEmailStateOf(
  send: {
    status: PayslipEmailStatus;
    delivery: MailDelivery | null;
    sentAt: Date | null;
    updatedAt: Date;
  } | null,
): PayslipEmailStateView {
  if (!send) return { state: null, at: null };
  const at = (moment: Date) => moment.toISOString();
  if (payslipEmailStatusHasTag(send.status, 'givenUp')) return { state: 'FAILED', at: at(send.updatedAt) };
  if (payslipEmailStatusHasTag(send.status, 'delivered') && send.sentAt) {
    return { state: send.delivery === 'OUTBOX' ? 'OUTBOX' : 'SENT', at: at(send.sentAt) };
  }
  return { state: 'QUEUED', at: at(send.updatedAt) };
}
