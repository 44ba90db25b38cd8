import { describe, expect, it } from 'vitest';
import { auditChanges } from '../../src/domain/audit';

// Issue 39: the trail shows "who did what ... with the values before and after" to an HR officer, who
// reads amounts in dollars and fields in words, not the stored cents and column names.
describe('a change as the Audit screen and its CSV show it', () => {
  it('shows amounts kept in cents as dollars, and field names as words', () => {
    const changes = auditChanges({
      before: { status: 'ITEMS_ADDED', grossPayCents: null, basicSalaryCents: 420000 },
      after: { status: 'PROCESSED', grossPayCents: 380050, basicSalaryCents: 1234567 },
    });
    expect(changes).toEqual([
      { field: 'status', before: 'ITEMS_ADDED', after: 'PROCESSED' },
      { field: 'gross pay', before: '-', after: '3,800.50' },
      { field: 'basic salary', before: '4,200.00', after: '12,345.67' },
    ]);
  });

  it('leaves out a field whose value did not change', () => {
    expect(auditChanges({ before: { accountNo: '***1' }, after: { accountNo: '***1' } })).toEqual([]);
  });
});
