import { and, asc, eq } from 'drizzle-orm';
import { isProcessedPayslip } from '../../../../machines/payslip.lifecycle';
import type { DbOrTx } from '../../db/client';
import { employmentInfo, paymentInfo, payslips, staffInfo, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { renderPdfDocument } from '../../pdf/pool';
import { type Actor, assertAdmin, assertOwnerOrAdminElseNotFound, isAdmin } from '../actor';
import { type CompanyDefaults, companyNameColumn, companyOf } from '../company';
import { emptyYearToDate, engineItemsColumn, isProcessedRow, type Period, yearToDate } from './repository';

/** The documents of processed payroll: a payslip's PDF and the period's table PDF. */

/** What the PDFs need beyond the database: the company's name until its particulars are saved. */
export type PdfDeps = CompanyDefaults;

const fileStamp = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** GET /payslips/{id}/pdf: a processed payslip as PDF; STAFF reach only their own. */
export async function payslipPdf(db: DbOrTx, actor: Actor, { id }: { id: number }, deps: PdfDeps) {
  // One statement for what the PDF prints besides the year to date: a month's e-mails draw 7,000 of
  // these, and each query more was a round trip and a query built on the server's one thread.
  const [found] = await db
    .select({
      payslip: payslips,
      fullName: users.fullName,
      nric: staffInfo.nric,
      designation: employmentInfo.designation,
      bankName: paymentInfo.bankName,
      accountNo: paymentInfo.accountNo,
      companyName: companyNameColumn(deps),
      items: engineItemsColumn,
    })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .leftJoin(staffInfo, eq(staffInfo.userId, payslips.userId))
    .leftJoin(employmentInfo, eq(employmentInfo.userId, payslips.userId))
    .leftJoin(paymentInfo, eq(paymentInfo.userId, payslips.userId))
    .where(eq(payslips.id, id));
  if (!found) throw notFound('Payslip not found.');
  assertOwnerOrAdminElseNotFound(actor, found.payslip.userId, 'Payslip not found.');
  const { payslip, companyName } = found;
  if (!isProcessedPayslip(payslip.status)) {
    throw isAdmin(actor) ? conflict('Only a processed payslip has a PDF.') : notFound('Payslip not found.');
  }
  const ytd = await yearToDate(db, payslip, [payslip.userId], { throughMonth: true });
  const data = {
    companyName,
    employee: { fullName: found.fullName, nric: found.nric, designation: found.designation },
    year: payslip.year,
    month: payslip.month,
    payDate: payslip.payDate ?? '',
    basicSalaryCents: payslip.basicSalarySnapshotCents,
    items: found.items,
    totals: payslip,
    selfHelpGroup: payslip.selfHelpGroupSnapshot,
    cpfRates:
      payslip.employeeCpfRateSnapshot === null || payslip.employerCpfRateSnapshot === null
        ? null
        : {
            employeePercent: payslip.employeeCpfRateSnapshot,
            employerPercent: payslip.employerCpfRateSnapshot,
          },
    bank: { bankName: found.bankName, accountNo: found.accountNo },
    yearToDate: ytd.get(payslip.userId) ?? emptyYearToDate,
  };
  const pdf = await renderPdfDocument({ kind: 'payslip', data });
  return {
    pdf,
    fileName: `payslip-${fileStamp(payslip.year, payslip.month)}-${payslip.userId}.pdf`,
    companyName,
  };
}

/** GET /payslips/processed/pdf-table: the period's Processed List as a PDF table, employer costs included. */
export async function processedTablePdf(db: DbOrTx, actor: Actor, { year, month }: Period, deps: PdfDeps) {
  assertAdmin(actor);
  // The table's columns only: a 7,000-row month read whole was 29 columns a row to read and map.
  const company = await companyOf(db, deps);
  const rows = await db
    .select({
      name: users.fullName,
      grossPayCents: payslips.grossPayCents,
      employeeCpfCents: payslips.employeeCpfCents,
      employerCpfCents: payslips.employerCpfCents,
      netPayCents: payslips.netPayCents,
      otherItemsCents: payslips.otherItemsCents,
      netPayableCents: payslips.netPayableCents,
      sdlCents: payslips.sdlCents,
    })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .where(and(eq(payslips.year, year), eq(payslips.month, month), isProcessedRow()))
    .orderBy(asc(users.fullName), asc(users.id));
  const pdf = await renderPdfDocument({
    kind: 'payrollTable',
    data: { companyName: company.name, year, month, rows },
  });
  return { pdf, fileName: `processed-payslips-${fileStamp(year, month)}.pdf` };
}
