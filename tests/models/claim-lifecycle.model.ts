import { expect } from 'vitest';
import { setup } from 'xstate';
import type { caller } from '../api/payroll-fixtures';
import { apiShows } from '../machines/spec-api-walk';

/**
 * One expense claim as the API meets it, from issue 37: "POST /api/claims ... → 201 {id, status:
 * 'PENDING'}"; "DELETE of one's own pending claim"; "POST /api/claims/{id}/decision {decision:
 * 'APPROVE'|'REJECT'} (ADMIN, never one's own)"; "approved claims not yet paid join the payslip of the
 * month they were approved in ... after processing they are PAID and cannot be changed". A revert of the
 * payslip (spec section 4) makes the month's pay unpaid again, so its claims are owed again.
 * The claimant is a staff member; the administrator decides and runs the month's pay.
 */
export type ClaimWalkEvent =
  | { type: 'admin.approves' }
  | { type: 'admin.rejects' }
  | { type: 'staff.deletes' }
  /** The claimant tries to decide their own claim: refused. */
  | { type: 'staff.decides' }
  | { type: 'admin.processesMonth' }
  | { type: 'admin.revertsPayslip' };

export interface ClaimWorld {
  staff: ReturnType<typeof caller>;
  admin: ReturnType<typeof caller>;
  userId: number;
  claimId: number;
  amount: number;
  year: number;
  month: number;
}

type Shown = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAID' | null;

const shows = (status: Shown) =>
  apiShows<ClaimWorld>(async (w) => {
    const answer = await w.staff.get(`/claims/${w.claimId}`);
    if (status === null) {
      expect(answer.status, 'the claim is gone').toBe(404);
      return;
    }
    expect(answer.status).toBe(200);
    expect((answer.body as { status: string }).status, 'the stored status').toBe(status);
    // Owed or paid: on the month's payslip as one item of exactly its amount.
    const payslip = await w.admin.get(`/users/${w.userId}/payslips?year=${w.year}&month=${w.month}`);
    expect(payslip.status).toBe(200);
    const items = await w.admin.get(
      `/users/${w.userId}/other-addition-items?year=${w.year}&month=${w.month}`,
    );
    const amounts = (items.body as { amount: number }[]).map((item) => item.amount);
    expect(amounts, 'on the payslip').toEqual(status === 'APPROVED' || status === 'PAID' ? [w.amount] : []);
    const processed = (payslip.body as { processingStatus: string }).processingStatus;
    if (status === 'PAID') expect(processed, 'paid with a processed payslip').toBe('PROCESSED');
    else expect(processed, 'owed on an open payslip').not.toBe('PROCESSED');
  });

export const claimLifecycleModel = setup({
  types: { events: {} as ClaimWalkEvent },
}).createMachine({
  id: 'claimLifecycleModel',
  initial: 'pending',
  states: {
    pending: {
      meta: shows('PENDING'),
      on: {
        'admin.approves': 'approved',
        'admin.rejects': 'rejected',
        'staff.deletes': 'deleted',
        // "never one's own": and staff decide nothing.
        'staff.decides': 'pending',
      },
    },
    approved: {
      meta: shows('APPROVED'),
      on: {
        'admin.processesMonth': 'paid',
        // Only a pending claim is deleted or decided.
        'staff.deletes': 'approved',
        'admin.rejects': 'approved',
      },
    },
    paid: {
      meta: shows('PAID'),
      on: {
        'admin.revertsPayslip': 'approved',
        // "cannot be changed"
        'staff.deletes': 'paid',
        'admin.rejects': 'paid',
      },
    },
    rejected: { meta: shows('REJECTED'), on: { 'staff.deletes': 'rejected' } },
    deleted: { meta: shows(null) },
  },
});
