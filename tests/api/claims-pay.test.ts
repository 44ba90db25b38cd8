import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/domain/dates';
import { auditLog } from '../../src/server/db/system-schema';
import { pdfText } from '../support/pdf-text';
import { bearer, createTestApp, type TestApp } from './harness';
import { type Person, person } from './leave-fixtures';
import { createEmployee, staffSession } from './payroll-fixtures';

// Issue 37 item 3 over HTTP, on PGlite and (with DATABASE_URL) on PostgreSQL: an approved claim joins
// the payslip of the month it was approved in, or the next month not processed; no CPF; the net
// payable rises by exactly its amount; processing pays it, a revert owes it again.

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the expectations
type Json = any;

let t: TestApp;
let admin: Person;
let checker: Person;
const today = todayIso();
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
const [dd, mm, yyyy] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, { role: 'ADMIN' });
  checker = await person(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
});

const as = (headers: Record<string, string>) => ({
  call: async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const answer = await t.app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { status: answer.statusCode, body: (answer.body ? safe(answer.body) : null) as Json, raw: answer };
  },
});
const safe = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const adminApi = () => as(bearer(admin.token));
const checkerApi = () => as(bearer(checker.token));

let typeCounter = 0;
async function claimType(taxable = false) {
  typeCounter += 1;
  const answer = await adminApi().call('POST', '/claim-types', {
    name: `Pay Type ${typeCounter}`,
    receiptRequired: false,
    taxable,
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; name: string };
}

/** A citizen on $5,000 with rates 20% / 17%, and a claim they filed today, still pending. */
async function employeeWithClaim(amount: number, taxable = false) {
  const user = await createEmployee(t, { salaryCents: 500_000, rates: [20, 17] });
  const staff = as(await staffSession(t, user));
  const type = await claimType(taxable);
  const filed = await staff.call('POST', '/claims', {
    claimTypeId: type.id,
    date: today,
    amount,
    description: 'Taxi to a client',
  });
  expect(filed.status).toBe(201);
  return { user, staff, type, claimId: filed.body.id as number };
}

const payslip = async (userId: number, period = { year, month }) =>
  (await adminApi().call('GET', `/users/${userId}/payslips?year=${period.year}&month=${period.month}`))
    .body as Json;
const otherAdditions = async (userId: number, period = { year, month }) =>
  (
    await adminApi().call(
      'GET',
      `/users/${userId}/other-addition-items?year=${period.year}&month=${period.month}`,
    )
  ).body as Json[];
const approve = (claimId: number) =>
  checkerApi().call('POST', `/claims/${claimId}/decision`, { decision: 'APPROVE' });
const processMonth = (userId: number, period = { year, month }) =>
  adminApi().call('POST', '/payslips/bulk-process', {
    payDate: today,
    payslips: [{ userId, ...period }],
  });
const claimStatus = async (claimId: number) =>
  (await adminApi().call('GET', `/claims/${claimId}`)).body.status as string;

describe('an approved claim on the payslip of its month', () => {
  it('adds exactly its amount to the net payable, nothing to CPF, and is PAID once processed', async () => {
    const { user, type, claimId } = await employeeWithClaim(123.45);
    // Worked by hand: $5,000 ordinary wages; employee CPF 20% = $1,000.00, employer 17% = $850.00;
    // no self-help group; net pay $4,000.00. The claim is outside wages: net payable $4,123.45.
    const before = await payslip(user.id);
    expect(before.totals).toMatchObject({
      grossPay: 5000,
      employeeCpf: 1000,
      employerCpf: 850,
      netPayable: 4000,
    });

    expect((await approve(claimId)).status).toBe(200);
    const open = await payslip(user.id);
    expect(open.totals).toMatchObject({
      grossPay: 5000,
      employeeCpf: 1000,
      employerCpf: 850,
      netPay: 4000,
      otherItems: 123.45,
      netPayable: 4123.45,
    });
    expect(await otherAdditions(user.id)).toEqual([
      expect.objectContaining({ type: 'EXPENSE_CLAIM', amount: 123.45, source: 'CLAIM' }),
    ]);

    // Approved, not yet paid: no pay month to name.
    expect((await adminApi().call('GET', `/claims/${claimId}`)).body.paidWith).toBeNull();

    expect((await processMonth(user.id)).status).toBe(200);
    const processed = await payslip(user.id);
    expect(processed.totals).toMatchObject({ grossPay: 5000, employeeCpf: 1000, netPayable: 4123.45 });
    expect(await claimStatus(claimId)).toBe('PAID');
    // Paid with this month's pay (the month it was approved in).
    expect((await adminApi().call('GET', `/claims/${claimId}`)).body.paidWith).toEqual({ year, month });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'claim'), eq(auditLog.entityId, String(claimId))));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['claim.approved', 'claim.paid']));

    // The employee's payslip list names the claim by its type and date (read by an administrator: with
    // two, staff see the month once its pay run is approved).
    const list = await adminApi().call('GET', `/users/${user.id}/payslips/processed/aggregates`);
    expect(list.body[0].claims).toEqual([{ type: type.name, date: today, amount: 123.45 }]);
    // The payslip lists the claim by its type and date.
    const pdf = await adminApi().call('GET', `/payslips/${processed.id}/pdf`);
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(pdf.raw.rawPayload);
    expect(text).toContain(`${type.name}, ${dd}/${mm}/${yyyy} 123.45`);
  });

  it('a taxable type is still outside CPF', async () => {
    const { user, claimId } = await employeeWithClaim(80, true);
    // Approved before the month's payslip exists: opening the month puts it on.
    await approve(claimId);
    expect((await payslip(user.id)).totals).toMatchObject({ employeeCpf: 1000, netPayable: 4080 });
    expect(await otherAdditions(user.id)).toEqual([
      expect.objectContaining({ type: 'TAXABLE_EXPENSE_CLAIM', amount: 80, source: 'CLAIM' }),
    ]);
  });

  it('nobody types or removes a claim item by hand', async () => {
    const { user, claimId } = await employeeWithClaim(10);
    await approve(claimId);
    const open = await payslip(user.id);
    const typed = await adminApi().call('POST', '/other-addition-items', {
      userId: user.id,
      year,
      month,
      payslipId: open.id,
      type: 'EXPENSE_CLAIM',
      amount: 5,
    });
    expect(typed.status).toBe(400);
    const [item] = await otherAdditions(user.id);
    expect((await adminApi().call('DELETE', `/other-addition-items/${item.id}`)).status).toBe(409);
    expect(await otherAdditions(user.id)).toHaveLength(1);
  });

  it('a claim approved after its month was processed goes to the next month', async () => {
    const { user, claimId } = await employeeWithClaim(42.5);
    await payslip(user.id);
    expect((await processMonth(user.id)).status).toBe(200);
    expect((await approve(claimId)).status).toBe(200);
    expect(await otherAdditions(user.id)).toEqual([]);
    expect((await payslip(user.id)).totals.netPayable).toBe(4000);
    expect(await claimStatus(claimId)).toBe('APPROVED');
    // The next month's payslip, opened afterwards, carries it.
    expect((await payslip(user.id, next)).totals.otherItems).toBe(42.5);
    expect(await otherAdditions(user.id, next)).toEqual([
      expect.objectContaining({ type: 'EXPENSE_CLAIM', amount: 42.5, source: 'CLAIM' }),
    ]);
  });

  it('a revert owes the claim again; processing again pays it once', async () => {
    const { user, claimId } = await employeeWithClaim(15);
    await approve(claimId);
    await processMonth(user.id);
    const processed = await payslip(user.id);
    expect(await claimStatus(claimId)).toBe('PAID');
    const reverted = await adminApi().call('PATCH', `/payslips/${processed.id}/status`, {
      status: 'ITEMS_ADDED',
    });
    expect(reverted.status).toBe(200);
    expect(await claimStatus(claimId)).toBe('APPROVED');
    expect(await otherAdditions(user.id)).toHaveLength(1);
    await processMonth(user.id);
    expect(await claimStatus(claimId)).toBe('PAID');
    expect((await payslip(user.id)).totals.netPayable).toBe(4015);
  });

  it('approved while the month is processed: paid on this payslip or owed on the next, never both', async () => {
    const { user, claimId } = await employeeWithClaim(33);
    await payslip(user.id);
    const [approved, processed] = await Promise.all([approve(claimId), processMonth(user.id)]);
    expect([approved.status, processed.status]).toEqual([200, 200]);
    const here = await otherAdditions(user.id);
    const status = await claimStatus(claimId);
    if (here.length === 1) {
      // Approval first: processing took it and paid it.
      expect(status).toBe('PAID');
      expect((await payslip(user.id)).totals.netPayable).toBe(4033);
      expect((await payslip(user.id, next)).totals.otherItems).toBe(0);
    } else {
      // Processing first: the claim waits, owed, for the next month.
      expect(here).toEqual([]);
      expect(status).toBe('APPROVED');
      expect((await payslip(user.id)).totals.netPayable).toBe(4000);
      expect((await payslip(user.id, next)).totals.otherItems).toBe(33);
    }
  });
});

