import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveRequest, LeaveRequestPage } from '../../src/domain/leave';
import { leaveRequests } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { createTestApp, type TestApp } from './harness';
import { AM, giveAllowances, leaveApi, type Person, PM, person, seedLeaveTypes } from './leave-fixtures';

let t: TestApp;
let api: ReturnType<typeof leaveApi>;
let types: Record<string, number>;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  api = leaveApi(t);
  types = await seedLeaveTypes(t);
  admin = await person(t, { role: 'ADMIN', fullName: 'Siti Admin' });
});
afterAll(async () => {
  await t.close();
});

async function staff(fullName?: string, allowances: Record<string, number | null> = { 'Annual Leave': 14 }) {
  const someone = await person(t, { fullName });
  await giveAllowances(t, types, someone.id, 2026, { 'Unpaid Leave': null, ...allowances });
  return someone;
}

const day = (date: string, fromDateIsAm = AM, toDateIsAm = PM) => ({
  fromDate: date,
  fromDateIsAm,
  toDate: date,
  toDateIsAm,
});

describe('GET /api/leave-types', () => {
  it('lists the types in form order, with the calendar-day flag, to any signed-in user', async () => {
    const me = await staff();
    const response = await api.call('GET', '/api/leave-types', me.token);
    expect(response.statusCode).toBe(200);
    const list = response.json() as { name: string; countsCalendarDays: boolean }[];
    expect(list.map((type) => type.name)[0]).toBe('Annual Leave');
    expect(list.find((type) => type.name === 'Maternity Leave')?.countsCalendarDays).toBe(true);
    expect(list.find((type) => type.name === 'Annual Leave')?.countsCalendarDays).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/leave-types' })).statusCode).toBe(401);
  });
});

