import { describe, expect, it } from 'vitest';
import {
  belowTheLaw,
  carryForward,
  carryForwardExpiresOn,
  completedMonths,
  entitledDays,
  type LeavePolicy,
  type LeaveStatute,
  monthsServedInYear,
  prorateDays,
  roundDaysAsMom,
  type Service,
  serviceYear,
  statutoryDays,
} from '../../src/domain/leave-entitlement';

// Expected figures come from /work/shared/leave/sg-leave-facts.md section 2, worked by hand.

const serving = (hireDate: string): Service => ({ hireDate, lastDate: null });
const leaving = (hireDate: string, lastDate: string): Service => ({ hireDate, lastDate });

const policy = (overrides: Partial<LeavePolicy>): LeavePolicy => ({
  entitlement: 'FIXED',
  days: null,
  schedule: null,
  prorate: false,
  carryForwardMaxDays: 0,
  carryForwardExpiryMonths: null,
  ...overrides,
});

describe('completed months (MOM: a part month is disregarded)', () => {
  it.each([
    // MOM's worked example: 14 Mar to 31 Jul 2014; 14 to 31 July is not a completed month.
    ['2014-03-14', '2014-07-31', 4],
    ['2014-03-14', '2014-04-13', 1],
    ['2014-03-14', '2014-04-12', 0],
    ['2026-01-01', '2026-12-31', 12],
    ['2026-01-01', '2026-12-30', 11],
    ['2026-01-01', '2026-01-01', 0],
    ['2026-03-01', '2026-02-01', 0],
    // Month-end starts: 31 Jan + 1 month is 28 Feb (clamped), so the first month completes on 27 Feb.
    ['2025-01-31', '2025-02-27', 1],
    ['2025-01-31', '2025-02-26', 0],
    ['2024-01-31', '2024-02-28', 1],
    // Each month counts from the start itself, not from the clamped day before it.
    ['2025-01-31', '2025-03-30', 2],
    ['2025-01-31', '2025-03-29', 1],
    ['2025-01-31', '2025-12-30', 11],
    ['2020-05-04', '2026-06-30', 73],
  ])('%s to %s: %i', (from, to, months) => {
    expect(completedMonths(from, to)).toBe(months);
  });
});

describe('rounding and proration (MOM: under half a day down, half or more up)', () => {
  it('rounds a fraction below one half down and one half or more up', () => {
    expect(roundDaysAsMom(3.33)).toBe(3);
    expect(roundDaysAsMom(5.25)).toBe(5);
    expect(roundDaysAsMom(3.5)).toBe(4);
    expect(roundDaysAsMom(4)).toBe(4);
    expect(roundDaysAsMom(0.49)).toBe(0);
  });

  it("MOM's figures: 4 months of 10 days = 3, 9 of 7 = 5, 6 of 7 = 4", () => {
    expect(prorateDays(10, 4)).toBe(3);
    expect(prorateDays(7, 9)).toBe(5);
    expect(prorateDays(7, 6)).toBe(4);
  });

  it('a full year is the figure itself; no months, nothing', () => {
    expect(prorateDays(14, 12)).toBe(14);
    expect(prorateDays(10.5, 12)).toBe(10.5);
    expect(prorateDays(14, 0)).toBe(0);
  });

  it('half-day figures prorate exactly: 7 months of 10.5 = 6.125 -> 6, 8 months of 10.5 = 7', () => {
    expect(prorateDays(10.5, 7)).toBe(6);
    expect(prorateDays(10.5, 8)).toBe(7);
    // 3 months of 2 = 0.5 exactly: up to 1.
    expect(prorateDays(2, 3)).toBe(1);
  });
});

describe('year of service and months in the year', () => {
  it('counts the joining year as the 1st and nothing before it', () => {
    expect(serviceYear('2020-05-04', 2020)).toBe(1);
    expect(serviceYear('2020-05-04', 2027)).toBe(8);
    expect(serviceYear('2020-05-04', 2019)).toBe(0);
  });

  it('counts completed months between the later of hire and 1 Jan and the earlier of leaving and 31 Dec', () => {
    expect(monthsServedInYear(serving('2025-03-14'), 2025)).toBe(9);
    expect(monthsServedInYear(serving('2025-03-14'), 2026)).toBe(12);
    expect(monthsServedInYear(leaving('2020-05-04', '2026-06-30'), 2026)).toBe(6);
    expect(monthsServedInYear(leaving('2014-03-14', '2014-07-31'), 2014)).toBe(4);
    expect(monthsServedInYear(serving('2025-03-14'), 2024)).toBe(0);
    expect(monthsServedInYear(leaving('2020-05-04', '2026-06-30'), 2027)).toBe(0);
  });
});

