import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employmentInfo, payslips, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

// Issue 36 items 1-3 over HTTP, on PGlite and (with DATABASE_URL) on PostgreSQL. The figures are the
// issue's vectors, worked by hand in each test's comment.

let t: TestApp;
let admin: Caller;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the expectations
type Json = any;
type Caller = {
  get: (url: string) => Promise<{ status: number; body: Json }>;
  put: (url: string, payload: unknown) => Promise<{ status: number; body: Json }>;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, (await adminSession(t)).headers);
});
afterAll(async () => {
  await t.close();
});

/** An employee on a 5-day, 44-hour week (the defaults), hired before June 2025. */
async function employee(
  salaryCents: number,
  workman: boolean,
  extra: { overtimeExemptionRef?: string } = {},
) {
  const user = await createEmployee(t, { salaryCents, hireDate: '2024-01-02' });
  await t.db
    .update(employmentInfo)
    .set({ workman, ...extra })
    .where(eq(employmentInfo.userId, user.id));
  return user;
}

/** `count` weekdays of June 2025 from the 2nd, each of `hours`. */
const june = (count: number, hours: number) =>
  Array.from({ length: count }, (_, i) => ({ date: `2025-06-${String(i + 2).padStart(2, '0')}`, hours }));
const url = (id: number, year = 2025, month = 6) => `/users/${id}/timesheets/${year}/${month}`;

describe('the vectors through the API, to the cent', () => {
  it('a workman on $2,288: $12.00 an hour; 10 overtime hours pay $180.00', async () => {
    const user = await employee(228_800, true);
    // 10 days of 9.8 hours: 1 hour beyond 8.8 each. 12 x 2288 / (52 x 44) = 12.00; 10 x 18.00 = 180.00
    const saved = await admin.put(url(user.id), { days: june(10, 9.8) });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual({
      covered: true,
      hourlyBasicRate: 1200,
      overtimeHours: 10,
      overtimeRate: 1800,
      overtimePay: 18_000,
      restDayPay: 0,
      publicHolidayPay: 0,
    });
    const read = await admin.get(url(user.id));
    expect(read.body.days).toHaveLength(10);
    expect(read.body.result.overtimePay).toBe(18_000);
  });

  it('a non-workman on $2,288: covered, the rate capped at $2,250 (about $17.70), so less than $180.00', async () => {
    const user = await employee(228_800, false);
    // 12 x 2250 / 2288 x 1.5 = 17.701 an hour; x 10 = 177.01
    const saved = await admin.put(url(user.id), { days: june(10, 9.8) });
    expect(saved.body.result).toMatchObject({ covered: true, overtimeRate: 1770, overtimePay: 17_701 });
  });

  it('a non-workman on $2,700 is not covered: no statutory overtime', async () => {
    const user = await employee(270_000, false);
    const saved = await admin.put(url(user.id), { days: june(10, 9.8) });
    expect(saved.body.result).toMatchObject({
      covered: false,
      overtimePay: 0,
      restDayPay: 0,
      publicHolidayPay: 0,
    });
  });

  it('pays rest-day and public-holiday work by the Act', async () => {
    const user = await employee(228_800, true);
    // A day is 12 x 2288 / (52 x 5) = 105.60. Sunday 1 June, 6 h at the employer's request: two days, 211.20.
    // Saturday 7 June, a holiday worked 8 h: an extra day, 105.60.
    const saved = await admin.put(url(user.id), {
      days: [
        { date: '2025-06-01', hours: 6, restDay: 'EMPLOYER_REQUEST' },
        { date: '2025-06-07', hours: 8, publicHoliday: true },
      ],
    });
    expect(saved.body.result).toMatchObject({ restDayPay: 21_120, publicHolidayPay: 10_560, overtimePay: 0 });
  });
});

describe('the limits, refused with a message naming them', () => {
  it('13 hours on one day: 400 naming the 12-hour limit', async () => {
    const user = await employee(228_800, true);
    const refused = await admin.put(url(user.id), { days: [{ date: '2025-06-02', hours: 13 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/12 hours/);
    expect(refused.body.field).toBe('days.0.hours');
  });

  it('73 overtime hours in a month: 400 naming the 72-hour limit, unless MOM exempted the employee', async () => {
    // 24 days of 3 hours beyond 8.8 = 72; a 25th day with 1 more hour = 73
    const days = [...june(24, 11.8), { date: '2025-06-30', hours: 9.8 }];
    const user = await employee(228_800, true);
    const refused = await admin.put(url(user.id), { days });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/72 hours/);
    expect((await admin.put(url(user.id), { days: days.slice(0, 24) })).status).toBe(200);

    const exempted = await employee(228_800, true, { overtimeExemptionRef: 'MOM/OTE/2025/001' });
    const allowed = await admin.put(url(exempted.id), { days });
    expect(allowed.status).toBe(200);
    expect(allowed.body.result.overtimeHours).toBe(73);
  });

  it('refuses a day outside the month, before the hire date, or given twice', async () => {
    const user = await employee(228_800, true);
    const put = (days: object[], month = 6) => admin.put(url(user.id, 2025, month), { days });
    expect((await put([{ date: '2025-07-01', hours: 8 }])).status).toBe(400);
    expect((await put([{ date: '2023-12-29', hours: 8 }], 12)).status).toBe(400);
    const twice = await put([
      { date: '2025-06-02', hours: 8 },
      { date: '2025-06-02', hours: 9 },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.field).toBe('days.1.date');
  });
});

describe('who may save, and the status it leaves', () => {
  it('staff submit their own; an admin saving it approves it; staff cannot touch another', async () => {
    const user = await employee(228_800, true);
    const other = await employee(228_800, true);
    const me: Caller = caller(t, await staffSession(t, user));
    const mine = await me.put(url(user.id), { days: june(1, 8) });
    expect(mine.status).toBe(200);
    expect(mine.body.status).toBe('SUBMITTED');
    expect((await admin.put(url(user.id), { days: june(1, 8) })).body.status).toBe('APPROVED');
    expect((await me.get(url(other.id))).status).toBe(403);
    expect((await me.put(url(other.id), { days: [] })).status).toBe(403);
  });

  it("an admin's own timesheet is only submitted: another admin approves it (four eyes)", async () => {
    const self = await employee(228_800, true);
    await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, self.id));
    const asSelf: Caller = caller(t, await staffSession(t, self));
    expect((await asSelf.put(url(self.id), { days: june(1, 8) })).body.status).toBe('SUBMITTED');
    expect((await admin.put(url(self.id), { days: june(1, 8) })).body.status).toBe('APPROVED');
  });

  it("a processed month's timesheet is frozen: 409", async () => {
    const user = await employee(228_800, true);
    await t.db.insert(payslips).values({
      userId: user.id,
      year: 2025,
      month: 5,
      status: 'PROCESSED',
      basicSalarySnapshotCents: 228_800,
      payDate: '2025-05-30',
      processedAt: new Date('2025-05-30T10:00:00+08:00'),
    });
    const frozen = await admin.put(url(user.id, 2025, 5), { days: [{ date: '2025-05-05', hours: 8 }] });
    expect(frozen.status).toBe(409);
  });
});
