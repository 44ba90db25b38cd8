import { move, transferableSymbol, valueSymbol } from 'piscina';
import { type ClaimsReportPdfData, renderClaimsReportPdf } from './claims-report';
import { type CpfSummaryPdfData, renderCpfSummaryPdf } from './cpf-summary';
import { dejaVuSans } from './fonts';
import { type Ir8aPdfData, renderIr8aPdf } from './ir8a';
import { type Ir21PdfData, renderIr21Pdf } from './ir21';
import { type KetsPdfData, renderKetsPdf } from './kets';
import { type LeaveBalancesPdfData, renderLeaveBalancesPdf } from './leave-balances';
import { type PayRunVariancePdfData, renderPayRunVariancePdf } from './pay-run-variance';
import { type PayrollTableData, renderPayrollTablePdf } from './payroll-table';
import { type PayslipPdfData, renderPayslipPdf } from './payslip';
import { composePayslipEmail, type PayslipEmailData } from './payslip-email';

/** A document to draw, as a worker thread receives it (plain data: it is copied between threads). */
export type PdfTask =
  | { kind: 'payslip'; data: PayslipPdfData }
  | { kind: 'payrollTable'; data: PayrollTableData }
  | { kind: 'leaveBalances'; data: LeaveBalancesPdfData }
  | { kind: 'ir8a'; data: Ir8aPdfData }
  | { kind: 'ir21'; data: Ir21PdfData }
  | { kind: 'cpfSummary'; data: CpfSummaryPdfData }
  | { kind: 'kets'; data: KetsPdfData }
  | { kind: 'payRunVariance'; data: PayRunVariancePdfData }
  | { kind: 'claimsReport'; data: ClaimsReportPdfData }
  /** Draws nothing: the thread has loaded the code by then, and reads the fonts (./pool's startPdfWorker). */
  | { kind: 'start' };

/** What a worker thread is asked: a document, or a payslip e-mail (the PDF and the message with it). */
export type WorkerTask = PdfTask | { kind: 'payslipEmail'; data: PayslipEmailData };

/** Draws one document. */
export function renderTask(task: PdfTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'payslip':
      return renderPayslipPdf(task.data);
    case 'payrollTable':
      return renderPayrollTablePdf(task.data);
    case 'leaveBalances':
      return renderLeaveBalancesPdf(task.data);
    case 'ir8a':
      return renderIr8aPdf(task.data);
    case 'ir21':
      return renderIr21Pdf(task.data);
    case 'cpfSummary':
      return renderCpfSummaryPdf(task.data);
    case 'kets':
      return renderKetsPdf(task.data);
    case 'payRunVariance':
      return renderPayRunVariancePdf(task.data);
    case 'claimsReport':
      return renderClaimsReportPdf(task.data);
    case 'start':
      dejaVuSans();
      return Promise.resolve(new Uint8Array());
  }
}

/**
 * A worker thread's entry (./worker.mjs, run by ./pool): the task's bytes are handed to the main
 * thread (a transfer) rather than copied.
 */
export async function runTask(task: WorkerTask) {
  if (task.kind === 'payslipEmail') {
    const { message, pdfBytes } = await composePayslipEmail(task.data);
    const bytes = owned(message);
    return moving({ message: bytes, pdfBytes }, bytes);
  }
  const bytes = owned(await renderTask(task));
  return moving(bytes, bytes);
}

/**
 * Bytes that may be moved: a buffer that is theirs alone, as pdfkit's concatenated output and a
 * composed message are. A slice of Node's shared pool is copied, since moving it would take the
 * pool with it.
 */
function owned(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  return new Uint8Array(bytes);
}

/** A result whose bytes move to the main thread (piscina's transferable objects). */
const moving = <T extends object>(value: T, bytes: Uint8Array) =>
  move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: value });

/** A worker thread runs its module's default export (the compiled server's pdf-worker.js is this module). */
export default runTask;