describe('POST /api/leave-requests', () => {
  it('creates a pending request for oneself; the server counts the days and ignores the client figure', async () => {
    const me = await staff('Aisha Rahman');
    const response = await api.create(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      // Friday to Monday: the weekend is not leave.
      fromDate: '2026-03-06',
      fromDateIsAm: AM,
      toDate: '2026-03-09',
      toDateIsAm: PM,
      reason: 'Family visit\nin Ipoh',
      days: 99,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json() as LeaveRequest;
    expect(created).toMatchObject({
      status: 'PENDING',
      type: 'Annual Leave',
      fromDate: '2026-03-06',
      toDate: '2026-03-09',
      days: 2,
      reason: 'Family visit\nin Ipoh',
      fileUrl: null,
      userId: me.id,
      user: { id: me.id, fullName: 'Aisha Rahman', email: me.email },
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leaveRequest'), eq(auditLog.entityId, String(created.id))));
    expect(audit?.action).toBe('leaveRequest.created');
    expect(audit?.actorUserId).toBe(me.id);
  });

  it('counts half days at either end and leaves public holidays out', async () => {
    const me = await staff();
    // National Day week 2026: Monday 10 August is the holiday in lieu.
    const week = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-08-10',
      fromDateIsAm: AM,
      toDate: '2026-08-14',
      toDateIsAm: AM,
    });
    expect(week.days).toBe(3.5);
    const half = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      ...day('2026-08-14', PM, PM),
    });
    expect(half.days).toBe(0.5);
  });

  it('counts calendar days for a calendar-day type', async () => {
    const me = await staff(undefined, { 'Hospitalisation Leave': 60 });
    const stay = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Hospitalisation Leave',
      fromDate: '2026-08-07',
      fromDateIsAm: AM,
      toDate: '2026-08-11',
      toDateIsAm: PM,
    });
    expect(stay.days).toBe(5);
  });

  it("refuses STAFF a request for someone else, and lets ADMIN request on a user's behalf", async () => {
    const me = await staff();
    const colleague = await staff();
    const mine = await api.create(me.token, {
      userId: colleague.id,
      leaveType: 'Annual Leave',
      ...day('2026-03-03'),
    });
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe('You can only request leave for yourself.');
    const onBehalf = await api.create(admin.token, {
      userId: colleague.id,
      leaveType: 'Annual Leave',
      ...day('2026-03-03'),
    });
    expect(onBehalf.statusCode).toBe(201);
    const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, onBehalf.json().id));
    expect(row?.createdById).toBe(admin.id);
    expect(row?.userId).toBe(colleague.id);
    const nobody = await api.create(admin.token, {
      userId: 2_000_000_000,
      leaveType: 'Annual Leave',
      ...day('2026-03-03'),
    });
    expect(nobody.statusCode).toBe(404);
  });

  it("answers the form's messages and refuses what takes no day", async () => {
    const me = await staff();
    const base = { userId: me.id, leaveType: 'Annual Leave', ...day('2026-03-03') };
    // With the reason's code, and the body's field at fault where one is (docs/guides/add-an-endpoint.md).
    const minimum = { code: 'LEAVE_BELOW_MINIMUM_DAYS' };
    const cases: [object, number, string, object][] = [
      [
        { ...base, leaveType: '' },
        400,
        'Please select a leave type',
        { code: 'VALIDATION', field: 'leaveType' },
      ],
      [
        { ...base, fromDate: '' },
        400,
        'Please select a start date',
        { code: 'VALIDATION', field: 'fromDate' },
      ],
      [{ ...base, ...day('2026-03-03', PM, AM) }, 400, 'Minimum leave duration is 0.5 days', minimum],
      [
        { ...base, fromDate: '2026-03-07', toDate: '2026-03-08' },
        400,
        'Minimum leave duration is 0.5 days',
        minimum,
      ],
      [
        { ...base, fromDate: '2026-03-05', toDate: '2026-03-03' },
        400,
        'Minimum leave duration is 0.5 days',
        minimum,
      ],
      [
        { ...base, leaveType: 'Sabbatical' },
        400,
        'There is no leave type named Sabbatical.',
        { code: 'LEAVE_TYPE_UNKNOWN', field: 'leaveType' },
      ],
    ];
    for (const [body, status, message, why] of cases) {
      const response = await api.create(me.token, body as never);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toContain(message);
      expect(response.json(), JSON.stringify(body)).toMatchObject(why);
    }
    expect(
      (await api.create(me.token, { ...base, ...day('2026-03-03', PM, AM) } as never)).json(),
    ).not.toHaveProperty('field');
    for (const [bad, field] of [
      [{ ...base, fromDate: '2026-02-30' }, 'fromDate'],
      [{ ...base, reason: 'bell\u0007' }, 'reason'],
      [{ ...base, reason: 'x'.repeat(2001) }, 'reason'],
      [{ ...base, userId: 0 }, 'userId'],
      [{ ...base, userId: 2_147_483_648 }, 'userId'],
      [{ ...base, fromDateIsAm: 'yes' }, 'fromDateIsAm'],
    ] as const) {
      const response = await api.create(me.token, bad as never);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.any(String),
        code: 'VALIDATION',
        field,
      });
    }
  });

  it('refuses an overlap with pending or approved leave, half days apart', async () => {
    const me = await staff();
    const morning = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      ...day('2026-04-07', AM, AM),
    });
    // The afternoon of the same date is free.
    await api.created(me.token, { userId: me.id, leaveType: 'Annual Leave', ...day('2026-04-07', PM, PM) });
    const clash = await api.create(me.token, {
      userId: me.id,
      leaveType: 'Unpaid Leave',
      fromDate: '2026-04-06',
      fromDateIsAm: AM,
      toDate: '2026-04-07',
      toDateIsAm: AM,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      'These dates overlap a pending Annual Leave request (07/04/2026 AM to 07/04/2026 AM).',
    );
    // A rejected request no longer holds its dates.
    expect((await api.decide(admin.token, morning.id, 'REJECTED')).statusCode).toBe(200);
    const again = await api.create(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      ...day('2026-04-07', AM, AM),
    });
    expect(again.statusCode).toBe(201);
    // Another person's leave on the same date is no overlap.
    const colleague = await staff();
    expect(
      (
        await api.create(colleague.token, {
          userId: colleague.id,
          leaveType: 'Annual Leave',
          ...day('2026-04-07'),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a request above the balance, naming the type, the days left and Unpaid Leave', async () => {
    const me = await staff(undefined, { 'Annual Leave': 2.5, 'Medical Leave': 14, 'Paternity Leave': 0 });
    await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-05-04',
      fromDateIsAm: AM,
      toDate: '2026-05-05',
      toDateIsAm: PM,
    });
    const over = await api.create(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-05-06',
      fromDateIsAm: AM,
      toDate: '2026-05-06',
      toDateIsAm: PM,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'Not enough Annual Leave balance for 2026: 0.5 days available. Please request Unpaid Leave instead.',
    );
    // Exactly what is left fits; unpaid leave has no limit; an allowance of 0 has none to give.
    await api.created(me.token, { userId: me.id, leaveType: 'Annual Leave', ...day('2026-05-06', AM, AM) });
    await api.created(me.token, {
      userId: me.id,
      leaveType: 'Unpaid Leave',
      fromDate: '2026-05-11',
      fromDateIsAm: AM,
      toDate: '2026-05-29',
      toDateIsAm: PM,
    });
    const none = await api.create(me.token, {
      userId: me.id,
      leaveType: 'Paternity Leave',
      ...day('2026-06-02'),
    });
    expect(none.json().message).toBe(
      'Not enough Paternity Leave balance for 2026: 0 days available. Please request Unpaid Leave instead.',
    );
  });

  it('charges a request across the year end to both years, and needs both to suffice', async () => {
    const me = await staff(undefined, { 'Annual Leave': 14 });
    // Wednesday afternoon 30 Dec to Monday noon 4 Jan; 1 Jan is a holiday.
    const crossing = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-12-30',
      fromDateIsAm: PM,
      toDate: '2027-01-04',
      toDateIsAm: AM,
    });
    expect(crossing.days).toBe(2);
    expect(await api.balanceOf(me.token, me.id, 2026, 'Annual Leave')).toMatchObject({
      totalDays: 14,
      pendingDays: 1.5,
      balance: 12.5,
    });
    // 2027 has no allowance of its own yet: this year's carries on, and the request pins it.
    expect(await api.balanceOf(me.token, me.id, 2027, 'Annual Leave')).toMatchObject({
      totalDays: 14,
      pendingDays: 0.5,
      balance: 13.5,
    });

    // A year pinned by a request keeps 'no limit' for Unpaid Leave.
    await api.created(me.token, { userId: me.id, leaveType: 'Unpaid Leave', ...day('2027-01-05') });
    expect(await api.balanceOf(me.token, me.id, 2027, 'Unpaid Leave')).toMatchObject({
      totalDays: null,
      pendingDays: 1,
      balance: null,
    });

    const short = await staff(undefined, { 'Annual Leave': 14 });
    await giveAllowances(t, types, short.id, 2027, { 'Annual Leave': 0 });
    const refused = await api.create(short.token, {
      userId: short.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-12-30',
      fromDateIsAm: PM,
      toDate: '2027-01-04',
      toDateIsAm: AM,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Not enough Annual Leave balance for 2027: 0 days available. Please request Unpaid Leave instead.',
    );
  });
});

