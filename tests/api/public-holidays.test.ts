import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveRequestDays, leaveRequests } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { createTestApp, type TestApp } from './harness';
import { AM, giveAllowances, leaveApi, type Person, PM, person, seedLeaveTypes } from './leave-fixtures';

// Issue 17, part 4: public holidays kept by the administrator. Runs on PGlite and, with DATABASE_URL,
// on PostgreSQL. Expected figures are counted by hand on the calendar in each test's comment.

let t: TestApp;
let api: ReturnType<typeof leaveApi>;
let types: Record<string, number>;
let admin: Person;
let otherAdmin: Person;

beforeAll(async () => {
  t = await createTestApp();
  api = leaveApi(t);
  types = await seedLeaveTypes(t);
  admin = await person(t, { role: 'ADMIN', fullName: 'Siti Admin' });
  otherAdmin = await person(t, { role: 'ADMIN', fullName: 'Ravi Admin' });
});
afterAll(async () => {
  await t.close();
});

async function staff(fullName: string) {
  const someone = await person(t, { fullName });
  for (const year of [2029, 2030]) {
    await giveAllowances(t, types, someone.id, year, {
      'Annual Leave': 30,
      'Unpaid Leave': null,
      'Maternity Leave': 112,
    });
  }
  return someone;
}

const add = (token: string, body: object) => api.call('POST', '/api/public-holidays', token, body);
const remove = (token: string, date: string) => api.call('DELETE', `/api/public-holidays/${date}`, token);
const list = (token: string, year?: number) =>
  api.call('GET', `/api/public-holidays${year ? `?year=${year}` : ''}`, token);

async function storedDays(id: number) {
  const [row] = await t.db
    .select({ days: leaveRequests.days })
    .from(leaveRequests)
    .where(eq(leaveRequests.id, id));
  const perYear = await t.db
    .select({ year: leaveRequestDays.year, days: leaveRequestDays.days })
    .from(leaveRequestDays)
    .where(eq(leaveRequestDays.leaveRequestId, id))
    .orderBy(leaveRequestDays.year);
  return { days: row?.days, perYear };
}

describe('GET /api/public-holidays', () => {
  it('answers the gazetted holidays of a year by date to any signed-in user, and 401 to nobody', async () => {
    const me = await person(t);
    const response = await list(me.token, 2026);
    expect(response.statusCode).toBe(200);
    const holidays = response.json() as { date: string; name: string }[];
    // MOM's 2026 list, the Mondays in lieu included (copied from the gazette, not from the app).
    expect(holidays.map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-02-17',
      '2026-02-18',
      '2026-03-21',
      '2026-04-03',
      '2026-05-01',
      '2026-05-27',
      '2026-05-31',
      '2026-06-01',
      '2026-08-09',
      '2026-08-10',
      '2026-11-08',
      '2026-11-09',
      '2026-12-25',
    ]);
    expect(holidays[0]).toEqual({ date: '2026-01-01', name: "New Year's Day" });
    expect((await list(me.token, 2031)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/public-holidays?year=2026' })).statusCode).toBe(
      401,
    );
  });

  it("defaults to this year in Singapore and refuses a year that isn't four digits", async () => {
    const me = await person(t);
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric' }).format(new Date()),
    );
    expect((await list(me.token)).json()).toEqual((await list(me.token, year)).json());
    for (const bad of ['26', '20266', 'abcd', '1999']) {
      const response = await api.call('GET', `/api/public-holidays?year=${bad}`, me.token);
      expect(response.statusCode, bad).toBe(400);
      // The query's check: a code, and no field (a query parameter is no field of a form).
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
      expect(response.json().code).toBe('VALIDATION');
    }
  });
});