type Row = [label: string, service: Service, year: number, days: number];

describe('annual leave (EA s.88A)', () => {
  it.each<Row>([
    ['1st year, joined 1 Jan: 7', serving('2026-01-01'), 2026, 7],
    ['2nd year: 8', serving('2025-10-02'), 2026, 8],
    ['7th year: 13', serving('2020-05-04'), 2026, 13],
    ['8th year: 14', serving('2020-05-04'), 2027, 14],
    ['11th year: still 14', serving('2020-05-04'), 2030, 14],
    ['joined 14 Mar: 9 months of 7 = 5.25 -> 5', serving('2025-03-14'), 2025, 5],
    ['joined 1 Jul: 6 months of 7 = 3.5 -> 4', serving('2025-07-01'), 2025, 4],
    ['joined 1 Oct: 3 months of 7 = 1.75 -> 2', serving('2025-10-01'), 2025, 2],
    ['joined 2 Oct: under 3 months of service by 31 Dec -> 0', serving('2025-10-02'), 2025, 0],
    ['joined 31 Jan: 11 months of 7 = 6.42 -> 6', serving('2025-01-31'), 2025, 6],
    ['leaver in the 7th year: 6 months of 13 = 6.5 -> 7', leaving('2020-05-04', '2026-06-30'), 2026, 7],
    ['leaver, a full year before leaving: 12', leaving('2020-05-04', '2026-06-30'), 2025, 12],
    ["MOM's example: 4 months of 7 = 2.33 -> 2", leaving('2014-03-14', '2014-07-31'), 2014, 2],
    ['left after 2 months: 0', leaving('2026-03-01', '2026-05-15'), 2026, 0],
    ['the year before hire: 0', serving('2025-03-14'), 2024, 0],
    ['the year after leaving: 0', leaving('2020-05-04', '2026-06-30'), 2027, 0],
  ])('%s', (_label, service, year, days) => {
    expect(statutoryDays('ANNUAL', service, year)).toBe(days);
  });
});

describe('sick and hospitalisation leave (EA s.89)', () => {
  it.each<[label: string, service: Service, year: number, sick: number, hospitalisation: number]>([
    ['joined 2 Oct: 2 months by 31 Dec', serving('2026-10-02'), 2026, 0, 0],
    ['joined 1 Oct: 3 months', serving('2026-10-01'), 2026, 5, 15],
    ['joined 16 Sep: 3 months (the 4th completes 15 Jan)', serving('2026-09-16'), 2026, 5, 15],
    ['joined 1 Sep: 4 months', serving('2026-09-01'), 2026, 8, 30],
    ['joined 1 Aug: 5 months', serving('2026-08-01'), 2026, 11, 45],
    ['joined 1 Jul: 6 months', serving('2026-07-01'), 2026, 14, 60],
    ['joined 1 Jan: 12 months', serving('2026-01-01'), 2026, 14, 60],
    ['joined 2 Oct, the next year', serving('2026-10-02'), 2027, 14, 60],
    ['left after 4 months', leaving('2026-01-01', '2026-04-30'), 2026, 8, 30],
    ['a leaver of long service: not prorated', leaving('2020-05-04', '2026-02-28'), 2026, 14, 60],
    ['the year before hire', serving('2026-10-01'), 2025, 0, 0],
    ['the year after leaving', leaving('2020-05-04', '2026-02-28'), 2027, 0, 0],
  ])('%s: %i outpatient, %i hospitalisation', (_label, service, year, sick, hospitalisation) => {
    expect(statutoryDays('SICK', service, year)).toBe(sick);
    expect(statutoryDays('HOSPITALISATION', service, year)).toBe(hospitalisation);
  });

  it.each<[label: string, service: Service, year: number, asOf: string, sick: number]>([
    [
      'joined 1 Aug, seen on 29 Nov: 3 completed months, 5 days',
      serving('2026-08-01'),
      2026,
      '2026-11-29',
      5,
    ],
    ['joined 1 Aug, seen on 30 Nov: 4, 8 days', serving('2026-08-01'), 2026, '2026-11-30', 8],
    ['joined 2 Oct 2026, seen on 5 Jan 2027: 3, 5 days', serving('2026-10-02'), 2027, '2027-01-05', 5],
    ['a past year seen later: its end, 5 months, 11 days', serving('2026-08-01'), 2026, '2027-06-30', 11],
    [
      'a year seen before it begins: its 1 Jan, 3 months, 5 days',
      serving('2026-10-02'),
      2027,
      '2026-11-27',
      5,
    ],
    [
      'a leaver seen after leaving: the last day, 4 months, 8',
      leaving('2026-01-01', '2026-04-30'),
      2026,
      '2026-11-27',
      8,
    ],
  ])('%s', (_label, service, year, asOf, sick) => {
    expect(statutoryDays('SICK', service, year, asOf)).toBe(sick);
  });
});

