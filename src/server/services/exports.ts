import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { todayIso } from '../../domain/dates';
import {
  exportFileName,
  LEAVE_EXPORT_COLUMNS,
  type LeaveExportQuery,
  type LeaveExportRow,
  PAYROLL_EXPORT_COLUMNS,
  type PayrollExportQuery,
  type PayrollExportRow,
  type StaffExportQuery,
} from '../../domain/exports';
import { payslipStatusesTagged } from '../../domain/lifecycles/payslip.lifecycle';
import type { PayItemKind } from '../../domain/payroll';
import { type StaffSheetRow, staffSheetColumns } from '../../domain/staff-import';
import type { DbOrTx } from '../db/client';
import { leaveBalances, leaveTypes } from '../db/schema';
import { rowsOf } from '../db/statements';
import { sheetFile } from '../lib/sheets';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { entitlementFor, leavePoliciesOf, servicesOf } from './leave-entitlements';
import { LIST_FROM } from './leave-lists';
import { listUsers } from './users';

/**
 * Exports (issue 38 item 5): staff, leave and payroll records as CSV or XLSX, ADMIN only. Each reads its
 * rows in one statement or a few (no per-row queries) and writes the file in memory; see
 * docs/performance.md for a year of 7,000 payslips.
 */

export interface ExportFile {
  fileName: string;
  format: 'csv' | 'xlsx';
  body: string | Buffer;
}

/**
 * The staff records with full NRIC/FIN and account numbers (the company's own record, for re-import:
 * docs/security.md), this year's allowances per leave type; audited in the transaction that reads them.
 */
export async function exportStaff(db: DbOrTx, actor: Actor, query: StaffExportQuery): Promise<ExportFile> {
  const year = Number(todayIso().slice(0, 4));
  return db.transaction(async (tx) => {
    const people = await listUsers(tx, { search: query.search, role: query.role }, { masked: false });
    // Types with a yearly allowance (not Unpaid Leave), in the order the wizard's step 4 lists them.
    const allowanceTypes = await tx
      .select({ name: leaveTypes.name })
      .from(leaveTypes)
      .where(eq(leaveTypes.unlimited, false))
      .orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.id));
    const typeNames = allowanceTypes.map((type) => type.name);
    const allowances = await allowancesOf(
      tx,
      people.filter((person) => person.employmentInfo !== null).map((person) => person.id),
      year,
      typeNames,
    );
    const rows: StaffSheetRow[] = people.map((person) => ({
      ...person,
      leaveAllowances: allowances.get(person.id) ?? {},
    }));
    const body = await sheetFile(query.format, 'Staff', staffSheetColumns(typeNames), rows);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'staff.exported',
      entity: 'user',
      details: {
        format: query.format,
        rows: rows.length,
        role: query.role,
        ...(query.search ? { search: query.search } : {}),
      },
    });
    return { fileName: exportFileName('staff', query.format), format: query.format, body };
  });
}

/**
 * Each person's allowance by leave type name for a year, as every balance reads it (leave-balances.ts):
 * their stored row, else what the type's policy gives for their service. Only the allowance: counting
 * used days is not the export's business. The policy's days are worked out only where no row is stored,
 * once per policy and service (dates through luxon cost about 0.1 ms a time: seconds for 7,000 staff).
 */
async function allowancesOf(
  db: DbOrTx,
  userIds: readonly number[],
  year: number,
  typeNames: readonly string[],
) {
  const result = new Map<number, Record<string, number | null>>();
  if (userIds.length === 0) return result;
  const named = new Set(typeNames);
  const policies = (await leavePoliciesOf(db)).filter((policy) => named.has(policy.leaveType.name));
  const services = await servicesOf(db, userIds);
  const stored = await db
    .select({
      userId: leaveBalances.userId,
      leaveTypeId: leaveBalances.leaveTypeId,
      totalDays: leaveBalances.totalDays,
    })
    .from(leaveBalances)
    .where(eq(leaveBalances.year, year));
  const storedOf = new Map(stored.map((row) => [`${row.userId}:${row.leaveTypeId}`, row.totalDays]));
  const asOf = todayIso();
  const byPolicy = new Map<string, number | null>();
  for (const userId of userIds) {
    const own: Record<string, number | null> = {};
    const service = services.get(userId);
    for (const policy of policies) {
      const key = `${userId}:${policy.leaveTypeId}`;
      if (storedOf.has(key)) {
        own[policy.leaveType.name] = storedOf.get(key) ?? null;
        continue;
      }
      const same = `${policy.leaveTypeId}:${service?.hireDate}:${service?.lastDate}:${service?.gender}`;
      if (!byPolicy.has(same)) byPolicy.set(same, entitlementFor(policy, service, year, asOf).entitledDays);
      own[policy.leaveType.name] = byPolicy.get(same) ?? null;
    }
    result.set(userId, own);
  }
  return result;
}

