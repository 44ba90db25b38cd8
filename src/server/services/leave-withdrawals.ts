import { eq } from 'drizzle-orm';
import { formatDayMonthYear, todayIso } from '../../domain/dates';
import {
  decidesOwnLeave,
  type LeaveRequest,
  type WithdrawalDecisionAnswer,
  type WithdrawalDecisionInput,
} from '../../domain/leave';
import {
  leaveStatusHasTag,
  nextLeaveStatus,
  withdrawalDecisionEvent,
} from '../../domain/lifecycles/leave-request.lifecycle';
import type { DbOrTx } from '../db/client';
import { leaveRequests, leaveTypes } from '../db/schema';
import { conflict, forbidden, notFound } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { recarry } from './leave-balances';
import { chargedYears, findRequest, lockRequest, statusWords } from './leave-requests';
import { followWithdrawnUnpaidLeave } from './payroll/withdrawn-leave';

/**
 * Withdrawing approved leave (issue 34, decision 0015): the owner asks before the leave starts, another
 * administrator decides. Both take the owner's lock, then the request's row, so two decisions at once
 * are one after the other and the second finds nothing left to decide (409).
 */

async function answer(db: DbOrTx, id: number): Promise<LeaveRequest> {
  const request = await findRequest(db, id);
  if (!request) throw notFound('Leave request not found.');
  return request;
}

/** POST /leave-requests/{id}/withdrawal: the owner only (the route's access rule), before the start date. */
export async function requestLeaveWithdrawal(
  db: DbOrTx,
  actor: Actor,
  input: { id: number },
): Promise<LeaveRequest> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, input.id);
    const today = todayIso();
    const event = { type: 'leaveRequest.requestWithdrawal', fromDate: row.fromDate, today } as const;
    const status = nextLeaveStatus(row.status, event);
    if (!status) {
      throw conflict(
        `Only approved leave that has not started can be withdrawn; this one is ${statusWords(row.status)}, from ${formatDayMonthYear(row.fromDate)}.`,
      );
    }
    await tx.update(leaveRequests).set({ status }).where(eq(leaveRequests.id, row.id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'leaveRequest.withdrawalRequested',
      entity: 'leaveRequest',
      entityId: row.id,
      subjectUserId: row.userId,
      details: { before: { status: row.status }, after: { status } },
    });
  });
  return answer(db, input.id);
}

/**
 * POST /leave-requests/{id}/withdrawal/decision (ADMIN, never the owner: decision 0003). Approved, the
 * days return to the balance (a closed year's carry follows) and payroll follows for unpaid leave;
 * refused, the leave stays approved.
 */
export async function decideLeaveWithdrawal(
  db: DbOrTx,
  actor: Actor,
  input: { id: number } & WithdrawalDecisionInput,
): Promise<WithdrawalDecisionAnswer> {
  const payslips = await db.transaction(async (tx) => {
    const row = await lockRequest(tx, input.id);
    const event = withdrawalDecisionEvent[input.decision];
    const status = nextLeaveStatus(row.status, event);
    if (!status) {
      throw conflict(
        `Only a withdrawal that was asked for can be approved or rejected; this leave request is ${statusWords(row.status)}.`,
      );
    }
    if (decidesOwnLeave(row, actor.id)) {
      throw forbidden(
        'You cannot approve or reject the withdrawal of your own leave; another administrator must decide it.',
      );
    }
    await tx.update(leaveRequests).set({ status }).where(eq(leaveRequests.id, row.id));
    let touched: Awaited<ReturnType<typeof followWithdrawnUnpaidLeave>> = [];
    if (!leaveStatusHasTag(status, 'holdsDays')) {
      await recarry(tx, row, await chargedYears(tx, row.id));
      const [type] = await tx
        .select({ unpaid: leaveTypes.unpaid })
        .from(leaveTypes)
        .where(eq(leaveTypes.id, row.leaveTypeId));
      if (type?.unpaid) touched = await followWithdrawnUnpaidLeave(tx, { ...row, fullName: row.ownerName });
    }
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: input.decision === 'APPROVE' ? 'leaveRequest.withdrawn' : 'leaveRequest.withdrawalRejected',
      entity: 'leaveRequest',
      entityId: row.id,
      subjectUserId: row.userId,
      details: {
        before: { status: row.status },
        after: { status },
        reason: input.reason?.trim() || null,
        payslips: touched.map(({ payslipId, year, month, processed, beforeCents, afterCents }) => ({
          payslipId,
          year,
          month,
          processed,
          beforeCents,
          afterCents,
        })),
      },
    });
    return touched.map(({ year, month, processed, message }) => ({ year, month, processed, message }));
  });
  return { request: await answer(db, input.id), payslips };
}
