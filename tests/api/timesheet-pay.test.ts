import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employmentInfo } from '../../src/server/db/schema';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

// Issue 36 item 4 over HTTP, on PGlite and (with DATABASE_URL) on PostgreSQL: the approved timesheet's
// overtime, rest-day and public-holiday pay become the payslip's items, recomputed while the payslip is
// open, frozen once processed. Every figure is worked by hand in the comment beside it.

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the expectations
type Json = any;
type Caller = ReturnType<typeof caller>;

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, (await adminSession(t)).headers);
});
afterAll(async () => {
  await t.close();
});

/** A workman on $2,288 on the default 5-day, 44-hour week; a citizen born 1990 (34 in June 2025). */
async function workman() {
  const user = await createEmployee(t, { salaryCents: 228_800, hireDate: '2024-01-02' });
  await t.db.update(employmentInfo).set({ workman: true }).where(eq(employmentInfo.userId, user.id));
  return user;
}

/** `count` weekdays of June 2025 from Monday the 2nd, each of `hours`. */
const june = (count: number, hours: number) =>
  Array.from({ length: count }, (_, i) => ({ date: `2025-06-${String(i + 2).padStart(2, '0')}`, hours }));
const sheet = (id: number) => `/users/${id}/timesheets/2025/6`;
const payslipOf = async (id: number): Promise<Json> =>
  (await admin.get(`/users/${id}/payslips?year=2025&month=6`)).body;
const adhocOf = async (id: number): Promise<Json[]> =>
  (await admin.get(`/users/${id}/adhoc-items?year=2025&month=6`)).body as Json[];