describe('POST and DELETE /api/public-holidays', () => {
  it('are for administrators only', async () => {
    const me = await person(t);
    expect((await add(me.token, { date: '2029-03-05', name: 'Company Day' })).statusCode).toBe(403);
    expect((await remove(me.token, '2026-12-25')).statusCode).toBe(403);
    expect((await list(me.token, 2029)).json()).toEqual([]);
  });

  it('adds and deletes a holiday, audited; 409 for a date that already is one, 404 for one that is not', async () => {
    const created = await add(admin.token, { date: '2029-03-05', name: '  Company Day  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ date: '2029-03-05', name: 'Company Day', changedRequests: [] });
    expect((await list(admin.token, 2029)).json()).toEqual([{ date: '2029-03-05', name: 'Company Day' }]);

    const again = await add(admin.token, { date: '2029-03-05', name: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('05/03/2029');

    const removed = await remove(admin.token, '2029-03-05');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ date: '2029-03-05', name: 'Company Day', changedRequests: [] });
    expect((await list(admin.token, 2029)).json()).toEqual([]);
    expect((await remove(admin.token, '2029-03-05')).statusCode).toBe(404);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'publicHoliday'));
    expect(audits.map((a) => [a.action, a.entityId, a.actorUserId])).toEqual([
      ['publicHoliday.added', '2029-03-05', admin.id],
      ['publicHoliday.removed', '2029-03-05', admin.id],
    ]);
  });

  it('refuses a bad date or an empty name with 400 and the one error shape', async () => {
    for (const body of [
      { date: '', name: 'Day' },
      { date: '2029-02-30', name: 'Day' },
      { date: '05/03/2029', name: 'Day' },
      { date: '1999-01-01', name: 'Day' },
      { date: '2029-03-06', name: '' },
      { date: '2029-03-06', name: '   ' },
      { date: '2029-03-06', name: 'x'.repeat(101) },
      { date: '2029-03-06', name: 'bell\u0007' },
      { date: '2029-03-06' },
    ]) {
      const response = await add(admin.token, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual([
        'code',
        'error',
        'field',
        'message',
        'statusCode',
      ]);
      // The field at fault: a name that is missing or wrong, else the date.
      const field = body.name === undefined || !/^\w{1,100}$/.test(body.name) ? 'name' : 'date';
      expect(response.json()).toMatchObject({ code: 'VALIDATION', field });
    }
    expect((await remove(admin.token, 'not-a-date')).statusCode).toBe(400);
    expect((await list(admin.token, 2029)).json()).toEqual([]);
  });
});

describe('a holiday changes the days of the requests awaiting a decision', () => {
  it('recounts a pending request over the date and lists it; an approved one keeps its days', async () => {
    const aisha = await staff('Aisha Rahman');
    const ben = await staff('Ben Lim');
    // Mon 6 to Fri 10 August 2029, no holiday in the table for 2029: 5 days each.
    const week = { fromDate: '2029-08-06', fromDateIsAm: AM, toDate: '2029-08-10', toDateIsAm: PM };
    const pending = await api.created(aisha.token, { userId: aisha.id, leaveType: 'Annual Leave', ...week });
    const approved = await api.created(ben.token, { userId: ben.id, leaveType: 'Annual Leave', ...week });
    expect(pending.days).toBe(5);
    expect((await api.decide(admin.token, approved.id, 'APPROVED')).statusCode).toBe(200);

    // National Day, Thursday 9 August 2029: the pending request takes 4 days.
    const response = await add(admin.token, { date: '2029-08-09', name: 'National Day' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      date: '2029-08-09',
      name: 'National Day',
      changedRequests: [
        {
          id: pending.id,
          user: { id: aisha.id, fullName: 'Aisha Rahman' },
          leaveType: { id: types['Annual Leave'], name: 'Annual Leave' },
          fromDate: '2029-08-06',
          toDate: '2029-08-10',
          daysBefore: 5,
          daysAfter: 4,
        },
      ],
    });
    expect(await storedDays(pending.id)).toEqual({ days: 4, perYear: [{ year: 2029, days: 4 }] });
    expect(await storedDays(approved.id)).toEqual({ days: 5, perYear: [{ year: 2029, days: 5 }] });
    const balance = await api.balanceOf(admin.token, aisha.id, 2029, 'Annual Leave');
    expect(balance.pendingDays).toBe(4);

    // A new request over the holiday is counted with it: Mon 6 to Fri 10 August less Thursday = 4.
    const carol = await staff('Carol Tan');
    const counted = await api.created(carol.token, { userId: carol.id, leaveType: 'Annual Leave', ...week });
    expect(counted.days).toBe(4);

    // Deleting the holiday gives the days back to both pending requests, and lists them.
    const removed = await remove(admin.token, '2029-08-09');
    expect(removed.statusCode).toBe(200);
    const changed = removed.json().changedRequests as { id: number; daysBefore: number; daysAfter: number }[];
    expect(changed.map(({ id, daysBefore, daysAfter }) => ({ id, daysBefore, daysAfter }))).toEqual([
      { id: pending.id, daysBefore: 4, daysAfter: 5 },
      { id: counted.id, daysBefore: 4, daysAfter: 5 },
    ]);
    expect(await storedDays(pending.id)).toEqual({ days: 5, perYear: [{ year: 2029, days: 5 }] });
    const recounts = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'leaveRequest.recounted'), eq(auditLog.entityId, String(pending.id))));
    expect(recounts).toHaveLength(2);
  });

  it('leaves calendar-day types, rejected requests and other dates alone, and splits the years again', async () => {
    const dina = await staff('Dina Koh');
    const eve = await staff('Eve Ng');
    // Fri 28 Dec 2029 to Wed 2 Jan 2030: Fri 28, Mon 31 in 2029 (2 days); Tue 1, Wed 2 Jan in 2030 (2 days).
    const across = await api.created(dina.token, {
      userId: dina.id,
      leaveType: 'Annual Leave',
      fromDate: '2029-12-28',
      fromDateIsAm: AM,
      toDate: '2030-01-02',
      toDateIsAm: PM,
    });
    expect(across.days).toBe(4);
    // Maternity leave counts calendar days: 6 days, whatever the holidays.
    const maternity = await api.created(eve.token, {
      userId: eve.id,
      leaveType: 'Maternity Leave',
      fromDate: '2029-12-28',
      fromDateIsAm: AM,
      toDate: '2030-01-02',
      toDateIsAm: PM,
    });
    expect(maternity.days).toBe(6);
    const rejectedOwner = await staff('Fay Ong');
    const rejected = await api.created(rejectedOwner.token, {
      userId: rejectedOwner.id,
      leaveType: 'Annual Leave',
      fromDate: '2029-12-31',
      fromDateIsAm: AM,
      toDate: '2030-01-01',
      toDateIsAm: PM,
    });
    expect((await api.decide(otherAdmin.token, rejected.id, 'REJECTED')).statusCode).toBe(200);

    const response = await add(admin.token, { date: '2030-01-01', name: "New Year's Day" });
    expect(response.statusCode).toBe(201);
    const changed = response.json().changedRequests as { id: number; daysAfter: number }[];
    expect(changed.map((c) => [c.id, c.daysAfter])).toEqual([[across.id, 3]]);
    expect(await storedDays(across.id)).toEqual({
      days: 3,
      perYear: [
        { year: 2029, days: 2 },
        { year: 2030, days: 1 },
      ],
    });
    expect((await storedDays(maternity.id)).days).toBe(6);
    expect((await storedDays(rejected.id)).days).toBe(2);
  });

  it('refuses (409, naming the request) a holiday that would leave a pending request no day', async () => {
    const gus = await staff('Gus Wong');
    // Wednesday 14 March 2029 alone.
    const single = await api.created(gus.token, {
      userId: gus.id,
      leaveType: 'Annual Leave',
      fromDate: '2029-03-14',
      fromDateIsAm: AM,
      toDate: '2029-03-14',
      toDateIsAm: PM,
    });
    const response = await add(admin.token, { date: '2029-03-14', name: 'Company Day' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Gus Wong');
    expect(response.json().message).toContain('14/03/2029');
    // Nothing changed: no holiday, the request keeps its day.
    expect((await list(admin.token, 2029)).json().map((h: { date: string }) => h.date)).not.toContain(
      '2029-03-14',
    );
    expect((await storedDays(single.id)).days).toBe(1);
  });
});
