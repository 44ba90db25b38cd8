import type { LeaveBalance } from '../../src/domain/leave';
import type { PayslipAggregate } from '../../src/domain/payslips';
import { yearOfPay } from '../../src/server/services/payroll/ir8a';
import { createTestApp, type TestApp } from './harness';
import { giveAllowances, leaveApi, person, seedLeaveTypes } from './leave-fixtures';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

/**
 * Issue 38 items 3 and 4: the year so far from before the company used the product. The CPF vector is
 * the (2025, OW ceiling $7,400, annual salary ceiling $102,000, a citizen aged 30 at 20% + 17%);
 * every other expectation is worked out by hand below.
 */

let t: TestApp;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
});
afterAll(async () => {
  await t.close();
});

const SALARY = 7_400;
// January to June paid before: 6 x $7,400 of OW; CPF at 20% and 17% of it, by hand.
const OPENING = {
  year: 2025,
  throughMonth: 6,
  ordinaryWages: 44_400,
  additionalWages: 0,
  employeeCpf: 8_880, // 0.20 x 44,400
  employerCpf: 7_548, // 0.17 x 44,400
};

const citizen = (fullName: string) =>
  createEmployee(t, {
    fullName,
    salaryCents: SALARY * 100,
    dateOfBirth: '1995-04-10',
    hireDate: '2022-03-01',
  });

async function process(userIds: number[], months: number[]) {
  for (const month of months) {
    const run = await api.post('/payslips/bulk-process', {
      payDate: `2025-${String(month).padStart(2, '0')}-28`,
      payslips: userIds.map((userId) => ({ userId, year: 2025, month })),
    });
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ processed: userIds.length, skipped: 0 });
  }
}

async function decemberBonus(userId: number) {
  const payslip = await api.get(`/users/${userId}/payslips?year=2025&month=12`);
  expect(payslip.status).toBe(200);
  const added = await api.post('/bonus-items', {
    userId,
    year: 2025,
    month: 12,
    payslipId: (payslip.body as { id: number }).id,
    type: 'BONUS',
    amount: 30_000,
  });
  expect(added.status).toBe(201);
}

const processedRow = async (userId: number, month: number) => {
  const rows = (await api.get(`/payslips/processed/aggregates?year=2025&month=${month}`))
    .body as PayslipAggregate[];
  return rows.find((row) => row.userDetails.id === userId);
};

