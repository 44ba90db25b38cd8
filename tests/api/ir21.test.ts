import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { employmentInfo } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

/**
 * Issue 35 item 5 (and item 6's IR8A), over HTTP on PGlite and PostgreSQL. From the notice date a
 * work-pass holder's net pay is left out of the bank file and listed as withheld until IRAS's
 * clearance is recorded; a citizen is never withheld. Expected amounts are worked out here: a foreign
 * employee without CPF or self-help group contributions is paid exactly the monthly salary.
 */

let t: TestApp;
let api: ReturnType<typeof caller>;
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the expectations
type Json = any;

const FIN = 'F1234567N';
const people = {
  // A name that starts like a spreadsheet formula: the IR21 CSV must not run it.
  ep: { fullName: '=Smith John', nric: FIN, account: '999000111', salaryCents: 600_000 },
  citizen: { fullName: 'Tan Ah Kow', nric: 'S8012345J', account: '999000222', salaryCents: 450_000 },
  stayer: { fullName: 'Lim Mei Ling', nric: 'T0234567B', account: '999000333', salaryCents: 380_000 },
};
const ids = { ep: 0, citizen: 0, stayer: 0 };

/** The DBS file's payments: receiving account (D16) and amount in dollars (D28); and its trailer. */
function dbsFile(body: string) {
  const lines = body.trim().split(/\r?\n/);
  const payments = lines
    .filter((line) => line.startsWith('PAYMENT,'))
    .map((line) => line.split(','))
    .map((fields) => ({ account: fields[15], amount: fields[27] }));
  return { payments, trailer: lines.at(-1) ?? '' };
}

const bankFile = (month: number) => api.get(`/payslips/bank-file?year=2026&month=${month}&bank=DBS`);
const summary = (month: number) => api.get(`/payslips/cpf-summary?year=2026&month=${month}`);

async function process(month: number, payDate: string, who: number[]) {
  await api.get(`/payslips/unprocessed-and-items-added?year=2026&month=${month}`);
  const run = await api.post('/payslips/bulk-process', {
    payDate,
    payslips: who.map((userId) => ({ userId, year: 2026, month })),
  });
  expect(run.body).toMatchObject({ processed: who.length });
}

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
  const company = await api.put('/company', {
    name: 'Acme Pte. Ltd.',
    uen: '201912345K',
    bankAccounts: [{ bankName: 'DBS', accountNo: '0721234567', organisationId: 'SGACME01' }],
  });
  expect(company.status).toBe(200);
  for (const key of ['ep', 'citizen', 'stayer'] as const) {
    const person = people[key];
    const foreign = key === 'ep';
    const user = await createEmployee(t, {
      fullName: person.fullName,
      nric: person.nric,
      salaryCents: person.salaryCents,
      hireDate: '2020-01-06',
      bank: ['DBS', '7171', '081', person.account],
      ...(foreign ? { cpfType: 'NONE', cpfSection: 'NONE', rates: null } : {}),
    });
    ids[key] = user.id;
  }
  await t.db
    .update(employmentInfo)
    .set({ passType: 'Employment Pass' })
    .where(eq(employmentInfo.userId, ids.ep));
  // Notice given on 2 March; the Employment Pass holder's runs into April, the citizen's ends in March.
  const ep = await api.post(`/users/${ids.ep}/separation`, {
    reason: 'RESIGNATION',
    noticeDate: '2026-03-02',
    lastDay: '2026-04-10',
    noticeServed: true,
  });
  expect(ep.status).toBe(201);
  expect(ep.body).toMatchObject({ ir21Required: true, payWithheld: true, ir21ClearedOn: null });
  const citizen = await api.post(`/users/${ids.citizen}/separation`, {
    reason: 'RESIGNATION',
    noticeDate: '2026-03-02',
    lastDay: '2026-03-31',
    noticeServed: true,
  });
  expect(citizen.body).toMatchObject({ ir21Required: false, payWithheld: false });
  await process(3, '2026-03-31', [ids.ep, ids.citizen, ids.stayer]);
});
afterAll(async () => {
  await t.close();
});

