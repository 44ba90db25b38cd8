import { emailProgressText, emailsAllDoneText, payrollToasts } from '../../src/domain/messages/payroll';
import { payslipEmailStateOf } from '../../src/domain/payslip-emails';

// Issue 34 item 2: without SMTP_URL nothing leaves the machine, and the words say where the mail went.
describe('the e-mail words follow how mail is delivered', () => {
  it("says 'sent' over SMTP and 'kept in the outbox (e-mail is not set up)' without it", () => {
    expect(emailProgressText({ done: 3, total: 12, delivery: 'SMTP' })).toBe('3 of 12 sent');
    expect(emailProgressText({ done: 3, total: 12, delivery: 'OUTBOX' })).toBe(
      '3 of 12 kept in the outbox (e-mail is not set up)',
    );
    expect(emailsAllDoneText({ total: 12, delivery: 'SMTP' })).toBe('All 12 payslips sent.');
    expect(emailsAllDoneText({ total: 12, delivery: 'OUTBOX' })).toBe(
      'All 12 payslips kept in the outbox (e-mail is not set up).',
    );
    expect(
      payrollToasts.emailsFinished({ total: 12, done: 12, failed: 0, delivery: 'OUTBOX' }),
    ).toMatchObject({
      description: '12 of 12 kept in the outbox (e-mail is not set up).',
    });
  });
});

// Issue 34 item 1: a processed row's e-mail state, from its latest send.
describe("a payslip's e-mail state", () => {
  const updatedAt = new Date('2026-03-01T02:00:00Z');
  const sentAt = new Date('2026-03-01T02:00:05Z');
  it('is none before any send, queued while waiting or in hand, then sent or kept, or failed', () => {
    expect(payslipEmailStateOf(null)).toEqual({ state: null, at: null });
    const send = { delivery: null, sentAt: null, updatedAt };
    expect(payslipEmailStateOf({ ...send, status: 'queued' })).toEqual({
      state: 'QUEUED',
      at: updatedAt.toISOString(),
    });
    expect(payslipEmailStateOf({ ...send, status: 'sending' }).state).toBe('QUEUED');
    // Recorded but not yet accepted by the server: still on its way.
    expect(payslipEmailStateOf({ ...send, status: 'sent', delivery: 'SMTP' }).state).toBe('QUEUED');
    expect(payslipEmailStateOf({ ...send, status: 'sent', delivery: 'SMTP', sentAt })).toEqual({
      state: 'SENT',
      at: sentAt.toISOString(),
    });
    expect(payslipEmailStateOf({ ...send, status: 'sent', delivery: 'OUTBOX', sentAt }).state).toBe('OUTBOX');
    expect(payslipEmailStateOf({ ...send, status: 'failed' })).toEqual({
      state: 'FAILED',
      at: updatedAt.toISOString(),
    });
  });
});
