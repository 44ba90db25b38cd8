import { and, eq } from 'drizzle-orm';
import { employmentInfo } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

/**
 * Issue 35 item 5, follow-up: after IRAS's clearance "the next bank file for that month includes" the
 * leaver's pay, but an officer who already uploaded the month's file must be able to pay only what was
 * released. Two staff; an Employment Pass holder's pay is withheld; the month's file pays one; after
 * the clearance a bank file of released payments pays exactly the leaver's net pay, and the month's
 * full file pays both. The leaver has no CPF and no self-help group, so the net pay is the salary.
 */

let t: TestApp;
let api: ReturnType<typeof caller>;
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the expectations
type Json = any;

const LEAVER_SALARY_CENTS = 612_345; // $6,123.45 a month, March worked in full
const leaver = { fullName: 'Rao Priya', nric: 'G1234567X', account: '999000441' };
const stayer = { fullName: 'Ng Boon Hock', nric: 'S7712345D', account: '999000442' };
const ids = { leaver: 0, stayer: 0 };

/** The DBS file's payments (D16 account, D28 amount) and its trailer's count and total (T02, T03). */
function dbsFile(body: string) {
  const lines = body.trim().split(/\r?\n/);
  const payments = lines
    .filter((line) => line.startsWith('PAYMENT,'))
    .map((line) => line.split(','))
    .map((fields) => ({ account: fields[15], cents: Math.round(Number(fields[27]) * 100) }));
  const [, count = '', total = ''] = (lines.at(-1) ?? '').split(',');
  return { payments, count: Number(count), totalCents: Math.round(Number(total) * 100) };
}

/** UOB's fixed-width file: detail records (type 2, amount in cents at 190-207) and the trailer (type 9). */
function uobFile(body: string) {
  const lines = body.split('\r\n').filter((line) => line.length > 0);
  const details = lines.filter((line) => line[0] === '2').map((line) => Number(line.slice(189, 207)));
  const trailer = lines.find((line) => line[0] === '9') ?? '';
  return { details, totalCents: Number(trailer.slice(1, 19)), count: Number(trailer.slice(19, 26)) };
}

const url = (bank: string, payments?: string) =>
  `/payslips/bank-file?year=2026&month=3&bank=${bank}${payments ? `&payments=${payments}` : ''}`;
const summary = async () => (await api.get('/payslips/cpf-summary?year=2026&month=3')).body as Json;

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t, (await adminSession(t)).headers);
  const company = await api.put('/company', {
    name: 'Acme Pte. Ltd.',
    uen: '201912345K',
    bankAccounts: [
      { bankName: 'DBS', accountNo: '0721234567', organisationId: 'SGACME01' },
      { bankName: 'UOB', accountNo: '3451234567' },
    ],
  });
  expect(company.status).toBe(200);
  const ep = await createEmployee(t, {
    fullName: leaver.fullName,
    nric: leaver.nric,
    salaryCents: LEAVER_SALARY_CENTS,
    bank: ['DBS', '7171', '081', leaver.account],
    cpfType: 'NONE',
    cpfSection: 'NONE',
    rates: null,
  });
  ids.leaver = ep.id;
  ids.stayer = (
    await createEmployee(t, {
      fullName: stayer.fullName,
      nric: stayer.nric,
      salaryCents: 420_000,
      bank: ['DBS', '7171', '081', stayer.account],
    })
  ).id;
  await t.db
    .update(employmentInfo)
    .set({ passType: 'Employment Pass' })
    .where(eq(employmentInfo.userId, ids.leaver));
  const separation = await api.post(`/users/${ids.leaver}/separation`, {
    reason: 'RESIGNATION',
    noticeDate: '2026-03-02',
    lastDay: '2026-04-10',
    noticeServed: true,
  });
  expect(separation.body).toMatchObject({ ir21Required: true, payWithheld: true });
  await api.get('/payslips/unprocessed-and-items-added?year=2026&month=3');
  const run = await api.post('/payslips/bulk-process', {
    payDate: '2026-03-31',
    payslips: [ids.leaver, ids.stayer].map((userId) => ({ userId, year: 2026, month: 3 })),
  });
  expect(run.body).toMatchObject({ processed: 2 });
});
afterAll(async () => {
  await t.close();
});

