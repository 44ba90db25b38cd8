import { and, asc, eq, sql } from 'drizzle-orm';
import type { PayslipStatus } from '../../../domain/enums';
import { isProcessedPayslip, payslipStatusesTagged } from '../../../domain/lifecycles/payslip.lifecycle';
import type { PayslipItem } from '../../../domain/payroll';
import type { DbOrTx } from '../../db/client';
import { payslips, users } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { conflict, notFound } from '../../lib/http-error';
import type { PayslipPdfData } from '../../pdf/payslip';
import { renderPdfDocument } from '../../pdf/pool';
import { type Actor, isAdmin } from '../actor';
import { COMPANY_ROW, type CompanyDefaults, companyOf } from '../company';
import { releasedPayslipsOnly } from './pay-runs';
import {
  ITEMS_COLUMN,
  isProcessedRow,
  type Period,
  SNAPSHOT_COLUMNS,
  type SnapshotText,
  snapshotRowOf,
  TOTALS_COLUMNS,
  type TotalsText,
  totalsRowOf,
} from './repository';

/** The documents of processed payroll: a payslip's PDF and the period's table PDF. */

/** What the PDFs need beyond the database: the company's name until its particulars are saved. */
export type PdfDeps = CompanyDefaults;

const fileStamp = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** GET /payslips/{id}/pdf: a processed payslip as PDF; STAFF reach only their own. */
export async function payslipPdf(db: DbOrTx, actor: Actor, { id }: { id: number }, deps: PdfDeps) {
  const [found] = await rowsOf<PayslipDocumentRow>(
    db,
    sql`select ${PAYSLIP_DOCUMENT_COLUMNS} from payslips p ${PAYSLIP_DOCUMENT_JOINS} where p.id = ${id}`,
  );
  if (!found) throw notFound('Payslip not found.');
  if (!isProcessedPayslip(found.status)) {
    throw isAdmin(actor) ? conflict(NOT_PROCESSED) : notFound('Payslip not found.');
  }
  // Staff see a month's payslips once its pay run is released (issue 39).
  const only = await releasedPayslipsOnly(db, actor);
  if (only) {
    const [released] = await rowsOf<{ id: number }>(
      db,
      sql`select p.id from payslips p where p.id = ${id} and ${only}`,
    );
    if (!released) throw notFound('Payslip not found.');
  }
  const data = payslipPdfData(found, deps);
  const pdf = await renderPdfDocument({ kind: 'payslip', data });
  return { pdf, fileName: payslipFileName(found) };
}

export const NOT_PROCESSED = 'Only a processed payslip has a PDF.';

export const payslipFileName = (row: { year: number; month: number; user_id: number }) =>
  `payslip-${fileStamp(row.year, row.month)}-${row.user_id}.pdf`;

/** A payslip's document as {@link PAYSLIP_DOCUMENT_COLUMNS} reads it. */
export type PayslipDocumentRow = SnapshotText &
  TotalsText & {
    user_id: number;
    status: PayslipStatus;
    pay_date: string | null;
    full_name: string | null;
    nric: string | null;
    designation: string | null;
    bank_name: string | null;
    account_no: string | null;
    company_name: string | null;
    items: PayslipItem[];
    year_to_date: PayslipPdfData['yearToDate'];
  };

/**
 * Everything a payslip's PDF prints, for payslip `p` with {@link PAYSLIP_DOCUMENT_JOINS}, so that one
 * statement reads it (issue 33): the PDF over HTTP and a month's e-mails (7,000 of them) each took
 * three, a round trip apiece. Amounts come as text (bigint); items and the year to date as JSON,
 * the items in the order they were added. The year to date sums the employee's processed payslips of
 * the year through this one's month.
 */
export const PAYSLIP_DOCUMENT_COLUMNS = sql`p.user_id, p.status, p.pay_date::text, ${SNAPSHOT_COLUMNS},
  ${TOTALS_COLUMNS}, pid.full_name, pid.id_number as nric, ei.designation, pid.bank_name, pid.account_no,
  (select c.name from company c where c.id = ${COMPANY_ROW}) as company_name,
  ${ITEMS_COLUMN} as items,
  (select json_build_object('grossPayCents', coalesce(sum(y.gross_pay_cents), 0),
      'employeeCpfCents', coalesce(sum(y.employee_cpf_cents), 0),
      'employerCpfCents', coalesce(sum(y.employer_cpf_cents), 0),
      'netPayCents', coalesce(sum(y.net_pay_cents), 0),
      'netPayableCents', coalesce(sum(y.net_payable_cents), 0))
    from payslips y
    where y.user_id = p.user_id and y.year = p.year and y.month <= p.month
      and y.status in ${payslipStatusesTagged('processed')}) as year_to_date`;

// Name, NRIC/FIN and account as frozen at processing (identities.ts); only a processed payslip prints.
export const PAYSLIP_DOCUMENT_JOINS = sql`join users u on u.id = p.user_id
  left join payslip_identities pid on pid.payslip_id = p.id
  left join employment_info ei on ei.user_id = p.user_id`;

/** The PDF's data from the payslip's document row; the company's name falls back to the configured one. */
export function payslipPdfData(found: PayslipDocumentRow, deps: PdfDeps): PayslipPdfData {
  const snapshot = snapshotRowOf(found);
  return {
    companyName: found.company_name ?? deps.companyName,
    employee: { fullName: found.full_name ?? '', nric: found.nric, designation: found.designation },
    year: found.year,
    month: found.month,
    payDate: found.pay_date ?? '',
    basicSalaryCents: snapshot.basicSalarySnapshotCents,
    items: found.items,
    totals: totalsRowOf(found),
    selfHelpGroup: snapshot.selfHelpGroupSnapshot,
    cpfRates:
      snapshot.employeeCpfRateSnapshot === null || snapshot.employerCpfRateSnapshot === null
        ? null
        : {
            employeePercent: snapshot.employeeCpfRateSnapshot,
            employerPercent: snapshot.employerCpfRateSnapshot,
          },
    bank: { bankName: found.bank_name, accountNo: found.account_no },
    yearToDate: found.year_to_date,
  };
}

/** GET /payslips/processed/pdf-table: the period's Processed List as a PDF table, employer costs included. */
export async function processedTablePdf(db: DbOrTx, { year, month }: Period, deps: PdfDeps) {
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
