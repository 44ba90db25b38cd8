import { formatAmount, formatCents } from '../../domain/money';
import { monthName, SHG_FUND_NAMES } from '../../domain/payslip-labels';
import type { CpfSummary } from '../../domain/submissions';
import { heading, renderPdf, sectionTitle } from './document';
import { drawTable } from './table';

/** One employee's line: the NRIC/FIN comes masked (src/domain/masking.ts), as every PDF prints it. */
export interface CpfSummaryPdfRow {
  name: string;
  maskedId: string;
  ordinaryWageCents: number;
  additionalWageCents: number;
  employeeCpfCents: number;
  employerCpfCents: number;
  /** MBMF, SINDA, CDAC or ECF; null when the employee gives to none. */
  fund: string | null;
  shgCents: number;
}

export interface CpfSummaryPdfData {
  companyName: string;
  uen: string | null;
  cpfSubmissionNumber: string | null;
  summary: CpfSummary;
  rows: readonly CpfSummaryPdfRow[];
}

const sum = (rows: readonly CpfSummaryPdfRow[], pick: (row: CpfSummaryPdfRow) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/**
 * The Submissions screen's CPF summary as a PDF for the finance file: what is payable to the CPF
 * Board for the month (as the screen and the CPF file's trailer total it), what would stop the CPF
 * file, and each employee's contributions with the NRIC/FIN masked.
 */
export function renderCpfSummaryPdf(data: CpfSummaryPdfData): Promise<Buffer> {
  const { summary, rows } = data;
  const period = `${monthName(summary.month)} ${summary.year}`;
  const ids = [data.uen && `UEN ${data.uen}`, data.cpfSubmissionNumber && `CSN ${data.cpfSubmissionNumber}`]
    .filter(Boolean)
    .join(', ');
  return renderPdf({ title: `CPF summary ${period}`, layout: 'landscape' }, (doc) => {
    heading(doc, `${data.companyName}: CPF summary for ${period}`, ids || undefined);
    drawTable(doc, {
      columns: [
        { header: 'Payable to the CPF Board', weight: 3 },
        { header: 'Donors', weight: 1, align: 'right' },
        { header: 'Amount ($)', weight: 1.3, align: 'right' },
      ],
      rows: [
        ['CPF: employee', '', formatAmount(summary.employeeCpf)],
        ['CPF: employer', '', formatAmount(summary.employerCpf)],
        ['CPF: total', '', formatAmount(summary.totalCpf)],
        ['SDL (Skills Development Levy)', '', formatAmount(summary.sdl)],
        ...summary.shg.map((line) => [
          SHG_FUND_NAMES[line.fund],
          String(line.donors),
          formatAmount(line.amount),
        ]),
      ],
      footerRows: [['Total payable', '', formatAmount(summary.totalPayable)]],
    });
    const notes = [
      `${summary.employees} staff processed for ${period}.`,
      ...summary.problems,
      ...(summary.unprocessed > 0
        ? [`${summary.unprocessed} staff not processed yet: they are not in the files until processed.`]
        : []),
    ];
    if (notes.length === 1) notes.push('Nothing stops the CPF file.');
    sectionTitle(doc, 'Before you submit');
    doc.text(notes.join('\n'));
    doc.moveDown(0.5);
    sectionTitle(doc, 'Contributions by employee', 60);
    drawTable(doc, {
      columns: [
        { header: 'Employee', weight: 2.6 },
        { header: 'NRIC/FIN', weight: 1.3 },
        { header: 'Ordinary Wages', weight: 1.3, align: 'right' },
        { header: 'Additional Wages', weight: 1.3, align: 'right' },
        { header: 'Employee CPF', weight: 1.2, align: 'right' },
        { header: 'Employer CPF', weight: 1.2, align: 'right' },
        { header: 'Total CPF', weight: 1.2, align: 'right' },
        { header: 'SHG Fund', weight: 1, align: 'left' },
        { header: 'SHG', weight: 0.9, align: 'right' },
      ],
      rows: rows.map((row) => [
        row.name,
        row.maskedId,
        formatCents(row.ordinaryWageCents),
        formatCents(row.additionalWageCents),
        formatCents(row.employeeCpfCents),
        formatCents(row.employerCpfCents),
        formatCents(row.employeeCpfCents + row.employerCpfCents),
        row.fund ?? '-',
        formatCents(row.shgCents),
      ]),
      emptyText: 'No results.',
      footerRows: [
        [
          'Total',
          '',
          formatCents(sum(rows, (r) => r.ordinaryWageCents)),
          formatCents(sum(rows, (r) => r.additionalWageCents)),
          formatCents(sum(rows, (r) => r.employeeCpfCents)),
          formatCents(sum(rows, (r) => r.employerCpfCents)),
          formatCents(sum(rows, (r) => r.employeeCpfCents + r.employerCpfCents)),
          '',
          formatCents(sum(rows, (r) => r.shgCents)),
        ],
      ],
    });
  });
}
