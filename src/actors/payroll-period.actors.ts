import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { payrollPeriodMachine } from '../../machines/payroll-period.machine';
import type { PayslipsApi } from '../api/payslips.api';
import { payrollMessages } from '../domain/payslips';
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
        notify(
          screen === 'process'
            ? { type: 'error', title: payrollMessages.unprocessedFailed, description: error.message }
            : { type: 'error', title: payrollMessages.recordsFailed, description: payrollMessages.tryLater },
        ),
      notifyProcessed: (_, { result }) =>
        notify({
          type: 'success',
          title: 'Payslips processed',
          description:
            result.skipped > 0
              ? `${result.processed} processed; ${result.skipped} were already processed and left as they were.`
              : `${result.processed} payslips processed.`,
        }),
      notifyProcessFailed: (_, { error }) =>
        notify({ type: 'error', title: 'Failed to process payslips', description: error.message }),
      notifyReverted: () =>
        notify({ type: 'success', title: 'Success', description: payrollMessages.revertDone }),
      notifyRevertFailed: (_, { error }) =>
        notify({ type: 'error', title: payrollMessages.revertFailed, description: error.message }),
      notifyTablePdfFailed: () =>
        notify({
          type: 'error',
          title: payrollMessages.tablePdfFailed,
          description: payrollMessages.tryLater,
        }),
    },
  });
}

export type PayrollPeriodLogic = ReturnType<typeof providePayrollPeriod>;
