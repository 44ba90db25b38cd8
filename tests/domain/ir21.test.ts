import { describe, expect, it } from 'vitest';
import { withholdsMonth } from '../../src/domain/ir21';

// Issue 35 item 5: "From the notice date, money due is withheld ... until ... IRAS's clearance".
// The months counted by hand: notice on 20 November 2026, last day 8 January 2027.

const leaver = { ir21Required: true, noticeDate: '2026-11-20', lastDay: '2027-01-08', ir21ClearedOn: null };

describe('which months a foreign leaver is withheld', () => {
  it('withholds the notice month, the months between and the last day’s month, across a year end', () => {
    expect(withholdsMonth(leaver, 2026, 10)).toBe(false);
    expect(withholdsMonth(leaver, 2026, 11)).toBe(true);
    expect(withholdsMonth(leaver, 2026, 12)).toBe(true);
    expect(withholdsMonth(leaver, 2027, 1)).toBe(true);
    expect(withholdsMonth(leaver, 2027, 2)).toBe(false);
  });

  it('withholds nothing once IRAS has cleared them, and never a citizen or PR', () => {
    expect(withholdsMonth({ ...leaver, ir21ClearedOn: '2026-12-30' }, 2026, 12)).toBe(false);
    expect(withholdsMonth({ ...leaver, ir21Required: false }, 2026, 12)).toBe(false);
  });
});
