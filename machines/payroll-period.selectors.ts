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

/** What Process Pay waits for while it is disabled on the lists: a pay date, a selection, or both. */
export const processMissing = (s: PayrollPeriodSnapshot): 'payDate' | 'selection' | 'both' | null => {
  if (!s.matches('showing')) return null;
  const noDate = s.context.payDate === '';
  const noOne = s.context.selected.length === 0;
  return noDate && noOne ? 'both' : noDate ? 'payDate' : noOne ? 'selection' : null;
};

/** The confirmation before processing is open. */
export const isConfirming = (s: PayrollPeriodSnapshot) => s.matches('confirming');
/** The confirmation waits for the server's figures. */
export const isPreviewing = (s: PayrollPeriodSnapshot) => s.matches({ confirming: 'previewing' });
/** The figures are in: Confirm may process. */
export const canConfirm = (s: PayrollPeriodSnapshot) => s.matches({ confirming: 'ready' });
/** The figures could not be had: the reason shows with Try again. */
export const isPreviewFailed = (s: PayrollPeriodSnapshot) => s.matches({ confirming: 'failed' });
