import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PayRunStatus } from '../../../domain/enums';
import {
  canPayRun,
  initialPayRunStatus,
  nextPayRunStatus,
  type PayRunLifecycleEventType,
  payRunStatusesTagged,
  payRunStatusHasTag,
} from '../../../domain/lifecycles/pay-run.lifecycle';
import { payslipStatusesTagged } from '../../../domain/lifecycles/payslip.lifecycle';
import { centsToAmount } from '../../../domain/money';
import { awaitsApprovalMessage, type PayRun } from '../../../domain/pay-runs';
import { previousPeriod, type VarianceEmployee, varianceReport } from '../../../domain/payroll/variance';
import type { DbOrTx, Tx } from '../../db/client';
import { company } from '../../db/company-schema';
import { payRuns } from '../../db/pay-run-schema';
import { users } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { conflict, forbidden } from '../../lib/http-error';
import type { Actor } from '../actor';
import { isAdmin } from '../actor';
import { writeAudit } from '../audit';
import { COMPANY_ROW } from '../company';
import { usersPaidOverALimit } from './over-limits';
import { type Period, periodLabel } from './repository';

/**
 * A month's pay run (issue 39, decision 0016): submitted by one administrator, approved by another,
 * before the month's bank and CPF files, e-mails and staff's payslips are released. Approval applies
 * while the company setting is on and the company has two or more administrators; otherwise
 * processing releases the month as it always did.
 */

type PayRunRow = typeof payRuns.$inferSelect;

/** Whether approval applies now: the setting (on until saved otherwise) and a second administrator. */
export async function approvalInEffect(db: DbOrTx): Promise<boolean> {
  // One after the other: inside a transaction both would share its one connection.
  const [setting] = await db
    .select({ on: company.requirePayRunApproval })
    .from(company)
    .where(eq(company.id, COMPANY_ROW));
  const [admins] = await db.select({ n: count() }).from(users).where(eq(users.role, 'ADMIN'));
  return (setting?.on ?? true) && (admins?.n ?? 0) >= 2;
}

const monthOf = ({ year, month }: Period) => and(eq(payRuns.year, year), eq(payRuns.month, month));
const entityIdOf = ({ year, month }: Period) => `${year}-${String(month).padStart(2, '0')}`;

/** The month's run, created OPEN when absent, locked until the transaction ends. */
async function lockPayRun(tx: Tx, period: Period): Promise<PayRunRow> {
  await tx
    .insert(payRuns)
    .values({ year: period.year, month: period.month, status: initialPayRunStatus })
    .onConflictDoNothing();
  const [row] = await tx.select().from(payRuns).where(monthOf(period)).for('update');
  if (!row) throw new Error('pay run not created');
  return row;
}

async function statusOf(db: DbOrTx, period: Period): Promise<PayRunStatus> {
  const [row] = await db.select({ status: payRuns.status }).from(payRuns).where(monthOf(period));
  return row?.status ?? initialPayRunStatus;
}

/**
 * The bank and CPF files and the payslip e-mails of a month: 409 until its run is approved, while
 * approval applies.
 */
export async function assertPayRunReleased(db: DbOrTx, period: Period): Promise<void> {
  if (!(await approvalInEffect(db))) return;
  if (!payRunStatusHasTag(await statusOf(db, period), 'released')) {
    throw conflict(awaitsApprovalMessage(period.year, period.month));
  }
}

/**
 * For staff's own payslips: a condition on `p` (payslips) that keeps only released months while
 * approval applies (administrators see every month).
 */
export async function releasedPayslipsOnly(db: DbOrTx, actor: Actor): Promise<SQL | undefined> {
  if (isAdmin(actor) || !(await approvalInEffect(db))) return undefined;
  return sql`exists (select 1 from pay_runs r where r.year = p.year and r.month = p.month
    and r.status in ${payRunStatusesTagged('released')})`;
}

