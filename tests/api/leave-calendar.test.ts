import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveCalendarEntry } from '../../src/domain/leave-calendar';
import { createTestApp, type TestApp } from './harness';
import { AM, giveAllowances, leaveApi, type Person, PM, person, seedLeaveTypes } from './leave-fixtures';

// GET /api/leave-calendar: the approved and pending requests on any date of a month. Expected entries
// are the requests these tests create, picked out by hand.

let t: TestApp;
let api: ReturnType<typeof leaveApi>;
let types: Record<string, number>;
let admin: Person;
let aisha: Person;
let ben: Person;
const made = {} as Record<
  'aishaHalf' | 'aishaAcross' | 'benPending' | 'benRejected' | 'benApril' | 'benSick' | 'aishaFeb',
  number
>;

async function staff(fullName: string) {
  const someone = await person(t, { fullName });
  await giveAllowances(t, types, someone.id, 2026, {
    'Annual Leave': 20,
    'Medical Leave': 14,
    'Unpaid Leave': null,
  });
  return someone;
}

const request = (
  who: Person,
  leaveType: string,
  fromDate: string,
  fromDateIsAm: boolean,
  toDate: string,
  toDateIsAm: boolean,
) => api.created(admin.token, { userId: who.id, leaveType, fromDate, fromDateIsAm, toDate, toDateIsAm });

beforeAll(async () => {
  t = await createTestApp();
  api = leaveApi(t);
  types = await seedLeaveTypes(t);
  admin = await person(t, { role: 'ADMIN', fullName: 'Siti Admin' });
  aisha = await staff('Aisha Rahman');
  ben = await staff('Ben Tan');
  // Aisha: a morning off on Tue 10 Mar 2026 (approved), and Mon 30 Mar PM to Thu 2 Apr AM (pending).
  made.aishaHalf = (await request(aisha, 'Annual Leave', '2026-03-10', AM, '2026-03-10', AM)).id;
  await api.decide(admin.token, made.aishaHalf, 'APPROVED');
  made.aishaAcross = (await request(aisha, 'Annual Leave', '2026-03-30', PM, '2026-04-02', AM)).id;
  // Aisha in late February into the first of March (approved): overlaps March by one day.
  made.aishaFeb = (await request(aisha, 'Annual Leave', '2026-02-26', AM, '2026-03-02', PM)).id;
  await api.decide(admin.token, made.aishaFeb, 'APPROVED');
  // Ben: pending 10-11 Mar, a rejected 16 Mar, an approved medical 18 Mar, and April only.
  made.benPending = (await request(ben, 'Annual Leave', '2026-03-10', AM, '2026-03-11', PM)).id;
  made.benRejected = (await request(ben, 'Annual Leave', '2026-03-16', AM, '2026-03-16', PM)).id;
  await api.decide(admin.token, made.benRejected, 'REJECTED');
  made.benSick = (await request(ben, 'Medical Leave', '2026-03-18', AM, '2026-03-18', PM)).id;
  await api.decide(admin.token, made.benSick, 'APPROVED');
  made.benApril = (await request(ben, 'Annual Leave', '2026-04-06', AM, '2026-04-06', PM)).id;
});
afterAll(async () => {
  await t.close();
});

async function calendar(token: string, query: string): Promise<LeaveCalendarEntry[]> {
  const response = await api.call('GET', `/api/leave-calendar?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/leave-calendar', () => {
  it("answers ADMIN everyone's approved and pending requests on the month's dates, by start date", async () => {
    const entries = await calendar(admin.token, 'year=2026&month=3');
    expect(entries.map((e) => e.id)).toEqual([
      made.aishaFeb,
      made.aishaHalf,
      made.benPending,
      made.benSick,
      made.aishaAcross,
    ]);
    const half = entries.find((e) => e.id === made.aishaHalf);
    expect(half).toMatchObject({
      user: { id: aisha.id, fullName: 'Aisha Rahman' },
      leaveType: { id: types['Annual Leave'], name: 'Annual Leave' },
      status: 'APPROVED',
      fromDate: '2026-03-10',
      fromDateIsAm: true,
      toDate: '2026-03-10',
      toDateIsAm: true,
      days: 0.5,
    });
    expect(entries.find((e) => e.id === made.benPending)?.status).toBe('PENDING');
    expect(entries.find((e) => e.id === made.aishaAcross)).toMatchObject({
      status: 'PENDING',
      fromDate: '2026-03-30',
      fromDateIsAm: false,
      toDate: '2026-04-02',
      toDateIsAm: true,
      days: 3,
    });
  });

  it('finds a request from the month before or after by any of its dates', async () => {
    const april = await calendar(admin.token, 'year=2026&month=4');
    expect(april.map((e) => e.id)).toEqual([made.aishaAcross, made.benApril]);
    const february = await calendar(admin.token, 'year=2026&month=2');
    expect(february.map((e) => e.id)).toEqual([made.aishaFeb]);
    expect(await calendar(admin.token, 'year=2026&month=5')).toEqual([]);
  });

  it('filters by leave type and, for ADMIN, by person', async () => {
    const medical = await calendar(admin.token, `year=2026&month=3&leaveTypeId=${types['Medical Leave']}`);
    expect(medical.map((e) => e.id)).toEqual([made.benSick]);
    const bens = await calendar(admin.token, `year=2026&month=3&userId=${ben.id}`);
    expect(bens.map((e) => e.id)).toEqual([made.benPending, made.benSick]);
  });

  it('answers STAFF only their own requests, with or without their id, and refuses anyone else', async () => {
    const own = await calendar(aisha.token, 'year=2026&month=3');
    expect(own.map((e) => e.id)).toEqual([made.aishaFeb, made.aishaHalf, made.aishaAcross]);
    expect(own.every((e) => e.user.id === aisha.id)).toBe(true);
    const named = await calendar(aisha.token, `year=2026&month=3&userId=${aisha.id}`);
    expect(named.map((e) => e.id)).toEqual(own.map((e) => e.id));
    const other = await api.call(
      'GET',
      `/api/leave-calendar?year=2026&month=3&userId=${ben.id}`,
      aisha.token,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('a request gone from the lists is gone from the calendar (deleted, rejected)', async () => {
    const gone = await request(ben, 'Annual Leave', '2026-03-25', AM, '2026-03-25', PM);
    expect((await calendar(admin.token, 'year=2026&month=3')).map((e) => e.id)).toContain(gone.id);
    expect((await api.remove(admin.token, gone.id)).statusCode).toBe(204);
    const after = await calendar(admin.token, 'year=2026&month=3');
    expect(after.map((e) => e.id)).not.toContain(gone.id);
    expect(after.map((e) => e.id)).not.toContain(made.benRejected);
  });

  it('refuses a month or year out of range and callers who are not signed in', async () => {
    for (const query of [
      'year=2026&month=13',
      'year=2026&month=0',
      'year=26&month=3',
      'month=3',
      'year=2026',
    ]) {
      const response = await api.call('GET', `/api/leave-calendar?${query}`, admin.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const bad = await api.call('GET', '/api/leave-calendar?year=2026&month=3&leaveTypeId=x', admin.token);
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/leave-calendar?year=2026&month=3' });
    expect(anonymous.statusCode).toBe(401);
  });
});
