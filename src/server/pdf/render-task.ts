import { type CpfSummaryPdfData, renderCpfSummaryPdf } from './cpf-summary';
import { dejaVuSans } from './fonts';
import { type Ir8aPdfData, renderIr8aPdf } from './ir8a';
import { type LeaveBalancesPdfData, renderLeaveBalancesPdf } from './leave-balances';
import { type PayrollTableData, renderPayrollTablePdf } from './payroll-table';
import { type PayslipPdfData, renderPayslipPdf } from './payslip';

/** A document to draw, as a worker thread receives it (plain data: it is copied between threads). */
export type PdfTask =
  | { kind: 'payslip'; data: PayslipPdfData }
  | { kind: 'payrollTable'; data: PayrollTableData }
  | { kind: 'leaveBalances'; data: LeaveBalancesPdfData }
  | { kind: 'ir8a'; data: Ir8aPdfData }
  | { kind: 'cpfSummary'; data: CpfSummaryPdfData }
  /** Draws nothing: the thread has loaded the code by then, and reads the fonts (./pool's startPdfWorker). */
  | { kind: 'start' };

/** Draws one document; runs in a worker thread of ./pool. */
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
    case 'cpfSummary':
      return renderCpfSummaryPdf(task.data);
    case 'start':
      dejaVuSans();
      return Promise.resolve(new Uint8Array());
  }
}

/** A worker thread runs its module's default export (the compiled server's pdf-worker.js is this module). */
export default renderTask;