/**
 * Processing or reverting payslips of a month, inside that change's transaction (after the payslip
 * locks): while approval applies, a submitted run returns to OPEN and an approved one refuses until
 * reopened; without approval, processing releases the month at once.
 */
export async function payslipsChanging(
  tx: Tx,
  actor: Actor,
  period: Period,
  change: 'process' | 'revert',
): Promise<void> {
  const run = await lockPayRun(tx, period);
  const approval = await approvalInEffect(tx);
  let event: PayRunLifecycleEventType | null;
  if (approval) {
    if (!canPayRun(run.status, 'payRun.change')) {
      throw conflict(
        `The pay run for ${periodLabel(period.year, period.month)} is approved: an administrator reopens it, with a reason, before its payslips change.`,
      );
    }
    event = 'payRun.change';
  } else if (change === 'process') {
    event = canPayRun(run.status, 'payRun.release') ? 'payRun.release' : 'payRun.change';
  } else {
    event = null;
  }
  if (!event) return;
  const next = nextPayRunStatus(run.status, event);
  if (!next || next === run.status) return;
  const released = event === 'payRun.release';
  await tx
    .update(payRuns)
    .set(
      released
        ? { status: next, approvedBy: null, approvedAt: new Date() }
        : { status: next, submittedBy: null, submittedAt: null },
    )
    .where(eq(payRuns.id, run.id));
  await writeAudit(tx, {
    actorUserId: actor.id,
    action: released ? 'payRun.released' : 'payRun.changed',
    entity: 'payRun',
    entityId: entityIdOf(period),
    details: { before: { status: run.status }, after: { status: next }, change },
  });
}

