import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '../../src/domain/dates';
import { auditLog } from '../../src/server/db/system-schema';
import { insertLeaveTypes } from '../../src/server/factories';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

// Issue 35 item 3 over HTTP, on PGlite and (with DATABASE_URL) on PostgreSQL: the leaving month's payslip
// prefilled by the Employment Act. Figures worked by hand on a March 2026 calendar (1 March is a Sunday):
// salary = $4,400 x days worked / 22 working days; a day's gross rate = 12 x $4,400 / (52 x 5) = $203.0769.

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the expectations
type Json = any;
interface Client {
  get(url: string): Promise<{ status: number; body: Json; raw: { rawPayload: Buffer } }>;
  post(url: string, payload: unknown): Promise<{ status: number; body: Json }>;
  put(url: string, payload: unknown): Promise<{ status: number; body: Json }>;
  delete(url: string): Promise<{ status: number; body: Json }>;
}

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, (await adminSession(t)).headers) as Client;
});
afterAll(async () => {
  await t.close();
});

/** A citizen aged 30 in March 2026 on $4,400 a month, a 5-day week (the fixtures' default pattern). */
const leaver = () =>
  createEmployee(t, {
    hireDate: '2019-07-01',
    dateOfBirth: '1995-08-20',
    salaryCents: 440_000,
    rates: [20, 17],
  });

const itemsOf = async (kind: string, userId: number, year = 2026, month = 3) =>
  (await admin.get(`/users/${userId}/${kind}-items?year=${year}&month=${month}`)).body.map(
    (item: { type: string; amount: number; source?: string }) => [item.type, item.amount, item.source],
  );

async function processMarch(userId: number) {
  await admin.get('/payslips/unprocessed-and-items-added?year=2026&month=3');
  const run = await admin.post('/payslips/bulk-process', {
    payDate: '2026-03-13',
    payslips: [{ userId, year: 2026, month: 3 }],
  });
  expect(run.status).toBe(200);
  const rows = (await admin.get('/payslips/processed/aggregates?year=2026&month=3')).body;
  return rows.find((row: { userDetails: { id: number } }) => row.userDetails.id === userId);
}

describe("the issue's vector: last day Friday 13 March 2026, notice served", () => {
  it('prefills 12 days not employed; processed: salary $2,000.00, CPF $740.00, the employee $400.00', async () => {
    const user = await leaver();
    // The month is open before the separation: the items are written on its payslip at once.
    await admin.get('/payslips/unprocessed-and-items-added?year=2026&month=3');
    const recorded = await admin.post(`/users/${user.id}/separation`, {
      reason: 'RESIGNATION',
      noticeDate: '2026-02-13',
      lastDay: '2026-03-13',
      noticeServed: true,
    });
    expect(recorded.status).toBe(201);
    // $4,400 x 12 / 22 = $2,400 not paid.
    expect(await itemsOf('deduction', user.id)).toEqual([['INCOMPLETE_MONTH', 2400, 'SEPARATION']]);
    expect(await itemsOf('other-addition', user.id)).toEqual([]);

    const row = await processMarch(user.id);
    expect(row).toMatchObject({ grossPay: 2000, totalEmployeeCpfContribution: 400, netPay: 1600 });
    expect(row.totalEmployeeCpfContribution + row.totalEmployerCpfContribution).toBe(740);
    // The payslip prints the item in words.
    const pdf = await admin.get(`/payslips/${row.payslipId}/pdf`);
    const printed = (await pdfText(pdf.raw.rawPayload)).text.replace(/\s+/g, ' ');
    expect(printed).toMatch(/Days not employed \(incomplete month\) -?\(?\$?2,400\.00/);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'separation.recorded'), eq(auditLog.entityId, String(user.id))));
    expect(JSON.stringify(audit?.details)).toContain('INCOMPLETE_MONTH');
  });
});

