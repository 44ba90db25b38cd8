import { describe, expect, it } from 'vitest';
import {
  decidesOwnLeave,
  leaverAccessEnded,
  leaverAccessEndsOn,
  outsideEmployment,
} from '../../src/domain/leave';

const employed = { hireDate: '2024-03-01', lastDayOfService: null };
const leaving = { hireDate: '2024-03-01', lastDayOfService: '2026-12-31' };

describe('leave within the service', () => {
  it('accepts leave from the hire date to the last day of service', () => {
    expect(
      outsideEmployment({ fromDate: '2024-03-01', toDate: '2024-03-01' }, employed, '2026-11-25'),
    ).toBeNull();
    expect(
      outsideEmployment({ fromDate: '2026-12-28', toDate: '2026-12-31' }, leaving, '2026-11-25'),
    ).toBeNull();
  });

  it('refuses a start before the hire date', () => {
    expect(
      outsideEmployment({ fromDate: '2024-02-29', toDate: '2024-03-04' }, employed, '2026-11-25'),
    ).toEqual({
      statusCode: 400,
      message: 'Leave cannot start before the hire date (01/03/2024).',
      code: 'LEAVE_BEFORE_HIRE_DATE',
      field: 'fromDate',
    });
  });

  it('refuses an end after the last day of service, while the employee is still serving', () => {
    expect(
      outsideEmployment({ fromDate: '2026-12-30', toDate: '2027-01-04' }, leaving, '2026-11-25'),
    ).toEqual({
      statusCode: 400,
      message: 'Leave cannot end after the last day of service (31/12/2026).',
      code: 'LEAVE_AFTER_LAST_DAY',
      field: 'toDate',
    });
  });

  it('refuses everything once the last day has passed, and not on the last day itself', () => {
    expect(
      outsideEmployment({ fromDate: '2026-12-31', toDate: '2026-12-31' }, leaving, '2026-12-31'),
    ).toBeNull();
    expect(
      outsideEmployment({ fromDate: '2026-12-30', toDate: '2026-12-30' }, leaving, '2027-01-01'),
    ).toEqual({
      statusCode: 403,
      message: 'Employment ended on 31/12/2026: leave can no longer be requested.',
      code: 'EMPLOYMENT_ENDED',
    });
  });
});

// Decision 0005: a leaver signs in until 31 December of the year after their last day of service.
describe('leaver access', () => {
  it('lasts to 31 December of the year after the last day, whatever day of the year that was', () => {
    expect(leaverAccessEndsOn('2025-01-01')).toBe('2026-12-31');
    expect(leaverAccessEndsOn('2025-12-31')).toBe('2026-12-31');
    expect(leaverAccessEndsOn('2099-06-15')).toBe('2100-12-31');
  });

  it('is open to someone without a last day, and to a leaver up to and on that 31 December', () => {
    expect(leaverAccessEnded(null, '2090-01-01')).toBeNull();
    expect(leaverAccessEnded('2025-03-14', '2025-03-15')).toBeNull();
    expect(leaverAccessEnded('2025-03-14', '2026-12-31')).toBeNull();
  });

  it("ends on 1 January after it, with the decision's words and the date", () => {
    expect(leaverAccessEnded('2025-03-14', '2027-01-01')).toBe(
      'Your access ended on 31/12/2026, at the end of the year after your last day of service. Please ask HR for your records.',
    );
  });
});

// Decision 0003: nobody decides their own leave request; another administrator does.
describe('four eyes on leave decisions', () => {
  it("is the requester's own decision only when the decider is the requester", () => {
    expect(decidesOwnLeave({ userId: 7 }, 7)).toBe(true);
    expect(decidesOwnLeave({ userId: 7 }, 8)).toBe(false);
    expect(decidesOwnLeave({ userId: 7 }, undefined)).toBe(false);
  });
});
