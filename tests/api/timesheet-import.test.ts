import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employmentInfo, payslips } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

// Issue 36 item 5: "CSV upload of a month's hours with a dry run that names each bad row", on PGlite and
// (TEST_DATABASE=postgres) on PostgreSQL. Expected figures are worked by hand from the vectors.

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the expectations
type Json = any;

let t: TestApp;
let adminHeaders: Record<string, string>;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = (await adminSession(t)).headers;
  admin = caller(t, adminHeaders);
});
afterAll(async () => {
  await t.close();
});

const upload = async (
  csv: string,
  { dryRun = true, headers = adminHeaders, year = 2025, month = 6 } = {},
) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/timesheets/${year}/${month}/import?dryRun=${dryRun}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Json };
};

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;
const HEADER = 'employee,date,hours,restDay,publicHoliday';

async function workman(fullName: string) {
  const user = await createEmployee(t, { fullName, salaryCents: 228_800, hireDate: '2024-01-02' });
  await t.db.update(employmentInfo).set({ workman: true }).where(eq(employmentInfo.userId, user.id));
  return user;
}

/** June 2025's days other than Sundays (1, 8, 15, 22, 29), from the 2nd. */
const juneWorkdays = Array.from({ length: 29 }, (_, i) => i + 2)
  .filter((d) => ![8, 15, 22, 29].includes(d))
  .map((d) => `2025-06-${String(d).padStart(2, '0')}`);