describe('notice not served', () => {
  // 4 weeks' notice (over 5 years of service) given Monday 2 March ends Sunday 29 March: 16-20 and
  // 23-27 March unserved, 10 working days, $2,030.77.
  const unserved = { noticeDate: '2026-03-02', lastDay: '2026-03-13', noticeServed: false };

  it('the employer pays salary in lieu outside CPF: net payable $1,600.00 + $2,030.77', async () => {
    const user = await leaver();
    // Recorded before the month is opened: opening it writes the items.
    await admin.post(`/users/${user.id}/separation`, { ...unserved, reason: 'TERMINATION' });
    await admin.get('/payslips/unprocessed-and-items-added?year=2026&month=3');
    expect(await itemsOf('other-addition', user.id)).toEqual([['NOTICE_PAY', 2030.77, 'SEPARATION']]);
    // Process Pay's row shows the prefill beside the final pay due.
    const rows = (await admin.get('/payslips/unprocessed-and-items-added?year=2026&month=3')).body;
    const row0 = rows.find((r: { user: { id: number } }) => r.user.id === user.id);
    expect(row0.leaverItems).toEqual([
      { type: 'INCOMPLETE_MONTH', amount: 2400 },
      { type: 'NOTICE_PAY', amount: 2030.77 },
    ]);
    const row = await processMarch(user.id);
    expect(row).toMatchObject({
      grossPay: 2000,
      totalEmployeeCpfContribution: 400,
      totalEmployerCpfContribution: 340,
    });
    expect(row.netPayable).toBeCloseTo(1600 + 2030.77, 2);

    // IR8A (d)4 "Gratuity/notice pay/ex-gratia": the notice pay, and not in salary (a).
    const company = {
      name: 'Acme Pte. Ltd.',
      uen: '201912345K',
      authorisedPersonName: 'Siti Rahmah',
      authorisedPersonDesignation: 'HR Manager',
      authorisedPersonPhone: '6123 4567',
      authorisedPersonEmail: 'siti.rahmah@acme.example',
    };
    expect((await admin.put('/company', company)).status).toBe(200);
    const ir8a = await admin.get(`/users/${user.id}/ir8a?year=2026`);
    expect([ir8a.status, ir8a.body]).toEqual([200, expect.anything()]);
    const text = (await pdfText(ir8a.raw.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toMatch(/4\. Gratuity\/notice pay\/ex-gratia payment\/others \$2,030\.77/);
    expect(text).toMatch(/\(a\) Gross salary, fees, leave pay, wages and overtime pay \$2,000\.00/);
  });

  it('an employee who resigns without serving it has the same deducted from net pay', async () => {
    const user = await leaver();
    await admin.post(`/users/${user.id}/separation`, { ...unserved, reason: 'RESIGNATION' });
    await admin.get('/payslips/unprocessed-and-items-added?year=2026&month=3');
    expect(await itemsOf('other-deduction', user.id)).toEqual([['NOTICE_DEDUCTION', 2030.77, 'SEPARATION']]);
    const row = await processMarch(user.id);
    expect(row).toMatchObject({ grossPay: 2000, totalEmployeeCpfContribution: 400 });
    expect(row.netPayable).toBeCloseTo(1600 - 2030.77, 2);
  });
});

describe('editing and withdrawing', () => {
  it("an item the administrator types stays; withdrawal removes only the separation's", async () => {
    const user = await leaver();
    const today = todayIso();
    const lastDay = addDaysIso(today, 10);
    const [year, month] = [Number(lastDay.slice(0, 4)), Number(lastDay.slice(5, 7))];
    await admin.get(`/payslips/unprocessed-and-items-added?year=${year}&month=${month}`);
    await admin.post(`/users/${user.id}/separation`, {
      reason: 'RESIGNATION',
      noticeDate: today,
      lastDay,
      noticeServed: true,
    });
    const prefilled = (await admin.get(`/users/${user.id}/deduction-items?year=${year}&month=${month}`)).body;
    expect(prefilled.map((item: { source: string }) => item.source)).toContain('SEPARATION');
    // The administrator's own figure in place of the prefill.
    const own = prefilled.find((item: { type: string }) => item.type === 'INCOMPLETE_MONTH');
    expect((await admin.delete(`/deduction-items/${own.id}`)).status).toBe(204);
    const payslip = (await admin.get(`/users/${user.id}/payslips?year=${year}&month=${month}`)).body;
    const typed = await admin.post('/deduction-items', {
      userId: user.id,
      year,
      month,
      payslipId: payslip.id,
      type: 'INCOMPLETE_MONTH',
      amount: 100,
    });
    expect(typed.status).toBe(201);

    expect((await admin.delete(`/users/${user.id}/separation`)).status).toBe(200);
    const left = (await admin.get(`/users/${user.id}/deduction-items?year=${year}&month=${month}`)).body;
    expect(left.map((item: { type: string; amount: number }) => [item.type, item.amount])).toEqual([
      ['INCOMPLETE_MONTH', 100],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'separation.withdrawn'), eq(auditLog.entityId, String(user.id))));
    expect(audit).toBeDefined();
  });
});

describe('a change of the basic salary on the open payslip', () => {
  it('rewrites the prefill on the new monthly rate: $2,200 x 12 / 22 = $1,200 not paid', async () => {
    const user = await leaver();
    await admin.post(`/users/${user.id}/separation`, {
      reason: 'RESIGNATION',
      noticeDate: '2026-02-13',
      lastDay: '2026-03-13',
      noticeServed: true,
    });
    await admin.get('/payslips/unprocessed-and-items-added?year=2026&month=3');
    const changed = await admin.put(`/payslips/${user.id}/2026/3`, {
      basicSalarySnapshot: 2200,
      employeeCpfRateSnapshot: 20,
      employerCpfRateSnapshot: 17,
      selfHelpGroupSnapshot: 'NONE',
    });
    expect(changed.status).toBe(200);
    expect(await itemsOf('deduction', user.id)).toEqual([['INCOMPLETE_MONTH', 1200, 'SEPARATION']]);
  });
});

describe('unused annual leave', () => {
  it('pays the leaving year prorated by completed months as an additional wage', async () => {
    // The default Annual Leave policy: 14 days from the 8th year of service. Hired June 2018, gone
    // 13 March 2026: 2 completed months of 2026, 14 x 2 / 12 = 2.33 -> 2 days x $203.0769 = $406.15.
    await insertLeaveTypes(t.db, ['Annual Leave']);
    const user = await createEmployee(t, {
      hireDate: '2018-06-01',
      dateOfBirth: '1995-08-20',
      salaryCents: 440_000,
      rates: [20, 17],
    });
    await admin.post(`/users/${user.id}/separation`, {
      reason: 'RESIGNATION',
      noticeDate: '2026-02-13',
      lastDay: '2026-03-13',
      noticeServed: true,
    });
    await admin.get('/payslips/unprocessed-and-items-added?year=2026&month=3');
    expect(await itemsOf('bonus', user.id)).toEqual([['ANNUAL_LEAVE_ENCASHMENT', 406.15, 'SEPARATION']]);
    const row = await processMarch(user.id);
    // CPF on $2,406.15: 37% = $890.28 -> $890; the employee's 20% = $481.23 -> $481.
    expect(row).toMatchObject({ grossPay: 2406.15, totalEmployeeCpfContribution: 481 });
    expect(row.totalEmployeeCpfContribution + row.totalEmployerCpfContribution).toBe(890);
  });
});
