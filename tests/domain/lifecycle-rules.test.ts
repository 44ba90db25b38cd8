import { describe, expect, it } from 'vitest';
import {
  canLeaveRequest,
  leaveCountOf,
  leaveStatusesTagged,
  nextLeaveStatus,
} from '../../src/domain/lifecycles/leave-request.lifecycle';
import {
  isProcessedPayslip,
  nextPayslipStatus,
  payslipMoves,
  payslipStatusesTagged,
} from '../../src/domain/lifecycles/payslip.lifecycle';

// The two lifecycles as the server asks them (one writer per lifecycle, SQL filters from the tags),
// each answer written from spec section 4: which status an event leads to, and from which none.

describe('payslip status (spec section 4)', () => {
  it('an item makes an unprocessed payslip ITEMS_ADDED; removing the last one makes it UNPROCESSED again', () => {
    expect(nextPayslipStatus('UNPROCESSED', { type: 'payItem.add' })).toBe('ITEMS_ADDED');
    expect(nextPayslipStatus('ITEMS_ADDED', { type: 'payItem.add' })).toBe('ITEMS_ADDED');
    expect(nextPayslipStatus('ITEMS_ADDED', { type: 'payItem.remove', itemsLeft: 0 })).toBe('UNPROCESSED');
    expect(nextPayslipStatus('ITEMS_ADDED', { type: 'payItem.remove', itemsLeft: 1 })).toBe('ITEMS_ADDED');
    expect(nextPayslipStatus('ITEMS_ADDED', { type: 'payItem.remove', itemsLeft: 3 })).toBe('ITEMS_ADDED');
    // Nothing to remove from a payslip without items.
    expect(nextPayslipStatus('UNPROCESSED', { type: 'payItem.remove', itemsLeft: 0 })).toBeNull();
  });

  it('Revert to Unprocessed gives ITEMS_ADDED to a payslip with items and UNPROCESSED to one without', () => {
    expect(nextPayslipStatus('PROCESSED', { type: 'payslip.revert', itemCount: 0 })).toBe('UNPROCESSED');
    expect(nextPayslipStatus('PROCESSED', { type: 'payslip.revert', itemCount: 1 })).toBe('ITEMS_ADDED');
    expect(nextPayslipStatus('PROCESSED', { type: 'payslip.revert', itemCount: 4 })).toBe('ITEMS_ADDED');
    expect(nextPayslipStatus('UNPROCESSED', { type: 'payslip.revert', itemCount: 0 })).toBeNull();
    expect(nextPayslipStatus('ITEMS_ADDED', { type: 'payslip.revert', itemCount: 1 })).toBeNull();
  });

  it('a processed payslip takes no item and no snapshot change; an open one is processed', () => {
    expect(nextPayslipStatus('PROCESSED', { type: 'payItem.add' })).toBeNull();
    expect(nextPayslipStatus('PROCESSED', { type: 'payItem.remove', itemsLeft: 0 })).toBeNull();
    expect(nextPayslipStatus('PROCESSED', { type: 'snapshot.edit' })).toBeNull();
    expect(nextPayslipStatus('PROCESSED', { type: 'payslip.process' })).toBeNull();
    expect(nextPayslipStatus('UNPROCESSED', { type: 'snapshot.edit' })).toBe('UNPROCESSED');
    expect(nextPayslipStatus('ITEMS_ADDED', { type: 'snapshot.edit' })).toBe('ITEMS_ADDED');
    expect(nextPayslipStatus('UNPROCESSED', { type: 'payslip.process' })).toBe('PROCESSED');
    expect(nextPayslipStatus('ITEMS_ADDED', { type: 'payslip.process' })).toBe('PROCESSED');
  });

  it('gives the one writer every status an event moves, and nothing for a status it does not', () => {
    expect(payslipMoves({ type: 'payslip.process' })).toEqual([
      { from: 'UNPROCESSED', to: 'PROCESSED' },
      { from: 'ITEMS_ADDED', to: 'PROCESSED' },
    ]);
    expect(payslipMoves({ type: 'payslip.revert', itemCount: 0 })).toEqual([
      { from: 'PROCESSED', to: 'UNPROCESSED' },
    ]);
    expect(payslipMoves({ type: 'payItem.remove', itemsLeft: 0 })).toEqual([
      { from: 'ITEMS_ADDED', to: 'UNPROCESSED' },
    ]);
  });

  it('tags UNPROCESSED and ITEMS_ADDED open, PROCESSED processed', () => {
    expect(payslipStatusesTagged('open')).toEqual(['UNPROCESSED', 'ITEMS_ADDED']);
    expect(payslipStatusesTagged('processed')).toEqual(['PROCESSED']);
    expect(['UNPROCESSED', 'ITEMS_ADDED', 'PROCESSED'].map((s) => isProcessedPayslip(s as never))).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('leave request status (spec section 4, issue 34)', () => {
  const withdraw = (fromDate: string, today: string) =>
    ({ type: 'leaveRequest.requestWithdrawal', fromDate, today }) as const;

  it('a pending request is approved, rejected or deleted; a rejected one changes no more', () => {
    expect(nextLeaveStatus('PENDING', 'leaveRequest.approve')).toBe('APPROVED');
    expect(nextLeaveStatus('PENDING', 'leaveRequest.reject')).toBe('REJECTED');
    // Deleted: the request is gone, no status remains.
    expect(nextLeaveStatus('PENDING', 'leaveRequest.delete')).toBeNull();
    expect(canLeaveRequest('PENDING', 'leaveRequest.delete')).toBe(true);
    for (const status of ['APPROVED', 'REJECTED', 'WITHDRAWAL_REQUESTED', 'WITHDRAWN'] as const) {
      for (const event of ['leaveRequest.approve', 'leaveRequest.reject', 'leaveRequest.delete'] as const) {
        expect(canLeaveRequest(status, event), `${event} from ${status}`).toBe(false);
        expect(nextLeaveStatus(status, event), `${event} from ${status}`).toBeNull();
      }
    }
  });

  it('approved leave may be withdrawn up to the day before it starts, and only approved leave', () => {
    expect(nextLeaveStatus('APPROVED', withdraw('2026-12-01', '2026-11-30'))).toBe('WITHDRAWAL_REQUESTED');
    // On its first day it has started; after it, too.
    expect(canLeaveRequest('APPROVED', withdraw('2026-11-30', '2026-11-30'))).toBe(false);
    expect(canLeaveRequest('APPROVED', withdraw('2026-11-29', '2026-11-30'))).toBe(false);
    // The year turns: 2 January 2027 is after 31 December 2026.
    expect(canLeaveRequest('APPROVED', withdraw('2027-01-02', '2026-12-31'))).toBe(true);
    for (const status of ['PENDING', 'REJECTED', 'WITHDRAWAL_REQUESTED', 'WITHDRAWN'] as const) {
      expect(nextLeaveStatus(status, withdraw('2030-01-01', '2026-11-30')), status).toBeNull();
    }
  });

  it('a withdrawal asked is approved (withdrawn) or rejected (approved again); nothing else decides it', () => {
    expect(nextLeaveStatus('WITHDRAWAL_REQUESTED', 'leaveRequest.approveWithdrawal')).toBe('WITHDRAWN');
    expect(nextLeaveStatus('WITHDRAWAL_REQUESTED', 'leaveRequest.rejectWithdrawal')).toBe('APPROVED');
    for (const status of ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const) {
      for (const event of ['leaveRequest.approveWithdrawal', 'leaveRequest.rejectWithdrawal'] as const) {
        expect(canLeaveRequest(status, event), `${event} from ${status}`).toBe(false);
      }
    }
  });

  it('holds the days of pending, approved and withdrawal-asked leave; withdrawn leave holds and counts nothing', () => {
    expect(leaveStatusesTagged('holdsDays')).toEqual(['PENDING', 'APPROVED', 'WITHDRAWAL_REQUESTED']);
    expect(leaveStatusesTagged('awaitsDecision')).toEqual(['PENDING']);
    expect(leaveStatusesTagged('taken')).toEqual(['APPROVED', 'WITHDRAWAL_REQUESTED']);
    expect(leaveStatusesTagged('awaitsWithdrawal')).toEqual(['WITHDRAWAL_REQUESTED']);
    // Spec section 3's counts: PENDING, APPROVED, REJECTED.
    expect(
      (['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWAL_REQUESTED', 'WITHDRAWN'] as const).map(leaveCountOf),
    ).toEqual(['PENDING', 'APPROVED', 'REJECTED', 'APPROVED', null]);
  });
});
