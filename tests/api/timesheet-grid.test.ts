import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employmentInfo } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

// Issue 36 item 5: the administrator's month grid, GET /timesheets/{year}/{month}, on PGlite and (with
// DATABASE_URL) on PostgreSQL. The figures are the first vector, worked by hand below.

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the expectations
type Json = any;

let t: TestApp;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, (await adminSession(t)).headers);
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (body: Json, ids: number[]) =>
  (body.rows as Json[]).filter((row) => ids.includes(row.timesheet.userId));

describe('GET /timesheets/{year}/{month}', () => {
  it('answers each employee employed in the month, by name, with their days, status and figures', async () => {
    const workman = await createEmployee(t, {
      fullName: 'Aaron Grid',
      salaryCents: 228_800,
      hireDate: '2024-01-02',
    });
    await t.db.update(employmentInfo).set({ workman: true }).where(eq(employmentInfo.userId, workman.id));
    const idle = await createEmployee(t, { fullName: 'Betty Grid', hireDate: '2024-01-02' });
    const later = await createEmployee(t, { fullName: 'Carl Grid', hireDate: '2025-07-01' });
    const gone = await createEmployee(t, {
      fullName: 'Dina Grid',
      hireDate: '2020-01-06',
      lastDayOfService: '2025-05-31',
    });
    // Ten weekdays of 9.8 hours: one hour beyond the 8.8 normal hours each; 12 x 2288 / (52 x 44) = $12.00
    // an hour, 10 x $18.00 = $180.00.
    const days = Array.from({ length: 10 }, (_, i) => ({
      date: `2025-06-${String(i + 2).padStart(2, '0')}`,
      hours: 9.8,
    }));
    expect((await admin.put(`/users/${workman.id}/timesheets/2025/6`, { days })).status).toBe(200);

    const grid = await admin.get('/timesheets/2025/6');
    expect(grid.status).toBe(200);
    expect(grid.body).toMatchObject({ year: 2025, month: 6 });
    const rows = rowsOf(grid.body, [workman.id, idle.id, later.id, gone.id]);
    // Hired in July, or gone by June: not in June's grid.
    expect(rows.map((row: Json) => row.fullName)).toEqual(['Aaron Grid', 'Betty Grid']);
    const [first, second] = rows;
    expect(first.email).toBe(workman.email);
    expect(first.timesheet.status).toBe('APPROVED');
    expect(first.timesheet.days).toHaveLength(10);
    expect(first.timesheet.days[0]).toEqual({
      date: '2025-06-02',
      hours: 9.8,
      restDay: null,
      publicHoliday: false,
    });
    expect(first.timesheet.result).toMatchObject({ covered: true, overtimeHours: 10, overtimePay: 18_000 });
    // Nothing saved for June: an empty draft, its figures nil.
    expect(second.timesheet).toMatchObject({ userId: idle.id, status: 'DRAFT', days: [] });
    expect(second.timesheet.result).toMatchObject({ overtimeHours: 0, overtimePay: 0, restDayPay: 0 });

    // The same figures as the one-person answer.
    const one = await admin.get(`/users/${workman.id}/timesheets/2025/6`);
    expect(first.timesheet).toEqual(one.body);
  });

  it('is for administrators only, and reads the month from the path', async () => {
    const user = await createEmployee(t, { hireDate: '2024-01-02' });
    const me = caller(t, await staffSession(t, user));
    expect((await me.get('/timesheets/2025/6')).status).toBe(403);
    expect((await admin.get('/timesheets/2025/13')).status).toBe(400);
  });
});
