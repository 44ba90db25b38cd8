import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveRequest } from '../../src/domain/leave';
import { leaveRequests, leaveTypes } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { createTestApp, type TestApp, testDatabaseKind } from './harness';
import { AM, giveAllowances, leaveApi, type Person, PM, person, seedLeaveTypes } from './leave-fixtures';
import { approvedLeave, caller, createEmployee } from './payroll-fixtures';

// Issue 34, item 5: the owner asks to withdraw approved leave that has not started; another
// administrator decides. Leave in 2031 has not started whenever this runs; leave in 2026 has.

let t: TestApp;
let api: ReturnType<typeof leaveApi>;
let types: Record<string, number>;
let admins: [Person, Person];

beforeAll(async () => {
  t = await createTestApp();
  api = leaveApi(t);
  types = await seedLeaveTypes(t);
  admins = [
    await person(t, { role: 'ADMIN', fullName: 'Siti Admin' }),
    await person(t, { role: 'ADMIN', fullName: 'Ravi Admin' }),
  ];
});
afterAll(async () => {
  await t.close();
});

/** Today in Singapore, written here from the clock (the company's day, spec: time zone Asia/Singapore). */
const singaporeToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());

async function staffFor(year: number, allowances: Record<string, number | null> = { 'Annual Leave': 14 }) {
  const someone = await person(t, { fullName: `Tan Wei Ming ${Math.random().toString(36).slice(2, 6)}` });
  await giveAllowances(t, types, someone.id, year, { 'Unpaid Leave': null, ...allowances });
  return someone;
}

/** Monday 3 and Tuesday 4 March 2031: two working days, no public holiday in the table. */
const MARCH_2031 = {
  leaveType: 'Annual Leave',
  fromDate: '2031-03-03',
  fromDateIsAm: AM,
  toDate: '2031-03-04',
  toDateIsAm: PM,
};

async function approved(owner: Person, body: Partial<typeof MARCH_2031> = {}): Promise<LeaveRequest> {
  const request = await api.created(owner.token, { userId: owner.id, ...MARCH_2031, ...body });
  const decided = await api.decide(admins[0].token, request.id, 'APPROVED');
  expect(decided.statusCode).toBe(200);
  return decided.json();
}

const withdraw = (token: string, id: number) =>
  api.call('POST', `/api/leave-requests/${id}/withdrawal`, token);
const decideWithdrawal = (token: string, id: number, decision: string, reason?: string) =>
  api.call('POST', `/api/leave-requests/${id}/withdrawal/decision`, token, {
    decision,
    ...(reason === undefined ? {} : { reason }),
  });
const countsOf = async (who: Person) =>
  (await api.call('GET', `/api/users/${who.id}/leave-requests/count`, who.token)).json();
const calendarOf = async (who: Person, year: number, month: number) =>
  (
    await api.call('GET', `/api/leave-calendar?year=${year}&month=${month}`, who.token)
  ).json() as LeaveRequest[];
const auditOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
  ).map((row) => row.action);

