import { describe, expect, it } from 'vitest';
import { outsideEmployment } from '../../src/domain/leave';

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
