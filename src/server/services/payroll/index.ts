/**
 * Payroll (spec sections 3, 4 and 7; ARCHITECTURE.md payroll rules), by concern: opening a period's
 * rows, reads, pay items and snapshots, processing and revert, documents. Status changes go through
 * the one writer (./status), which asks the shared lifecycle; every change writes an audit row in its
 * own transaction.
 */
export { type PdfDeps, payslipPdf, processedTablePdf } from './documents';
export { addPayItem, listPayItems, removePayItem, updateSnapshot } from './pay-items';
export { openPayrollPeriod } from './period-rows';
export { bulkProcess, previewBulkProcess, revertPayslip } from './processing';
export { getPayslip, listProcessed, listUnprocessed, processedTotals } from './queries';
