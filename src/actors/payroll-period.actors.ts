import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { payRunMachine } from '../../machines/pay-run.machine';
import { payrollPeriodMachine } from '../../machines/payroll-period.machine';
import { payslipEmailsMachine } from '../../machines/payslip-emails.machine';
import type { PayslipsApi } from '../api/payslips.api';
import type { MailDelivery } from '../domain/company';
import { wholeListPage } from '../domain/list-query';
import {
  type ProcessedAbout,
  type ProcessedListRow,
  periodOfQuery,
  processedSortKeys,
  type UnprocessedAbout,
  type UnprocessedListRow,
} from '../domain/pay-lists';
import { provideList } from './list.actors';
import { openPdfInNewTab } from './pdf';

export interface PayrollPeriodEffects {
  payslips: Pick<
    PayslipsApi,
    | 'unprocessed'
    | 'processed'
    | 'processedTotals'
    | 'bulkProcessPreview'
    | 'bulkProcess'
    | 'revert'
    | 'tablePdf'
    | 'emailPayslips'
    | 'resendPayslip'
    | 'payslipPdf'
    | 'jobProgress'
    | 'retryJob'
    | 'payRun'
    | 'submitPayRun'
  >;
  notify: (toast: ToastParams) => void;
  /** How this server delivers mail (GET /company): Email payslips says sent or kept in the outbox. */
  mailDelivery: () => Promise<MailDelivery>;
  openPdf?: typeof openPdfInNewTab;
}

const removesNothing = {
  removeRow: () => Promise.reject(new Error('A pay list removes no row')),
};

/** Process Pay and View Processed Records with their live effects (spec sections 7 and 8). */
export function providePayrollPeriod({
  payslips,
  notify,
  mailDelivery,
  openPdf = openPdfInNewTab,
}: PayrollPeriodEffects) {
  const emails = payslipEmailsMachine.provide({
    actors: {
      requestEmails: fromPromise(({ input }) => payslips.emailPayslips(input)),
      fetchProgress: fromPromise(({ input }) => payslips.jobProgress(input.jobId)),
      retryFailed: fromPromise(({ input }) => payslips.retryJob(input.jobId)),
      loadMailDelivery: fromPromise(() => mailDelivery()),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
  const payRun = payRunMachine.provide({
    actors: {
      fetchPayRun: fromPromise(({ input }) => payslips.payRun(input)),
      submitPayRun: fromPromise(({ input }) => payslips.submitPayRun(input)),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
  return payrollPeriodMachine.provide({
    actors: {
      emails,
      payRun,
      unprocessed: provideList<UnprocessedListRow>({
        fetchRows: async (query) => {
          const rows = await payslips.unprocessed(periodOfQuery(query));
          const about: UnprocessedAbout = { userIds: rows.map((row) => row.user.id) };
          const all = rows.map((row) => ({ ...row, id: row.user.id }));
          return { ...wholeListPage(all, query, {}), about };
        },
        ...removesNothing,
      }),
      processed: provideList<ProcessedListRow>({
        fetchRows: async (query) => {
          const period = periodOfQuery(query);
          // The totals row counts every processed payslip of the period, not the page: the server adds them up.
          const [rows, totals] = await Promise.all([
            payslips.processed(period),
            payslips.processedTotals(period),
          ]);
          const about: ProcessedAbout = {
            staff: rows.map((row) => ({ id: row.userDetails.id, name: row.userDetails.name })),
            totals,
          };
          const all = rows.map((row) => ({ ...row, id: row.payslipId }));
          return { ...wholeListPage(all, query, processedSortKeys), about };
        },
        // Revert to Unprocessed is the screen's (its machine reloads both lists after it).
        ...removesNothing,
      }),
      previewPayslips: fromPromise(({ input }) => payslips.bulkProcessPreview(input)),
      processPayslips: fromPromise(({ input }) => payslips.bulkProcess(input)),
      revertPayslip: fromPromise(async ({ input }) => {
        await payslips.revert(input.payslipId);
      }),
      openTablePdf: fromPromise(({ input }) => openPdf(() => payslips.tablePdf(input))),
      openPayslipPdf: fromPromise(({ input }) => openPdf(() => payslips.payslipPdf(input.payslipId))),
      resendPayslip: fromPromise(({ input }) =>
        payslips.resendPayslip(input.userDetails.id, { year: input.payslipYear, month: input.payslipMonth }),
      ),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}

export type PayrollPeriodLogic = ReturnType<typeof providePayrollPeriod>;
