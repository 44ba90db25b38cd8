import type { SnapshotFrom } from 'xstate';
import { payMonths, payYears } from '../src/domain/payslips';
import type { payrollPeriodMachine } from './payroll-period.machine';

/** What the pay screens read from the payroll-period statechart: pure, so they are tested alone. */
export type PayrollPeriodSnapshot = SnapshotFrom<typeof payrollPeriodMachine>;

export const yearOptions = (s: PayrollPeriodSnapshot) => payYears(s.context.today);
export const monthOptions = (s: PayrollPeriodSnapshot) => payMonths(s.context.year, s.context.today);

export const isProcessing = (s: PayrollPeriodSnapshot) => s.matches('processing');
export const isSlowRun = (s: PayrollPeriodSnapshot) => s.matches({ processing: 'slow' });
export const isOpeningTablePdf = (s: PayrollPeriodSnapshot) => s.matches('openingTablePdf');
/** Processing, a revert or the table PDF is in flight: the period and the row menus wait. */
export const isBusy = (s: PayrollPeriodSnapshot) => !s.matches('showing');

/** The period's Processed List is in and no revert is in flight: Table View and Email payslips may use it. */
export const canUseProcessedList = (s: PayrollPeriodSnapshot) =>
  s.context.processedStaff !== null && (s.matches('showing') || s.matches('openingTablePdf'));

export const allSelected = (s: PayrollPeriodSnapshot) => {
  const all = s.context.unprocessedIds ?? [];
  return all.length > 0 && s.context.selected.length === all.length;
};

export const canProcess = (s: PayrollPeriodSnapshot) =>
  s.matches('showing') && s.context.selected.length > 0 && s.context.payDate !== '';
