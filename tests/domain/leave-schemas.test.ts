import { describe, expect, it } from 'vitest';
import { validateForm } from '../../src/domain/forms';
import {
  createLeaveRequestSchema,
  leaveDateSchema,
  leaveListQuerySchema,
  updateLeaveBalanceSchema,
  uploadGrantQuerySchema,
} from '../../src/domain/leave';
import { requestLeaveFormSchema } from '../../src/domain/leave-form';

// The edges of the leave payloads, checked where they are written: before, only the API suites (which
// mutation testing leaves out) reached them, and their mutants showed as without coverage.

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('leave payload edges', () => {
  it('takes leave dates from 1 January 2000 to 31 December 2100, the years balances are kept for', () => {
    for (const date of ['2000-01-01', '2100-12-31'])
      expect(leaveDateSchema.safeParse(date).success).toBe(true);
    for (const date of ['1999-12-31', '2101-01-01']) {
      expect(issues(leaveDateSchema.safeParse(date))).toEqual(['must be a date from 2000 to 2100']);
    }
  });

  const request = {
    userId: 1,
    leaveType: 'Annual Leave',
    fromDate: '2026-03-02',
    fromDateIsAm: true,
    toDate: '2026-03-02',
    toDateIsAm: false,
  };

  it("refuses a blank leave type with the spec's words (section 5)", () => {
    expect(createLeaveRequestSchema.safeParse(request).success).toBe(true);
    expect(issues(createLeaveRequestSchema.safeParse({ ...request, leaveType: '   ' }))).toEqual([
      'Please select a leave type',
    ]);
  });

  it('reads comma-joined statuses and types from a query string, trimmed, and nothing from an empty one', () => {
    expect(
      leaveListQuerySchema.parse({ status: 'PENDING, APPROVED', type: 'Annual Leave,Sick Leave' }),
    ).toMatchObject({
      status: ['PENDING', 'APPROVED'],
      type: ['Annual Leave', 'Sick Leave'],
    });
    expect(leaveListQuerySchema.parse({ type: '' }).type).toEqual([]);
  });

  it('takes allowances in steps of half a day', () => {
    for (const totalDays of [0, 0.5, 14, null]) {
      expect(updateLeaveBalanceSchema.safeParse({ totalDays }).success).toBe(true);
    }
    expect(issues(updateLeaveBalanceSchema.safeParse({ totalDays: 1.25 }))).toEqual([
      'Total days go in steps of 0.5.',
    ]);
  });

  it('asks for a file name that is not blank before granting an upload', () => {
    expect(
      uploadGrantQuerySchema.safeParse({ fileName: 'mc.pdf', fileType: 'application/pdf' }).success,
    ).toBe(true);
    expect(issues(uploadGrantQuerySchema.safeParse({ fileName: '  ', fileType: 'application/pdf' }))).toEqual(
      ['fileName is required'],
    );
  });
});

describe('the Request for Leave form', () => {
  const values = {
    leaveType: 'Annual Leave',
    fromDate: '2026-03-05',
    fromTime: 'AM',
    toDate: '2026-03-03',
    toTime: 'PM',
    days: '0',
    reason: '',
    file: '',
  };

  it("says an end before the start beside the end date, and keeps the spec's minimum under Days", () => {
    expect(validateForm(requestLeaveFormSchema, values).errors).toEqual({
      toDate: 'End date cannot be before the start date.',
      days: 'Minimum leave duration is 0.5 days',
    });
    // The same day is no end before the start.
    expect(validateForm(requestLeaveFormSchema, { ...values, toDate: '2026-03-05', days: '1' }).success).toBe(
      true,
    );
  });

  it('takes no text that is not a date for a date', () => {
    expect(validateForm(requestLeaveFormSchema, { ...values, fromDate: '31/02/2026' }).errors.fromDate).toBe(
      'Please enter a valid date.',
    );
  });
});