describe('POST /timesheets/{year}/{month}/import', () => {
  it('the dry run names each bad row and field, and saves nothing', async () => {
    const a = await workman('Ada Import');
    const b = await workman('Ben Import');
    // Ben: 23 days of 12 hours is 3.2 overtime hours a day beyond 8.8, 73.6 in the month: over 72.
    const benRows = juneWorkdays.slice(0, 23).map((date) => `${b.email},${date},12,,`);
    const csv = lines(
      HEADER,
      `${a.email},2025-06-02,9.8,,`, // row 2: fine
      'nobody@example.com,2025-06-02,8,,', // row 3: unknown employee
      `${a.email},2025-07-01,8,,`, // row 4: outside June
      `${a.email},2025-06-03,abc,,`, // row 5: not a number
      `${a.email},2025-06-04,13,,`, // row 6: over 12 hours a day
      `${a.email},2025-06-05,=1+1,,`, // row 7: a formula is not a number
      `${a.email.toUpperCase()},2025-06-06,8,SOMETIMES,`, // row 8: not a rest-day request
      ...benRows, // rows 9 to 31: the month's limit at the last
      'nobody@example.com,2025-06-03,13,,', // row 32: unknown, and over 12 hours a day all the same
    );
    const dry = await upload(csv);
    expect(dry.status).toBe(200);
    expect(dry.body.rows).toBe(7 + 23 + 1);
    expect(dry.body.valid).toBe(false);
    const at = (row: number) => dry.body.errors.filter((e: Json) => e.row === row);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual([
      { row: 3, field: 'employee', message: expect.stringContaining('nobody@example.com') },
    ]);
    expect(at(4)).toEqual([{ row: 4, field: 'date', message: expect.stringContaining('2025-07-01') }]);
    expect(at(5)).toEqual([{ row: 5, field: 'hours', message: expect.stringMatching(/hours/i) }]);
    expect(at(6)).toEqual([{ row: 6, field: 'hours', message: expect.stringContaining('12 hours') }]);
    expect(at(7)).toEqual([{ row: 7, field: 'hours', message: expect.any(String) }]);
    expect(at(8)).toEqual([{ row: 8, field: 'restDay', message: expect.any(String) }]);
    expect(at(31)).toEqual([{ row: 31, field: 'hours', message: expect.stringContaining('72') }]);
    // An unknown employee's other cells are checked too, so one dry run lists every problem.
    expect(at(32)).toEqual([
      { row: 32, field: 'employee', message: expect.stringContaining('nobody@example.com') },
      { row: 32, field: 'hours', message: expect.stringContaining('12 hours') },
    ]);
    expect(dry.body.errors).toHaveLength(9);

    // The same words as the timesheet PUT gives for the same days.
    const put = await admin.put(`/users/${a.id}/timesheets/2025/6`, {
      days: [{ date: '2025-06-04', hours: 13 }],
    });
    expect(put.status).toBe(400);
    expect(at(6)[0].message).toBe((put.body as Json).message);
    const benDays = juneWorkdays.slice(0, 23).map((date) => ({ date, hours: 12 }));
    const over = await admin.put(`/users/${b.id}/timesheets/2025/6`, { days: benDays });
    expect(at(31)[0].message).toBe((over.body as Json).message);

    // Nothing saved by the dry run.
    expect((await admin.get(`/users/${a.id}/timesheets/2025/6`)).body).toMatchObject({
      status: 'DRAFT',
      days: [],
    });
    // The apply of a file with problems refuses the whole file.
    const applied = await upload(csv, { dryRun: false });
    expect(applied.status).toBe(400);
    expect(applied.body).toMatchObject({ statusCode: 400, code: 'TIMESHEET_IMPORT_INVALID' });
    expect(((await admin.get(`/users/${a.id}/timesheets/2025/6`)).body as Json).days).toEqual([]);
  });

  it('the apply writes each named month as the PUT would, approved and audited, in one go', async () => {
    const a = await workman('Cai Import');
    const b = await createEmployee(t, { fullName: 'Dee Import', hireDate: '2024-01-02' });
    // Dee had a day saved before; the file replaces her month.
    await admin.put(`/users/${b.id}/timesheets/2025/6`, { days: [{ date: '2025-06-20', hours: 5 }] });
    // Ten weekdays of 9.8 hours: 10 overtime hours at 1.5 x $12.00 = $180.00 (the first vector).
    const aRows = juneWorkdays.slice(0, 10).map((date) => `${a.email},${date},9.8,,`);
    const csv = lines(
      'Employee,Date,Hours,RestDay,PublicHoliday',
      ...aRows,
      `${b.email},2025-06-02,8,,`,
      `${b.email},2025-06-07,4,EMPLOYEE_REQUEST,false`,
    );
    const dry = await upload(csv);
    expect(dry.body).toEqual({ rows: 12, employees: 2, valid: true, errors: [] });
    const applied = await upload(csv, { dryRun: false });
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ rows: 12, employees: 2, valid: true, errors: [] });

    const aSheet: Json = (await admin.get(`/users/${a.id}/timesheets/2025/6`)).body;
    expect(aSheet.status).toBe('APPROVED');
    expect(aSheet.days).toHaveLength(10);
    expect(aSheet.result).toMatchObject({ covered: true, overtimeHours: 10, overtimePay: 18_000 });
    const bSheet: Json = (await admin.get(`/users/${b.id}/timesheets/2025/6`)).body;
    expect(bSheet.days).toEqual([
      { date: '2025-06-02', hours: 8, restDay: null, publicHoliday: false },
      { date: '2025-06-07', hours: 4, restDay: 'EMPLOYEE_REQUEST', publicHoliday: false },
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'timesheet.imported'));
    expect(audits.map((row) => String(row.entityId))).toEqual(
      expect.arrayContaining([String(a.id), String(b.id)]),
    );
  });

  it("names the rows of an employee whose month's payslip is processed, and keeps the month", async () => {
    const user = await workman('Eve Import');
    await t.db.insert(payslips).values({
      userId: user.id,
      year: 2025,
      month: 5,
      status: 'PROCESSED',
      basicSalarySnapshotCents: 228_800,
      payDate: '2025-05-30',
      processedAt: new Date('2025-05-30T10:00:00+08:00'),
    });
    const csv = lines(HEADER, `${user.email},2025-05-05,8,,`);
    const dry = await upload(csv, { month: 5 });
    // The file holds many people: the message names whose payslip it is.
    expect(dry.body.errors).toEqual([
      { row: 2, field: 'employee', message: expect.stringMatching(/^Eve Import's payslip .*processed/i) },
    ]);
    expect((await upload(csv, { month: 5, dryRun: false })).status).toBe(400);
  });

  it('names a missing column, a file that is not CSV, and refuses a file too large', async () => {
    const missing = await upload(lines('employee,date', 'x@example.com,2025-06-02'));
    expect(missing.body.valid).toBe(false);
    expect(missing.body.errors).toEqual([
      { row: 1, field: 'hours', message: expect.stringContaining('hours') },
    ]);
    const broken = await upload(lines(HEADER, '"unclosed,2025-06-02,8,,'));
    expect(broken.body).toMatchObject({ valid: false, errors: [{ field: 'file' }] });
    const huge = await upload(`${HEADER}\n${'x@example.com,2025-06-02,8,,\n'.repeat(40_000)}`);
    expect(huge.status).toBe(413);
    const many = await upload(`${HEADER}\n${'a@b.co,2025-06-02,8,,\n'.repeat(16_001)}`);
    expect(many.body.errors).toEqual([{ row: 1, field: 'file', message: expect.stringContaining('16000') }]);
  });

  it('is for administrators only', async () => {
    const user = await createEmployee(t, { hireDate: '2024-01-02' });
    const staff = await staffSession(t, user);
    expect((await upload(lines(HEADER), { headers: staff })).status).toBe(403);
    expect((await caller(t, staff).get('/timesheets/2025/6/import/template')).status).toBe(403);
  });
});

describe('GET /timesheets/{year}/{month}/import/template', () => {
  it('gives the columns and the month as it stands, which uploads back unchanged', async () => {
    const user = await workman('Fay Template');
    await admin.put(`/users/${user.id}/timesheets/2025/6`, {
      days: [{ date: '2025-06-03', hours: 9.5, publicHoliday: true }],
    });
    const response = await admin.get('/timesheets/2025/6/import/template');
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toMatch(/^text\/csv/);
    const text = response.raw.body;
    expect(text.split('\r\n')[0]).toBe(HEADER);
    expect(text).toContain(`${user.email},2025-06-03,9.5,,true`);
    const back = await upload(text);
    expect(back.body.valid).toBe(true);
  });
});