describe('POST /api/leave-requests/:id/withdrawal', () => {
  it('the owner asks; the leave stays taken, listed and on the calendar until it is decided', async () => {
    const me = await staffFor(2031);
    const leave = await approved(me);
    const asked = await withdraw(me.token, leave.id);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ id: leave.id, status: 'WITHDRAWAL_REQUESTED', days: 2 });
    // Still taken: 2 of 14 days, counted as approved, on the calendar.
    expect(await api.balanceOf(me.token, me.id, 2031, 'Annual Leave')).toMatchObject({
      approvedDays: 2,
      pendingDays: 0,
      balance: 12,
    });
    expect(await countsOf(me)).toEqual({ PENDING: 0, APPROVED: 1, REJECTED: 0, TOTAL: 1 });
    expect((await calendarOf(me, 2031, 3)).map((e) => [e.id, e.status])).toEqual([
      [leave.id, 'WITHDRAWAL_REQUESTED'],
    ]);
    const filtered = await api.call(
      'GET',
      `/api/users/${me.id}/leave-requests?status=WITHDRAWAL_REQUESTED`,
      me.token,
    );
    expect(filtered.json().data.map((r: LeaveRequest) => r.id)).toEqual([leave.id]);
    // Its days are still held: the same dates cannot be asked again.
    expect((await api.create(me.token, { userId: me.id, ...MARCH_2031 })).statusCode).toBe(409);
    // Asked once: a second ask finds nothing to withdraw.
    const again = await withdraw(me.token, leave.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Only approved leave that has not started can be withdrawn; this one is awaiting a decision on its withdrawal, from 03/03/2031.',
    );
    expect(await auditOf(leave.id)).toEqual([
      'leaveRequest.created',
      'leaveRequest.approved',
      'leaveRequest.withdrawalRequested',
    ]);
  });

  it('refuses leave that is pending, rejected, has started or starts today (409)', async () => {
    const me = await staffFor(2031);
    const pending = await api.created(me.token, { userId: me.id, ...MARCH_2031 });
    const refused = await withdraw(me.token, pending.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'Conflict',
      message:
        'Only approved leave that has not started can be withdrawn; this one is pending, from 03/03/2031.',
    });
    expect((await api.decide(admins[0].token, pending.id, 'REJECTED')).statusCode).toBe(200);
    expect((await withdraw(me.token, pending.id)).json().message).toBe(
      'Only approved leave that has not started can be withdrawn; this one is rejected, from 03/03/2031.',
    );
    // Monday 2 March 2026 has passed.
    const past = await staffFor(2026);
    const taken = await approved(past, { fromDate: '2026-03-02', toDate: '2026-03-02' });
    expect((await withdraw(past.token, taken.id)).json().message).toBe(
      'Only approved leave that has not started can be withdrawn; this one is approved, from 02/03/2026.',
    );
    // Starting today (Singapore): it has started. Hospitalisation Leave counts calendar days, so any day will do.
    const today = singaporeToday();
    const now = await staffFor(Number(today.slice(0, 4)), { 'Hospitalisation Leave': 60 });
    const starting = await approved(now, {
      leaveType: 'Hospitalisation Leave',
      fromDate: today,
      toDate: today,
    });
    const todayAnswer = await withdraw(now.token, starting.id);
    expect(todayAnswer.statusCode).toBe(409);
    const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, starting.id));
    expect(row?.status).toBe('APPROVED');
  });

  it('only the owner asks: another staff member is told there is no such request, an administrator is refused', async () => {
    const me = await staffFor(2031);
    const leave = await approved(me);
    const other = await staffFor(2031);
    const byOther = await withdraw(other.token, leave.id);
    expect(byOther.statusCode).toBe(404);
    const byAdmin = await withdraw(admins[0].token, leave.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('Only the person on leave can ask to withdraw it.');
    expect((await withdraw(me.token, 2_000_000_000)).statusCode).toBe(404);
    // An administrator asks for their own leave, which another administrator then decides.
    const [own] = admins;
    await giveAllowances(t, types, own.id, 2031, { 'Annual Leave': 14 });
    const ownLeave = await api.created(own.token, { userId: own.id, ...MARCH_2031 });
    expect((await api.decide(admins[1].token, ownLeave.id, 'APPROVED')).statusCode).toBe(200);
    expect((await withdraw(own.token, ownLeave.id)).statusCode).toBe(200);
    const selfDecided = await decideWithdrawal(own.token, ownLeave.id, 'APPROVE');
    expect(selfDecided.statusCode).toBe(403);
    expect(selfDecided.json().message).toBe(
      'You cannot approve or reject the withdrawal of your own leave; another administrator must decide it.',
    );
    expect((await decideWithdrawal(admins[1].token, ownLeave.id, 'APPROVE')).json().request.status).toBe(
      'WITHDRAWN',
    );
  });
});

