import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { payrollPeriodMachine } from '../../machines/payroll-period.machine';
import type { PayslipsApi } from '../api/payslips.api';
import { payrollToasts } from '../domain/messages/payroll';
import { openPdfInNewTab } from './pdf';

export interface PayrollPeriodEffects {
  payslips: Pick<PayslipsApi, 'unprocessed' | 'processed' | 'bulkProcess' | 'revert' | 'tablePdf'>;
  notify: (toast: ToastParams) => void;
  openPdf?: typeof openPdfInNewTab;
}

/** Process Pay and View Processed Records with their live effects (spec sections 7 and 8). */
export function providePayrollPeriod({ payslips, notify, openPdf = openPdfInNewTab }: PayrollPeriodEffects) {
  return payrollPeriodMachine.provide({
    actors: {
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
