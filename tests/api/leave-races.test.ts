import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveRequestDays, leaveRequests } from '../../src/server/db/schema';
import { createTestApp, type TestApp, testDatabaseKind } from './harness';
import { AM, giveAllowances, leaveApi, type Person, PM, person, seedLeaveTypes } from './leave-fixtures';

// Concurrent changes to one person's leave. On PostgreSQL these really run in parallel on separate
// connections; the user row lock every leave change takes first is what keeps them apart.

let t: TestApp;
let api: ReturnType<typeof leaveApi>;
let types: Record<string, number>;
let admins: Person[];

beforeAll(async () => {
  t = await createTestApp();
  api = leaveApi(t);
  types = await seedLeaveTypes(t);
  admins = [await person(t, { role: 'ADMIN' }), await person(t, { role: 'ADMIN' })];
});
afterAll(async () => {
  await t.close();
});

async function staffWith(annual: number) {
  const me = await person(t);
  await giveAllowances(t, types, me.id, 2026, { 'Annual Leave': annual, 'Unpaid Leave': null });
  return me;
}

const week = (fromDate: string, toDate: string) => ({
  leaveType: 'Annual Leave',
  fromDate,
  fromDateIsAm: AM,
  toDate,
  toDateIsAm: PM,
});

describe('races', () => {
  it('two approvals at once: one wins, the other is told the request is no longer pending', async () => {
    const me = await staffWith(14);
    const request = await api.created(me.token, { userId: me.id, ...week('2026-03-02', '2026-03-03') });
    const [first, second] = admins as [Person, Person];
    const answers = await Promise.all([
      api.decide(first.token, request.id, 'APPROVED'),
      api.decide(second.token, request.id, 'REJECTED'),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)?.json().status;
    const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, request.id));
    expect(row?.status).toBe(winner);
    const balance = await api.balanceOf(me.token, me.id, 2026, 'Annual Leave');
    expect(balance.approvedDays + balance.pendingDays).toBe(winner === 'APPROVED' ? 2 : 0);
  });

  it('two requests that together exceed the balance: only one is accepted', async () => {
    const me = await staffWith(3);
    const answers = await Promise.all([
      api.create(me.token, { userId: me.id, ...week('2026-04-06', '2026-04-07') }),
      api.create(me.token, { userId: me.id, ...week('2026-04-13', '2026-04-14') }),
      api.create(me.token, { userId: me.id, ...week('2026-04-20', '2026-04-21') }),
    ]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Not enough Annual Leave balance for 2026: 1 day available. Please request Unpaid Leave instead.',
      );
    }
    expect(await api.balanceOf(me.token, me.id, 2026, 'Annual Leave')).toMatchObject({
      pendingDays: 2,
      balance: 1,
    });
  });

  it('two overlapping requests at once: only one is accepted', async () => {
    const me = await staffWith(14);
    const answers = await Promise.all([
      api.create(me.token, { userId: me.id, ...week('2026-05-04', '2026-05-05') }),
      api.create(me.token, { userId: me.id, ...week('2026-05-05', '2026-05-06'), leaveType: 'Unpaid Leave' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('a delete during an approval: exactly one of them happens', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await staffWith(14);
      const request = await api.created(me.token, { userId: me.id, ...week('2026-06-01', '2026-06-02') });
      const [approval, removal] = await Promise.all([
        api.decide(admins[0]?.token ?? '', request.id, 'APPROVED'),
        api.remove(me.token, request.id),
      ]);
      const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, request.id));
      const charges = await t.db
        .select()
        .from(leaveRequestDays)
        .where(eq(leaveRequestDays.leaveRequestId, request.id));
      if (approval.statusCode === 200) {
        expect(removal.statusCode).toBe(409);
        expect(row?.status).toBe('APPROVED');
        expect(charges).toHaveLength(1);
      } else {
        expect(removal.statusCode).toBe(204);
        expect(approval.statusCode).toBe(404);
        expect(row).toBeUndefined();
        expect(charges).toHaveLength(0);
      }
    }
  });

  it('an allowance cut during a request: the balance never goes below zero', async () => {
    const me = await staffWith(3);
    const [created, cut] = await Promise.all([
      api.create(me.token, { userId: me.id, ...week('2026-07-06', '2026-07-07') }),
      api.call(
        'PATCH',
        `/api/users/${me.id}/leave-balances/${types['Annual Leave']}`,
        admins[0]?.token ?? '',
        {
          totalDays: 1,
          year: 2026,
        },
      ),
    ]);
    const balance = await api.balanceOf(me.token, me.id, 2026, 'Annual Leave');
    expect(balance.balance).toBeGreaterThanOrEqual(0);
    // Either the request came first (then the cut is refused) or the cut did (then the request is).
    if (created.statusCode === 201) {
      expect(cut.statusCode).toBe(409);
      expect(balance).toMatchObject({ totalDays: 3, pendingDays: 2, balance: 1 });
    } else {
      expect(created.statusCode).toBe(409);
      expect(cut.statusCode).toBe(200);
      expect(balance).toMatchObject({ totalDays: 1, pendingDays: 0, balance: 1 });
    }
  });

  // Issue 33, item 2: a request counts its days with the holidays as committed, whatever change to them
  // it meets. PGlite runs one transaction at a time, so only PostgreSQL can show this.
  it.runIf(testDatabaseKind === 'postgres')(
    'a request filed while a holiday in its week is added or deleted stores the days the holidays then give',
    async () => {
      const admin = admins[0]?.token ?? '';
      const holiday = (method: 'POST' | 'DELETE', date: string) =>
        method === 'POST'
          ? api.call('POST', '/api/public-holidays', admin, { date, name: 'Race Day' })
          : api.call('DELETE', `/api/public-holidays/${date}`, admin);
      // Weeks of 2029, which has no holiday in the table: Monday to Friday, 5 days, or 4 with a holiday
      // on its Wednesday.
      for (let round = 0; round < 16; round += 1) {
        const monday = new Date(Date.UTC(2029, 0, 8 + 14 * round));
        const day = (offset: number) =>
          new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
        const adding = round % 2 === 1;
        if (!adding) expect((await holiday('POST', day(2))).statusCode).toBe(201);
        const me = await person(t);
        await giveAllowances(t, types, me.id, 2029, { 'Annual Leave': 30 });
        const [created, changed] = await Promise.all([
          api.create(me.token, { userId: me.id, ...week(day(0), day(4)) }),
          holiday(adding ? 'POST' : 'DELETE', day(2)),
        ]);
        expect(changed.statusCode).toBe(adding ? 201 : 200);
        expect(created.statusCode).toBe(201);
        const id = created.json().id as number;
        const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
        const charged = await t.db
          .select({ days: leaveRequestDays.days })
          .from(leaveRequestDays)
          .where(eq(leaveRequestDays.leaveRequestId, id));
        const expected = adding ? 4 : 5;
        expect({ round, days: row?.days, charged: charged.map((c) => c.days) }).toEqual({
          round,
          days: expected,
          charged: [expected],
        });
      }
    },
  );

  // Issue 33, item 4: the balance check and the allowance a request records read one policy.
  it.runIf(testDatabaseKind === 'postgres')(
    'a policy lowered while a request is filed never leaves a balance below zero',
    async () => {
      const admin = admins[0]?.token ?? '';
      const policy = (days: number) =>
        api.call('PUT', `/api/leave-policies/${types['Compassionate Leave']}`, admin, {
          entitlement: 'FIXED',
          days,
          prorate: false,
          carryForwardMaxDays: 0,
          carryForwardExpiryMonths: null,
        });
      for (let round = 0; round < 16; round += 1) {
        expect((await policy(10)).statusCode).toBe(200);
        const me = await person(t);
        // Monday 7 to Friday 18 September 2026: ten working days, no public holiday.
        const [created, lowered] = await Promise.all([
          api.create(me.token, {
            userId: me.id,
            leaveType: 'Compassionate Leave',
            fromDate: '2026-09-07',
            fromDateIsAm: AM,
            toDate: '2026-09-18',
            toDateIsAm: PM,
          }),
          policy(1),
        ]);
        expect(lowered.statusCode).toBe(200);
        const balance = await api.balanceOf(me.token, me.id, 2026, 'Compassionate Leave');
        // Filed first: its 10 days against the 10 it was allowed, pinned. Lowered first: refused.
        expect({ round, status: created.statusCode, balance }).toMatchObject(
          created.statusCode === 201
            ? { round, balance: { totalDays: 10, usedDays: 10, balance: 0 } }
            : { round, status: 409, balance: { totalDays: 1, usedDays: 0, balance: 1 } },
        );
      }
      expect((await policy(3)).statusCode).toBe(200);
    },
  );
});
