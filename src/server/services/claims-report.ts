import { sql } from 'drizzle-orm';
import { type ClaimReportRow, claimsReportCsv, claimsReportOf } from '../../domain/claims-report';
import { COMPANY_TIME_ZONE } from '../../domain/dates';
import { payslipStatusesTagged } from '../../domain/lifecycles/payslip.lifecycle';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/statements';
import { renderPdfDocument } from '../pdf/pool';
import { type CompanyDefaults, companyOf } from './company';

/**
 * GET /claims/report?year&month&format (ADMIN): the month's claims report (issue 37 item 4). A month's
 * claims are those decided in it (Asia/Singapore) and those paid on a processed payslip of it.
 */
async function reportRows(db: DbOrTx, year: number, month: number): Promise<ClaimReportRow[]> {
  const period = `${year}-${String(month).padStart(2, '0')}`;
  const rows = await rowsOf<{
    id: number;
    employee: string;
    type: string;
    date: string;
    amount_cents: string | number;
    status: ClaimReportRow['status'];
    decided_on: string | null;
    paid_with: string | null;
  }>(
    db,
    sql`select c.id, u.full_name as employee, ct.name as type, c.date::text as date, c.amount_cents, c.status,
          to_char(c.decided_at at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD') as decided_on,
          case when p.status in ${payslipStatusesTagged('processed')}
            then p.year || '-' || lpad(p.month::text, 2, '0') end as paid_with
        from claims c
          join users u on u.id = c.user_id
          join claim_types ct on ct.id = c.claim_type_id
          left join pay_items i on i.id = c.pay_item_id
          left join payslips p on p.id = i.payslip_id
        where to_char(c.decided_at at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM') = ${period}
          or (p.year = ${year} and p.month = ${month} and p.status in ${payslipStatusesTagged('processed')})`,
  );
  return rows.map((row) => ({
    id: row.id,
    employee: row.employee,
    type: row.type,
    date: row.date,
    amountCents: Number(row.amount_cents),
    status: row.status,
    decidedOn: row.decided_on,
    paidWith: row.paid_with,
  }));
}

const fileName = (year: number, month: number, extension: string) =>
  `claims-${year}-${String(month).padStart(2, '0')}.${extension}`;

export async function claimsReportCsvFile(db: DbOrTx, { year, month }: { year: number; month: number }) {
  const report = claimsReportOf(year, month, await reportRows(db, year, month));
  return { csv: claimsReportCsv(report), fileName: fileName(year, month, 'csv') };
}

export async function claimsReportPdfFile(
  db: DbOrTx,
  { year, month }: { year: number; month: number },
  defaults: CompanyDefaults,
) {
  const company = await companyOf(db, defaults);
  const report = claimsReportOf(year, month, await reportRows(db, year, month));
  const pdf = await renderPdfDocument({ kind: 'claimsReport', data: { companyName: company.name, report } });
  return { pdf, fileName: fileName(year, month, 'pdf') };
}