describe('the opening year to date', () => {
  let withOpening = 0;
  let without = 0;

  beforeAll(async () => {
    withOpening = (await citizen('Opening Tan')).id;
    without = (await citizen('Without Lim')).id;
    const put = await api.put(`/users/${withOpening}/opening-ytd`, OPENING);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ userId: withOpening, ...OPENING, shg: 0, sdl: 0 });
  });

  it('reads back as it was given, in dollars', async () => {
    const got = await api.get(`/users/${withOpening}/opening-ytd?year=2025`);
    expect(got.body).toEqual({ userId: withOpening, ...OPENING, shg: 0, sdl: 0 });
    expect((await api.get(`/users/${without}/opening-ytd?year=2025`)).status).toBe(404);
  });

  it('keeps the months it covers out of processing: not listed, and refused with 409', async () => {
    const june = await api.get(`/users/${withOpening}/payslips?year=2025&month=6`);
    expect(june.status).toBe(404);
    const list = (await api.get('/payslips/unprocessed-and-items-added?year=2025&month=6')).body as Array<{
      user: { id: number };
    }>;
    expect(list.map((row) => row.user.id)).not.toContain(withOpening);
    expect(list.map((row) => row.user.id)).toContain(without);
    const run = await api.post('/payslips/bulk-process', {
      payDate: '2025-06-27',
      payslips: [{ userId: withOpening, year: 2025, month: 6 }],
    });
    expect(run.status).toBe(409);
    expect(run.body).toMatchObject({ statusCode: 409, message: expect.stringContaining('Opening Tan') });
  });

  it("charges December's $30,000 bonus CPF on what the AW ceiling leaves after the whole year's OW", async () => {
    await process([withOpening, without], [7, 8, 9, 10, 11]);
    await decemberBonus(withOpening);
    await decemberBonus(without);
    await process([withOpening, without], [12]);

    // The issue: OW for the year 44,400 + 6 x 7,400 = 88,800; AW ceiling 102,000 - 88,800 = 13,200;
    // CPF 37% x (7,400 + 13,200) = 7,622.00, the employee's 20% x 20,600 = 4,120.00.
    const december = await processedRow(withOpening, 12);
    expect(december).toMatchObject({
      totalEmployeeCpfContribution: 4_120,
      totalEmployerCpfContribution: 7_622 - 4_120,
    });
    // Without it the year's OW is 6 x 7,400 = 44,400, the ceiling 57,600 covers the whole bonus:
    // 37% x (7,400 + 30,000) = 13,838.00, the employee's 20% x 37,400 = 7,480.00.
    expect(await processedRow(without, 12)).toMatchObject({
      totalEmployeeCpfContribution: 7_480,
      totalEmployerCpfContribution: 13_838 - 7_480,
    });
  });

  it('adds the opening figures to the IR8A', async () => {
    const [form] = await yearOfPay(t.db, 2025, withOpening);
    // Salary: 44,400 before + 6 x 7,400 here; bonus 30,000; employee CPF 8,880 + 5 x 1,480 + 4,120.
    expect(form).toMatchObject({
      salaryCents: 8_880_000,
      bonusCents: 3_000_000,
      employeeCpfCents: 2_040_000,
      provisional: false,
    });
  });

  it('is refused once a month of the year is processed, naming the months', async () => {
    const put = await api.put(`/users/${withOpening}/opening-ytd`, { ...OPENING, ordinaryWages: 40_000 });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ message: expect.stringContaining('July 2025') });
    // The screen shows it beside the last month paid before, the field the refusal is about.
    expect(put.body).toMatchObject({ code: 'OPENING_MONTHS_PROCESSED', field: 'throughMonth' });
    const removed = await api.delete(`/users/${withOpening}/opening-ytd?year=2025`);
    expect(removed.status).toBe(409);
    const before = await api.put(`/users/${without}/opening-ytd`, { ...OPENING, throughMonth: 3 });
    expect(before.status).toBe(409);
  });

  it('can be removed while nothing of the year is processed, and the months are offered again', async () => {
    const fresh = (await citizen('Fresh Goh')).id;
    expect((await api.put(`/users/${fresh}/opening-ytd`, { ...OPENING, year: 2024 })).status).toBe(200);
    expect((await api.get(`/users/${fresh}/payslips?year=2024&month=3`)).status).toBe(404);
    expect((await api.delete(`/users/${fresh}/opening-ytd?year=2024`)).status).toBe(204);
    expect((await api.get(`/users/${fresh}/payslips?year=2024&month=3`)).status).toBe(200);
  });

  it('removes the unprocessed payslips of the months it covers', async () => {
    const late = (await citizen('Late Ong')).id;
    expect((await api.get(`/users/${late}/payslips?year=2024&month=2`)).status).toBe(200);
    expect((await api.put(`/users/${late}/opening-ytd`, { ...OPENING, year: 2024 })).status).toBe(200);
    expect((await api.get(`/users/${late}/payslips?year=2024&month=2`)).status).toBe(404);
  });

  it('validates the body and is kept for staff only', async () => {
    const bad = await api.put(`/users/${without}/opening-ytd`, { ...OPENING, year: 2026, throughMonth: 13 });
    expect(bad.status).toBe(400);
    const cents = await api.put(`/users/${without}/opening-ytd`, {
      ...OPENING,
      year: 2026,
      ordinaryWages: 1.005,
    });
    expect(cents.status).toBe(400);
    const adminUser = await person(t, { role: 'ADMIN' });
    const forAdmin = await api.put(`/users/${adminUser.id}/opening-ytd`, OPENING);
    expect(forAdmin.status).toBe(400);
  });
});

describe('opening leave balances', () => {
  it('are subtracted from every balance: 14 days of Annual Leave, 5 taken before, 9 left; 10 more refused', async () => {
    const types = await seedLeaveTypes(t);
    const leave = leaveApi(t);
    const me = await person(t);
    await giveAllowances(t, types, me.id, 2026, { 'Annual Leave': 14 });
    const put = await api.put(`/users/${me.id}/opening-leave`, {
      year: 2026,
      balances: [{ leaveTypeId: types['Annual Leave'], daysTaken: 5 }],
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      userId: me.id,
      year: 2026,
      balances: [{ leaveTypeId: types['Annual Leave'], leaveTypeName: 'Annual Leave', daysTaken: 5 }],
    });
    const balance: LeaveBalance = await leave.balanceOf(me.token, me.id, 2026, 'Annual Leave');
    expect(balance).toMatchObject({ totalDays: 14, balance: 9 });
    // Monday 7 to Friday 18 December 2026: ten working days, no public holiday.
    const request = await leave.create(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-12-07',
      fromDateIsAm: true,
      toDate: '2026-12-18',
      toDateIsAm: false,
      days: 10,
    });
    expect(request.statusCode).toBe(409);
    expect(request.json().message).toMatch(/Not enough Annual Leave balance for 2026: 9/);
    // 0 removes the figure: the whole allowance is back.
    await api.put(`/users/${me.id}/opening-leave`, {
      year: 2026,
      balances: [{ leaveTypeId: types['Annual Leave'], daysTaken: 0 }],
    });
    expect(await leave.balanceOf(me.token, me.id, 2026, 'Annual Leave')).toMatchObject({ balance: 14 });
  });

  it('refuses an unknown leave type and half-day steps it cannot keep', async () => {
    const me = await person(t);
    const unknown = await api.put(`/users/${me.id}/opening-leave`, {
      year: 2026,
      balances: [{ leaveTypeId: 999_999, daysTaken: 1 }],
    });
    expect(unknown.status).toBe(400);
    const quarter = await api.put(`/users/${me.id}/opening-leave`, {
      year: 2026,
      balances: [{ leaveTypeId: 1, daysTaken: 0.25 }],
    });
    expect(quarter.status).toBe(400);
  });
});