describe('POST /api/leave-requests/:id/withdrawal/decision', () => {
  it('approved: the days return to the balance, the dates are free, it counts nowhere but stays listed', async () => {
    const me = await staffFor(2031);
    const leave = await approved(me);
    expect((await withdraw(me.token, leave.id)).statusCode).toBe(200);
    const answer = await decideWithdrawal(admins[1].token, leave.id, 'APPROVE', 'Project moved');
    expect(answer.statusCode).toBe(200);
    // Annual Leave is paid: no payslip to speak of.
    expect(answer.json()).toMatchObject({ request: { id: leave.id, status: 'WITHDRAWN' }, payslips: [] });
    expect(await api.balanceOf(me.token, me.id, 2031, 'Annual Leave')).toMatchObject({
      approvedDays: 0,
      pendingDays: 0,
      balance: 14,
    });
    expect(await countsOf(me)).toEqual({ PENDING: 0, APPROVED: 0, REJECTED: 0, TOTAL: 0 });
    expect(await calendarOf(me, 2031, 3)).toEqual([]);
    const listed = await api.call('GET', `/api/users/${me.id}/leave-requests`, me.token);
    expect(listed.json().data.map((r: LeaveRequest) => [r.id, r.status])).toEqual([[leave.id, 'WITHDRAWN']]);
    // Nothing more happens to it.
    expect((await decideWithdrawal(admins[1].token, leave.id, 'REJECT')).statusCode).toBe(409);
    expect((await withdraw(me.token, leave.id)).statusCode).toBe(409);
    expect((await api.remove(me.token, leave.id)).statusCode).toBe(409);
    // The same days can be asked for again.
    expect((await api.create(me.token, { userId: me.id, ...MARCH_2031 })).statusCode).toBe(201);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(leave.id)), eq(auditLog.action, 'leaveRequest.withdrawn')));
    expect(audit).toMatchObject({
      actorUserId: admins[1].id,
      subjectUserId: me.id,
      details: {
        before: { status: 'WITHDRAWAL_REQUESTED' },
        after: { status: 'WITHDRAWN' },
        reason: 'Project moved',
        payslips: [],
      },
    });
  });

  it('rejected: the leave stays approved and taken, and may be asked again', async () => {
    const me = await staffFor(2031);
    const leave = await approved(me);
    expect((await withdraw(me.token, leave.id)).statusCode).toBe(200);
    const answer = await decideWithdrawal(admins[1].token, leave.id, 'REJECT');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ request: { id: leave.id, status: 'APPROVED' }, payslips: [] });
    expect(await api.balanceOf(me.token, me.id, 2031, 'Annual Leave')).toMatchObject({
      approvedDays: 2,
      balance: 12,
    });
    expect(await auditOf(leave.id)).toEqual([
      'leaveRequest.created',
      'leaveRequest.approved',
      'leaveRequest.withdrawalRequested',
      'leaveRequest.withdrawalRejected',
    ]);
    expect((await withdraw(me.token, leave.id)).statusCode).toBe(200);
  });

  it('refuses what is not a withdrawal to decide (409), STAFF (403) and a decision it does not know (400)', async () => {
    const me = await staffFor(2031);
    const leave = await approved(me);
    const early = await decideWithdrawal(admins[1].token, leave.id, 'APPROVE');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Only a withdrawal that was asked for can be approved or rejected; this leave request is approved.',
    );
    expect((await withdraw(me.token, leave.id)).statusCode).toBe(200);
    expect((await decideWithdrawal(me.token, leave.id, 'APPROVE')).statusCode).toBe(403);
    const unknown = await decideWithdrawal(admins[1].token, leave.id, 'WITHDRAWN');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION', field: 'decision' });
    const long = await decideWithdrawal(admins[1].token, leave.id, 'APPROVE', 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect((await decideWithdrawal(admins[1].token, 2_000_000_000, 'APPROVE')).statusCode).toBe(404);
    // The leave decision route does not decide withdrawals.
    expect((await api.decide(admins[1].token, leave.id, 'APPROVED')).statusCode).toBe(409);
  });
});

/** Unpaid leave whose withdrawal is asked, written straight in (its dates have passed, so the API would refuse the ask). */
async function unpaidWithdrawalAsked(userId: number, fromDate: string, toDate: string, days: number) {
  const [row] = await t.db
    .insert(leaveRequests)
    .values({
      userId,
      leaveTypeId: types['Unpaid Leave'] ?? 0,
      status: 'WITHDRAWAL_REQUESTED',
      fromDate,
      fromDateIsAm: AM,
      toDate,
      toDateIsAm: PM,
      days,
    })
    .returning({ id: leaveRequests.id });
  return row?.id ?? 0;
}