describe("a work-pass holder's pay is withheld until IRAS clears them", () => {
  it("leaves the Employment Pass holder out of March's bank file, records and total, and pays the citizen leaver", async () => {
    const file = await bankFile(3);
    expect(file.status).toBe(200);
    const { payments, trailer } = dbsFile(file.raw.body);
    expect(payments.map((p) => p.account).sort()).toEqual([people.citizen.account, people.stayer.account]);
    const total = payments.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
    expect(trailer).toBe(`TRAILER,00000002,${(total / 100).toFixed(2)}`);
    expect(file.raw.headers['x-withheld']).toBe(String(ids.ep));
  });

  it("lists them as withheld, with the exact net pay and a reason, in the month's summary", async () => {
    const answer = await summary(3);
    expect(answer.status).toBe(200);
    expect((answer.body as Json).withheld).toEqual([
      { userId: ids.ep, name: people.ep.fullName, netPay: 6000, reason: expect.stringMatching(/IR21/) },
    ]);
  });

  it('withholds every month from the notice to the last day: April, the leaving month, too', async () => {
    await process(4, '2026-04-30', [ids.ep, ids.stayer]);
    const file = await bankFile(4);
    expect(file.status).toBe(200);
    expect(dbsFile(file.raw.body).payments.map((p) => p.account)).toEqual([people.stayer.account]);
    expect(((await summary(4)).body as Json).withheld.map((w: { userId: number }) => w.userId)).toEqual([
      ids.ep,
    ]);
  });

  it("marks the leaver and the withheld pay on Process Pay's rows, processed as before", async () => {
    type Marks = { finalPayDue?: string | null; withheldForIr21?: boolean };
    const marksOf = (rows: Json[], id: number): Marks => {
      const row = rows.find((r) => (r.userDetails?.id ?? r.user?.id) === id);
      return { finalPayDue: row.finalPayDue, withheldForIr21: row.withheldForIr21 };
    };
    // March: the citizen leaves (final pay on a resignation's last day); the EP holder's notice withholds March.
    const march = (await api.get('/payslips/processed/aggregates?year=2026&month=3')).body as Json[];
    expect(marksOf(march, ids.citizen)).toEqual({ finalPayDue: '2026-03-31', withheldForIr21: false });
    expect(marksOf(march, ids.ep)).toEqual({ finalPayDue: null, withheldForIr21: true });
    expect(marksOf(march, ids.stayer)).toEqual({ finalPayDue: null, withheldForIr21: false });
    // April: the EP holder leaves on the 10th, still withheld.
    const april = (await api.get('/payslips/processed/aggregates?year=2026&month=4')).body as Json[];
    expect(marksOf(april, ids.ep)).toEqual({ finalPayDue: '2026-04-10', withheldForIr21: true });
    // The same marks before processing: May's open payslip of the stayer has neither.
    const may = (await api.get('/payslips/unprocessed-and-items-added?year=2026&month=5')).body as Json[];
    expect(marksOf(may, ids.stayer)).toEqual({ finalPayDue: null, withheldForIr21: false });
  });

  it('refuses a clearance dated before the notice, without a reference, too long, for staff or for a citizen', async () => {
    const url = `/users/${ids.ep}/ir21-clearance`;
    const early = await api.post(url, { date: '2026-03-01', reference: 'IR21-123' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ field: 'date' });
    expect((await api.post(url, { date: '2026-04-20', reference: '' })).status).toBe(400);
    expect((await api.post(url, { date: '2026-04-20', reference: 'x'.repeat(41) })).status).toBe(400);
    expect((await api.post(url, { date: '2026-04-31', reference: 'IR21-123' })).status).toBe(400);
    const staff = caller(t, await staffSession(t, await createEmployee(t)));
    expect((await staff.post(url, { date: '2026-04-20', reference: 'IR21-123' })).status).toBe(403);
    const citizen = await api.post(`/users/${ids.citizen}/ir21-clearance`, {
      date: '2026-04-20',
      reference: 'IR21-123',
    });
    expect(citizen.status).toBe(409);
    expect(
      (await api.post(`/users/${ids.stayer}/ir21-clearance`, { date: '2026-04-20', reference: 'A' })).status,
    ).toBe(404);
  });

  it('records the clearance once, audited; the next bank file of each month pays them the exact net pay', async () => {
    const cleared = await api.post(`/users/${ids.ep}/ir21-clearance`, {
      date: '2026-04-20',
      reference: 'IRAS/IR21/0042',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      ir21ClearedOn: '2026-04-20',
      ir21Reference: 'IRAS/IR21/0042',
      payWithheld: false,
    });
    const again = await api.post(`/users/${ids.ep}/ir21-clearance`, { date: '2026-04-21', reference: 'X' });
    expect(again.status).toBe(409);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'separation.ir21Cleared'), eq(auditLog.subjectUserId, ids.ep)));
    expect(audit).toHaveLength(1);

    const march = dbsFile((await bankFile(3)).raw.body).payments;
    expect(march.find((p) => p.account === people.ep.account)?.amount).toBe('6000.00');
    expect(march).toHaveLength(3);
    expect(((await summary(3)).body as Json).withheld).toEqual([]);
    expect(dbsFile((await bankFile(4)).raw.body).payments.map((p) => p.account)).toContain(people.ep.account);
  });
});