describe('a bank file of the payments released by IR21 clearance', () => {
  let stayerCents = 0;

  it("before clearance: the month's file pays one, and there is nothing released to pay", async () => {
    const month = await api.get(url('DBS'));
    expect(month.status).toBe(200);
    const file = dbsFile(month.raw.body);
    expect(file.payments.map((p) => p.account)).toEqual([stayer.account]);
    expect(file.count).toBe(1);
    stayerCents = file.payments[0]?.cents ?? 0;
    expect(file.totalCents).toBe(stayerCents);

    const released = await api.get(url('DBS', 'released'));
    expect(released.status).toBe(409);
    expect(released.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect((released.body as Json).message).toMatch(/released/i);
    expect((await summary()).released).toEqual([]);
  });

  it('refuses an unknown payments choice, and staff', async () => {
    expect((await api.get(url('DBS', 'some'))).status).toBe(400);
    const staff = caller(t, await staffSession(t, await createEmployee(t)));
    expect((await staff.get(url('DBS', 'released'))).status).toBe(403);
  });

  it("after clearance: pays exactly the leaver's net pay, count 1, and says so in the summary", async () => {
    const cleared = await api.post(`/users/${ids.leaver}/ir21-clearance`, {
      date: '2026-04-20',
      reference: 'IRAS/IR21/0077',
    });
    expect(cleared.status).toBe(200);
    expect((await summary()).released).toEqual([
      {
        userId: ids.leaver,
        name: leaver.fullName,
        netPay: 6123.45,
        clearedOn: '2026-04-20',
        reference: 'IRAS/IR21/0077',
        fileDownloadedOn: null,
      },
    ]);

    const answer = await api.get(url('DBS', 'released'));
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['x-released']).toBe(String(ids.leaver));
    const file = dbsFile(answer.raw.body);
    expect(file.payments).toEqual([{ account: leaver.account, cents: LEAVER_SALARY_CENTS }]);
    expect(file.count).toBe(1);
    expect(file.totalCents).toBe(LEAVER_SALARY_CENTS);
    // A second file of the month: its name says so, not to clash with the month's.
    expect(answer.raw.headers['content-disposition']).toContain('-02');

    const after = (await summary()).released;
    expect(after).toHaveLength(1);
    expect(after[0].fileDownloadedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bankFile.downloaded'), eq(auditLog.entityId, '2026-3')));
    const releasedAudit = audit.filter((row) => (row.details as Json)?.payments === 'released');
    expect(releasedAudit).toHaveLength(1);
    expect(releasedAudit[0]?.details).toMatchObject({ released: [ids.leaver], count: 1 });
  });

  it("UOB's released file: one detail, and a trailer whose count and total are the leaver's", async () => {
    const answer = await api.get(url('UOB', 'released'));
    expect(answer.status).toBe(200);
    const file = uobFile(answer.raw.body);
    expect(file.details).toEqual([LEAVER_SALARY_CENTS]);
    expect(file.count).toBe(1);
    expect(file.totalCents).toBe(LEAVER_SALARY_CENTS);
  });

  it("the month's full file then pays both", async () => {
    const answer = await api.get(url('DBS'));
    expect(answer.status).toBe(200);
    const file = dbsFile(answer.raw.body);
    expect(file.payments.map((p) => p.account).sort()).toEqual([leaver.account, stayer.account].sort());
    expect(file.count).toBe(2);
    expect(file.totalCents).toBe(stayerCents + LEAVER_SALARY_CENTS);
    expect(answer.raw.headers['x-released']).toBe('');
  });
});
