import { eq } from 'drizzle-orm';
import { payslipEmails } from '../../src/server/db/schema';
import { outbox } from '../../src/server/db/system-schema';
import { createMailer } from '../../src/server/services/mail';
import { sendPayslipEmails } from '../../src/server/services/payroll/emails';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

/**
 * Issue 34 items 1 and 2, without SMTP_URL: the administrator opens any employee's payslip PDF (a
 * STAFF user only their own), re-sends one person's payslip, and the Processed List says each
 * payslip's e-mail state (never e-mailed, queued, then kept in the outbox, with the time); the request
 * and the job's progress say the mail is kept in the outbox rather than sent. No worker runs here
 * (WORKER=false): this test sends a queued e-mail itself, so 'queued' is seen before it goes.
 */

let t: TestApp;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp(
    { WORKER: 'false' },
    {},
    { policy: { attempts: 2, retryDelaySeconds: 1, expireSeconds: 30 } },
  );
  admin = caller(t, (await adminSession(t)).headers);
});

afterAll(async () => {
  await t.close();
});

interface Row {
  payslipId: number;
  userDetails: { id: number; name: string };
  email?: { state: string | null; at: string | null };
}

async function processed(month: number, names: string[]) {
  const staff = [];
  for (const fullName of names) staff.push(await createEmployee(t, { fullName }));
  await admin.get(`/payslips/unprocessed-and-items-added?year=2026&month=${month}`);
  const result = await admin.post('/payslips/bulk-process', {
    payDate: `2026-${String(month).padStart(2, '0')}-28`,
    payslips: staff.map((user) => ({ userId: user.id, year: 2026, month })),
  });
  expect(result.status).toBe(200);
  return staff;
}

const listOf = async (month: number) =>
  (await admin.get(`/payslips/processed/aggregates?year=2026&month=${month}`)).body as Row[];

/** The outbox mailer an `npm start` without SMTP_URL makes, sending what is queued. */
async function sendQueued() {
  const mailer = createMailer({ smtpUrl: undefined, from: 'HR <hr@company.test>', db: t.db, log: t.app.log });
  const queued = await t.db.select({ id: payslipEmails.id }).from(payslipEmails);
  return sendPayslipEmails(
    {
      db: t.db,
      mailer,
      company: { companyName: 'Acme Pte. Ltd.' },
      log: t.app.log,
      policy: { attempts: 2, retryDelaySeconds: 1, expireSeconds: 30 },
    },
    queued.map((row) => row.id),
  );
}

it("the administrator opens any employee's payslip PDF; a STAFF user only their own", async () => {
  const [ana, ben] = (await processed(1, ['Ana Outbox', 'Ben Outbox'])) as [
    Awaited<ReturnType<typeof createEmployee>>,
    Awaited<ReturnType<typeof createEmployee>>,
  ];
  const rows = await listOf(1);
  const idOf = (userId: number) => rows.find((row) => row.userDetails.id === userId)?.payslipId;
  const pdf = await admin.get(`/payslips/${idOf(ana.id)}/pdf`);
  expect(pdf.status).toBe(200);
  expect(pdf.raw.headers['content-type']).toBe('application/pdf');
  expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

  const asAna = caller(t, await staffSession(t, ana));
  expect((await asAna.get(`/payslips/${idOf(ana.id)}/pdf`)).status).toBe(200);
  // Someone else's payslip answers as a missing one (the matrix's 'ownHidden': its existence is not told).
  const others = await asAna.get(`/payslips/${idOf(ben.id)}/pdf`);
  expect(others.status).toBe(404);
});

it("without SMTP_URL the answers say 'kept in the outbox', and each row's e-mail goes from none to queued to outbox", async () => {
  const [cara, dev] = (await processed(2, ['Cara Outbox', 'Dev Outbox'])) as [
    Awaited<ReturnType<typeof createEmployee>>,
    Awaited<ReturnType<typeof createEmployee>>,
  ];
  const before = await listOf(2);
  expect(before.map((row) => row.email)).toEqual([
    { state: null, at: null },
    { state: null, at: null },
  ]);

  const asked = await admin.post('/payslips/email', { year: 2026, month: 2 });
  expect(asked.status).toBe(202);
  expect(asked.body).toMatchObject({
    total: 2,
    delivery: 'OUTBOX',
    message: '2 payslips of February 2026 are being kept in the outbox (e-mail is not set up).',
  });
  const { jobId } = asked.body as { jobId: string };
  const queued = await listOf(2);
  expect(queued.map((row) => row.email?.state)).toEqual(['QUEUED', 'QUEUED']);
  expect((await admin.get(`/jobs/${jobId}`)).body).toMatchObject({ done: 0, total: 2, delivery: 'OUTBOX' });

  const sentFrom = Date.now();
  expect(await sendQueued()).toEqual([null, null]);
  const kept = await listOf(2);
  for (const row of kept) {
    expect(row.email?.state).toBe('OUTBOX');
    const at = Date.parse(row.email?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(sentFrom - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  }
  expect((await admin.get(`/jobs/${jobId}`)).body).toMatchObject({
    status: 'completed',
    done: 2,
    delivery: 'OUTBOX',
  });
  const keptForCara = await t.db.select().from(outbox).where(eq(outbox.toAddress, cara.email));
  expect(keptForCara).toHaveLength(1);

  // Re-send for one person: within ten minutes of the last copy it is left out and the answer says so;
  // once that copy is older, only that person's payslip is queued again.
  const tooSoon = await admin.post('/payslips/email', {
    year: 2026,
    month: 2,
    userIds: [dev.id],
    resend: true,
  });
  expect(tooSoon.body).toMatchObject({ total: 0, skipped: 1, alreadySent: 1, delivery: 'OUTBOX' });
  const eleven = new Date(Date.now() - 11 * 60_000);
  await t.db
    .update(payslipEmails)
    .set({ sentAt: eleven, updatedAt: eleven })
    .where(eq(payslipEmails.userId, dev.id));
  const again = await admin.post('/payslips/email', {
    year: 2026,
    month: 2,
    userIds: [dev.id],
    resend: true,
  });
  expect(again.body).toMatchObject({
    total: 1,
    skipped: 0,
    message: '1 payslip of February 2026 is being kept in the outbox (e-mail is not set up).',
  });
  const states = Object.fromEntries((await listOf(2)).map((row) => [row.userDetails.id, row.email?.state]));
  expect(states).toEqual({ [cara.id]: 'OUTBOX', [dev.id]: 'QUEUED' });
});

it('a STAFF user cannot re-send anyone’s payslip', async () => {
  const [eve] = (await processed(3, ['Eve Outbox'])) as [Awaited<ReturnType<typeof createEmployee>>];
  const asEve = caller(t, await staffSession(t, eve));
  const refused = await asEve.post('/payslips/email', {
    year: 2026,
    month: 3,
    userIds: [eve.id],
    resend: true,
  });
  expect(refused.status).toBe(403);
});