describe('PATCH /api/leave-requests/:id (approve or reject)', () => {
  it('approves a pending request once; the lifecycle refuses every later change with 409', async () => {
    const me = await staff();
    const request = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      ...day('2026-06-03'),
    });
    expect((await api.decide(me.token, request.id, 'APPROVED')).statusCode).toBe(403);
    const approved = await api.decide(admin.token, request.id, 'APPROVED');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: request.id, status: 'APPROVED', days: 1 });
    expect(Date.parse(approved.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(request.updatedAt));
    for (const status of ['APPROVED', 'REJECTED'] as const) {
      const again = await api.decide(admin.token, request.id, status);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        'Only a pending leave request can be approved or rejected; this one is approved.',
      );
    }
    const deleted = await api.remove(me.token, request.id);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('Only a pending leave request can be deleted; this one is approved.');
    const bad = await api.call('PATCH', `/api/leave-requests/${request.id}`, admin.token, {
      status: 'PENDING',
    });
    expect(bad.statusCode).toBe(400);
    expect((await api.decide(admin.token, 2_000_000_000, 'APPROVED')).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(request.id)));
    expect(audit.map((a) => a.action)).toEqual(['leaveRequest.created', 'leaveRequest.approved']);
  });

  it('moves the days from pending to approved, and a rejection gives them back', async () => {
    const me = await staff(undefined, { 'Annual Leave': 10 });
    const one = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      ...day('2026-06-08'),
    });
    const two = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      ...day('2026-06-09', AM, AM),
    });
    expect(await api.balanceOf(me.token, me.id, 2026, 'Annual Leave')).toMatchObject({
      approvedDays: 0,
      pendingDays: 1.5,
      usedDays: 1.5,
      balance: 8.5,
    });
    await api.decide(admin.token, one.id, 'APPROVED');
    await api.decide(admin.token, two.id, 'REJECTED');
    expect(await api.balanceOf(me.token, me.id, 2026, 'Annual Leave')).toMatchObject({
      totalDays: 10,
      approvedDays: 1,
      pendingDays: 0,
      usedDays: 1,
      balance: 9,
    });
  });
});