async function processedCount(db: DbOrTx, period: Period): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from payslips p where p.year = ${period.year} and p.month = ${period.month}
      and p.status in ${payslipStatusesTagged('processed')}`,
  );
  return row?.n ?? 0;
}

const doneWord: Partial<Record<PayRunLifecycleEventType, string>> = {
  'payRun.submit': 'submitted',
  'payRun.approve': 'approved',
  'payRun.reject': 'rejected',
  'payRun.reopen': 'reopened',
};

/** Moves the run by one lifecycle event, or answers 409 naming where it is. */
function nextOrRefuse(run: PayRunRow, event: PayRunLifecycleEventType, period: Period): PayRunStatus {
  const next = nextPayRunStatus(run.status, event);
  if (!next) {
    throw conflict(
      `The pay run for ${periodLabel(period.year, period.month)} is ${run.status.toLowerCase()}: it cannot be ${doneWord[event] ?? 'changed'} now.`,
    );
  }
  return next;
}

/** POST /pay-runs/{year}/{month}/submit (ADMIN): the processed month goes to another administrator. */
export async function submitPayRun(db: DbOrTx, actor: Actor, period: Period): Promise<PayRun> {
  await db.transaction(async (tx) => {
    if (!(await approvalInEffect(tx))) {
      throw conflict('Pay run approval is off: the month is released as it is processed.');
    }
    const run = await lockPayRun(tx, period);
    const next = nextOrRefuse(run, 'payRun.submit', period);
    if ((await processedCount(tx, period)) === 0) {
      throw conflict(`Process the payslips of ${periodLabel(period.year, period.month)} before submitting.`);
    }
    const submittedAt = new Date();
    await tx
      .update(payRuns)
      .set({ status: next, submittedBy: actor.id, submittedAt, rejectedReason: null })
      .where(eq(payRuns.id, run.id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payRun.submitted',
      entity: 'payRun',
      entityId: entityIdOf(period),
      details: {
        before: { status: run.status },
        after: { status: next, submittedBy: actor.id, submittedAt: submittedAt.toISOString() },
      },
    });
  });
  return getPayRun(db, period);
}

/** Approve or reject: another administrator than the submitter decides a submitted run. */
export async function decidePayRun(
  db: DbOrTx,
  actor: Actor,
  period: Period,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<PayRun> {
  await db.transaction(async (tx) => {
    const run = await lockPayRun(tx, period);
    const event = decision.approve ? 'payRun.approve' : 'payRun.reject';
    const next = nextOrRefuse(run, event, period);
    if (run.submittedBy === actor.id) {
      throw forbidden('The administrator who submitted the pay run cannot approve or reject it.');
    }
    const now = new Date();
    const set = decision.approve
      ? { status: next, approvedBy: actor.id, approvedAt: now }
      : { status: next, submittedBy: null, submittedAt: null, rejectedReason: decision.reason };
    await tx.update(payRuns).set(set).where(eq(payRuns.id, run.id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: decision.approve ? 'payRun.approved' : 'payRun.rejected',
      entity: 'payRun',
      entityId: entityIdOf(period),
      details: {
        before: { status: run.status, submittedBy: run.submittedBy },
        after: decision.approve
          ? { status: next, approvedBy: actor.id, approvedAt: now.toISOString() }
          : { status: next, rejectedReason: decision.reason },
      },
    });
  });
  return getPayRun(db, period);
}

/** POST /pay-runs/{year}/{month}/reopen (ADMIN): an approved month opens again, with a reason. */
export async function reopenPayRun(
  db: DbOrTx,
  actor: Actor,
  period: Period,
  reason: string,
): Promise<PayRun> {
  await db.transaction(async (tx) => {
    const run = await lockPayRun(tx, period);
    const next = nextOrRefuse(run, 'payRun.reopen', period);
    await tx
      .update(payRuns)
      .set({
        status: next,
        submittedBy: null,
        submittedAt: null,
        approvedBy: null,
        approvedAt: null,
        reopenedReason: reason,
      })
      .where(eq(payRuns.id, run.id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payRun.reopened',
      entity: 'payRun',
      entityId: entityIdOf(period),
      details: {
        before: { status: run.status, approvedBy: run.approvedBy },
        after: { status: next, reopenedReason: reason },
      },
    });
  });
  return getPayRun(db, period);
}

interface MonthRow {
  user_id: number;
  full_name: string;
  gross: string;
  cpf: string;
  net: string;
  hire_date: string | null;
  last_day_of_service: string | null;
}

const monthRows = (db: DbOrTx, { year, month }: Period) =>
  rowsOf<MonthRow>(
    db,
    sql`select p.user_id, u.full_name, p.gross_pay_cents::text as gross,
       (p.employee_cpf_cents + p.employer_cpf_cents)::text as cpf, p.net_payable_cents::text as net,
       ei.hire_date::text, ei.last_day_of_service::text
     from payslips p join users u on u.id = p.user_id left join employment_info ei on ei.user_id = p.user_id
     where p.year = ${year} and p.month = ${month} and p.status in ${payslipStatusesTagged('processed')}
     order by u.full_name, u.id`,
  );

const employeeOf = (row: MonthRow): VarianceEmployee => ({
  userId: row.user_id,
  name: row.full_name,
  grossCents: Number(row.gross),
  cpfCents: Number(row.cpf),
  netCents: Number(row.net),
  hireDate: row.hire_date,
  lastDayOfService: row.last_day_of_service,
});

interface TotalsRow {
  gross: string;
  employee_cpf: string;
  employer_cpf: string;
  shg: string;
  sdl: string;
  net_payable: string;
  headcount: number;
}

const submitter = alias(users, 'submitter');
const approver = alias(users, 'approver');
const personOf = (id: number | null, name: string | null) => (id == null ? null : { id, name });
const dollars = (cents: number | null) => (cents == null ? null : centsToAmount(cents));

/** GET /pay-runs/{year}/{month} (ADMIN): the run, the month's totals and the variance against last month. */
export async function getPayRun(db: DbOrTx, period: Period): Promise<PayRun> {
  const [[run], [totals], current, previous, approvalRequired, overALimit] = await Promise.all([
    db
      .select({
        status: payRuns.status,
        submittedBy: payRuns.submittedBy,
        submittedByName: submitter.fullName,
        submittedAt: payRuns.submittedAt,
        approvedBy: payRuns.approvedBy,
        approvedByName: approver.fullName,
        approvedAt: payRuns.approvedAt,
        rejectedReason: payRuns.rejectedReason,
        reopenedReason: payRuns.reopenedReason,
      })
      .from(payRuns)
      .leftJoin(submitter, eq(submitter.id, payRuns.submittedBy))
      .leftJoin(approver, eq(approver.id, payRuns.approvedBy))
      .where(monthOf(period)),
    rowsOf<TotalsRow>(
      db,
      sql`select coalesce(sum(p.gross_pay_cents), 0)::text as gross,
         coalesce(sum(p.employee_cpf_cents), 0)::text as employee_cpf,
         coalesce(sum(p.employer_cpf_cents), 0)::text as employer_cpf, coalesce(sum(p.shg_cents), 0)::text as shg,
         coalesce(sum(p.sdl_cents), 0)::text as sdl, coalesce(sum(p.net_payable_cents), 0)::text as net_payable,
         count(*)::int as headcount
       from payslips p where p.year = ${period.year} and p.month = ${period.month}
         and p.status in ${payslipStatusesTagged('processed')}`,
    ),
    monthRows(db, period),
    monthRows(db, previousPeriod(period)),
    approvalInEffect(db),
    usersPaidOverALimit(db, period),
  ]);
  const report = varianceReport(period, current.map(employeeOf), previous.map(employeeOf), overALimit);
  const amount = (value: { current: number; previous: number | null }) => ({
    current: centsToAmount(value.current),
    previous: dollars(value.previous),
  });
  return {
    year: period.year,
    month: period.month,
    status: run?.status ?? initialPayRunStatus,
    approvalRequired,
    submittedBy: personOf(run?.submittedBy ?? null, run?.submittedByName ?? null),
    submittedAt: run?.submittedAt?.toISOString() ?? null,
    approvedBy: personOf(run?.approvedBy ?? null, run?.approvedByName ?? null),
    approvedAt: run?.approvedAt?.toISOString() ?? null,
    rejectedReason: run?.rejectedReason ?? null,
    reopenedReason: run?.reopenedReason ?? null,
    totals: {
      gross: centsToAmount(Number(totals?.gross ?? 0)),
      employeeCpf: centsToAmount(Number(totals?.employee_cpf ?? 0)),
      employerCpf: centsToAmount(Number(totals?.employer_cpf ?? 0)),
      shg: centsToAmount(Number(totals?.shg ?? 0)),
      // SDL is kept to fractions of a cent per payslip; the month's sum is paid in whole cents.
      sdl: centsToAmount(Math.round(Number(totals?.sdl ?? 0))),
      netPayable: centsToAmount(Number(totals?.net_payable ?? 0)),
      headcount: totals?.headcount ?? 0,
    },
    variance: report.rows.map((row) => ({
      userId: row.userId,
      name: row.name,
      gross: amount(row.gross),
      cpf: amount(row.cpf),
      net: amount(row.net),
      flags: row.flags,
    })),
    varianceTotals: {
      headcount: report.totals.headcount,
      gross: amount(report.totals.gross),
      cpf: amount(report.totals.cpf),
      net: amount(report.totals.net),
    },
  };
}

/** GET /pay-runs/awaiting (ADMIN): the submitted runs this administrator may decide (not their own). */
export async function payRunsAwaiting(db: DbOrTx, actor: Actor): Promise<PayRun[]> {
  const rows = await db
    .select({ year: payRuns.year, month: payRuns.month, submittedBy: payRuns.submittedBy })
    .from(payRuns)
    .where(sql`${payRuns.status} in ${payRunStatusesTagged('awaitsApproval')}`)
    .orderBy(payRuns.year, payRuns.month);
  const theirs = rows.filter((row) => row.submittedBy !== actor.id);
  return Promise.all(theirs.map((row) => getPayRun(db, row)));
}
