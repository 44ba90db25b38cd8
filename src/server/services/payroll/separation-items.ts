import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { entitledDays } from '../../../domain/leave-entitlement';
import { isProcessedPayslip } from '../../../domain/lifecycles/payslip.lifecycle';
import { separationStatusesTagged } from '../../../domain/lifecycles/separation.lifecycle';
import {
  daysAtGrossRateCents,
  encashableLeaveDays,
  incompleteMonth,
  noticeInLieu,
  type PayItemKind,
  type PayItemSource,
} from '../../../domain/payroll';
import { noticeEnds, noticePeriodDays } from '../../../domain/separation';
import type { DbOrTx } from '../../db/client';
import { employmentInfo, payItems, payslips } from '../../db/schema';
import { keyEmploymentTerms, separations } from '../../db/separation-schema';
import { leaveBalancesOf } from '../leave-balances';
import { leavePoliciesOf } from '../leave-entitlements';
import { replaceSourceItems } from './source-items';

/**
 * The leaving month's pay (issue 35 item 3) as pay items marked `source = 'SEPARATION'` on the payslip of
 * the month of the last day: the days after it not paid (INCOMPLETE_MONTH), notice in lieu (NOTICE_PAY or
 * NOTICE_DEDUCTION) and unused annual leave (ANNUAL_LEAVE_ENCASHMENT), by src/domain/payroll/leaver.ts.
 * As the timesheet's items (timesheet-items.ts): only the marked items are rewritten, whenever the
 * separation is recorded, acknowledged or withdrawn, or the month's payslip is created; the
 * administrator edits one by removing it and typing their own, which is never rewritten. A processed
 * payslip is never touched.
 */

const SOURCE: PayItemSource = 'SEPARATION';

export interface SeparationPayItem {
  kind: PayItemKind;
  type: string;
  amountCents: number;
}

interface Month {
  userId: number;
  year: number;
  month: number;
}

const inMonth = (date: string, { year, month }: Month) =>
  date.slice(0, 7) === `${year}-${String(month).padStart(2, '0')}`;

/** The unused annual leave at the last day, read from the one balance function (leave-balances.ts). */
async function unusedAnnualLeave(tx: DbOrTx, userId: number, hireDate: string, lastDay: string) {
  const policy = (await leavePoliciesOf(tx)).find((p) => p.statute === 'ANNUAL');
  if (!policy) return 0;
  const year = Number(lastDay.slice(0, 4));
  const balance = (await leaveBalancesOf(tx, [userId], year, lastDay))
    .get(userId)
    ?.find((b) => b.leaveType.id === policy.leaveTypeId);
  if (!balance) return 0;
  // A stored allowance is read as the year's full days; else the policy's, unprorated: the Act's
  // proration by completed months to the last day is applied once, in encashableLeaveDays.
  // No limit (null) is no days to pay out.
  const fullYearDays =
    balance.id !== null
      ? (balance.totalDays ?? 0)
      : (entitledDays({ ...policy, prorate: false }, 'ANNUAL', { hireDate, lastDate: null }, year) ?? 0);
  return encashableLeaveDays({
    fullYearDays,
    hireDate,
    lastDay,
    carriedDays: balance.carriedForwardUsableDays,
    takenDays: balance.approvedDays,
  });
}