describe('DELETE /api/leave-requests/:id', () => {
  it('deletes own pending requests; refuses other people and decided requests', async () => {
    const me = await staff();
    const colleague = await staff();
    const mine = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      ...day('2026-07-07'),
    });
    // Someone else's request answers exactly as a missing one: ids cannot be probed.
    const othersRequest = await api.remove(colleague.token, mine.id);
    expect((await api.remove(me.token, mine.id)).statusCode).toBe(204);
    const missing = await api.remove(colleague.token, mine.id);
    expect(othersRequest.statusCode).toBe(404);
    expect(othersRequest.json()).toEqual(missing.json());
    expect(othersRequest.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Leave request not found.',
    });
    expect((await api.remove(me.token, mine.id)).statusCode).toBe(404);
    expect(await api.balanceOf(me.token, me.id, 2026, 'Annual Leave')).toMatchObject({
      pendingDays: 0,
      balance: 14,
    });
    // ADMIN deletes a user's pending request from the user detail.
    const theirs = await api.created(colleague.token, {
      userId: colleague.id,
      leaveType: 'Annual Leave',
      ...day('2026-07-08'),
    });
    expect((await api.remove(admin.token, theirs.id)).statusCode).toBe(204);
    expect((await api.call('DELETE', '/api/leave-requests/abc', admin.token)).statusCode).toBe(400);
  });
});

