import { eq } from 'drizzle-orm';
import { todayIso } from '../../domain/dates';
import { LEAVE_ALLOWANCE_MESSAGE, ONBOARD_INVALID_ACCESS, type OnboardBody } from '../../domain/onboarding';
import type { UserDetail } from '../../domain/users';
import type { DbOrTx, Tx } from '../db/client';
import { employmentInfo, leaveBalances, leaveTypes, paymentInfo, staffInfo, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { paymentInfoColumns } from './payment-info';
import { assertNricFree } from './staff-info';
import { amountToCents } from './staff-records';
import { userDetail } from './users';

export const ALREADY_ONBOARDED = 'This user has already been onboarded.';

/**
 * POST /users/{id}/onboard (ADMIN): staff, employment and payment info and this year's leave
 * allowances, all in one transaction, so a failure in any part leaves nothing behind.
 * Only a registered STAFF user without any of the three records can be onboarded.
 */
export async function onboardUser(
  db: DbOrTx,
  actor: Actor,
  input: { userId: number; body: OnboardBody },
): Promise<UserDetail> {
  return db.transaction(async (tx) => {
    const { userId, body } = input;
    // The row lock makes a second, concurrent onboarding of the same user wait. The records are read by
    // a later statement: under READ COMMITTED only a new statement sees what the first one committed.
    const [user] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (user?.role !== 'STAFF') throw notFound(ONBOARD_INVALID_ACCESS.description);
    const [records] = await tx
      .select({ staff: staffInfo.id, employment: employmentInfo.id, payment: paymentInfo.id })
      .from(users)
      .leftJoin(staffInfo, eq(staffInfo.userId, users.id))
      .leftJoin(employmentInfo, eq(employmentInfo.userId, users.id))
      .leftJoin(paymentInfo, eq(paymentInfo.userId, users.id))
      .where(eq(users.id, userId));
    if (records?.staff || records?.employment || records?.payment) throw conflict(ALREADY_ONBOARDED);

    const allowances = await allowancesForEveryType(tx, body.leaveBalances);
    await assertNricFree(tx, body.staffInfo.nric, userId, 'staffInfo.nric');

    await tx.insert(staffInfo).values({ userId, ...body.staffInfo });
    await tx.insert(employmentInfo).values({ userId, ...body.employmentInfo });
    await tx.insert(paymentInfo).values({ userId, ...paymentInfoColumns(body.paymentInfo) });
    const year = Number(todayIso().slice(0, 4));
    await tx.insert(leaveBalances).values(allowances.map((row) => ({ userId, year, ...row })));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'user.onboarded',
      entity: 'user',
      entityId: userId,
      subjectUserId: userId,
      details: {
        before: null,
        after: {
          designation: body.employmentInfo.designation,
          hireDate: body.employmentInfo.hireDate,
          basicSalaryCents: amountToCents(body.paymentInfo.basicSalary),
          cpfType: body.paymentInfo.cpfType,
          nric: body.staffInfo.nric,
          dateOfBirth: body.staffInfo.dateOfBirth,
          bankName: body.paymentInfo.bankName,
          accountNo: body.paymentInfo.accountNo,
        },
        year,
        leaveBalances: allowances,
      },
    });
    const onboarded = await userDetail(tx, userId);
    if (!onboarded) throw notFound(ONBOARD_INVALID_ACCESS.description);
    return onboarded;
  });
}

/**
 * One allowance per leave type: every type but Unpaid Leave needs a value (spec section 5); Unpaid
 * Leave left out means no limit (null).
 */
async function allowancesForEveryType(tx: Tx, sent: OnboardBody['leaveBalances']) {
  const types = await tx.select({ id: leaveTypes.id, unlimited: leaveTypes.unlimited }).from(leaveTypes);
  const known = new Set(types.map((type) => type.id));
  if (sent.some((row) => !known.has(row.leaveTypeId)))
    throw badRequest('Unknown leave type.', { code: 'LEAVE_TYPE_UNKNOWN', field: 'leaveBalances' });
  const byType = new Map(sent.map((row) => [row.leaveTypeId, row.totalDays]));
  return types.map((type) => {
    const totalDays = byType.get(type.id);
    if (totalDays === undefined && !type.unlimited)
      throw badRequest(LEAVE_ALLOWANCE_MESSAGE, { code: 'LEAVE_ALLOWANCE_MISSING', field: 'leaveBalances' });
    return { leaveTypeId: type.id, totalDays: totalDays ?? null };
  });
}
