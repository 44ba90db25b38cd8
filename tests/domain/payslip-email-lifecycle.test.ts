import { describe, expect, it } from 'vitest';
import {
  initialPayslipEmailStatus,
  nextPayslipEmailStatus,
  payslipEmailMoves,
  payslipEmailStatusesTagged,
} from '../../src/domain/lifecycles/payslip-email.lifecycle';
import { jobStatusOf } from '../../src/domain/payslip-emails';

// A payslip's send as the server asks its lifecycle, each answer written from issue 16 and decision
// 0008: sent once and never again, a refused try retried until the last, then failed until Retry failed.

const claim = { type: 'payslipEmail.claim', earlierClaimExpired: false } as const;
const claimAfterExpiry = { type: 'payslipEmail.claim', earlierClaimExpired: true } as const;
const refuse = (attempt: number, attempts = 5) =>
  ({ type: 'payslipEmail.refuse', attempt, attempts }) as const;

describe('payslip e-mail status (decision 0008)', () => {
  it('a requested send waits in the queue', () => {
    expect(initialPayslipEmailStatus).toBe('queued');
  });

  it('a worker claims a queued send; a send another worker holds only once that claim is older than a send lasts', () => {
    expect(nextPayslipEmailStatus('queued', claim)).toBe('sending');
    expect(nextPayslipEmailStatus('sending', claim)).toBeNull();
    expect(nextPayslipEmailStatus('sending', claimAfterExpiry)).toBe('sending');
  });

  it('a payslip once sent is not sent again, nor one given up until Retry failed', () => {
    for (const event of [claim, claimAfterExpiry]) {
      expect(nextPayslipEmailStatus('sent', event)).toBeNull();
      expect(nextPayslipEmailStatus('failed', event)).toBeNull();
    }
    expect(nextPayslipEmailStatus('sent', { type: 'payslipEmail.retry' })).toBeNull();
    expect(nextPayslipEmailStatus('failed', { type: 'payslipEmail.retry' })).toBe('queued');
  });

  it('is recorded sent when the SMTP server (or the outbox) holds the whole message; its acceptance keeps it sent', () => {
    expect(nextPayslipEmailStatus('sending', { type: 'payslipEmail.hold' })).toBe('sent');
    expect(nextPayslipEmailStatus('queued', { type: 'payslipEmail.hold' })).toBeNull();
    expect(nextPayslipEmailStatus('sent', { type: 'payslipEmail.accept' })).toBe('sent');
    expect(nextPayslipEmailStatus('queued', { type: 'payslipEmail.accept' })).toBeNull();
  });

  it('a refused try goes back to the queue while tries are left and fails at the last one', () => {
    expect(nextPayslipEmailStatus('sending', refuse(1))).toBe('queued');
    expect(nextPayslipEmailStatus('sending', refuse(4))).toBe('queued');
    expect(nextPayslipEmailStatus('sending', refuse(5))).toBe('failed');
    expect(nextPayslipEmailStatus('sending', refuse(1, 1))).toBe('failed');
    // Refused by the server at the message's end: the record is undone the same way.
    expect(nextPayslipEmailStatus('sent', refuse(2))).toBe('queued');
    expect(nextPayslipEmailStatus('sent', refuse(5))).toBe('failed');
    // Nothing is being tried in a queued or failed send.
    expect(nextPayslipEmailStatus('queued', refuse(1))).toBeNull();
    expect(nextPayslipEmailStatus('failed', refuse(5))).toBeNull();
  });

  it('gives the one writer every status an event moves', () => {
    expect(payslipEmailMoves({ type: 'payslipEmail.retry' })).toEqual([{ from: 'failed', to: 'queued' }]);
    expect(payslipEmailMoves(claim)).toEqual([{ from: 'queued', to: 'sending' }]);
    expect(payslipEmailMoves(claimAfterExpiry)).toEqual([
      { from: 'queued', to: 'sending' },
      { from: 'sending', to: 'sending' },
    ]);
    expect(payslipEmailMoves(refuse(5))).toEqual([
      { from: 'sending', to: 'failed' },
      { from: 'sent', to: 'failed' },
    ]);
  });

  it('tags the send a worker holds, the one never sent again and the one given up', () => {
    expect(payslipEmailStatusesTagged('inHand')).toEqual(['sending']);
    expect(payslipEmailStatusesTagged('delivered')).toEqual(['sent']);
    expect(payslipEmailStatusesTagged('givenUp')).toEqual(['failed']);
  });
});

describe("an e-mail job's status from its sends", () => {
  it('is queued before any try, running while sends are left, then completed or failed', () => {
    expect(jobStatusOf({ total: 3, tried: 0, done: 0, failed: 0 })).toBe('queued');
    expect(jobStatusOf({ total: 3, tried: 1, done: 0, failed: 0 })).toBe('running');
    expect(jobStatusOf({ total: 3, tried: 4, done: 2, failed: 0 })).toBe('running');
    expect(jobStatusOf({ total: 3, tried: 3, done: 3, failed: 0 })).toBe('completed');
    expect(jobStatusOf({ total: 3, tried: 7, done: 2, failed: 1 })).toBe('failed');
    // A job with nothing to send is finished at once.
    expect(jobStatusOf({ total: 0, tried: 0, done: 0, failed: 0 })).toBe('completed');
  });
});