describe('childcare leave (CDCA s.12B)', () => {
  it.each<Row>([
    ['joined 2 Oct: under 3 months -> 0', serving('2026-10-02'), 2026, 0],
    ['joined 1 Oct: 3 months (<5) -> 2', serving('2026-10-01'), 2026, 2],
    ['joined 1 Sep: 4 months (<5) -> 2', serving('2026-09-01'), 2026, 2],
    ['joined 1 Aug: 5 months -> 3', serving('2026-08-01'), 2026, 3],
    ['joined 1 Jul: 6 months -> 3', serving('2026-07-01'), 2026, 3],
    ['joined 1 Jun: 7 months -> 4', serving('2026-06-01'), 2026, 4],
    ['joined 1 May: 8 months -> 4', serving('2026-05-01'), 2026, 4],
    ['joined 1 Apr: 9 months -> 5', serving('2026-04-01'), 2026, 5],
    ['joined 1 Mar: 10 months -> 5', serving('2026-03-01'), 2026, 5],
    ['joined 1 Feb: 11 months -> 6', serving('2026-02-01'), 2026, 6],
    ['joined 31 Jan: 11 months -> 6', serving('2026-01-31'), 2026, 6],
    ['joined 1 Jan: 12 months -> 6', serving('2026-01-01'), 2026, 6],
    ['the year after joining: 6', serving('2026-10-02'), 2027, 6],
    ['joined 1 Feb, left 30 Jun: 5 months -> 3', leaving('2026-02-01', '2026-06-30'), 2026, 3],
    ['a leaver of long service: 6', leaving('2020-05-04', '2026-03-31'), 2026, 6],
    ['the year before hire: 0', serving('2026-02-01'), 2025, 0],
  ])('%s', (_label, service, year, days) => {
    expect(statutoryDays('CHILDCARE', service, year)).toBe(days);
  });
});

describe('maternity and paternity leave (CDCA): whole once 3 months of service', () => {
  it.each<[label: string, service: Service, year: number, maternity: number, paternity: number]>([
    ['joined 1 Oct: 3 months', serving('2026-10-01'), 2026, 112, 20],
    ['joined 2 Oct: 2 months', serving('2026-10-02'), 2026, 0, 0],
    ['the next year', serving('2026-10-02'), 2027, 112, 20],
    ['left after 4 months', leaving('2026-01-01', '2026-04-30'), 2026, 112, 20],
    ['the year before hire', serving('2026-10-01'), 2025, 0, 0],
  ])('%s: %i and %i', (_label, service, year, maternity, paternity) => {
    expect(statutoryDays('MATERNITY', service, year)).toBe(maternity);
    expect(statutoryDays('PATERNITY', service, year)).toBe(paternity);
  });

  it('no statute: no minimum', () => {
    expect(statutoryDays(null, serving('2020-01-01'), 2026)).toBeNull();
  });

  // GPML is for working mothers, GPPL for working fathers (section 2.3): onboarding prefilled a woman's
  // Paternity Leave with 20 days (issue 34).
  it.each<[gender: string | null, maternity: number, paternity: number]>([
    ['Female', 112, 0],
    ['Male', 0, 20],
    [null, 112, 20],
  ])('by gender on record, %s: maternity %i, paternity %i', (gender, maternity, paternity) => {
    const service = { ...serving('2020-01-01'), gender };
    expect(statutoryDays('MATERNITY', service, 2026)).toBe(maternity);
    expect(statutoryDays('PATERNITY', service, 2026)).toBe(paternity);
    expect(entitledDays(policy({ days: 112 }), 'MATERNITY', service, 2026)).toBe(maternity);
    expect(entitledDays(policy({ days: 20 }), 'PATERNITY', service, 2026)).toBe(paternity);
    // Every other type whatever the gender.
    expect(entitledDays(policy({ days: 6 }), 'CHILDCARE', service, 2026)).toBe(6);
  });
});

