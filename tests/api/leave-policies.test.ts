import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffInfo } from '../../src/server/db/schema';
import { createTestApp, type TestApp, testDatabaseKind } from './harness';
import { AM, leaveApi, type Person, PM, person, seedLeaveTypes } from './leave-fixtures';

/**
 * Issue 17: leave as Singapore law counts it. Every expected figure here is worked out from the
 * Employment Act and CDCA figures in the shared leave facts (annual leave 7..14 by year of service,
 * prorated by completed months with MOM's rounding; sick leave 5/15, 8/30, 11/45, 14/60 by completed
 * months), not from the code.
 */

let t: TestApp;
let api: ReturnType<typeof leaveApi>;
let types: Record<string, number>;
let admin: Person;
const thisYear = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric' }).format(new Date()),
);

beforeAll(async () => {
  t = await createTestApp();
  api = leaveApi(t);
  types = await seedLeaveTypes(t);
  admin = await person(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
});

interface Policy {
  leaveTypeId: number;
  leaveType: { id: number; name: string };
  entitlement: string;
  days: number | null;
  schedule: number[] | null;
  prorate: boolean;
  carryForwardMaxDays: number;
  carryForwardExpiryMonths: number | null;
}
interface Entitlement {
  leaveType: { id: number; name: string };
  statutoryDays: number | null;
  entitledDays: number | null;
  carriedForwardDays: number;
  carriedForwardExpiresOn: string | null;
}

const policies = async (token = admin.token): Promise<Policy[]> =>
  (await api.call('GET', '/api/leave-policies', token)).json();
const putPolicy = (type: string, body: object, token = admin.token) =>
  api.call('PUT', `/api/leave-policies/${types[type]}`, token, body);
const ANNUAL_DEFAULT = {
  entitlement: 'SERVICE',
  schedule: [7, 8, 9, 10, 11, 12, 13, 14],
  prorate: true,
  carryForwardMaxDays: 14,
  carryForwardExpiryMonths: 12,
};

async function entitlements(who: Person, year: number, token = admin.token) {
  const response = await api.call('GET', `/api/users/${who.id}/leave-entitlements?year=${year}`, token);
  expect(response.statusCode).toBe(200);
  const rows: Entitlement[] = response.json();
  return (type: string) => rows.find((row) => row.leaveType.name === type);
}

describe('leave policies', () => {
  it("start from the law: annual leave by year of service, sick leave by the Act's table, unpaid without limit", async () => {
    const staff = await person(t);
    const list = await policies(staff.token);
    expect(list.map((p) => p.leaveType.name)).toEqual(Object.keys(types));
    const of = (name: string) => list.find((p) => p.leaveType.name === name);
    expect(of('Annual Leave')).toMatchObject(ANNUAL_DEFAULT);
    expect(of('Medical Leave')).toMatchObject({ entitlement: 'STATUTORY_SICK' });
    expect(of('Hospitalisation Leave')).toMatchObject({ entitlement: 'STATUTORY_SICK' });
    expect(of('Unpaid Leave')).toMatchObject({ entitlement: 'NONE' });
  });

  it('may be raised, never lowered below the law, and only by an administrator', async () => {
    const raised = await putPolicy('Annual Leave', { ...ANNUAL_DEFAULT, schedule: [10, 12, 14, 16] });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ schedule: [10, 12, 14, 16] });
    expect((await policies()).find((p) => p.leaveType.name === 'Annual Leave')?.schedule).toEqual([
      10, 12, 14, 16,
    ]);

    const lowered = await putPolicy('Annual Leave', {
      ...ANNUAL_DEFAULT,
      schedule: [6, 8, 9, 10, 11, 12, 13, 14],
    });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().message).toContain('Employment Act');
    // The reason for machines and the field at fault, so that a form shows it beside the schedule.
    expect(lowered.json()).toMatchObject({ code: 'LEAVE_POLICY_BELOW_STATUTE', field: 'schedule' });
    const fixedSick = await putPolicy('Medical Leave', {
      entitlement: 'FIXED',
      days: 10,
      prorate: false,
      carryForwardMaxDays: 0,
      carryForwardExpiryMonths: null,
    });
    expect(fixedSick.statusCode).toBe(400);
    expect(fixedSick.json().message).toContain('14');
    expect(fixedSick.json()).toMatchObject({ code: 'LEAVE_POLICY_BELOW_STATUTE', field: 'days' });
    // EA s.89 gives sick leave whole: a fixed 14 days, prorated, falls below it by the proration.
    const proratedSick = await putPolicy('Medical Leave', {
      entitlement: 'FIXED',
      days: 14,
      prorate: true,
      carryForwardMaxDays: 0,
      carryForwardExpiryMonths: null,
    });
    expect(proratedSick.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Medical Leave cannot be prorated: the Employment Act gives it in full.',
      code: 'LEAVE_POLICY_BELOW_STATUTE',
      field: 'prorate',
    });

    const staff = await person(t);
    expect((await putPolicy('Annual Leave', ANNUAL_DEFAULT, staff.token)).statusCode).toBe(403);
    expect(
      (await api.call('PUT', '/api/leave-policies/2000000000', admin.token, ANNUAL_DEFAULT)).statusCode,
    ).toBe(404);
    // Unpaid leave has no limit, and a fixed policy needs its days.
    const limited = await putPolicy('Unpaid Leave', { ...ANNUAL_DEFAULT, entitlement: 'FIXED', days: 5 });
    expect(limited.statusCode).toBe(400);
    expect(limited.json()).toMatchObject({ code: 'LEAVE_POLICY_NO_LIMIT_ONLY', field: 'entitlement' });
    // The edge's own check: the first value at fault is named by its field.
    const negative = await putPolicy('Annual Leave', { ...ANNUAL_DEFAULT, carryForwardMaxDays: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ code: 'VALIDATION', field: 'carryForwardMaxDays' });
    expect(
      (await putPolicy('Compassionate Leave', { ...ANNUAL_DEFAULT, entitlement: 'FIXED', schedule: null }))
        .statusCode,
    ).toBe(400);

    expect((await putPolicy('Annual Leave', ANNUAL_DEFAULT)).statusCode).toBe(200);
    const [audit] = (
      (await t.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'leavePolicy.updated'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    expect(audit?.n).toBeGreaterThanOrEqual(2);
  });
});