describe('lists and counts', () => {
  let people: Person[];
  beforeAll(async () => {
    people = [await staff('Tan Mei Ling'), await staff('Rajesh Kumar'), await staff('Tanvir Ahmed')];
    const [mei, rajesh, tanvir] = people as [Person, Person, Person];
    // Nine requests in May: three each, made in date order.
    for (const [who, dates] of [
      [mei, ['2026-09-01', '2026-09-02', '2026-09-03']],
      [rajesh, ['2026-09-04', '2026-09-07', '2026-09-08']],
      [tanvir, ['2026-09-09', '2026-09-10', '2026-09-11']],
    ] as const) {
      for (const date of dates) {
        await api.created(who.token, { userId: who.id, leaveType: 'Annual Leave', ...day(date) });
      }
    }
    await api.created(rajesh.token, { userId: rajesh.id, leaveType: 'Unpaid Leave', ...day('2026-09-14') });
    const rajeshList = (await api.call('GET', `/api/users/${rajesh.id}/leave-requests`, rajesh.token)).json();
    const [first, second] = (rajeshList as LeaveRequestPage).data;
    if (!first || !second) throw new Error('no requests');
    await api.decide(admin.token, first.id, 'APPROVED');
    await api.decide(admin.token, second.id, 'REJECTED');
  });

  const list = async (query: string, token = admin.token) => {
    const response = await api.call('GET', `/api/leave-requests?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LeaveRequestPage;
  };
  const ours = (page: LeaveRequestPage) =>
    page.data
      .filter((r) => people.some((p) => p.id === r.userId))
      .map((r) => `${r.user.fullName} ${r.fromDate}`);

  it('pages by 7 by default, newest request first', async () => {
    const page = await list('');
    expect(page.pageSize).toBe(7);
    expect(page.currentPage).toBe(1);
    expect(page.data).toHaveLength(7);
    expect(page.totalPages).toBe(Math.ceil(page.total / 7));
    const created = page.data.map((r) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('searches by the start of name words or of the e-mail, case-insensitively, with wildcards taken literally', async () => {
    const tan = await list('search=TAN&limit=50');
    expect(new Set(tan.data.map((r) => r.user.fullName))).toEqual(new Set(['Tan Mei Ling', 'Tanvir Ahmed']));
    expect(tan.total).toBe(6);
    expect((await list('search=%25&limit=50')).total).toBe(0);
    expect((await list('search=ling%20tan&limit=50')).total).toBe(3);
    expect((await list('search=ei%20ling&limit=50')).total).toBe(0);
    const byEmail = await list(`search=${encodeURIComponent(people[1]?.email ?? '')}`);
    expect(byEmail.total).toBe(4);
  });

  it('filters by several statuses and types, and sorts by start date', async () => {
    const rajesh = await list('search=Rajesh&status=APPROVED,REJECTED');
    expect(rajesh.data.map((r) => r.status).sort()).toEqual(['APPROVED', 'REJECTED']);
    const unpaid = await list('search=Rajesh&type=Unpaid%20Leave,Medical%20Leave');
    expect(unpaid.data.map((r) => r.type)).toEqual(['Unpaid Leave']);
    const none = await list('search=Rajesh&type=Sabbatical');
    expect(none.total).toBe(0);
    const byStart = await list('search=Tan&sort=fromDate&order=asc&limit=3&page=2');
    expect(ours(byStart)).toEqual([
      'Tanvir Ahmed 2026-09-09',
      'Tanvir Ahmed 2026-09-10',
      'Tanvir Ahmed 2026-09-11',
    ]);
    const byEnd = await list('search=Tan&sort=toDate&order=desc&limit=1');
    expect(ours(byEnd)).toEqual(['Tanvir Ahmed 2026-09-11']);
    expect((await api.call('GET', '/api/leave-requests?status=LOST', admin.token)).statusCode).toBe(400);
    expect((await api.call('GET', '/api/leave-requests?sort=reason', admin.token)).statusCode).toBe(400);
    expect((await api.call('GET', '/api/leave-requests?page=0', admin.token)).statusCode).toBe(400);
  });

  it("gives STAFF their own list and counts only; ADMIN anyone's", async () => {
    const [mei, rajesh] = people as [Person, Person];
    expect((await api.call('GET', '/api/leave-requests', mei.token)).statusCode).toBe(403);
    expect((await api.call('GET', '/api/leave-requests/count', mei.token)).statusCode).toBe(403);
    expect((await api.call('GET', `/api/users/${rajesh.id}/leave-requests`, mei.token)).statusCode).toBe(403);
    expect(
      (await api.call('GET', `/api/users/${rajesh.id}/leave-requests/count`, mei.token)).statusCode,
    ).toBe(403);
    const own = (
      await api.call('GET', `/api/users/${rajesh.id}/leave-requests?status=PENDING`, rajesh.token)
    ).json();
    expect(own.total).toBe(2);
    const counts = (
      await api.call('GET', `/api/users/${rajesh.id}/leave-requests/count`, admin.token)
    ).json();
    expect(counts).toEqual({ PENDING: 2, APPROVED: 1, REJECTED: 1, TOTAL: 4 });
    // Everyone's counts and unsearched totals come from tallies a trigger keeps: they match the rows.
    const all = (await api.call('GET', '/api/leave-requests/count', admin.token)).json();
    const rows = await t.db
      .select({ status: leaveRequests.status, typeId: leaveRequests.leaveTypeId })
      .from(leaveRequests);
    const countOf = (status: string) => rows.filter((r) => r.status === status).length;
    expect(all).toEqual({
      PENDING: countOf('PENDING'),
      APPROVED: countOf('APPROVED'),
      REJECTED: countOf('REJECTED'),
      TOTAL: rows.length,
    });
    const pendingAnnual = await list('status=PENDING,REJECTED&type=Annual%20Leave');
    expect(pendingAnnual.total).toBe(
      rows.filter((r) => r.status !== 'APPROVED' && r.typeId === types['Annual Leave']).length,
    );
    expect((await list('')).total).toBe(rows.length);
  });
});

describe('GET /api/leave-requests/:id/clashes', () => {
  it('shows the approver who else is away on the requested half days', async () => {
    const me = await staff('Goh Boon Kiat');
    const away = await staff('Lim Shu Fen');
    const elsewhere = await staff('Ong Wei Jie');
    const request = await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-10-05',
      fromDateIsAm: AM,
      toDate: '2026-10-06',
      toDateIsAm: AM,
    });
    const approved = await api.created(away.token, {
      userId: away.id,
      leaveType: 'Annual Leave',
      ...day('2026-10-06'),
    });
    await api.decide(admin.token, approved.id, 'APPROVED');
    // The afternoon of the 6th is free of the request; a rejected request is nobody away.
    await api.created(elsewhere.token, {
      userId: elsewhere.id,
      leaveType: 'Annual Leave',
      ...day('2026-10-06', PM, PM),
    });
    const rejected = await api.created(elsewhere.token, {
      userId: elsewhere.id,
      leaveType: 'Annual Leave',
      ...day('2026-10-05', AM, AM),
    });
    await api.decide(admin.token, rejected.id, 'REJECTED');
    const response = await api.call('GET', `/api/leave-requests/${request.id}/clashes`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: approved.id,
        status: 'APPROVED',
        type: 'Annual Leave',
        fromDate: '2026-10-06',
        fromDateIsAm: true,
        toDate: '2026-10-06',
        toDateIsAm: false,
        user: { id: away.id, fullName: 'Lim Shu Fen', email: away.email },
      },
    ]);
    expect((await api.call('GET', `/api/leave-requests/${request.id}/clashes`, me.token)).statusCode).toBe(
      403,
    );
  });
});
