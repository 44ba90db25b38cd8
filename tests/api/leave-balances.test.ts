import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveRequest, LeaveRequestPage, YearlyLeaveBalanceRow } from '../../src/domain/leave';
import { pdfText } from '../support/pdf-text';
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
  admin = await person(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
});

const patchAllowance = (token: string, userId: number, type: string, body: object) =>
  api.call('PATCH', `/api/users/${userId}/leave-balances/${types[type]}`, token, body);

describe('GET /api/users/:id/leave-balances', () => {
  it('lists every type with its allowance, what is approved and pending, and what is left; no limit is null', async () => {
    const me = await person(t);
    await giveAllowances(t, types, me.id, 2026, { 'Annual Leave': 14, 'Unpaid Leave': null });
    const balances = await api.balances(me.token, me.id, 2026);
    expect(balances.map((b) => b.leaveType.name)).toEqual(Object.keys(types));
    expect(balances.find((b) => b.leaveType.name === 'Annual Leave')).toMatchObject({
      year: 2026,
      totalDays: 14,
      approvedDays: 0,
      pendingDays: 0,
      usedDays: 0,
      balance: 14,
    });
    expect(balances.find((b) => b.leaveType.name === 'Unpaid Leave')).toMatchObject({
      totalDays: null,
      balance: null,
    });
    // A type never given is what its policy gives: hired in 2020, 2026 is the 7th year of service, 13
    // days by the Employment Act. Unpaid Leave never given still has no limit.
    const newcomer = await person(t);
    const none = await api.balances(newcomer.token, newcomer.id, 2026);
    expect(none.find((b) => b.leaveType.name === 'Annual Leave')).toMatchObject({
      id: null,
      totalDays: 13,
      balance: 13,
    });
    expect(none.find((b) => b.leaveType.name === 'Unpaid Leave')).toMatchObject({
      totalDays: null,
      balance: null,
    });
    // Someone not yet onboarded (no hire date) has nothing yet.
    const unboarded = await person(t, { employment: null });
    const nothing = await api.balances(unboarded.token, unboarded.id, 2026);
    expect(nothing.find((b) => b.leaveType.name === 'Annual Leave')).toMatchObject({
      totalDays: 0,
      balance: 0,
    });
  });

  it("gives a year without an allowance of its own its policy's days, not another year's", async () => {
    const me = await person(t, { employment: { hireDate: '2024-01-08' } });
    await giveAllowances(t, types, me.id, 2026, { 'Annual Leave': 20 });
    // The Act's 4th year of service (2027): 10 days; the 2nd (2025): 8.
    expect(await api.balanceOf(me.token, me.id, 2027, 'Annual Leave')).toMatchObject({
      id: null,
      totalDays: 10,
    });
    expect(await api.balanceOf(me.token, me.id, 2025, 'Annual Leave')).toMatchObject({ totalDays: 8 });
  });

  it("is the user's own for STAFF, anyone's for ADMIN", async () => {
    const me = await person(t);
    const other = await person(t);
    expect((await api.call('GET', `/api/users/${other.id}/leave-balances`, me.token)).statusCode).toBe(403);
    expect(
      (await api.call('GET', `/api/users/${other.id}/leave-balances?year=2026`, admin.token)).statusCode,
    ).toBe(200);
    expect((await api.call('GET', `/api/users/2000000000/leave-balances`, admin.token)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/users/${me.id}/leave-balances?year=26`, me.token)).statusCode).toBe(
      400,
    );
    // Without a year: this year.
    const current = (await api.call('GET', `/api/users/${me.id}/leave-balances`, me.token)).json();
    expect(current[0].year).toBe(Number(new Date().toISOString().slice(0, 4)));
  });
});

describe('PATCH /api/users/:id/leave-balances/:leaveTypeId', () => {
  it('sets one allowance for a year (ADMIN), audited, never below what is approved or pending', async () => {
    const me = await person(t);
    await giveAllowances(t, types, me.id, 2026, { 'Annual Leave': 14 });
    expect(
      (await patchAllowance(me.token, me.id, 'Annual Leave', { totalDays: 30, year: 2026 })).statusCode,
    ).toBe(403);
    const set = await patchAllowance(admin.token, me.id, 'Annual Leave', { totalDays: 16.5, year: 2026 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ totalDays: 16.5, balance: 16.5, year: 2026 });
    await api.created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-03-02',
      fromDateIsAm: AM,
      toDate: '2026-03-04',
      toDateIsAm: PM,
    });
    const below = await patchAllowance(admin.token, me.id, 'Annual Leave', { totalDays: 2.5, year: 2026 });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(
      'Annual Leave for 2026 cannot be set below the 3 days already approved or pending.',
    );
    expect(
      (await patchAllowance(admin.token, me.id, 'Annual Leave', { totalDays: 3, year: 2026 })).json(),
    ).toMatchObject({ balance: 0 });
    for (const bad of [
      { totalDays: -1 },
      { totalDays: 1.25 },
      { totalDays: 'x' },
      { totalDays: 400 },
      { year: 2026 },
    ]) {
      expect(
        (await patchAllowance(admin.token, me.id, 'Annual Leave', bad)).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    const unlimited = await patchAllowance(admin.token, me.id, 'Compassionate Leave', {
      totalDays: null,
      year: 2026,
    });
    expect(unlimited.json()).toMatchObject({ totalDays: null, balance: null });
    const missingType = await api.call(
      'PATCH',
      `/api/users/${me.id}/leave-balances/2000000000`,
      admin.token,
      {
        totalDays: 1,
      },
    );
    expect(missingType.statusCode).toBe(404);
  });
});

describe('GET /api/users/leave-balances/year', () => {
  it("gives every STAFF member's balance per type for the year (ADMIN only)", async () => {
    const a = await person(t, { fullName: 'Aaron Yearly' });
    await giveAllowances(t, types, a.id, 2026, { 'Annual Leave': 10, 'Unpaid Leave': null });
    const request = await api.created(a.token, {
      userId: a.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-11-02',
      fromDateIsAm: AM,
      toDate: '2026-11-02',
      toDateIsAm: AM,
    });
    await api.decide(admin.token, request.id, 'APPROVED');
    const response = await api.call('GET', '/api/users/leave-balances/year?year=2026', admin.token);
    expect(response.statusCode).toBe(200);
    const rows = response.json() as YearlyLeaveBalanceRow[];
    expect(rows.some((row) => row.user.id === admin.id)).toBe(false);
    const mine = rows.find((row) => row.user.id === a.id);
    expect(mine?.user.fullName).toBe('Aaron Yearly');
    expect(mine?.balances.find((b) => b.leaveTypeId === types['Annual Leave'])?.balance).toBe(9.5);
    expect(mine?.balances.find((b) => b.leaveTypeId === types['Unpaid Leave'])?.balance).toBeNull();
    expect((await api.call('GET', '/api/users/leave-balances/year?year=2026', a.token)).statusCode).toBe(403);
  });
  it('lists the staff employed in that year: not those not yet onboarded, hired later or gone before it', async () => {
    const ids = async (year: number) =>
      (
        (
          await api.call('GET', `/api/users/leave-balances/year?year=${year}`, admin.token)
        ).json() as YearlyLeaveBalanceRow[]
      ).map((row) => row.user.id);
    const notOnboarded = await person(t, { employment: null });
    const hired2027 = await person(t, { employment: { hireDate: '2027-03-01' } });
    const left2025 = await person(t, {
      employment: { hireDate: '2021-05-03', lastDayOfService: '2025-12-31' },
    });
    const in2026 = await ids(2026);
    expect(in2026).not.toContain(notOnboarded.id);
    expect(in2026).not.toContain(hired2027.id);
    expect(in2026).not.toContain(left2025.id);
    expect(await ids(2025)).toContain(left2025.id);
    expect(await ids(2027)).toContain(hired2027.id);
  });
});

describe('POST /api/users/leave-balances/year-pdf', () => {
  it('prints the same figures as the yearly report, one column per type named without its last word', async () => {
    const zoe = await person(t, { fullName: 'Zoë Nguyễn' });
    await giveAllowances(t, types, zoe.id, 2025, { 'Annual Leave': 7.5, 'Unpaid Leave': null });
    const response = await api.call('POST', '/api/users/leave-balances/year-pdf', admin.token, {
      year: 2025,
      // The spec's client also sends the rows it shows; the server prints its own figures.
      data: [
        { user: { fullName: 'Zoë Nguyễn' }, balances: [{ leaveTypeId: types['Annual Leave'], balance: 99 }] },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(response.rawPayload);
    expect(text).toContain('Leave Balance 2025');
    expect(text).toMatch(
      /Employee Annual Medical Hospitalisation Childcare Maternity Paternity Compassionate Unpaid/,
    );
    // Annual as given; the other types as their default policies give a 6th year of service (hired
    // 2020): the Employment Act's 14 sick and 60 hospitalisation days, the CDCA's 6 childcare, 16
    // weeks' maternity (112 calendar days), 4 weeks' paternity (20 working days), and 3 compassionate.
    expect(text).toContain('Zoë Nguyễn 7.5 14 60 6 112 20 3 -');
    expect(text).not.toContain('99');
    const staffOnly = await person(t);
    expect(
      (await api.call('POST', '/api/users/leave-balances/year-pdf', staffOnly.token, { year: 2025 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api.call('POST', '/api/users/leave-balances/year-pdf', admin.token, { year: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('one balance, whatever happens', () => {
  it('every figure agrees with the requests behind it under random histories, and nothing goes below zero', async () => {
    const dates = [
      '2026-02-02',
      '2026-02-03',
      '2026-02-04',
      '2026-02-05',
      '2026-02-06',
      '2026-12-31',
      '2027-01-04',
    ];
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        type: fc.constantFrom('Annual Leave', 'Medical Leave', 'Unpaid Leave'),
        from: fc.nat(dates.length - 1),
        length: fc.nat(2),
        fromDateIsAm: fc.boolean(),
        toDateIsAm: fc.boolean(),
      }),
      fc.record({
        kind: fc.constantFrom('approve' as const, 'reject' as const, 'delete' as const),
        pick: fc.nat(),
      }),
      fc.record({
        kind: fc.constant('allowance' as const),
        totalDays: fc.integer({ min: 0, max: 12 }).map((n) => n / 2),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), async (history) => {
        const me = await person(t);
        await giveAllowances(t, types, me.id, 2026, {
          'Annual Leave': 3,
          'Medical Leave': 1,
          'Unpaid Leave': null,
        });
        const made: LeaveRequest[] = [];
        for (const step of history) {
          if (step.kind === 'create') {
            const fromDate = dates[step.from] ?? '2026-02-02';
            const toDate = dates[Math.min(step.from + step.length, dates.length - 1)] ?? fromDate;
            const response = await api.create(me.token, {
              userId: me.id,
              leaveType: step.type,
              fromDate,
              fromDateIsAm: step.fromDateIsAm,
              toDate,
              toDateIsAm: step.toDateIsAm,
            });
            expect([201, 400, 409], response.body).toContain(response.statusCode);
            if (response.statusCode === 201) made.push(response.json());
          } else if (step.kind === 'allowance') {
            const response = await patchAllowance(admin.token, me.id, 'Annual Leave', {
              totalDays: step.totalDays,
              year: 2026,
            });
            expect([200, 409]).toContain(response.statusCode);
          } else if (made.length > 0) {
            const target = made[step.pick % made.length] as LeaveRequest;
            const response =
              step.kind === 'delete'
                ? await api.remove(me.token, target.id)
                : await api.decide(admin.token, target.id, step.kind === 'approve' ? 'APPROVED' : 'REJECTED');
            expect([200, 204, 404, 409]).toContain(response.statusCode);
          }
        }
        // The model: the user's requests as the list shows them, their days split by year.
        const listed = (
          (
            await api.call('GET', `/api/users/${me.id}/leave-requests?limit=100`, me.token)
          ).json() as LeaveRequestPage
        ).data;
        for (const year of [2026, 2027]) {
          const balances = await api.balances(me.token, me.id, year);
          const report = (
            (
              await api.call('GET', `/api/users/leave-balances/year?year=${year}`, admin.token)
            ).json() as YearlyLeaveBalanceRow[]
          ).find((row) => row.user.id === me.id);
          for (const b of balances) {
            const mine = listed.filter((r) => r.type === b.leaveType.name);
            const inYear = (r: LeaveRequest) => daysIn(r, year);
            const approved = mine
              .filter((r) => r.status === 'APPROVED')
              .reduce((sum, r) => sum + inYear(r), 0);
            const pending = mine.filter((r) => r.status === 'PENDING').reduce((sum, r) => sum + inYear(r), 0);
            expect(b.approvedDays).toBe(approved);
            expect(b.pendingDays).toBe(pending);
            expect(b.usedDays).toBe(approved + pending);
            expect(b.balance).toBe(b.totalDays === null ? null : b.totalDays - approved - pending);
            if (b.balance !== null) expect(b.balance).toBeGreaterThanOrEqual(0);
            expect(report?.balances.find((r) => r.leaveTypeId === b.leaveType.id)?.balance).toBe(b.balance);
          }
        }
      }),
      { numRuns: 8 },
    );
  });
});

/** The test's own count of a request's days in a year: the dates of the request table above. */
function daysIn(request: LeaveRequest, year: number): number {
  const from = Number(request.fromDate.slice(0, 4));
  const to = Number(request.toDate.slice(0, 4));
  if (from === to) return from === year ? request.days : 0;
  // A request crossing the year here ends on Monday 4 Jan 2027 (1 Jan is a public holiday): that day, or
  // its morning, is 2027's; the rest, from whichever 2026 date it starts, is 2026's.
  const january = request.toDateIsAm ? 0.5 : 1;
  return year === 2027 ? january : request.days - january;
}