describe('entitlements', () => {
  it('prorate the year of joining by completed months, with MOM rounding', async () => {
    // 14 Mar to 31 Dec: 9 completed months; 9/12 of the 1st year's 7 days = 5.25, so 5.
    const joiner = await person(t, { employment: { hireDate: '2026-03-14' } });
    const of = await entitlements(joiner, 2026);
    expect(of('Annual Leave')).toMatchObject({ statutoryDays: 5, entitledDays: 5, carriedForwardDays: 0 });
    // Sick leave by completed months at the year's end: 9 months, so the full 14 and 60.
    expect(of('Medical Leave')).toMatchObject({ statutoryDays: 14, entitledDays: 14 });
    expect(of('Hospitalisation Leave')).toMatchObject({ statutoryDays: 60, entitledDays: 60 });
    expect(of('Unpaid Leave')).toMatchObject({ entitledDays: null });
  });

  it('give 14 days from the eighth year of service', async () => {
    const veteran = await person(t, { employment: { hireDate: '2019-02-01' } });
    expect((await entitlements(veteran, 2026))('Annual Leave')).toMatchObject({
      statutoryDays: 14,
      entitledDays: 14,
    });
    expect((await entitlements(veteran, 2025))('Annual Leave')).toMatchObject({ entitledDays: 13 });
  });

  it('give sick leave by completed months of service', async () => {
    // A past year: the months served by its end.
    const cases: Array<[string, number, number]> = [
      ['2025-08-15', 8, 30], // 4 completed months by 31 Dec
      ['2025-09-20', 5, 15], // 3
      ['2025-07-01', 14, 60], // 6
      ['2025-10-10', 0, 0], // 2: not yet entitled
    ];
    for (const [hireDate, sick, hospital] of cases) {
      const who = await person(t, { employment: { hireDate } });
      const of = await entitlements(who, 2025);
      expect([
        hireDate,
        of('Medical Leave')?.entitledDays,
        of('Hospitalisation Leave')?.entitledDays,
      ]).toEqual([hireDate, sick, hospital]);
    }
  });

  it('give sick leave this year by the months served so far, as the law grants it', async () => {
    // Hired 4 months and 10 days ago (Singapore date): 4 completed months today, 8 and 30 days,
    // whatever the year's end will bring. (Early in January that date is last year's: skip then.)
    const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'Asia/Singapore' }));
    const hired = new Date(today.getFullYear(), today.getMonth() - 4, today.getDate() - 10);
    if (hired.getFullYear() !== thisYear) return;
    const hireDate = `${hired.getFullYear()}-${String(hired.getMonth() + 1).padStart(2, '0')}-${String(hired.getDate()).padStart(2, '0')}`;
    const who = await person(t, { employment: { hireDate } });
    const of = await entitlements(who, thisYear);
    expect(of('Medical Leave')).toMatchObject({ statutoryDays: 8, entitledDays: 8 });
    expect(of('Hospitalisation Leave')).toMatchObject({ statutoryDays: 30, entitledDays: 30 });
  });

  it("prorate the year of leaving, as MOM's worked example does", async () => {
    // MOM: start 14 Mar, leave 31 Jul: 4 completed months of a 10-day entitlement = 3.33, so 3 days.
    expect(
      (
        await putPolicy('Compassionate Leave', {
          entitlement: 'FIXED',
          days: 10,
          prorate: true,
          carryForwardMaxDays: 0,
          carryForwardExpiryMonths: null,
        })
      ).statusCode,
    ).toBe(200);
    const brief = await person(t, { employment: { hireDate: '2026-03-14', lastDayOfService: '2026-07-31' } });
    expect((await entitlements(brief, 2026))('Compassionate Leave')).toMatchObject({ entitledDays: 3 });
    // A leaver of long service: 7 completed months of 14 days = 8.17, so 8.
    const leaver = await person(t, {
      employment: { hireDate: '2015-01-05', lastDayOfService: '2026-07-31' },
    });
    expect((await entitlements(leaver, 2026))('Annual Leave')).toMatchObject({ entitledDays: 8 });
    await putPolicy('Compassionate Leave', {
      entitlement: 'FIXED',
      days: 3,
      prorate: false,
      carryForwardMaxDays: 0,
      carryForwardExpiryMonths: null,
    });
  });

  // CDCA (shared leave facts, section 2.3): GPML is a working mother's 16 weeks, GPPL a working father's
  // 4 weeks; the other parent has neither, and someone without a gender on record both (issue 34).
  it('give maternity leave to mothers and paternity leave to fathers, by the staff record', async () => {
    const withGender = async (gender: 'Male' | 'Female' | null, nric: string) => {
      const who = await person(t);
      await t.db.insert(staffInfo).values({
        userId: who.id,
        gender,
        nric,
        dateOfBirth: '1990-01-01',
        race: 'Others',
        nationality: 'SINGAPORE CITIZEN',
      });
      return entitlements(who, thisYear);
    };
    const cases = [
      [await withGender('Female', 'S1234567D'), 112, 0],
      [await withGender('Male', 'T1234567J'), 0, 20],
      [await withGender(null, 'S9812381D'), 112, 20],
    ] as const;
    for (const [of, maternity, paternity] of cases) {
      expect(of('Maternity Leave')).toMatchObject({ statutoryDays: maternity, entitledDays: maternity });
      expect(of('Paternity Leave')).toMatchObject({ statutoryDays: paternity, entitledDays: paternity });
    }
  });

  it("are the user's own for STAFF, anyone's for ADMIN", async () => {
    const me = await person(t);
    const other = await person(t);
    expect((await api.call('GET', `/api/users/${other.id}/leave-entitlements`, me.token)).statusCode).toBe(
      403,
    );
    expect((await api.call('GET', `/api/users/${me.id}/leave-entitlements`, me.token)).statusCode).toBe(200);
    expect((await api.call('GET', '/api/users/2000000000/leave-entitlements', admin.token)).statusCode).toBe(
      404,
    );
  });
});