describe('the IR21 and the IR8A of the leaving year (items 5 and 6)', () => {
  const rowsOf = (text: string): string[][] => parse(text, { relaxColumnCount: true });

  it('answers the CSV: the full FIN, the neutralised name, the two years by IR8A item', async () => {
    const april = await api.get(`/users/${ids.ep}/payslips?year=2026&month=4`);
    const aprilSalary = Number((april.body as Json).totals.grossPay);
    const answer = await api.get(`/users/${ids.ep}/ir21?year=2026&format=csv`);
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-type']).toContain('text/csv');
    const rows = rowsOf(answer.raw.body);
    expect(rows[0]).toEqual(['Section', 'Item', 'Year 2026', 'Year 2025']);
    const find = (item: string) => rows.find((row) => row[1] === item);
    expect(find('FIN/NRIC')?.[2]).toBe(FIN);
    expect(find('Full name')?.[2]).toBe(`'${people.ep.fullName}`);
    expect(find('Date of cessation')?.[2]).toBe('2026-04-10');
    expect(find('Date of notice')?.[2]).toBe('2026-03-02');
    expect(find('IRAS reference')?.[2]).toBe('IRAS/IR21/0042');
    // March's full salary and April's as its payslip says; nothing was processed in 2025.
    const salary = find('(a) Salary, leave pay, wages and overtime');
    expect(Number(salary?.[2])).toBeCloseTo(6000 + aprilSalary, 2);
    expect(salary?.[3]).toBe('');
  });

  it('answers the PDF with the same particulars', async () => {
    const answer = await api.get(`/users/${ids.ep}/ir21?year=2026`);
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(answer.raw.rawPayload);
    expect(text).toContain(FIN);
    expect(text).toContain('2026-04-10');
  });

  it('includes the leaving month in the IR8A of the year, with the date of cessation', async () => {
    const april = await api.get(`/users/${ids.ep}/payslips?year=2026&month=4`);
    const answer = await api.get('/payslips/ir8a?year=2026&format=csv');
    expect(answer.status).toBe(200);
    const [header = [], ...rows] = rowsOf(answer.raw.body);
    const row = rows.find((cells) => cells[header.indexOf('ID number')] === FIN) ?? [];
    expect(row[header.indexOf('Date of cessation')]).toBe('2026-04-10');
    expect(row[header.indexOf('Period to')]).toBe('2026-04-10');
    expect(Number(row[header.indexOf('Salary')])).toBeCloseTo(
      6000 + Number((april.body as Json).totals.grossPay),
      2,
    );
  });

  it('is for administrators only, and needs a separation', async () => {
    const staff = caller(t, await staffSession(t, await createEmployee(t)));
    expect((await staff.get(`/users/${ids.ep}/ir21?year=2026`)).status).toBe(403);
    expect((await api.get(`/users/${ids.stayer}/ir21?year=2026`)).status).toBe(404);
    expect((await api.get(`/users/${ids.ep}/ir21?year=2026&format=xls`)).status).toBe(400);
  });
});
