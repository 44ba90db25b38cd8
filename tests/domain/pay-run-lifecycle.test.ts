import { describe, expect, it } from 'vitest';
import {
  initialPayRunStatus,
  nextPayRunStatus,
  payRunStatusesTagged,
} from '../../src/domain/lifecycles/pay-run.lifecycle';

// Issue 39 items 1-2, in its words: a run is submitted after processing, approved or rejected by
// another administrator; until APPROVED nothing is released; processing or reverting reopens a
// submitted run; an approved one needs reopening with a reason first.

describe("a month's pay run", () => {
  it('starts OPEN; submitted, then approved or rejected', () => {
    expect(initialPayRunStatus).toBe('OPEN');
    expect(nextPayRunStatus('OPEN', 'payRun.submit')).toBe('SUBMITTED');
    expect(nextPayRunStatus('SUBMITTED', 'payRun.approve')).toBe('APPROVED');
    expect(nextPayRunStatus('SUBMITTED', 'payRun.reject')).toBe('OPEN');
    expect(nextPayRunStatus('OPEN', 'payRun.approve')).toBeNull();
    expect(nextPayRunStatus('APPROVED', 'payRun.submit')).toBeNull();
  });

  it('payslips processed or reverted return a submitted run to OPEN; an approved run refuses until reopened', () => {
    expect(nextPayRunStatus('SUBMITTED', 'payRun.change')).toBe('OPEN');
    expect(nextPayRunStatus('OPEN', 'payRun.change')).toBe('OPEN');
    expect(nextPayRunStatus('APPROVED', 'payRun.change')).toBeNull();
    expect(nextPayRunStatus('APPROVED', 'payRun.reopen')).toBe('OPEN');
    expect(nextPayRunStatus('SUBMITTED', 'payRun.reopen')).toBeNull();
  });

  it('only an approved month is released; with approval off processing releases it', () => {
    expect(payRunStatusesTagged('released')).toEqual(['APPROVED']);
    expect(payRunStatusesTagged('awaitsApproval')).toEqual(['SUBMITTED']);
    expect(nextPayRunStatus('OPEN', 'payRun.release')).toBe('APPROVED');
  });
});