describe("a policy's days", () => {
  const fixed = (days: number, prorate = false) => policy({ entitlement: 'FIXED', days, prorate });
  const bySchedule = (schedule: number[], prorate = false) =>
    policy({ entitlement: 'SERVICE', schedule, prorate });

  it('no allowance: no limit, in any year', () => {
    const none = policy({ entitlement: 'NONE' });
    expect(entitledDays(none, null, serving('2026-01-01'), 2026)).toBeNull();
    expect(entitledDays(none, null, serving('2026-01-01'), 2025)).toBeNull();
  });

  it("FIXED, prorated: MOM's example, 4 months of 10 days = 3", () => {
    expect(entitledDays(fixed(10, true), 'ANNUAL', leaving('2014-03-14', '2014-07-31'), 2014)).toBe(3);
  });

  it('FIXED, prorated only in the years of joining and leaving', () => {
    const service = leaving('2024-07-01', '2026-03-31');
    expect(entitledDays(fixed(18, true), 'ANNUAL', service, 2024)).toBe(9);
    expect(entitledDays(fixed(18, true), 'ANNUAL', service, 2025)).toBe(18);
    // 3 months of 18 = 4.5 -> 5.
    expect(entitledDays(fixed(18, true), 'ANNUAL', service, 2026)).toBe(5);
  });

  it('FIXED, not prorated: the full figure even in the joining year', () => {
    expect(entitledDays(fixed(3), null, serving('2026-10-02'), 2026)).toBe(3);
    expect(entitledDays(fixed(14.5), 'ANNUAL', serving('2026-07-01'), 2026)).toBe(14.5);
  });

  it('SERVICE: by year of service, the last value repeating', () => {
    const schedule = bySchedule([10, 12, 15]);
    expect(entitledDays(schedule, 'ANNUAL', serving('2024-01-01'), 2024)).toBe(10);
    expect(entitledDays(schedule, 'ANNUAL', serving('2024-01-01'), 2025)).toBe(12);
    expect(entitledDays(schedule, 'ANNUAL', serving('2024-01-01'), 2026)).toBe(15);
    expect(entitledDays(schedule, 'ANNUAL', serving('2024-01-01'), 2031)).toBe(15);
  });

  it('SERVICE, prorated: the year of service figure, prorated in the joining year', () => {
    // Joined 1 Jul: 6 months of 10 = 5; the 2nd year in full.
    expect(entitledDays(bySchedule([10, 12], true), 'ANNUAL', serving('2025-07-01'), 2025)).toBe(5);
    expect(entitledDays(bySchedule([10, 12], true), 'ANNUAL', serving('2025-07-01'), 2026)).toBe(12);
  });

  it('STATUTORY_SICK: the EA s.89 table; any other statute reads the outpatient column', () => {
    const statutory = policy({ entitlement: 'STATUTORY_SICK' });
    expect(entitledDays(statutory, 'SICK', serving('2026-09-01'), 2026)).toBe(8);
    expect(entitledDays(statutory, 'HOSPITALISATION', serving('2026-09-01'), 2026)).toBe(30);
    expect(entitledDays(statutory, 'CHILDCARE', serving('2026-09-01'), 2026)).toBe(8);
    expect(entitledDays(statutory, null, serving('2026-07-01'), 2026)).toBe(14);
  });

  it('not employed in the year: 0, for every kind with an allowance', () => {
    const before = serving('2026-03-01');
    const after = leaving('2020-01-01', '2025-06-30');
    for (const p of [fixed(14), bySchedule([7, 8]), policy({ entitlement: 'STATUTORY_SICK' })]) {
      expect(entitledDays(p, 'ANNUAL', before, 2025)).toBe(0);
      expect(entitledDays(p, 'ANNUAL', after, 2026)).toBe(0);
    }
  });
});

