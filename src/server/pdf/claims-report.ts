import type { ClaimReportTotal, ClaimsReport } from '../../domain/claims-report';
import { formatDayMonthYear } from '../../domain/dates';
import { formatCents } from '../../domain/money';
import { monthName } from '../../domain/payslip-labels';
import { heading, renderPdf, sectionTitle } from './document';
import { drawTable } from './table';

export interface ClaimsReportPdfData {
  companyName: string;
  report: ClaimsReport;
}

const totalRows = (totals: readonly ClaimReportTotal[]) =>
  totals.map((total) => [total.name, String(total.count), formatCents(total.amountCents)]);

/**
 * The monthly claims report (issue 37 item 4): every claim decided or paid in the month by employee,
 * then the totals per type and per employee. The same figures as the CSV (src/domain/claims-report.ts).
 */
export function renderClaimsReportPdf(data: ClaimsReportPdfData): Promise<Buffer> {
  const { report } = data;
  const period = `${monthName(report.month)} ${report.year}`;
  return renderPdf({ title: `Claims ${period}`, layout: 'landscape' }, (doc) => {
    heading(
      doc,
      `${data.companyName}: claims for ${period}`,
      'Claims decided in the month or paid with its pay',
    );
    drawTable(doc, {
      columns: [
        { header: 'Employee', weight: 2 },
        { header: 'Type', weight: 1.5 },
        { header: 'Date', weight: 1 },
        { header: 'Amount (SGD)', weight: 1, align: 'right' },
        { header: 'Status', weight: 1 },
        { header: 'Decided on', weight: 1 },
        { header: 'Paid with', weight: 1 },
      ],
      rows: report.rows.map((row) => [
        row.employee,
        row.type,
        formatDayMonthYear(row.date),
        formatCents(row.amountCents),
        row.status,
        row.decidedOn ? formatDayMonthYear(row.decidedOn) : '-',
        row.paidWith ?? '-',
      ]),
      footerRows: [['Total', '', '', formatCents(report.total.amountCents), '', '', '']],
      emptyText: 'No claim was decided or paid in the month.',
      fontSize: 8,
    });
    const totalColumns = [
      { header: '', weight: 3 },
      { header: 'Claims', weight: 1, align: 'right' as const },
      { header: 'Amount (SGD)', weight: 1, align: 'right' as const },
    ];
    sectionTitle(doc, 'Totals per type');
    drawTable(doc, { columns: totalColumns, rows: totalRows(report.byType), emptyText: '-' });
    sectionTitle(doc, 'Totals per employee');
    drawTable(doc, { columns: totalColumns, rows: totalRows(report.byEmployee), emptyText: '-' });
  });
}
