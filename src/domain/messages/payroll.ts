import type { MailDelivery } from '../enums';
import { monthName } from '../payslip-labels';
import type { Toast } from './toast';

/** Payroll's words (spec sections 5 and 8): the form messages and what its toasts say. */
export const payrollMessages = {
  payItemIncomplete: 'Please fill all fields.',
  payItemAmount: 'Amount must be greater than 0.',
  salary: 'Salary must be more than 0.',
  cpfFields: 'Please fill in the relevant CPF fields.',
  snapshotSaved: 'Salary information updated successfully',
  snapshotFailed: 'Failed to update salary information successfully',
  unprocessedFailed: 'Failed to fetch unprocessed payslips',
  revertDone: 'Payslip removed from processed list',
  revertFailed: 'Error removing from processed list',
  recordsFailed: 'Failed to fetch records',
  tablePdfFailed: 'Error generating table pdf',
  payslipPdfFailed: 'Error retrieving payslip',
  tryLater: 'Please try again later',
  checkConnection: 'Please check your internet connection and try again',
} as const;

/**
 * What became of e-mailed payslips (issue 34): over SMTP they are sent; without SMTP_URL the messages
 * stay in the outbox table, and the words say so rather than that they were sent.
 */
const KEPT_IN_OUTBOX = 'kept in the outbox (e-mail is not set up)';

/** The e-mail progress: '3 of 12 sent', or '3 of 12 kept in the outbox (e-mail is not set up)'. */
export const emailProgressText = ({
  done,
  total,
  delivery,
}: {
  done: number;
  total: number;
  delivery: MailDelivery;
}) => (delivery === 'OUTBOX' ? `${done} of ${total} ${KEPT_IN_OUTBOX}` : `${done} of ${total} sent`);

/** The e-mail job's end without failures: 'All 12 payslips sent.' */
export const emailsAllDoneText = ({ total, delivery }: { total: number; delivery: MailDelivery }) =>
  delivery === 'OUTBOX' ? `All ${total} payslips ${KEPT_IN_OUTBOX}.` : `All ${total} payslips sent.`;

/**
 * Email payslips' question (issue 34): without SMTP it says the payslips will be kept in the outbox; with
 * SMTP, or when how mail leaves is not known, it asks to e-mail them.
 */
export const emailPayslipsQuestion = ({
  count,
  period,
  delivery,
}: {
  count: number;
  period: string;
  delivery: MailDelivery | null;
}) =>
  delivery === 'OUTBOX'
    ? `The ${count} processed payslips of ${period} will be ${KEPT_IN_OUTBOX}, each with its PDF: nothing reaches staff until e-mail is set up. Payslips kept or e-mailed before are left out.`
    : `E-mail the ${count} processed payslips of ${period} to their staff, each with their payslip as a PDF? Staff already e-mailed their payslip are left out.`;

/** The question's confirm button: it sends, or (without SMTP) keeps the payslips in the outbox. */
export const emailPayslipsConfirmLabel = (delivery: MailDelivery | null) =>
  delivery === 'OUTBOX' ? 'Keep in outbox' : 'Send';

/** Every toast of payroll; the statecharts choose when. */
export const payrollToasts = {
  // Issue 39: a month's pay run submitted for a second administrator's approval.
  payRunSubmitted: (period: { year: number; month: number }): Toast => ({
    type: 'success',
    title: 'Submitted for approval',
    description: `The pay run for ${monthName(period.month)} ${period.year} awaits another administrator's approval.`,
  }),
  payRunFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Pay run not submitted',
    description: error.message,
  }),
  // The Approvals view (issue 39 item 4): another administrator decides the submitted run.
  payRunApproved: (period: { year: number; month: number }): Toast => ({
    type: 'success',
    title: 'Pay run approved',
    description: `The pay run for ${monthName(period.month)} ${period.year} is approved: its files, e-mails and payslips are released.`,
  }),
  payRunRejected: (period: { year: number; month: number }): Toast => ({
    type: 'success',
    title: 'Pay run rejected',
    description: `The pay run for ${monthName(period.month)} ${period.year} is open again for its submitter.`,
  }),
  payRunDecisionFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Pay run not decided',
    description: error.message,
  }),
  payRunPdfFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Error generating the variance pdf',
    description: error.message,
  }),
  unprocessedFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: payrollMessages.unprocessedFailed,
    description: error.message,
  }),
  recordsFailed: {
    type: 'error',
    title: payrollMessages.recordsFailed,
    description: payrollMessages.tryLater,
  } satisfies Toast,
  processed: (result: { processed: number; skipped: number }): Toast => ({
    type: 'success',
    title: 'Payslips processed',
    description:
      result.skipped > 0
        ? `${result.processed} processed; ${result.skipped} were already processed and left as they were.`
        : `${result.processed} payslips processed.`,
  }),
  processFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to process payslips',
    description: error.message,
  }),
  reverted: { type: 'success', title: 'Success', description: payrollMessages.revertDone } satisfies Toast,
  revertFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: payrollMessages.revertFailed,
    description: error.message,
  }),
  tablePdfFailed: {
    type: 'error',
    title: payrollMessages.tablePdfFailed,
    description: payrollMessages.tryLater,
  } satisfies Toast,
  pdfFailed: {
    type: 'error',
    title: payrollMessages.payslipPdfFailed,
    description: payrollMessages.checkConnection,
  } satisfies Toast,
  snapshotSaved: { type: 'success', title: payrollMessages.snapshotSaved } satisfies Toast,
  snapshotFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: payrollMessages.snapshotFailed,
    description: error.message,
  }),
  emailsQueued: (answer: { message: string }): Toast => ({
    type: 'success',
    title: 'Emailing payslips',
    description: answer.message,
  }),
  emailsNothingToSend: (answer: { message: string }): Toast => ({
    type: 'info',
    title: 'No payslips to email',
    description: answer.message,
  }),
  emailsFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to email payslips',
    description: error.message,
  }),
  emailsFinished: (progress: {
    total: number;
    done: number;
    failed: number;
    delivery: MailDelivery;
  }): Toast =>
    progress.failed === 0
      ? {
          type: 'success',
          title: progress.delivery === 'OUTBOX' ? 'Payslips kept in the outbox' : 'Payslips sent',
          description: `${emailProgressText(progress)}.`,
        }
      : {
          type: 'error',
          title: 'Some payslips were not sent',
          description: `${emailProgressText(progress)}; ${progress.failed} failed.`,
        },
  /** Re-send from a processed row's menu (issue 34): the server's answer says what was queued or why not. */
  resendQueued: (answer: { message: string }): Toast => ({
    type: 'success',
    title: 'Payslip queued to be sent again',
    description: answer.message,
  }),
  resendNothing: (answer: { message: string }): Toast => ({
    type: 'info',
    title: 'Payslip not sent again',
    description: answer.message,
  }),
  resendFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to re-send payslip',
    description: error.message,
  }),
};
