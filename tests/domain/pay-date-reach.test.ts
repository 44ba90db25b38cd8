import { describe, expect, it } from 'vitest';
import { bulkProcessSchema, payDateReach } from '../../src/domain/payslips';

describe('the pay dates a run may carry', () => {
  it('runs from the first of the month before the earliest month to the end of the year after the latest', () => {
    expect(payDateReach([{ year: 2025, month: 11 }])).toEqual({ from: '2025-10-01', to: '2026-12-31' });
    expect(
      payDateReach([
        { year: 2025, month: 12 },
        { year: 2026, month: 1 },
      ]),
    ).toEqual({ from: '2025-11-01', to: '2027-12-31' });
    expect(payDateReach([{ year: 2026, month: 1 }])).toEqual({ from: '2025-12-01', to: '2027-12-31' });
  });

  it('refuses a mistyped year and accepts the month-end pay day', () => {
    const body = (payDate: string) => ({ payDate, payslips: [{ userId: 1, year: 2025, month: 11 }] });
    const refused = bulkProcessSchema.safeParse(body('1899-12-31'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Pay date must be between 01/10/2025 and 31/12/2026 for the selected months.',
    );
    expect(refused.error?.issues[0]?.path).toEqual(['payDate']);
    expect(bulkProcessSchema.safeParse(body('2206-11-28')).success).toBe(false);
    expect(bulkProcessSchema.safeParse(body('2025-11-28')).success).toBe(true);
    expect(bulkProcessSchema.safeParse(body('2025-09-30')).success).toBe(false);
  });
});
