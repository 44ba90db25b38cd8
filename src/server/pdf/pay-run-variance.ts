import { formatAmount } from '../../domain/money';
import type { PayRun } from '../../domain/pay-runs';
import { varianceFlagLabels } from '../../domain/payroll/variance';
import { monthName } from '../../domain/payslip-labels';
import { heading, renderPdf, sectionTitle } from './document';
import { drawTable } from './table';

/** The run as GET /pay-runs/{y}/{m} answers it (dollars), and whose it is. No NRIC/FIN is printed. */
export interface PayRunVariancePdfData {
  companyName: string;
  run: Pick<PayRun, 'year' | 'month' | 'status' | 'variance' | 'varianceTotals'>;
}

type Amount = { current: number; previous: number | null };

const money = (value: number | null) => (value === null ? '-' : formatAmount(value));
/** The change in dollars, signed; none when there was no last month to compare with. */
const change = ({ current, previous }: Amount) => {
  if (previous === null) return '-';
  const cents = Math.round(current * 100) - Math.round(previous * 100);
  return `${cents > 0 ? '+' : ''}${formatAmount(cents / 100)}`;
};

/**
 * The approver's variance report (issue 39 item 3): the month's totals against last month, then each
 * employee's gross, CPF (employee and employer) and net against their payslip of last month, with
 * the flags the approver should look at.
 */
export function renderPayRunVariancePdf(data: PayRunVariancePdfData): Promise<Buffer> {
  const { run } = data;
  const period = `${monthName(run.month)} ${run.year}`;
  const totals = run.varianceTotals;
  return renderPdf({ title: `Pay run variance ${period}`, layout: 'landscape' }, (doc) => {
    heading(
      doc,
      `${data.companyName}: pay run variance for ${period}`,
      `Pay run ${run.status.toLowerCase()}`,
    );
    sectionTitle(doc, 'Totals against last month');
    drawTable(doc, {
      columns: [
        { header: '', weight: 2 },
        { header: 'Last month', weight: 1.3, align: 'right' },
        { header: 'This month', weight: 1.3, align: 'right' },
        { header: 'Change', weight: 1.3, align: 'right' },
      ],
      rows: [
        [
          'Headcount',
          String(totals.headcount.previous ?? 0),
          String(totals.headcount.current),
          `${totals.headcount.current - (totals.headcount.previous ?? 0) > 0 ? '+' : ''}${totals.headcount.current - (totals.headcount.previous ?? 0)}`,
        ],
        ['Gross ($)', money(totals.gross.previous), money(totals.gross.current), change(totals.gross)],
        [
          'CPF, employee and employer ($)',
          money(totals.cpf.previous),
          money(totals.cpf.current),
          change(totals.cpf),
        ],
        ['Net ($)', money(totals.net.previous), money(totals.net.current), change(totals.net)],
      ],
    });
    doc.moveDown(0.5);
    sectionTitle(doc, 'By employee', 60);
    drawTable(doc, {
      columns: [
        { header: 'Employee', weight: 2.4 },
        { header: 'Gross last', weight: 1.1, align: 'right' },
        { header: 'Gross', weight: 1.1, align: 'right' },
        { header: 'CPF last', weight: 1.1, align: 'right' },
        { header: 'CPF', weight: 1.1, align: 'right' },
        { header: 'Net last', weight: 1.1, align: 'right' },
        { header: 'Net', weight: 1.1, align: 'right' },
        { header: 'Flags', weight: 2 },
      ],
      rows: run.variance.map((row) => [
        row.name,
        money(row.gross.previous),
        money(row.gross.current),
        money(row.cpf.previous),
        money(row.cpf.current),
        money(row.net.previous),
        money(row.net.current),
        row.flags.map((flag) => varianceFlagLabels[flag]).join(', ') || '-',
      ]),
      emptyText: 'No payslips processed for the month.',
    });
  });
}