describe('an approved withdrawal of unpaid leave and payroll', () => {
  const admin = () => caller(t, { authorization: `Bearer ${admins[0].token}` });
  const deductions = async (userId: number, year: number, month: number) =>
    (await admin().get(`/users/${userId}/deduction-items?year=${year}&month=${month}`)).body;
  const payslip = async (userId: number, year: number, month: number) =>
    (await admin().get(`/users/${userId}/payslips?year=${year}&month=${month}`)).body as {
      processingStatus: string;
      totals: { netPay: number } | null;
    };

  it("an open payslip's prefilled deduction is recomputed from the unpaid leave still taken, or removed", async () => {
    const employee = await createEmployee(t, { fullName: 'Tan Wei Ming', salaryCents: 300_000 });
    // March 2026 has 22 working days. Monday 2 and Tuesday 3 March are withdrawn; Tuesday 10 stays.
    const withdrawn = await unpaidWithdrawalAsked(employee.id, '2026-03-02', '2026-03-03', 2);
    await approvedLeave(t, employee.id, 'Unpaid Leave', {
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
      days: 1,
    });
    // Opened with 3 unpaid days: $3,000 x 3 / 22 = $409.0909..., rounded down to $409.09.
    expect((await payslip(employee.id, 2026, 3)).processingStatus).toBe('ITEMS_ADDED');
    expect(await deductions(employee.id, 2026, 3)).toEqual([
      { id: expect.any(Number), type: 'UNPAID_LEAVE', amount: 409.09, treatment: null },
    ]);
    const answer = await decideWithdrawal(admins[1].token, withdrawn, 'APPROVE');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().payslips).toEqual([
      {
        year: 2026,
        month: 3,
        processed: false,
        // $3,000 x 1 / 22 = $136.3636..., rounded down.
        message: 'March 2026 payslip of Tan Wei Ming: its unpaid-leave deduction is now $136.36 for 1 day.',
      },
    ]);
    expect(await deductions(employee.id, 2026, 3)).toEqual([
      { id: expect.any(Number), type: 'UNPAID_LEAVE', amount: 136.36, treatment: null },
    ]);

    // Only withdrawn days in May: the prefill goes, and with no item left the payslip is unprocessed again.
    const may = await unpaidWithdrawalAsked(employee.id, '2026-05-04', '2026-05-04', 1);
    expect((await payslip(employee.id, 2026, 5)).processingStatus).toBe('ITEMS_ADDED');
    const removed = await decideWithdrawal(admins[1].token, may, 'APPROVE');
    expect(removed.json().payslips).toEqual([
      {
        year: 2026,
        month: 5,
        processed: false,
        message: 'May 2026 payslip of Tan Wei Ming: its unpaid-leave deduction is removed.',
      },
    ]);
    expect(await deductions(employee.id, 2026, 5)).toEqual([]);
    expect((await payslip(employee.id, 2026, 5)).processingStatus).toBe('UNPROCESSED');
  });

  it('a deduction an administrator entered is theirs; a month not yet opened prefills only what is still taken', async () => {
    const employee = await createEmployee(t, { fullName: 'Lim Hui Ling', salaryCents: 300_000 });
    const june = await unpaidWithdrawalAsked(employee.id, '2026-06-08', '2026-06-08', 1);
    const { id: payslipId } = (await admin().get(`/users/${employee.id}/payslips?year=2026&month=6`))
      .body as {
      id: number;
    };
    const prefilled = (await deductions(employee.id, 2026, 6)) as Array<{ id: number }>;
    expect((await admin().delete(`/deduction-items/${prefilled[0]?.id}`)).status).toBe(204);
    const entered = await admin().post('/deduction-items', {
      userId: employee.id,
      year: 2026,
      month: 6,
      payslipId,
      type: 'UNPAID_LEAVE',
      amount: 100,
    });
    expect(entered.status).toBe(201);
    expect((await decideWithdrawal(admins[1].token, june, 'APPROVE')).json().payslips).toEqual([]);
    expect(await deductions(employee.id, 2026, 6)).toEqual([entered.body]);

    const july = await unpaidWithdrawalAsked(employee.id, '2026-07-06', '2026-07-06', 1);
    expect((await decideWithdrawal(admins[1].token, july, 'APPROVE')).json().payslips).toEqual([]);
    expect(await deductions(employee.id, 2026, 7)).toEqual([]);
  });

  it('a processed payslip is named and left exactly as it was', async () => {
    const employee = await createEmployee(t, { fullName: 'Nur Aisyah', salaryCents: 300_000 });
    // Monday 6 and Tuesday 7 April 2026, of 22 working days: $3,000 x 2 / 22 = $272.72.
    const april = await unpaidWithdrawalAsked(employee.id, '2026-04-06', '2026-04-07', 2);
    const before = await payslip(employee.id, 2026, 4);
    const processed = await admin().post('/payslips/bulk-process', {
      payDate: '2026-04-30',
      payslips: [{ userId: employee.id, year: 2026, month: 4 }],
    });
    expect(processed.status).toBe(200);
    const items = await deductions(employee.id, 2026, 4);
    const processedSlip = await payslip(employee.id, 2026, 4);
    expect(items).toEqual([
      { id: expect.any(Number), type: 'UNPAID_LEAVE', amount: 272.72, treatment: null },
    ]);
    const answer = await decideWithdrawal(admins[1].token, april, 'APPROVE');
    expect(answer.json().payslips).toEqual([
      {
        year: 2026,
        month: 4,
        processed: true,
        message:
          'April 2026 payslip of Nur Aisyah is processed: revert it and correct its unpaid-leave deduction to take the returned days into account.',
      },
    ]);
    expect(await deductions(employee.id, 2026, 4)).toEqual(items);
    const after = await payslip(employee.id, 2026, 4);
    expect(after.processingStatus).toBe('PROCESSED');
    expect(after).toEqual(processedSlip);
    expect(before.processingStatus).toBe('ITEMS_ADDED');
  });

  it('paid leave touches no payslip, even in a processed month', async () => {
    const employee = await createEmployee(t, { fullName: 'Rajesh Kumar' });
    const [annual] = await t.db.select().from(leaveTypes).where(eq(leaveTypes.name, 'Annual Leave'));
    const [row] = await t.db
      .insert(leaveRequests)
      .values({
        userId: employee.id,
        leaveTypeId: annual?.id ?? 0,
        status: 'WITHDRAWAL_REQUESTED',
        fromDate: '2026-08-03',
        toDate: '2026-08-03',
        days: 1,
      })
      .returning({ id: leaveRequests.id });
    await payslip(employee.id, 2026, 8);
    await admin().post('/payslips/bulk-process', {
      payDate: '2026-08-31',
      payslips: [{ userId: employee.id, year: 2026, month: 8 }],
    });
    expect((await decideWithdrawal(admins[1].token, row?.id ?? 0, 'APPROVE')).json().payslips).toEqual([]);
  });
});

