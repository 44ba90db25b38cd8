import { describe, expect, it } from 'vitest';
import { toApiError } from '../../src/domain/api-error';
import { holidayNoticeWords, holidayToasts } from '../../src/domain/messages/holidays';
import { leaveToasts } from '../../src/domain/messages/leave';
import { payrollToasts } from '../../src/domain/messages/payroll';
import { recordPanelToasts } from '../../src/domain/messages/staff';
import { submissionToasts } from '../../src/domain/messages/submissions';

// The toasts whose words no screen test reaches: a refusal without a message or error text of its own
// (a request that never got an answer), and our screens' less travelled notices. Each expectation is
// the spec's wording (section 8) or, where the spec names none, the wording our decision records chose.

/** What the client makes of a request that got no answer (the network failed). */
const noAnswer = () => toApiError(new TypeError(''));

describe('spec section 8: the fallbacks when a refusal carries no text of its own', () => {
  it("Create leave failure: title 'Error', description 'Failed to create leave request'", () => {
    expect(leaveToasts.createFailed({ message: '', error: '' })).toEqual({
      type: 'error',
      title: 'Error',
      description: 'Failed to create leave request',
    });
    expect(leaveToasts.createFailed({ message: 'Overlaps', error: 'Bad Request' })).toEqual({
      type: 'error',
      title: 'Overlaps',
      description: 'Bad Request',
    });
  });

  it("Approve/reject and delete failures: title 'Error', description 'An unknown error occurred'", () => {
    expect(leaveToasts.refused({ message: '', error: '' })).toEqual({
      type: 'error',
      title: 'Error',
      description: 'An unknown error occurred',
    });
  });

  it("Leave allowance: 'Failed to update leave allowance.' unless the server said why", () => {
    expect(recordPanelToasts.leaveAllowance.failed(noAnswer())).toEqual({
      type: 'error',
      title: 'Failed to update leave allowance.',
    });
    expect(
      recordPanelToasts.leaveAllowance.failed({
        error: 'Bad Request',
        message: 'Leave allowance must be 0 or more.',
      }),
    ).toEqual({ type: 'error', title: 'Leave allowance must be 0 or more.', description: 'Bad Request' });
  });
});

describe('our notices where the spec names none', () => {
  it('Public Holidays: what a change did to pending requests, in the singular and the plural', () => {
    expect(holidayNoticeWords.none).toBe('No pending leave request changed its days.');
    expect(holidayNoticeWords.some(1)).toBe('The days of 1 pending leave request changed:');
    expect(holidayNoticeWords.some(3)).toBe('The days of 3 pending leave requests changed:');
    expect(holidayToasts.removeFailed({ message: 'Not found.' })).toEqual({
      type: 'error',
      title: 'Failed to delete the public holiday',
      description: 'Not found.',
    });
  });

  it('Process Pay: a run that met payslips already processed says how many were left as they were', () => {
    expect(payrollToasts.processed({ processed: 5, skipped: 2 }).description).toBe(
      '5 processed; 2 were already processed and left as they were.',
    );
    expect(payrollToasts.processed({ processed: 5, skipped: 0 }).description).toBe('5 payslips processed.');
  });

  it('Submissions: the CPF summary that could not be fetched', () => {
    expect(submissionToasts.summaryFailed({ message: 'Try again.' })).toEqual({
      type: 'error',
      title: 'Failed to fetch the CPF summary',
      description: 'Try again.',
    });
  });
});
