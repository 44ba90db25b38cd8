import { and, asc, eq, sql } from 'drizzle-orm';
import type { PayslipStatus } from '../../../domain/enums';
import { isProcessedPayslip } from '../../../domain/lifecycles/payslip.lifecycle';
import type { PayslipItem } from '../../../domain/payroll';
import type { DbOrTx } from '../../db/client';
import { payslips, users } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { conflict, notFound } from '../../lib/http-error';
import type { PayslipPdfData } from '../../pdf/payslip';
import { renderPdfDocument } from '../../pdf/pool';
import { type Actor, isAdmin } from '../actor';
import { COMPANY_ROW, type CompanyDefaults, companyOf } from '../company';
import {
  emptyYearToDate,
  ITEMS_COLUMN,
  isProcessedRow,
  type Period,
  SNAPSHOT_COLUMNS,
  type SnapshotText,
  snapshotRowOf,
  TOTALS_COLUMNS,
  type TotalsText,
  totalsRowOf,
  yearToDate,
} from './repository';

/** The documents of processed payroll: a payslip's PDF and the period's table PDF. */

/** What the PDFs need beyond the database: the company's name until its particulars are saved. */
export type PdfDeps = CompanyDefaults;

const fileStamp = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** GET /payslips/{id}/pdf: a processed payslip as PDF; STAFF reach only their own. */
export async function payslipPdf(db: DbOrTx, actor: Actor, { id }: { id: number }, deps: PdfDeps) {
  const [found] = await payslipDocument(db, id);
  if (!found) throw notFound('Payslip not found.');
  if (!isProcessedPayslip(found.status)) {
    throw isAdmin(actor) ? conflict('Only a processed payslip has a PDF.') : notFound('Payslip not found.');
  }
  const companyName = found.company_name ?? deps.companyName;
  const ytd = await yearToDate(db, found, [found.user_id], { throughMonth: true });
  const snapshot = snapshotRowOf(found);
  const data: PayslipPdfData = {
    companyName,
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
    yearToDate: ytd.get(found.user_id) ?? emptyYearToDate,
  };
  const pdf = await renderPdfDocument({ kind: 'payslip', data });
  return {
    pdf,
    fileName: `payslip-${fileStamp(found.year, found.month)}-${found.user_id}.pdf`,
    companyName,
  };
}

/**
 * What a payslip's PDF prints besides the year to date, in one statement: a month's e-mails draw
 * 7,000 of these, and each query more was a round trip. Amounts come as text (bigint), items as JSON
 * in the order they were added.
 */
const payslipDocument = (db: DbOrTx, id: number) =>
  rowsOf<
    SnapshotText &
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
      }
  >(
    db,
    // Name, NRIC/FIN and account as frozen at processing (identities.ts); only a processed payslip prints.
    sql`select p.user_id, p.status, p.pay_date::text, ${SNAPSHOT_COLUMNS}, ${TOTALS_COLUMNS},
     pid.full_name, pid.id_number as nric, ei.designation, pid.bank_name, pid.account_no,
     (select c.name from company c where c.id = ${COMPANY_ROW}) as company_name,
     ${ITEMS_COLUMN} as items
   from payslips p
     left join payslip_identities pid on pid.payslip_id = p.id
     left join employment_info ei on ei.user_id = p.user_id
   where p.id = ${id}`,
  );

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
