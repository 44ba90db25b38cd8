import { and, count, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Setup, SetupStep } from '../../domain/setup';
import type { DbOrTx } from '../db/client';
import { company, companyBankAccounts } from '../db/company-schema';
import { publicHolidays } from '../db/leave-law-schema';
import { openingLeave, openingYtd } from '../db/opening-schema';
import { payslips, staffInfo, users } from '../db/schema';
import { auditLog } from '../db/system-schema';
import { COMPANY_ROW } from './company';
import { isProcessedRow } from './payroll/repository';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function companyParticulars(db: DbOrTx): Promise<SetupStep> {
  const [row] = await db.select().from(company).where(eq(company.id, COMPANY_ROW));
  // What the CPF, bank and IR8A files cannot go without (docs/statutory-files.md).
  const missing = [
    ['UEN', row?.uen],
    ['CPF submission number', row?.cpfSubmissionNumber],
    ['address', row?.address],
  ].flatMap(([label, value]) => (value ? [] : [label as string]));
  return {
    key: 'companyParticulars',
    done: missing.length === 0,
    detail: missing.length === 0 ? `UEN ${row?.uen}` : `Missing: ${missing.join(', ')}`,
  };
}

async function bankAccounts(db: DbOrTx): Promise<SetupStep> {
  const rows = await db
    .select({ bankName: companyBankAccounts.bankName })
    .from(companyBankAccounts)
    .where(isNotNull(companyBankAccounts.accountNo));
  return {
    key: 'bankAccounts',
    done: rows.length > 0,
    detail:
      rows.length > 0
        ? `${plural(rows.length, 'account')}: ${rows.map((r) => r.bankName).join(', ')}`
        : 'No account to pay salaries from yet',
  };
}

async function leavePolicies(db: DbOrTx): Promise<SetupStep> {
  // The statutory defaults are in place from the start; the step is an administrator's review of them.
  const [saved] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, 'leavePolicy.updated'));
  const done = (saved?.n ?? 0) > 0;
  return {
    key: 'leavePolicies',
    done,
    detail: done ? 'Reviewed' : 'Statutory defaults, not yet reviewed',
  };
}

async function publicHolidaysOf(db: DbOrTx, year: number): Promise<SetupStep> {
  const [row] = await db
    .select({ n: count() })
    .from(publicHolidays)
    .where(and(gte(publicHolidays.date, `${year}-01-01`), lte(publicHolidays.date, `${year}-12-31`)));
  const n = row?.n ?? 0;
  return { key: 'publicHolidays', done: n > 0, detail: `${plural(n, 'public holiday')} in ${year}` };
}

async function staff(db: DbOrTx): Promise<SetupStep> {
  const [row] = await db
    .select({ registered: count(users.id), onboarded: count(staffInfo.userId) })
    .from(users)
    .leftJoin(staffInfo, eq(staffInfo.userId, users.id))
    .where(eq(users.role, 'STAFF'));
  const registered = row?.registered ?? 0;
  const onboarded = row?.onboarded ?? 0;
  return {
    key: 'staff',
    // Setting up needs someone to pay; onboarding the rest is everyday work, not setup.
    done: onboarded > 0,
    detail: `${plural(registered, 'staff member')} registered, ${onboarded} onboarded`,
  };
}

async function payroll(db: DbOrTx): Promise<SetupStep> {
  const [first] = await db
    .select({ year: payslips.year, month: payslips.month })
    .from(payslips)
    .where(isProcessedRow())
    .orderBy(payslips.year, payslips.month)
    .limit(1);
  return {
    key: 'payroll',
    done: Boolean(first),
    detail: first
      ? `First month processed: ${String(first.month).padStart(2, '0')}/${first.year}`
      : 'No month processed yet',
  };
}

/**
 * Opening balances (issue 38 items 3 and 4): done once any employee's year so far or leave taken
 * before is recorded, or when the first month processed here is a January: the company started with
 * the year and has nothing to bring. (A company may have nothing to bring in other months too; the
 * card can be dismissed.)
 */
async function openingBalances(db: DbOrTx): Promise<SetupStep> {
  const [[ytd], [leave], [first]] = await Promise.all([
    db.select({ n: count() }).from(openingYtd),
    db.select({ n: count() }).from(openingLeave),
    db
      .select({ month: payslips.month })
      .from(payslips)
      .where(isProcessedRow())
      .orderBy(payslips.year, payslips.month)
      .limit(1),
  ]);
  const ytdCount = ytd?.n ?? 0;
  const leaveCount = leave?.n ?? 0;
  if (ytdCount > 0 || leaveCount > 0) {
    return {
      key: 'openingBalances',
      done: true,
      detail: `${plural(ytdCount, 'opening year to date')}, ${plural(leaveCount, 'opening leave figure')}`,
    };
  }
  const fromJanuary = first?.month === 1;
  return {
    key: 'openingBalances',
    done: fromJanuary,
    detail: fromJanuary ? 'Payroll started in January: nothing to bring' : 'None recorded yet',
  };
}

/** GET /setup (ADMIN): each step of the checklist and whether the database shows it done. */
export async function setupChecklist(db: DbOrTx, today: string): Promise<Setup> {
  const steps = await Promise.all([
    companyParticulars(db),
    bankAccounts(db),
    leavePolicies(db),
    publicHolidaysOf(db, Number(today.slice(0, 4))),
    staff(db),
    openingBalances(db),
    payroll(db),
  ]);
  return { steps };
}