/** Leave requests touching a year (or every year), of the statuses asked, everyone's or one person's. */
export async function exportLeave(db: DbOrTx, query: LeaveExportQuery): Promise<ExportFile> {
  const conditions: SQL[] = [];
  if (query.year !== undefined) {
    conditions.push(sql`lr.from_date <= ${`${query.year}-12-31`} and lr.to_date >= ${`${query.year}-01-01`}`);
  }
  if (query.status?.length) conditions.push(sql`lr.status in ${query.status}`);
  if (query.userId !== undefined) conditions.push(sql`lr.user_id = ${query.userId}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await rowsOf<LeaveExportRow>(
    db,
    sql`select lr.id, lr.user_id as "userId", u.full_name as "fullName", u.email, t.name as type,
      lr.from_date::text as "fromDate", lr.from_date_is_am as "fromDateIsAm",
      lr.to_date::text as "toDate", lr.to_date_is_am as "toDateIsAm", lr.days::float8 as days,
      lr.status, lr.reason,
      to_char(lr.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      to_char(lr.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
    ${LIST_FROM}
    ${where}
    order by lr.from_date, lr.id`,
  );
  const body = await sheetFile(query.format, 'Leave', LEAVE_EXPORT_COLUMNS, rows);
  return {
    fileName: exportFileName('leave', query.format, { year: query.year }),
    format: query.format,
    body,
  };
}

/** The stored figures of a payslip as text (bigint and numeric, see db/statements.ts). */
type PayrollText = {
  [K in keyof PayrollExportRow]: PayrollExportRow[K] extends number ? number | string : PayrollExportRow[K];
};

const KIND_COLUMNS: Record<PayItemKind, keyof PayrollExportRow> = {
  ADHOC: 'adhocCents',
  BONUS: 'bonusCents',
  DEDUCTION: 'deductionCents',
  OTHER_ADDITION: 'otherAdditionCents',
  OTHER_DEDUCTION: 'otherDeductionCents',
};

const kindSum = (kind: PayItemKind) =>
  sql`coalesce(sum(i.amount_cents) filter (where i.kind = ${kind}), 0)::text as ${sql.identifier(KIND_COLUMNS[kind])}`;

/**
 * Processed payslips with every figure: a month's, or a year's as one row per payslip (employee and
 * month), by month then name. Amounts in dollars in the file; an audit row says who exported pay.
 */
export async function exportPayroll(
  db: DbOrTx,
  actor: Actor,
  query: PayrollExportQuery,
): Promise<ExportFile> {
  const period =
    query.month === undefined
      ? sql`p.year = ${query.year}`
      : sql`p.year = ${query.year} and p.month = ${query.month}`;
  const text = await rowsOf<PayrollText>(
    db,
    sql`select p.year, p.month, p.user_id as "userId", u.full_name as "fullName", u.email, p.status,
      p.pay_date::text as "payDate", p.basic_salary_snapshot_cents::text as "basicSalaryCents",
      p.ordinary_wage_cents::text as "ordinaryWageCents", p.additional_wage_cents::text as "additionalWageCents",
      k."adhocCents", k."bonusCents", k."deductionCents", k."otherAdditionCents", k."otherDeductionCents",
      p.gross_pay_cents::text as "grossPayCents", p.employee_cpf_cents::text as "employeeCpfCents",
      p.employer_cpf_cents::text as "employerCpfCents", p.self_help_group_snapshot as "selfHelpGroup",
      p.shg_cents::text as "shgCents", p.sdl_cents::text as "sdlCents", p.net_pay_cents::text as "netPayCents",
      p.net_payable_cents::text as "netPayableCents"
    from payslips p
      join users u on u.id = p.user_id
      cross join lateral (select ${kindSum('ADHOC')}, ${kindSum('BONUS')}, ${kindSum('DEDUCTION')},
        ${kindSum('OTHER_ADDITION')}, ${kindSum('OTHER_DEDUCTION')}
        from pay_items i where i.payslip_id = p.id) k
    where ${period} and p.status in ${payslipStatusesTagged('processed')}
    order by p.month, u.full_name, u.id`,
  );
  const rows = text.map(toPayrollRow);
  const body = await sheetFile(query.format, 'Payroll', PAYROLL_EXPORT_COLUMNS, rows);
  await writeAudit(db, {
    actorUserId: actor.id,
    action: 'payroll.exported',
    entity: 'payroll',
    entityId: query.month === undefined ? String(query.year) : `${query.year}-${query.month}`,
    details: { format: query.format, rows: rows.length },
  });
  return {
    fileName: exportFileName('payroll', query.format, query),
    format: query.format,
    body,
  };
}

const NUMERIC_KEYS = [
  'basicSalaryCents',
  'ordinaryWageCents',
  'additionalWageCents',
  'adhocCents',
  'bonusCents',
  'deductionCents',
  'grossPayCents',
  'employeeCpfCents',
  'employerCpfCents',
  'shgCents',
  'sdlCents',
  'netPayCents',
  'otherAdditionCents',
  'otherDeductionCents',
  'netPayableCents',
] as const satisfies readonly (keyof PayrollExportRow)[];

function toPayrollRow(row: PayrollText): PayrollExportRow {
  const out = { ...row } as unknown as PayrollExportRow;
  for (const key of NUMERIC_KEYS) out[key] = Number(row[key]);
  return out;
}