// Two administrators decide one withdrawal at once: the owner's lock, then the row's, puts one after
// the other. PGlite runs one transaction at a time, so only PostgreSQL can show this.
describe.runIf(testDatabaseKind === 'postgres')('two decisions at once', () => {
  it('one is applied (200), the other finds nothing to decide (409), and the days return once', async () => {
    for (const decisions of [
      ['APPROVE', 'APPROVE'],
      ['APPROVE', 'REJECT'],
    ] as const) {
      const me = await staffFor(2031);
      const leave = await approved(me);
      expect((await withdraw(me.token, leave.id)).statusCode).toBe(200);
      const answers = await Promise.all([
        decideWithdrawal(admins[0].token, leave.id, decisions[0]),
        decideWithdrawal(admins[1].token, leave.id, decisions[1]),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)?.json().request.status;
      const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, leave.id));
      expect(row?.status).toBe(winner);
      expect(await api.balanceOf(me.token, me.id, 2031, 'Annual Leave')).toMatchObject({
        approvedDays: winner === 'WITHDRAWN' ? 0 : 2,
        balance: winner === 'WITHDRAWN' ? 14 : 12,
      });
      const decided = (await auditOf(leave.id)).filter((action) =>
        ['leaveRequest.withdrawn', 'leaveRequest.withdrawalRejected'].includes(action),
      );
      expect(decided).toHaveLength(1);
    }
  });

  it("two approvals of unpaid leave at once recompute the open payslip's deduction once", async () => {
    const employee = await createEmployee(t, { fullName: 'Muhammad Hafiz', salaryCents: 300_000 });
    const withdrawn = await unpaidWithdrawalAsked(employee.id, '2026-09-07', '2026-09-08', 2);
    await approvedLeave(t, employee.id, 'Unpaid Leave', {
      fromDate: '2026-09-14',
      toDate: '2026-09-14',
      days: 1,
    });
    const admin = caller(t, { authorization: `Bearer ${admins[0].token}` });
    await admin.get(`/users/${employee.id}/payslips?year=2026&month=9`);
    const answers = await Promise.all([
      decideWithdrawal(admins[0].token, withdrawn, 'APPROVE'),
      decideWithdrawal(admins[1].token, withdrawn, 'APPROVE'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // September 2026 has 22 working days: $3,000 x 1 / 22 = $136.36.
    expect((await admin.get(`/users/${employee.id}/deduction-items?year=2026&month=9`)).body).toEqual([
      { id: expect.any(Number), type: 'UNPAID_LEAVE', amount: 136.36, treatment: null },
    ]);
  });
});