describe('year end', () => {
  const annual = (who: Person, year: number) => api.balanceOf(admin.token, who.id, year, 'Annual Leave');
  const yearEnd = (year: number, token = admin.token) =>
    api.call('POST', '/api/leave-balances/year-end', token, { year });
  const setCarry = (carryForwardMaxDays: number, carryForwardExpiryMonths: number | null) =>
    putPolicy('Annual Leave', { ...ANNUAL_DEFAULT, carryForwardMaxDays, carryForwardExpiryMonths });

  it("carries unused days up to the policy's limit, and gives the same figures when run again", async () => {
    const closing = thisYear - 1;
    // Hired 2020: the Act's days for the year closing, by year of service.
    const full = Math.min(14, 7 + (closing - 2020));
    const who = await person(t, { employment: { hireDate: '2020-01-06' } });
    await api.created(admin.token, {
      userId: who.id,
      leaveType: 'Annual Leave',
      // Seven days in a row hold five working days; mid-June has no public holiday in 2025 to 2027.
      fromDate: `${closing}-06-15`,
      fromDateIsAm: AM,
      toDate: `${closing}-06-21`,
      toDateIsAm: PM,
    });
    expect(await annual(who, closing)).toMatchObject({ totalDays: full, usedDays: 5 });
    expect((await setCarry(5, 12)).statusCode).toBe(200);

    const preview = await api.call('GET', `/api/leave-balances/year-end?year=${closing}`, admin.token);
    expect(preview.statusCode).toBe(200);
    const first = await yearEnd(closing);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ...preview.json(), year: closing });
    expect(first.json().daysCarried).toBeGreaterThanOrEqual(5);

    // full - 5 unused, at most 5 carried, expiring at the end of the next year (12 months).
    const carried = await annual(who, thisYear);
    expect(carried).toMatchObject({ carriedForwardDays: 5, carriedForwardExpiresOn: `${thisYear}-12-31` });
    const nextFull = Math.min(14, 7 + (thisYear - 2020));
    expect(carried.totalDays).toBe(nextFull);
    expect(carried.balance).toBe(nextFull + 5 - carried.usedDays);
    expect((await entitlements(who, thisYear))('Annual Leave')).toMatchObject({
      entitledDays: nextFull,
      carriedForwardDays: 5,
      carriedForwardExpiresOn: `${thisYear}-12-31`,
    });

    // Again: nothing more carried, the same figures.
    const second = await yearEnd(closing);
    expect(second.statusCode).toBe(200);
    expect(second.json().daysCarried).toBe(first.json().daysCarried);
    expect(second.json().balancesCreated).toBe(0);
    expect(await annual(who, thisYear)).toMatchObject({ carriedForwardDays: 5, balance: carried.balance });
    const [audit] = (
      (await t.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'leaveBalance.yearEnd'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    expect(audit?.n).toBe(2);
  });

  it('uses carried days first, and after their expiry keeps only those already used', async () => {
    // Closing 2024 into 2025 with a 3-month expiry: carried days expire on 31 Mar 2025.
    expect((await setCarry(5, 3)).statusCode).toBe(200);
    const who = await person(t, { employment: { hireDate: '2020-01-06' } });
    expect((await yearEnd(2024)).statusCode).toBe(200);
    // 2024, the 5th year: 11 days, none used: 5 carried, 6 forfeited.
    expect(await annual(who, 2025)).toMatchObject({
      carriedForwardDays: 5,
      carriedForwardExpiresOn: '2025-03-31',
      totalDays: 12,
    });
    // Two days in February 2025 come from the carried days; a day in May from the year's own.
    for (const [from, to] of [
      ['2025-02-10', '2025-02-11'],
      ['2025-05-06', '2025-05-06'],
    ] as const) {
      const created = await api.created(admin.token, {
        userId: who.id,
        leaveType: 'Annual Leave',
        fromDate: from,
        fromDateIsAm: AM,
        toDate: to,
        toDateIsAm: PM,
      });
      expect((await api.decide(admin.token, created.id, 'APPROVED')).statusCode).toBe(200);
    }
    // Past 31 Mar 2025 the 3 unused carried days are gone; the 2 used stay used: 12 + 2 - 3 = 11.
    expect(await annual(who, 2025)).toMatchObject({ usedDays: 3, carriedForwardUsableDays: 2, balance: 11 });
    await setCarry(14, 12);
  });

  // Issue 33, item 3: what a closed year carried is always what it left unused, and a second run of
  // the year end changes nothing. Annual leave by default: every unused day (up to 14) carried for 12
  // months. Seven days in a row hold five working days; early December and July have no holiday.
  it('takes leave in a closed year from what it carried, refuses what the next year has taken, and runs again the same', async () => {
    const closing = thisYear - 1;
    const who = await person(t, { employment: { hireDate: '2012-01-06' } });
    const week = (from: string, to: string) => ({
      userId: who.id,
      leaveType: 'Annual Leave',
      fromDate: from,
      fromDateIsAm: AM,
      toDate: to,
      toDateIsAm: PM,
    });
    expect((await yearEnd(closing)).statusCode).toBe(200);
    // 14 days (the eighth year of service and on), none used: all 14 carried.
    expect(await annual(who, thisYear)).toMatchObject({ totalDays: 14, carriedForwardDays: 14, balance: 28 });

    // Five days in December of the closed year: they were among the 14 carried, so 9 are carried now.
    await api.created(admin.token, week(`${closing}-12-01`, `${closing}-12-07`));
    expect(await annual(who, closing)).toMatchObject({ usedDays: 5, balance: 9 });
    expect(await annual(who, thisYear)).toMatchObject({ carriedForwardDays: 9, balance: 23 });

    // Twenty days of this year: 14 + 9 - 20 = 3 left. Five more December days would take back carried
    // days already taken here (this year 2 days short): refused, and nothing changes.
    for (const [from, to] of [
      ['07-01', '07-07'],
      ['07-08', '07-14'],
      ['07-15', '07-21'],
      ['07-22', '07-28'],
    ]) {
      await api.created(admin.token, week(`${thisYear}-${from}`, `${thisYear}-${to}`));
    }
    expect(await annual(who, thisYear)).toMatchObject({ usedDays: 20, carriedForwardDays: 9, balance: 3 });
    const refused = await api.create(admin.token, week(`${closing}-12-08`, `${closing}-12-14`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`${thisYear} 2 days short`);
    // Two December days still fit: 9 - 2 = 7 carried, this year 14 + 7 - 20 = 1.
    const twoDays = await api.created(admin.token, week(`${closing}-12-08`, `${closing}-12-09`));
    expect(await annual(who, thisYear)).toMatchObject({ carriedForwardDays: 7, balance: 1 });

    // The year end again: the same figures, nobody below zero.
    expect((await yearEnd(closing)).statusCode).toBe(200);
    expect(await annual(who, closing)).toMatchObject({ usedDays: 7, balance: 7 });
    expect(await annual(who, thisYear)).toMatchObject({ carriedForwardDays: 7, usedDays: 20, balance: 1 });

    // Deleting the two December days gives them back to the carry: 9 again.
    expect((await api.remove(admin.token, twoDays.id)).statusCode).toBe(204);
    expect(await annual(who, thisYear)).toMatchObject({ carriedForwardDays: 9, balance: 3 });
    // A run again with the carry limit lowered to 5 would leave this year 1 day short: refused.
    expect((await setCarry(5, 12)).statusCode).toBe(200);
    const lowered = await yearEnd(closing);
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().message).toContain('1 day short');
    expect(await annual(who, thisYear)).toMatchObject({ carriedForwardDays: 9, balance: 3 });
    expect((await setCarry(14, 12)).statusCode).toBe(200);
  });

  it('is for an administrator, and not for a year that has not begun', async () => {
    const staff = await person(t);
    expect((await yearEnd(thisYear - 1, staff.token)).statusCode).toBe(403);
    expect((await yearEnd(thisYear + 1)).statusCode).toBe(409);
    expect((await yearEnd(1999)).statusCode).toBe(400);
  });

  it.runIf(testDatabaseKind === 'postgres')('gives the same figures when two run at once', async () => {
    const who = await person(t, { employment: { hireDate: '2021-05-03' } });
    const [a, b] = await Promise.all([yearEnd(thisYear - 2), yearEnd(thisYear - 2)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().daysCarried).toBe(b.json().daysCarried);
    const rows = (
      (await t.db.execute(
        sql`select count(*)::int as n from leave_carry_forwards where user_id = ${who.id} and year = ${thisYear - 1}`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    expect(rows[0]?.n).toBe(1);
  });
});
