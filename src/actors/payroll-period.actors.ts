import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { payrollPeriodMachine } from '../../machines/payroll-period.machine';
import { payslipEmailsMachine } from '../../machines/payslip-emails.machine';
import type { PayslipsApi } from '../api/payslips.api';
import { payrollToasts } from '../domain/messages/payroll';
import { openPdfInNewTab } from './pdf';

export interface PayrollPeriodEffects {
  payslips: Pick<
    PayslipsApi,
    | 'unprocessed'
    | 'processed'
    | 'bulkProcess'
    | 'revert'
    | 'tablePdf'
    | 'emailPayslips'
    | 'jobProgress'
    | 'retryJob'
  >;
  notify: (toast: ToastParams) => void;
  openPdf?: typeof openPdfInNewTab;
}

/** Process Pay and View Processed Records with their live effects (spec sections 7 and 8). */
export function providePayrollPeriod({ payslips, notify, openPdf = openPdfInNewTab }: PayrollPeriodEffects) {
  const emails = payslipEmailsMachine.provide({
    actors: {
      requestEmails: fromPromise(({ input }) => payslips.emailPayslips(input)),
      fetchProgress: fromPromise(({ input }) => payslips.jobProgress(input.jobId)),
      retryFailed: fromPromise(({ input }) => payslips.retryJob(input.jobId)),
    },
    actions: {
      notifyRequested: (_, answer) =>
        notify(
          answer.total === 0 ? payrollToasts.emailsNothingToSend(answer) : payrollToasts.emailsQueued(answer),
        ),
      notifyRequestFailed: (_, error) => notify(payrollToasts.emailsFailed(error)),
      notifyFinished: (_, progress) => notify(payrollToasts.emailsFinished(progress)),
    },
  });
  return payrollPeriodMachine.provide({
    actors: {
      emails,
      loadLists: fromPromise(async ({ input }) => {
        const period = { year: input.year, month: input.month };
        const [unprocessed, processed] = await Promise.all([
          input.screen === 'process' ? payslips.unprocessed(period) : Promise.resolve([]),
          payslips.processed(period),
        ]);
        return { unprocessed, processed };
      }),
      processPayslips: fromPromise(({ input }) => payslips.bulkProcess(input)),
      revertPayslip: fromPromise(async ({ input }) => {
        await payslips.revert(input.payslipId);
      }),
      openTablePdf: fromPromise(({ input }) => openPdf(() => payslips.tablePdf(input))),
    },
    actions: {
      notifyLoadFailed: (_, { screen, error }) =>
        notify(screen === 'process' ? payrollToasts.unprocessedFailed(error) : payrollToasts.recordsFailed),
      notifyProcessed: (_, { result }) => notify(payrollToasts.processed(result)),
      notifyProcessFailed: (_, { error }) => notify(payrollToasts.processFailed(error)),
      notifyReverted: () => notify(payrollToasts.reverted),
      notifyRevertFailed: (_, { error }) => notify(payrollToasts.revertFailed(error)),
      notifyTablePdfFailed: () => notify(payrollToasts.tablePdfFailed),
    },
  });
}

export type PayrollPeriodLogic = ReturnType<typeof providePayrollPeriod>;