/** What the standing separation puts on the month's payslip, for a monthly salary; none when it ends in another month. */
async function separationItems(tx: DbOrTx, input: Month, monthlyCents: number): Promise<SeparationPayItem[]> {
  const [separation] = await tx
    .select()
    .from(separations)
    .where(
      and(
        eq(separations.userId, input.userId),
        inArray(separations.status, separationStatusesTagged('ending')),
      ),
    );
  if (!separation || !inMonth(separation.lastDay, input)) return [];
  const [employment] = await tx.select().from(employmentInfo).where(eq(employmentInfo.userId, input.userId));
  if (!employment) return [];
  const [terms] = await tx
    .select({ noticePeriodDays: keyEmploymentTerms.noticePeriodDays })
    .from(keyEmploymentTerms)
    .where(eq(keyEmploymentTerms.userId, input.userId));
  const pattern = { daysPerWeek: employment.daysPerWeek, restDay: employment.restDay };
  const items: SeparationPayItem[] = [];
  const { deductionCents } = incompleteMonth({
    ...input,
    monthlyCents,
    pattern,
    hireDate: employment.hireDate,
    lastDay: separation.lastDay,
  });
  if (deductionCents > 0)
    items.push({ kind: 'DEDUCTION', type: 'INCOMPLETE_MONTH', amountCents: deductionCents });
  const days = noticePeriodDays(terms?.noticePeriodDays ?? null, employment.hireDate, separation.noticeDate);
  const notice = noticeInLieu({
    monthlyCents,
    pattern,
    reason: separation.reason,
    noticeServed: separation.noticeServed,
    lastDay: separation.lastDay,
    noticeEnds: noticeEnds(separation.noticeDate, days),
  });
  if (notice && notice.amountCents > 0) {
    items.push({
      kind: notice.type === 'NOTICE_PAY' ? 'OTHER_ADDITION' : 'OTHER_DEDUCTION',
      type: notice.type,
      amountCents: notice.amountCents,
    });
  }
  const leaveDays = await unusedAnnualLeave(tx, input.userId, employment.hireDate, separation.lastDay);
  const encashCents = daysAtGrossRateCents(monthlyCents, pattern.daysPerWeek, leaveDays);
  if (encashCents > 0)
    items.push({ kind: 'BONUS', type: 'ANNUAL_LEAVE_ENCASHMENT', amountCents: encashCents });
  return items;
}

export interface SeparationItemsChange {
  payslipId: number;
  before: SeparationPayItem[];
  after: SeparationPayItem[];
}

/**
 * Rewrites the separation's items on the employee's open payslip of the month, in the caller's
 * transaction (which holds the employee's employment lock). Answers what changed, or null: no payslip
 * (its creation writes them), a processed one, or nothing different. The caller audits the change.
 */
export async function syncSeparationPayItems(
  tx: DbOrTx,
  input: Month,
): Promise<SeparationItemsChange | null> {
  const [payslip] = await tx
    .select()
    .from(payslips)
    .where(
      and(eq(payslips.userId, input.userId), eq(payslips.year, input.year), eq(payslips.month, input.month)),
    )
    .for('update');
  if (!payslip || isProcessedPayslip(payslip.status)) return null;
  const after = await separationItems(tx, input, payslip.basicSalarySnapshotCents);
  const before = await tx
    .select({ kind: payItems.kind, type: payItems.type, amountCents: payItems.amountCents })
    .from(payItems)
    .where(and(eq(payItems.payslipId, payslip.id), eq(payItems.source, SOURCE)))
    .orderBy(asc(payItems.id));
  if (JSON.stringify(before) === JSON.stringify(after)) return null;

  await replaceSourceItems(tx, payslip.id, SOURCE, after);
  return { payslipId: payslip.id, before, after };
}

/**
 * The separation items of payslips a period's opening just created: only the month's leavers are read
 * (one query), each then as syncSeparationPayItems does.
 */
export async function prefillSeparationPayItems(
  tx: DbOrTx,
  created: ReadonlyArray<{ userId: number }>,
  year: number,
  month: number,
) {
  if (created.length === 0) return;
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const leavers = await tx
    .select({ userId: separations.userId })
    .from(separations)
    .where(
      and(
        inArray(separations.status, separationStatusesTagged('ending')),
        sql`${separations.lastDay} >= ${first} and ${separations.lastDay} < (${first}::date + interval '1 month')`,
      ),
    );
  const createdIds = new Set(created.map((row) => row.userId));
  for (const { userId } of leavers) {
    if (createdIds.has(userId)) await syncSeparationPayItems(tx, { userId, year, month });
  }
}

/** The separation's items on the given payslips (a month's few leavers), by payslip: Process Pay lists them. */
export async function separationItemsOf(db: DbOrTx, payslipIds: readonly number[]) {
  const byPayslip = new Map<number, SeparationPayItem[]>();
  if (payslipIds.length === 0) return byPayslip;
  const rows = await db
    .select({
      payslipId: payItems.payslipId,
      kind: payItems.kind,
      type: payItems.type,
      amountCents: payItems.amountCents,
    })
    .from(payItems)
    .where(and(inArray(payItems.payslipId, [...payslipIds]), eq(payItems.source, SOURCE)))
    .orderBy(asc(payItems.id));
  for (const { payslipId, ...item } of rows)
    byPayslip.set(payslipId, [...(byPayslip.get(payslipId) ?? []), item]);
  return byPayslip;
}
