import { formatCents } from '../../domain/money';
import { sdlPayableCents } from '../../domain/payroll/sdl';
import { monthName } from '../../domain/payslip-labels';
import { heading, keyValues, keyValuesHeight, renderPdf, sectionTitle } from './document';
import { drawTable } from './table';

export interface PayrollTableRow {
  name: string;
  grossPayCents: number;
  employeeCpfCents: number;
  employerCpfCents: number;
  netPayCents: number;
  otherItemsCents: number;
  netPayableCents: number;
  /** The employee's levy, fractions of a cent kept (the payable total is rounded once). */
  sdlCents: number;
}

export interface PayrollTableData {
  companyName: string;
  year: number;
  month: number;
  rows: readonly PayrollTableRow[];
}

const sum = (rows: readonly PayrollTableRow[], pick: (row: PayrollTableRow) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/**
 * The Processed List of a period as a table: the screen's columns, the employer's CPF beside them,
 * the totals, and the month's Skills Development Levy payable (the employees' levies added up and
 * rounded down to the dollar).
 */
export function renderPayrollTablePdf(data: PayrollTableData): Promise<Buffer> {
  const period = `${monthName(data.month)} ${data.year}`;
  const rows = data.rows;
  const totals = {
    gross: sum(rows, (r) => r.grossPayCents),
    employeeCpf: sum(rows, (r) => r.employeeCpfCents),
    employerCpf: sum(rows, (r) => r.employerCpfCents),
    net: sum(rows, (r) => r.netPayCents),
    other: sum(rows, (r) => r.otherItemsCents),
    payable: sum(rows, (r) => r.netPayableCents),
  };
  const sdl = sdlPayableCents(rows.map((r) => r.sdlCents));
  return renderPdf({ title: `Processed payslips ${period}`, layout: 'landscape' }, (doc) => {
    heading(doc, `${data.companyName}: Processed List`, period);
    drawTable(doc, {
      columns: [
        { header: 'Employee', weight: 3 },
        { header: 'Gross Pay', weight: 1.3, align: 'right' },
        { header: 'Employee CPF', weight: 1.3, align: 'right' },
        { header: 'Employer CPF', weight: 1.3, align: 'right' },
        { header: 'Net Pay', weight: 1.3, align: 'right' },
        { header: 'Other Items', weight: 1.3, align: 'right' },
        { header: 'Net Payable', weight: 1.3, align: 'right' },
      ],
      rows: rows.map((r) => [
        r.name,
        formatCents(r.grossPayCents),
        formatCents(r.employeeCpfCents),
        formatCents(r.employerCpfCents),
        formatCents(r.netPayCents),
        formatCents(r.otherItemsCents),
        formatCents(r.netPayableCents),
      ]),
      emptyText: 'No results.',
      footerRows: [
        [
          'Total',
          formatCents(totals.gross),
          formatCents(totals.employeeCpf),
          formatCents(totals.employerCpf),
          formatCents(totals.net),
          formatCents(totals.other),
          formatCents(totals.payable),
        ],
      ],
    });
    const summary: Array<readonly [string, string]> = [
      ['Employees', `A total of ${rows.length} employees with processed payslips.`],
      ['Total CPF (employee and employer)', formatCents(totals.employeeCpf + totals.employerCpf)],
      ['Employer CPF', formatCents(totals.employerCpf)],
      ['SDL payable', formatCents(sdl)],
    ];
    const layout = { columns: 1, labelWidth: 220 };
    // The summary is read as one block: it goes whole to the next page rather than split.
    sectionTitle(doc, 'Employer summary', keyValuesHeight(doc, summary, layout));
    keyValues(doc, summary, layout);
  });
}
