import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employmentInfo } from '../../src/server/db/schema';
import { createTestApp, nextAddress, signIn, type TestApp } from './harness';
import {
  AM,
  giveAllowances,
  leaveApi,
  PERSON_PASSWORD,
  type Person,
  PM,
  person,
  seedLeaveTypes,
} from './leave-fixtures';

// Decisions recorded in docs/features/leave.md ("Leave and employment"): leave lies within the
// employee's service, a leaver files nothing more, and nobody decides their own request.
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

const annualLeave = (userId: number, fromDate: string, toDate: string) => ({
  userId,
  leaveType: 'Annual Leave',
  fromDate,
  fromDateIsAm: AM,
  toDate,
  toDateIsAm: PM,
});

describe('leave within the service', () => {
  it('refuses leave that starts before the hire date, for the new joiner and for an administrator alike', async () => {
    const joiner = await person(t, { employment: { hireDate: '2026-03-02' } });
    await giveAllowances(t, types, joiner.id, 2026, { 'Annual Leave': 14 });
    for (const token of [joiner.token, admin.token]) {
      const response = await api.create(token, annualLeave(joiner.id, '2026-02-26', '2026-03-03'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        message: 'Leave cannot start before the hire date (02/03/2026).',
      });
    }
    // From the first day of service it is leave as usual.
    expect(
      (await api.create(joiner.token, annualLeave(joiner.id, '2026-03-02', '2026-03-03'))).statusCode,
    ).toBe(201);
  });

  it('lets a leaver whose last day has passed sign in and read, but file no leave, even for next year', async () => {
    const leaver = await person(t, {
      employment: { hireDate: '2021-05-03', lastDayOfService: '2025-12-31' },
    });
    await giveAllowances(t, types, leaver.id, 2025, { 'Annual Leave': 14 });
    await giveAllowances(t, types, leaver.id, 2026, { 'Annual Leave': 14 });
    await giveAllowances(t, types, leaver.id, 2027, { 'Annual Leave': 14 });
    for (const [from, to] of [
      ['2027-02-01', '2027-02-02'],
      ['2025-12-29', '2025-12-30'],
    ] as const) {
      const response = await api.create(leaver.token, annualLeave(leaver.id, from, to));
      expect(response.statusCode, from).toBe(403);
      expect(response.json().message).toBe(
        'Employment ended on 31/12/2025: leave can no longer be requested.',
      );
    }
    const own = await api.call('GET', `/api/users/${leaver.id}/leave-balances?year=2025`, leaver.token);
    expect(own.statusCode).toBe(200);
  });
});

describe('four eyes on decisions', () => {
  it("refuses an administrator's decision on their own leave; another administrator decides it", async () => {
    await giveAllowances(t, types, admin.id, 2026, { 'Annual Leave': 14 });
    const own = await api.created(admin.token, annualLeave(admin.id, '2026-04-06', '2026-04-07'));
    for (const status of ['APPROVED', 'REJECTED'] as const) {
      const response = await api.decide(admin.token, own.id, status);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        'You cannot approve or reject your own leave request; another administrator must decide it.',
      );
    }
    const colleague = await person(t, { role: 'ADMIN', fullName: 'Second Admin' });
    const approved = await api.decide(colleague.token, own.id, 'APPROVED');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
  });
});

describe("a leaver's access", () => {
  const year = Number(new Date().toISOString().slice(0, 4));

  it('lasts to the end of the year after the last day, then sign-in and its sessions stop', async () => {
    const recent = await person(t, {
      employment: { hireDate: '2015-01-05', lastDayOfService: `${year - 1}-06-30` },
    });
    const signedIn = await signIn(t, recent.email, PERSON_PASSWORD);
    expect(signedIn.body).toMatchObject({ user: { id: recent.id } });

    const longGone = await person(t, {
      employment: { hireDate: '2015-01-05', lastDayOfService: `${year - 2}-12-31` },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: longGone.email, password: PERSON_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      statusCode: 403,
      message: `Your access ended on 31/12/${year - 1}, at the end of the year after your last day of service. Please ask HR for your records.`,
    });

    // A session opened before the end stops at its next refresh once the last day is moved back.
    const session = await signIn(t, recent.email, PERSON_PASSWORD);
    await t.db
      .update(employmentInfo)
      .set({ lastDayOfService: `${year - 2}-12-31` })
      .where(eq(employmentInfo.userId, recent.id));
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: session.refresh },
      remoteAddress: nextAddress(),
    });
    expect(refresh.statusCode).toBe(403);
  });
});