describe('the monthly claims report', () => {
  it('lists the claims decided or paid in the month, with totals per type and per employee, CSV and PDF', async () => {
    const user = await createEmployee(t, { fullName: '=HYPERLINK("x") Tan', salaryCents: 500_000 });
    const staff = as(await staffSession(t, user));
    const type = await claimType();
    const file = async (amount: number) =>
      (
        await staff.call('POST', '/claims', {
          claimTypeId: type.id,
          date: today,
          amount,
          description: 'Meal',
        })
      ).body.id as number;
    const [paid, rejected] = [await file(12.5), await file(7.25)];
    await file(3); // still pending: nothing happened to it this month
    await payslip(user.id);
    await approve(paid);
    expect(
      (await checkerApi().call('POST', `/claims/${rejected}/decision`, { decision: 'REJECT' })).status,
    ).toBe(200);
    await processMonth(user.id);

    const url = `/claims/report?year=${year}&month=${month}`;
    expect((await staff.call('GET', `${url}&format=csv`)).status).toBe(403);
    expect((await adminApi().call('GET', `${url}&format=xls`)).status).toBe(400);
    const csv = await adminApi().call('GET', `${url}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.raw.headers['content-type']).toContain('text/csv');
    const lines = (csv.raw.body as string).split('\r\n');
    // The name starts like a formula: written with a leading apostrophe, quoted for its quotes.
    const name = `"'=HYPERLINK(""x"") Tan"`;
    const period = `${year}-${String(month).padStart(2, '0')}`;
    expect(lines.filter((line) => line.startsWith(`${name},`)).sort()).toEqual(
      [
        `${name},${type.name},${today},12.50,PAID,${today},${period}`,
        `${name},${type.name},${today},7.25,REJECTED,${today},`,
        // The per-employee total: 2 claims, $19.75.
        `${name},2,19.75`,
      ].sort(),
    );
    expect(lines).toContain(`${type.name},2,19.75`);

    const pdf = await adminApi().call('GET', `${url}&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.raw.headers['content-type']).toContain('application/pdf');
    const { text } = await pdfText(pdf.raw.rawPayload);
    expect(text).toContain(type.name);
    expect(text).toContain('19.75');
  });
});

describe("the variance report's items over a limit", () => {
  it('flags a claim paid this month over its type monthly limit, lowered after approval', async () => {
    const { user, type, claimId } = await employeeWithClaim(90);
    await payslip(user.id);
    await approve(claimId);
    // The limit is lowered to $50 after the $90 claim was approved.
    const lowered = await adminApi().call('PUT', `/claim-types/${type.id}`, {
      name: type.name,
      monthlyLimit: 50,
      receiptRequired: false,
      taxable: false,
    });
    expect(lowered.status).toBe(200);
    await processMonth(user.id);
    const other = await createEmployee(t, { salaryCents: 500_000 });
    await payslip(other.id);
    await processMonth(other.id);
    const run = await adminApi().call('GET', `/pay-runs/${year}/${month}`);
    expect(run.status).toBe(200);
    const flagsOf = (id: number) => (run.body.variance as Json[]).find((row) => row.userId === id)?.flags;
    expect(flagsOf(user.id)).toContain('OVER_A_LIMIT');
    expect(flagsOf(other.id)).not.toContain('OVER_A_LIMIT');
  });
});
