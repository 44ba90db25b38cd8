import { formatDayMonthYear } from '../../domain/dates';
import { maskAccountNumber, maskNric } from '../../domain/masking';
import { formatCents } from '../../domain/money';
import type { SelfHelpGroup } from '../../domain/payroll';
import { firstDayOf, lastDayOf } from '../../domain/payroll/period';
import { type PayItemTreatment, type PayslipItem, signOf, treatmentOf } from '../../domain/payroll/treatment';
import { expenseClaimLine, monthName, payItemTypeLabel } from '../../domain/payslip-labels';
import { heading, keyValues, type PdfOptions, renderPdf, sectionTitle } from './document';
import { drawTable, type TableColumn } from './table';

export interface PayslipPdfData {
  companyName: string;
  employee: { fullName: string; nric: string | null; designation: string | null };
  year: number;
  month: number;
  payDate: string;
  basicSalaryCents: number;
  items: readonly PayslipItem[];
  totals: {
    grossPayCents: number;
    employeeCpfCents: number;
    employerCpfCents: number;
    shgCents: number;
    netPayCents: number;
    otherItemsCents: number;
    netPayableCents: number;
  };
  selfHelpGroup: SelfHelpGroup;
  cpfRates: { employeePercent: number; employerPercent: number } | null;
  bank: { bankName: string | null; accountNo: string | null } | null;
  /** Processed payslips of the calendar year up to and including this one. */
  yearToDate: {
    grossPayCents: number;
    employeeCpfCents: number;
    employerCpfCents: number;
    netPayCents: number;
    netPayableCents: number;
  };
}

const columns: readonly TableColumn[] = [
  { header: 'Item', weight: 3 },
  { header: 'Amount (SGD)', weight: 1, align: 'right' },
];

const money = formatCents;
// A deduction of nothing prints as 0.00: -0 would print '-0.00'.
const minus = (cents: number) => money(cents === 0 ? 0 : -cents);

const hoursText = (hours: number) => `${hours.toFixed(2)} h`;

/**
 * An item's line: its label, and for an item the timesheet wrote its hours (MOM's itemised payslip asks
 * for the overtime hours worked), overtime with its hourly rate: "Overtime (10.00 h x $18.00)"; a claim
 * by its type and date.
 */
const itemLabel = (item: PayslipItem) => {
  // An expense claim by its type and date (issue 37): "Expense claim: Transport, 03/03/2026".
  if (item.claim) return expenseClaimLine(item.claim);
  const label = payItemTypeLabel(item.type);
  if (!item.hours) return label;
  if (item.type !== 'OVERTIME') return `${label} (${hoursText(item.hours)})`;
  return `${label} (${hoursText(item.hours)} x $${money(Math.round(item.amountCents / item.hours))})`;
};

/** The items the treatment table counts as these wages (null: paid outside them), deductions negative. */
const itemRows = (data: PayslipPdfData, wage: PayItemTreatment['cpf']) =>
  data.items
    .filter((item) => treatmentOf(item).cpf === wage)
    .map((item) => [itemLabel(item), money(signOf(item.kind) * item.amountCents)] as const);

/**
 * One employee's payslip for a month: every item where its treatment counts it (wages in gross pay, the
 * rest among the other items), gross and net pay, CPF, the self-help group, other items, net payable,
 * the employer's costs and the year-to-date totals. Identity and account numbers are masked. What MOM's
 * itemised payslip requires is all here (docs/payroll.md, 5b): the date of payment, the salary period's
 * first and last day, and for overtime its hours, pay and period.
 */
export function renderPayslipPdf(
  data: PayslipPdfData,
  protection?: PdfOptions['protection'],
): Promise<Buffer> {
  const period = `${monthName(data.month)} ${data.year}`;
  return renderPdf({ title: `Payslip ${period} - ${data.employee.fullName}`, protection }, (doc) => {
    heading(doc, data.companyName, `Payslip for ${period}`);
    const bank = data.bank?.accountNo
      ? `${data.bank.bankName ? `${data.bank.bankName} ` : ''}${maskAccountNumber(data.bank.accountNo)}`
      : '-';
    const salaryPeriod = `${formatDayMonthYear(firstDayOf(data.year, data.month))} - ${formatDayMonthYear(lastDayOf(data.year, data.month))}`;
    // The timesheet is the calendar month, so overtime's period is the salary period's; MOM asks for it
    // only where it differs, and it is printed whenever the timesheet paid overtime, to be plain.
    const timesheetOvertime = data.items.some((item) => item.type === 'OVERTIME' && item.hours);
    keyValues(doc, [
      ['Employee', data.employee.fullName],
      ['Salary period', salaryPeriod],
      ['NRIC/FIN', data.employee.nric ? maskNric(data.employee.nric) : '-'],
      ['Date of payment', formatDayMonthYear(data.payDate)],
      ['Designation', data.employee.designation ?? '-'],
      ['Bank account', bank],
      ...(timesheetOvertime ? [['Overtime period', salaryPeriod] as const] : []),
    ]);

    sectionTitle(doc, 'Earnings');
    drawTable(doc, {
      columns,
      rows: [
        ['Basic salary', money(data.basicSalaryCents)],
        ...itemRows(data, 'OW'),
        ...itemRows(data, 'AW'),
      ],
      footerRows: [['Gross pay', money(data.totals.grossPayCents)]],
    });

    sectionTitle(doc, 'Deductions from pay');
    const rates = data.cpfRates ? ` (${data.cpfRates.employeePercent}%)` : '';
    drawTable(doc, {
      columns,
      rows: [
        [`Employee CPF${rates}`, minus(data.totals.employeeCpfCents)],
        [
          `Self-help group (${data.selfHelpGroup === 'NONE' ? 'none' : data.selfHelpGroup})`,
          minus(data.totals.shgCents),
        ],
      ],
      footerRows: [['Net pay', money(data.totals.netPayCents)]],
    });

    sectionTitle(doc, 'Other items');
    drawTable(doc, {
      columns,
      rows: itemRows(data, null),
      emptyText: 'No other items.',
      footerRows: [
        ['Other items', money(data.totals.otherItemsCents)],
        ['Net payable', money(data.totals.netPayableCents)],
      ],
    });

    sectionTitle(doc, 'Employer contributions (not deducted from pay)');
    drawTable(doc, {
      columns,
      rows: [
        [
          `Employer CPF${data.cpfRates ? ` (${data.cpfRates.employerPercent}%)` : ''}`,
          money(data.totals.employerCpfCents),
        ],
      ],
    });

    sectionTitle(doc, `Year to date (${data.year})`);
    drawTable(doc, {
      columns,
      rows: [
        ['Gross pay', money(data.yearToDate.grossPayCents)],
        ['Employee CPF', money(data.yearToDate.employeeCpfCents)],
        ['Employer CPF', money(data.yearToDate.employerCpfCents)],
        ['Net pay', money(data.yearToDate.netPayCents)],
        ['Net payable', money(data.yearToDate.netPayableCents)],
      ],
    });
  });
}