describe('below the law', () => {
  const annualMessage =
    "Annual Leave cannot be less than the Employment Act's 7, 8, 9, 10, 11, 12, 13 and 14 days by year of service.";
  const fixed = (days: number, prorate = false) => policy({ entitlement: 'FIXED', days, prorate });
  const bySchedule = (schedule: number[]) => policy({ entitlement: 'SERVICE', schedule });
  const statutorySick = policy({ entitlement: 'STATUTORY_SICK' });
  const none = policy({ entitlement: 'NONE' });
  const check = (p: LeavePolicy, statute: LeaveStatute | null, name: string) =>
    belowTheLaw(p, statute, name)?.message;

  it('annual leave by schedule: each year of service at least the Act', () => {
    expect(check(bySchedule([7, 8, 9, 10, 11, 12, 13, 14]), 'ANNUAL', 'Annual Leave')).toBeUndefined();
    expect(check(bySchedule([14]), 'ANNUAL', 'Annual Leave')).toBeUndefined();
    expect(check(bySchedule([10, 10, 10, 10, 12, 14]), 'ANNUAL', 'Annual Leave')).toBeUndefined();
    // The 8th year repeats 13, one short.
    expect(check(bySchedule([7, 8, 9, 10, 11, 12, 13]), 'ANNUAL', 'Annual Leave')).toBe(annualMessage);
    // The 5th year gives 10 where the Act gives 11.
    expect(check(bySchedule([10, 10, 10, 10, 10, 12, 14]), 'ANNUAL', 'Annual Leave')).toBe(annualMessage);
    // A 10th year that drops back below 14.
    expect(check(bySchedule([7, 8, 9, 10, 11, 12, 13, 14, 14, 12]), 'ANNUAL', 'Annual Leave')).toBe(
      annualMessage,
    );
    expect(check(bySchedule([6.5, 8, 9, 10, 11, 12, 13, 14]), 'ANNUAL', 'Annual Leave')).toBe(annualMessage);
  });

  it('annual leave fixed: at least 14 (the 8th year on); prorating follows MOM so is allowed', () => {
    expect(check(fixed(14), 'ANNUAL', 'Annual Leave')).toBeUndefined();
    expect(check(fixed(18, true), 'ANNUAL', 'Annual Leave')).toBeUndefined();
    expect(check(fixed(13.5), 'ANNUAL', 'Annual Leave')).toBe(annualMessage);
    expect(check(fixed(7), 'ANNUAL', 'Vacation')).toBe(
      "Vacation cannot be less than the Employment Act's 7, 8, 9, 10, 11, 12, 13 and 14 days by year of service.",
    );
  });

  it('annual leave without an allowance, or on the sick leave table: refused', () => {
    expect(check(none, 'ANNUAL', 'Annual Leave')).toBe(annualMessage);
    expect(check(statutorySick, 'ANNUAL', 'Annual Leave')).toBe(
      "Annual Leave cannot follow the Employment Act's sick leave table.",
    );
  });

  it('sick and hospitalisation leave: the table, or a fixed 14 / 60 days, unprorated', () => {
    expect(check(statutorySick, 'SICK', 'Medical Leave')).toBeUndefined();
    expect(check(statutorySick, 'HOSPITALISATION', 'Hospitalisation Leave')).toBeUndefined();
    expect(check(fixed(14), 'SICK', 'Medical Leave')).toBeUndefined();
    expect(check(fixed(60), 'HOSPITALISATION', 'Hospitalisation Leave')).toBeUndefined();
    expect(check(fixed(13), 'SICK', 'Medical Leave')).toBe(
      "Medical Leave cannot be less than the Employment Act's 14 days a year.",
    );
    expect(check(fixed(59.5), 'HOSPITALISATION', 'Hospitalisation Leave')).toBe(
      "Hospitalisation Leave cannot be less than the Employment Act's 60 days a year.",
    );
    expect(check(none, 'SICK', 'Medical Leave')).toBe(
      "Medical Leave cannot be less than the Employment Act's 14 days a year.",
    );
    expect(check(bySchedule([14, 20]), 'SICK', 'Medical Leave')).toBe(
      "Medical Leave must follow the Employment Act's sick leave table or give a fixed 14 days a year.",
    );
    // Prorated, 6 months of 14 would be 7 where the Act gives 14 at 6 months.
    expect(check(fixed(14, true), 'SICK', 'Medical Leave')).toBe(
      'Medical Leave cannot be prorated: the Employment Act gives it in full.',
    );
  });

  it('childcare, maternity and paternity leave: at least 6 / 112 / 20 days', () => {
    expect(check(fixed(6), 'CHILDCARE', 'Childcare Leave')).toBeUndefined();
    // Prorating 6 days in the joining year gives CDCA s.12B(1)'s figures, so it is allowed.
    expect(check(fixed(6, true), 'CHILDCARE', 'Childcare Leave')).toBeUndefined();
    expect(check(bySchedule([6, 7]), 'CHILDCARE', 'Childcare Leave')).toBeUndefined();
    expect(check(fixed(5), 'CHILDCARE', 'Childcare Leave')).toBe(
      "Childcare Leave cannot be less than the Child Development Co-Savings Act's 6 days a year.",
    );
    expect(check(bySchedule([5, 6]), 'CHILDCARE', 'Childcare Leave')).toBe(
      "Childcare Leave cannot be less than the Child Development Co-Savings Act's 6 days a year.",
    );
    expect(check(fixed(112), 'MATERNITY', 'Maternity Leave')).toBeUndefined();
    expect(check(fixed(84), 'MATERNITY', 'Maternity Leave')).toBe(
      "Maternity Leave cannot be less than the Child Development Co-Savings Act's 16 weeks (112 days).",
    );
    expect(check(fixed(20), 'PATERNITY', 'Paternity Leave')).toBeUndefined();
    // The old 2 weeks (births before 1 Apr 2025) is below today's 4.
    expect(check(fixed(10), 'PATERNITY', 'Paternity Leave')).toBe(
      "Paternity Leave cannot be less than the Child Development Co-Savings Act's 4 weeks (20 days).",
    );
    expect(check(fixed(112, true), 'MATERNITY', 'Maternity Leave')).toBe(
      'Maternity Leave cannot be prorated: the Child Development Co-Savings Act gives it in full.',
    );
  });

  it('childcare, maternity and paternity leave: not on the sick leave table, not without an allowance', () => {
    for (const [statute, name] of [
      ['CHILDCARE', 'Childcare Leave'],
      ['MATERNITY', 'Maternity Leave'],
      ['PATERNITY', 'Paternity Leave'],
    ] as const) {
      expect(check(statutorySick, statute, name)).toBe(
        `${name} cannot follow the Employment Act's sick leave table.`,
      );
      expect(check(none, statute, name)).toMatch(new RegExp(`^${name} cannot be less than`));
    }
  });

  it('no statute: never below it', () => {
    expect(check(none, null, 'Unpaid Leave')).toBeUndefined();
    expect(check(fixed(0), null, 'Compassionate Leave')).toBeUndefined();
  });

  it('names the field to change: the days, the schedule, the proration, or how days are set', () => {
    const field = (p: LeavePolicy, statute: LeaveStatute) => belowTheLaw(p, statute, 'X')?.field;
    expect(field(fixed(13), 'ANNUAL')).toBe('days');
    expect(field(bySchedule([7, 5, 9, 10, 11, 12, 13, 14]), 'ANNUAL')).toBe('schedule');
    expect(field(fixed(14, true), 'SICK')).toBe('prorate');
    expect(field(none, 'ANNUAL')).toBe('entitlement');
    expect(field(statutorySick, 'CHILDCARE')).toBe('entitlement');
    expect(field(bySchedule([14]), 'SICK')).toBe('entitlement');
  });
});