describe("the approved timesheet's pay on the payslip", () => {
  it('the vector: 10 overtime hours of a workman on $2,288 are an OVERTIME item of $180.00, in CPF ordinary wages', async () => {
    const user = await workman();
    // 10 days of 9.8 hours: 1 hour beyond 8.8 each. 12 x 2288 / (52 x 44) = 12.00 an hour, x 1.5 x 10 = 180.00
    const saved = await admin.put(sheet(user.id), { days: june(10, 9.8) });
    expect((saved.body as Json).status).toBe('APPROVED');

    // The month opened after the approval: the new payslip is prefilled from the timesheet.
    const payslip = await payslipOf(user.id);
    expect(await adhocOf(user.id)).toEqual([
      {
        id: expect.any(Number),
        type: 'OVERTIME',
        amount: 180,
        treatment: null,
        hours: 10,
        source: 'TIMESHEET',
      },
    ]);
    expect(payslip.processingStatus).toBe('ITEMS_ADDED');
    // Ordinary wages 2,288.00 + 180.00 = 2,468.00. CPF Table 1, 55 and below (cpf-facts.md): 37% total,
    // 20% employee. Total 0.37 x 2468 = 913.16, rounded to the nearest dollar: 913. Employee
    // 0.20 x 2468 = 493.60, cents dropped: 493. Employer 913 - 493 = 420.
    expect(payslip.totals).toMatchObject({
      ordinaryWages: 2468,
      additionalWages: 0,
      grossPay: 2468,
      employeeCpf: 493,
      employerCpf: 420,
    });
  });

  it('follows the timesheet while the payslip is open: changed hours, and gone when no longer approved', async () => {
    const user = await workman();
    expect((await payslipOf(user.id)).processingStatus).toBe('UNPROCESSED');
    await admin.put(sheet(user.id), { days: june(10, 9.8) });
    expect((await adhocOf(user.id)).map((item) => [item.amount, item.hours])).toEqual([[180, 10]]);

    // 5 days of 1 hour over: 5 x 18.00 = 90.00
    await admin.put(sheet(user.id), { days: june(5, 9.8) });
    expect((await adhocOf(user.id)).map((item) => [item.amount, item.hours])).toEqual([[90, 5]]);
    expect((await payslipOf(user.id)).totals.ordinaryWages).toBe(2378);

    // The employee changes it again: submitted, not approved, so it no longer feeds pay.
    const me = caller(t, await staffSession(t, user));
    expect(((await me.put(sheet(user.id), { days: june(5, 9.8) })).body as Json).status).toBe('SUBMITTED');
    expect(await adhocOf(user.id)).toEqual([]);
    const payslip = await payslipOf(user.id);
    expect(payslip.processingStatus).toBe('UNPROCESSED');
    expect(payslip.totals.ordinaryWages).toBe(2288);
  });

  it('follows a new basic salary typed on the open payslip: overtime is paid on the basic', async () => {
    const user = await workman();
    await admin.put(sheet(user.id), { days: june(10, 9.8) });
    await payslipOf(user.id);
    const edited = await admin.put(`/payslips/${user.id}/2025/6`, {
      basicSalarySnapshot: 2080,
      employeeCpfRateSnapshot: 20,
      employerCpfRateSnapshot: 17,
      selfHelpGroupSnapshot: 'NONE',
    });
    expect(edited.status).toBe(200);
    // 12 x 2080 / (52 x 44) = 10.9090... an hour; x 1.5 x 10 = 163.6363..., half up to 163.64
    expect((await adhocOf(user.id)).map((item) => [item.amount, item.hours])).toEqual([[163.64, 10]]);
  });

  it('rest-day and public-holiday work become OFFDAY and PUBLIC_HOLIDAY items with their hours', async () => {
    const user = await workman();
    await payslipOf(user.id);
    // A day is 12 x 2288 / (52 x 5) = 105.60. Sunday 1 June, 6 h at the employer's request: two days,
    // 211.20. Saturday 7 June, a holiday worked 8 h: an extra day, 105.60.
    await admin.put(sheet(user.id), {
      days: [
        { date: '2025-06-01', hours: 6, restDay: 'EMPLOYER_REQUEST' },
        { date: '2025-06-07', hours: 8, publicHoliday: true },
      ],
    });
    const items = await adhocOf(user.id);
    expect(items.map(({ type, amount, hours }) => ({ type, amount, hours }))).toEqual([
      { type: 'OFFDAY', amount: 211.2, hours: 6 },
      { type: 'PUBLIC_HOLIDAY', amount: 105.6, hours: 8 },
    ]);
    // 2,288.00 + 211.20 + 105.60 = 2,604.80 of ordinary wages.
    expect((await payslipOf(user.id)).totals.ordinaryWages).toBe(2604.8);
  });

  it("an OVERTIME item the administrator typed stays theirs; only the timesheet's own is rewritten", async () => {
    const user = await workman();
    const { id: payslipId } = await payslipOf(user.id);
    const typed = await admin.post('/adhoc-items', {
      userId: user.id,
      year: 2025,
      month: 6,
      payslipId,
      type: 'OVERTIME',
      amount: 50,
    });
    expect(typed.status).toBe(201);
    await admin.put(sheet(user.id), { days: june(10, 9.8) });
    await admin.put(sheet(user.id), { days: june(2, 9.8) });
    // 2 x 18.00 = 36.00 from the timesheet, beside the typed 50.00.
    expect(await adhocOf(user.id)).toEqual([
      typed.body,
      {
        id: expect.any(Number),
        type: 'OVERTIME',
        amount: 36,
        treatment: null,
        hours: 2,
        source: 'TIMESHEET',
      },
    ]);
    expect(typed.body).toEqual({ id: expect.any(Number), type: 'OVERTIME', amount: 50, treatment: null });
  });

  it('is frozen once the payslip is processed: the timesheet is refused and the item stays', async () => {
    const user = await workman();
    await admin.put(sheet(user.id), { days: june(10, 9.8) });
    await payslipOf(user.id);
    const processed = await admin.post('/payslips/bulk-process', {
      payDate: '2025-06-30',
      payslips: [{ userId: user.id, year: 2025, month: 6 }],
    });
    expect(processed.status).toBe(200);
    const refused = await admin.put(sheet(user.id), { days: june(2, 9.8) });
    expect(refused.status).toBe(409);
    expect((await adhocOf(user.id)).map((item) => [item.amount, item.hours])).toEqual([[180, 10]]);
    const payslip = await payslipOf(user.id);
    expect(payslip.totals.ordinaryWages).toBe(2468);

    // The processed payslip's PDF prints the hours, the periods and the date of payment.
    const pdf = await admin.get(`/payslips/${payslip.id}/pdf`);
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(pdf.raw.rawPayload);
    for (const line of [
      'Date of payment 30/06/2025',
      'Salary period 01/06/2025 - 30/06/2025',
      'Overtime period 01/06/2025 - 30/06/2025',
      'Overtime (10.00 h x $18.00) 180.00',
      'Gross pay 2,468.00',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('an employee Part IV does not cover gets no item (a non-workman on $2,700)', async () => {
    const user = await createEmployee(t, { salaryCents: 270_000, hireDate: '2024-01-02' });
    await payslipOf(user.id);
    await admin.put(sheet(user.id), { days: june(10, 9.8) });
    expect(await adhocOf(user.id)).toEqual([]);
  });
});
