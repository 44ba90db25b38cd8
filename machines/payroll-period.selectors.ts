import type { SnapshotFrom } from 'xstate';
import { PAY_LIST_PAGE_SIZE, type PayslipAggregate, payMonths, payYears } from '../src/domain/payslips';
import type { payrollPeriodMachine } from './payroll-period.machine';

/** What the pay screens read from the payroll-period statechart: pure, so they are tested alone. */
export type PayrollPeriodSnapshot = SnapshotFrom<typeof payrollPeriodMachine>;

const pageCount = (count: number) => Math.max(1, Math.ceil(count / PAY_LIST_PAGE_SIZE));
const pageOf = <T>(rows: readonly T[], page: number) =>
  rows.slice((page - 1) * PAY_LIST_PAGE_SIZE, page * PAY_LIST_PAGE_SIZE);

export const yearOptions = (s: PayrollPeriodSnapshot) => payYears(s.context.today);
export const monthOptions = (s: PayrollPeriodSnapshot) => payMonths(s.context.year, s.context.today);

export const isLoading = (s: PayrollPeriodSnapshot) => s.matches('loading');
export const isProcessing = (s: PayrollPeriodSnapshot) => s.matches('processing');
export const isSlowRun = (s: PayrollPeriodSnapshot) => s.matches({ processing: 'slow' });
export const isBusy = (s: PayrollPeriodSnapshot) =>
  s.matches('processing') || s.matches('reverting') || s.matches('openingTablePdf');

/** The current page of the Unprocessed List. */
export const unprocessedPage = (s: PayrollPeriodSnapshot) =>
  pageOf(s.context.unprocessed, s.context.unprocessedPage);

/** The Processed List in the chosen Employee order, current page. */
export function processedPage(s: PayrollPeriodSnapshot): PayslipAggregate[] {
  const { processed, processedOrder } = s.context;
  const sorted =
    processedOrder === null
      ? processed
      : [...processed].sort(
          (a, b) =>
            a.userDetails.name.localeCompare(b.userDetails.name, 'en', { sensitivity: 'base' }) *
            (processedOrder === 'asc' ? 1 : -1),
        );
  return pageOf(sorted, s.context.processedPage);
}

export const unprocessedPaging = (s: PayrollPeriodSnapshot) => ({
  page: s.context.unprocessedPage,
  pageCount: pageCount(s.context.unprocessed.length),
});
export const processedPaging = (s: PayrollPeriodSnapshot) => ({
  page: s.context.processedPage,
  pageCount: pageCount(s.context.processed.length),
});

export const allSelected = (s: PayrollPeriodSnapshot) =>
  s.context.unprocessed.length > 0 && s.context.selected.length === s.context.unprocessed.length;

export const canProcess = (s: PayrollPeriodSnapshot) =>
  s.matches('ready') && s.context.selected.length > 0 && s.context.payDate !== '';