describe('carry-forward', () => {
  it('carried days expire at the end of the given month of the next year', () => {
    expect(carryForwardExpiresOn(2026, 3)).toBe('2027-03-31');
    expect(carryForwardExpiresOn(2026, 12)).toBe('2027-12-31');
    expect(carryForwardExpiresOn(2026, 18)).toBe('2027-12-31');
    expect(carryForwardExpiresOn(2027, 2)).toBe('2028-02-29');
    expect(carryForwardExpiresOn(2026, 6)).toBe('2027-06-30');
    expect(carryForwardExpiresOn(2026, null)).toBeNull();
  });

  it('caps the carried days and forfeits the rest, with any carried days that expired unused', () => {
    // 14 entitled, 5 carried in of which 3 were used before they expired, 10 used: 7 unused.
    expect(
      carryForward({ entitledDays: 14, carriedInDays: 5, carriedInAvailable: 3, usedDays: 10, maxDays: 5 }),
    ).toEqual({ carriedDays: 5, forfeitedDays: 4, unusedDays: 7 });
    expect(
      carryForward({ entitledDays: 14, carriedInDays: 0, carriedInAvailable: 0, usedDays: 14, maxDays: 5 }),
    ).toEqual({ carriedDays: 0, forfeitedDays: 0, unusedDays: 0 });
    expect(
      carryForward({ entitledDays: 7, carriedInDays: 0, carriedInAvailable: 0, usedDays: 2.5, maxDays: 0 }),
    ).toEqual({ carriedDays: 0, forfeitedDays: 4.5, unusedDays: 4.5 });
  });
});
