import { describe, expect, it } from 'vitest';
import {
  nextSeparationStatus,
  separationStatusesTagged,
} from '../../src/domain/lifecycles/separation.lifecycle';
import {
  finalPayDue,
  ir21Due,
  ir21Required,
  noticeEnds,
  noticePeriodDays,
  separationTerms,
  statutoryNoticeDays,
} from '../../src/domain/separation';

// Expectations from issue 35 and MOM's "Termination with notice" page, counted by hand on a calendar.
const fiveDays = { daysPerWeek: 5, restDay: 'SUNDAY' as const };
const none = new Set<string>();

describe("the Act's notice by length of service (issue 35; EA s.10(3))", () => {
  it('less than 26 weeks: 1 day; from 26 weeks: 1 week', () => {
    // Hired Monday 5 Jan 2026: 26 weeks (182 days) later is Monday 6 Jul 2026.
    expect(statutoryNoticeDays('2026-01-05', '2026-01-05')).toBe(1);
    expect(statutoryNoticeDays('2026-01-05', '2026-07-05')).toBe(1);
    expect(statutoryNoticeDays('2026-01-05', '2026-07-06')).toBe(7);
  });

  it('from 2 years: 2 weeks; from 5 years: 4 weeks', () => {
    expect(statutoryNoticeDays('2024-03-01', '2026-02-28')).toBe(7);
    expect(statutoryNoticeDays('2024-03-01', '2026-03-01')).toBe(14);
    expect(statutoryNoticeDays('2021-03-01', '2026-02-28')).toBe(14);
    expect(statutoryNoticeDays('2021-03-01', '2026-03-01')).toBe(28);
    expect(statutoryNoticeDays('2001-03-01', '2026-03-01')).toBe(28);
  });

  it("the contract's notice, where it has one, comes first", () => {
    expect(noticePeriodDays(30, '2026-01-05', '2026-01-06')).toBe(30);
    expect(noticePeriodDays(null, '2026-01-05', '2026-01-06')).toBe(1);
  });

  it('the day notice is given is the first day of the notice (MOM)', () => {
    expect(noticeEnds('2026-03-02', 1)).toBe('2026-03-02');
    // Two weeks from Monday 15 Sep 2025 end on Sunday 28 Sep 2025.
    expect(noticeEnds('2025-09-15', 14)).toBe('2025-09-28');
    expect(noticeEnds('2026-02-20', 14)).toBe('2026-03-05');
  });
});

describe('when final pay is due (issue 35 item 4)', () => {
  const lastDay = '2026-03-13'; // a Friday

  it('on the last day when notice is served, whoever ends it', () => {
    expect(finalPayDue({ reason: 'RESIGNATION', lastDay, noticeServed: true }, fiveDays, none)).toBe(lastDay);
    expect(finalPayDue({ reason: 'TERMINATION', lastDay, noticeServed: true }, fiveDays, none)).toBe(lastDay);
  });

  it('7 days after the last day when the employee leaves without notice', () => {
    expect(finalPayDue({ reason: 'RESIGNATION', lastDay, noticeServed: false }, fiveDays, none)).toBe(
      '2026-03-20',
    );
  });

  it('3 working days after when the employer ends it without notice, on the work pattern and holidays', () => {
    // Mon 16, Tue 17, Wed 18 March.
    expect(finalPayDue({ reason: 'TERMINATION', lastDay, noticeServed: false }, fiveDays, none)).toBe(
      '2026-03-18',
    );
    // A holiday on Tuesday pushes it to Thursday.
    expect(
      finalPayDue({ reason: 'TERMINATION', lastDay, noticeServed: false }, fiveDays, new Set(['2026-03-17'])),
    ).toBe('2026-03-19');
    // A 6-day week resting on Sunday works Saturday: Sat 14, Mon 16, Tue 17.
    expect(
      finalPayDue(
        { reason: 'RETIREMENT', lastDay, noticeServed: false },
        { daysPerWeek: 6, restDay: 'SUNDAY' },
        none,
      ),
    ).toBe('2026-03-17');
    // A 5-day week resting on Wednesday works Thursday to Monday: Sat 14, Sun 15, Mon 16.
    expect(
      finalPayDue(
        { reason: 'CONTRACT_END', lastDay, noticeServed: false },
        { daysPerWeek: 5, restDay: 'WEDNESDAY' },
        none,
      ),
    ).toBe('2026-03-16');
  });
});

describe('tax clearance (IR21) for work-pass holders', () => {
  it('is required for a work pass, not for a citizen or PR', () => {
    expect(ir21Required('Employment Pass')).toBe(true);
    expect(ir21Required('S Pass')).toBe(true);
    expect(ir21Required('Work Permit')).toBe(true);
    expect(ir21Required('Singapore')).toBe(false);
    expect(ir21Required('Singapore - Pr')).toBe(false);
  });

  it('is due one month before the last day', () => {
    expect(ir21Due('2026-05-15')).toBe('2026-04-15');
    expect(ir21Due('2026-03-31')).toBe('2026-02-28');
  });

  it("the separation's steps, in date order, flag an IR21 date already past", () => {
    const terms = separationTerms(
      { reason: 'RESIGNATION', noticeDate: '2026-03-02', lastDay: '2026-03-31', noticeServed: true },
      { hireDate: '2025-01-06', passType: 'Employment Pass', noticePeriodDays: null, ...fiveDays },
      none,
      '2026-03-02',
    );
    expect(terms).toEqual({
      noticePeriodDays: 7,
      noticeEnds: '2026-03-08',
      finalPayDue: '2026-03-31',
      ir21Required: true,
      ir21Due: '2026-02-28',
      steps: [
        { step: 'IR21', due: '2026-02-28', late: true },
        { step: 'NOTICE_ENDS', due: '2026-03-08', late: false },
        { step: 'LAST_DAY', due: '2026-03-31', late: false },
        { step: 'FINAL_PAY', due: '2026-03-31', late: false },
      ],
    });
  });
});

describe('the separation lifecycle', () => {
  it("an employee's resignation waits for acknowledgement; an administrator's record is acknowledged", () => {
    expect(nextSeparationStatus(null, { type: 'separation.request' })).toBe('REQUESTED');
    expect(nextSeparationStatus(null, { type: 'separation.record' })).toBe('ACKNOWLEDGED');
    expect(nextSeparationStatus('REQUESTED', { type: 'separation.acknowledge' })).toBe('ACKNOWLEDGED');
    expect(nextSeparationStatus('ACKNOWLEDGED', { type: 'separation.acknowledge' })).toBeNull();
  });

  it('withdrawn before completion; completed and withdrawn ones change no more', () => {
    expect(nextSeparationStatus('REQUESTED', { type: 'separation.withdraw' })).toBe('WITHDRAWN');
    expect(nextSeparationStatus('ACKNOWLEDGED', { type: 'separation.withdraw' })).toBe('WITHDRAWN');
    expect(nextSeparationStatus('ACKNOWLEDGED', { type: 'separation.complete' })).toBe('COMPLETED');
    expect(nextSeparationStatus('COMPLETED', { type: 'separation.withdraw' })).toBeNull();
    expect(nextSeparationStatus('WITHDRAWN', { type: 'separation.acknowledge' })).toBeNull();
    expect(separationStatusesTagged('open')).toEqual(['REQUESTED', 'ACKNOWLEDGED']);
  });
});
