import type { AddressInfo } from 'node:net';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { payslipEmails, payslips, users } from '../../src/server/db/schema';
import { sendPayslipEmail } from '../../src/server/services/payroll/emails';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

/**
 * Issue 16: a month's payslips e-mailed through the job queue to a real SMTP server, which counts
 * what arrives and can refuse chosen recipients: every employee gets exactly one message with the
 * PDF, a refused send is retried and then reported with its reason, asking again sends to nobody
 * twice, and Retry failed sends the rest.
 */

interface Arrived {
  to: string;
  from: string;
  subject: string;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
  /** The recipient's latest send as the database had it when the server held the whole message. */
  statusWhenWhole: string | undefined;
}
const arrived: Arrived[] = [];
/** Recipients the server refuses, with how many more times (Infinity: always). */
const refusing = new Map<string, number>();
/** Recipients whose message the server refuses once it has it whole, with how many more times. */
const refusingAtEnd = new Map<string, number>();
/** Recipients the server keeps waiting (their sends stay in hand) until the promise settles. */
const holding = new Map<string, Promise<void>>();

async function latestSendStatus(email: string) {
  const [row] = await t.db
    .select({ status: payslipEmails.status })
    .from(payslipEmails)
    .innerJoin(users, eq(users.id, payslipEmails.userId))
    .where(eq(users.email, email))
    .orderBy(desc(payslipEmails.id))
    .limit(1);
  return row?.status;
}

let smtp: SMTPServer;
let t: TestApp;
let api: ReturnType<typeof caller>;

const POLICY = { attempts: 3, retryDelaySeconds: 1, expireSeconds: 30 };

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    async onRcptTo(address, _session, callback) {
      await holding.get(address.address);
      const left = refusing.get(address.address) ?? 0;
      if (left > 0) {
        refusing.set(address.address, left - 1);
        const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
        error.responseCode = 450;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const to = session.envelope.rcptTo[0]?.address ?? '';
          const statusWhenWhole = await latestSendStatus(to);
          const left = refusingAtEnd.get(to) ?? 0;
          if (left > 0) {
            refusingAtEnd.set(to, left - 1);
            const error = new Error('Message rejected by content filter') as Error & { responseCode: number };
            error.responseCode = 554;
            callback(error);
            return;
          }
          arrived.push({
            statusWhenWhole,
            to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              size: a.size,
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, {}, { policy: POLICY });
  api = caller(t, (await adminSession(t)).headers);
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

interface Progress {
  id: string;
  kind: string;
  status: string;
  total: number;
  done: number;
  failed: number;
  errors: Array<{ userId: number; message: string }>;
}

async function finished(jobId: string): Promise<Progress> {
  for (let i = 0; i < 120; i += 1) {
    const progress = (await api.get(`/jobs/${jobId}`)).body as Progress;
    if (progress.status === 'completed' || progress.status === 'failed') return progress;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function processedMonth(month: number, people: number) {
  const staff = [];
  for (let i = 0; i < people; i += 1) {
    staff.push(await createEmployee(t, { fullName: `Mailed ${month}-${i}`, hireDate: '2020-01-06' }));
  }
  await api.get(`/payslips/unprocessed-and-items-added?year=2026&month=${month}`);
  const result = await api.post('/payslips/bulk-process', {
    payDate: `2026-${String(month).padStart(2, '0')}-28`,
    payslips: staff.map((user) => ({ userId: user.id, year: 2026, month })),
  });
  expect(result.status).toBe(200);
  return staff;
}

/** Dates the payslip's sends of the month back, as if the last copy went out `minutes` ago. */
async function sentMinutesAgo(userId: number, month: number, minutes: number) {
  const then = new Date(Date.now() - minutes * 60_000);
  await t.db
    .update(payslipEmails)
    .set({ sentAt: then, updatedAt: then })
    .where(
      and(
        eq(payslipEmails.userId, userId),
        inArray(
          payslipEmails.payslipId,
          t.db
            .select({ id: payslips.id })
            .from(payslips)
            .where(and(eq(payslips.year, 2026), eq(payslips.month, month))),
        ),
      ),
    );
}

const toOf = (staff: Array<{ email: string }>) => arrived.filter((m) => staff.some((s) => m.to === s.email));

it("e-mails each processed payslip once, as a PDF from the company's name, and says how far it has come", async () => {
  await api.put('/company', { name: 'Acme Pte. Ltd.', uen: '201912345K' });
  const staff = await processedMonth(3, 4);
  const answer = await api.post('/payslips/email', { year: 2026, month: 3 });
  expect(answer.status).toBe(202);
  expect(answer.body).toMatchObject({ total: 4, skipped: 0 });
  const { jobId } = answer.body as { jobId: string };
  const progress = await finished(jobId);
  expect(progress).toEqual({
    id: jobId,
    kind: 'payslipEmails',
    status: 'completed',
    total: 4,
    done: 4,
    failed: 0,
    errors: [],
    delivery: 'SMTP',
  });
  // Issue 34: each row of the Processed List says its payslip was sent over SMTP, and when.
  const rows = (await api.get('/payslips/processed/aggregates?year=2026&month=3')).body as Array<{
    userDetails: { id: number };
    email: { state: string; at: string };
  }>;
  for (const person of staff) {
    expect(rows.find((row) => row.userDetails.id === person.id)?.email.state).toBe('SENT');
  }
  const messages = toOf(staff);
  expect(messages.map((m) => m.to).sort()).toEqual(staff.map((s) => s.email).sort());
  for (const message of messages) {
    expect(message.subject).toBe('Your payslip for March 2026');
    expect(message.from).toMatch(/^"?Acme Pte\. Ltd\."? </);
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(message.attachments[0]?.filename).toMatch(/^payslip-2026-03-\d+\.pdf$/);
    expect(message.attachments[0]?.size).toBeGreaterThan(1000);
  }

  // Asked again: nobody gets a second one, and the answer says why.
  const again = await api.post('/payslips/email', { year: 2026, month: 3 });
  expect(again.status).toBe(202);
  expect(again.body).toMatchObject({ total: 0, skipped: 4 });
  expect((again.body as { message: string }).message).toContain('e-mailed already');
  expect((await finished((again.body as { jobId: string }).jobId)).status).toBe('completed');

  // Unless the administrator names whom to send theirs again, once the last copy is older than the
  // resend interval (issue 33: ten minutes; the copy is made older here rather than waited for).
  await sentMinutesAgo(staff[0]?.id ?? 0, 3, 11);
  const resend = await api.post('/payslips/email', {
    year: 2026,
    month: 3,
    userIds: [staff[0]?.id],
    resend: true,
  });
  expect(resend.body).toMatchObject({ total: 1, skipped: 0 });
  await finished((resend.body as { jobId: string }).jobId);
  expect(toOf([staff[0] as { email: string }])).toHaveLength(2);
  expect(toOf(staff)).toHaveLength(5);
});

it('retries a refused send, reports one refused to the last try with its reason, and Retry failed sends it', async () => {
  const staff = await processedMonth(4, 3);
  const [flaky, broken, fine] = staff as [(typeof staff)[0], (typeof staff)[0], (typeof staff)[0]];
  refusing.set(flaky.email, 1);
  refusing.set(broken.email, Number.POSITIVE_INFINITY);
  const answer = await api.post('/payslips/email', { year: 2026, month: 4 });
  const { jobId } = answer.body as { jobId: string };
  const progress = await finished(jobId);
  expect(progress).toMatchObject({ status: 'failed', total: 3, done: 2, failed: 1 });
  expect(progress.errors).toEqual([{ userId: broken.id, message: expect.stringContaining('450') }]);
  expect(toOf([flaky])).toHaveLength(1);
  expect(toOf([fine])).toHaveLength(1);
  expect(toOf([broken])).toHaveLength(0);

  refusing.delete(broken.email);
  const retried = await api.post(`/jobs/${jobId}/retry`, {});
  expect(retried.status).toBe(200);
  expect(await finished(jobId)).toMatchObject({ status: 'completed', done: 3, failed: 0, errors: [] });
  expect(toOf(staff)).toHaveLength(3);
});

it('records a send before the server can accept it, and undoes the record of a message refused at its end', async () => {
  const staff = await processedMonth(6, 2);
  const [refused] = staff as [(typeof staff)[0]];
  refusingAtEnd.set(refused.email, 1);
  const answer = await api.post('/payslips/email', { year: 2026, month: 6 });
  const progress = await finished((answer.body as { jobId: string }).jobId);
  expect(progress).toMatchObject({ status: 'completed', total: 2, done: 2, failed: 0 });
  const messages = toOf(staff);
  expect(messages.map((m) => m.to).sort()).toEqual(staff.map((s) => s.email).sort());
  // Already recorded while the server held the message without its ending line: a crash then cannot
  // leave an accepted message unrecorded.
  expect(messages.map((m) => m.statusWhenWhole)).toEqual(['sent', 'sent']);
  // The refused one was tried again: two tries, one message.
  const [tries] = await t.db
    .select({ attempts: payslipEmails.attempts, status: payslipEmails.status })
    .from(payslipEmails)
    .innerJoin(users, eq(users.id, payslipEmails.userId))
    .where(eq(users.email, refused.email));
  expect(tries).toEqual({ attempts: 2, status: 'sent' });
});

it('never sends a payslip twice for one request, however often its send is run', async () => {
  const [person] = await processedMonth(5, 1);
  const answer = await api.post('/payslips/email', { year: 2026, month: 5 });
  await finished((answer.body as { jobId: string }).jobId);
  // The one send of this request.
  const [row] = await t.db
    .select({ id: payslipEmails.id })
    .from(payslipEmails)
    .where(eq(payslipEmails.jobId, (answer.body as { jobId: string }).jobId));
  // A queue job retried after its send went through (its worker died before reporting) runs again.
  const deps = {
    db: t.db,
    mailer: { send: () => Promise.reject(new Error('must not be called')) },
    company: t.config,
    log: t.app.log,
    policy: POLICY,
  };
  await sendPayslipEmail(deps, row?.id ?? 0);
  expect(toOf([person as { email: string }])).toHaveLength(1);

  // A send recorded but never answered (its worker died in between) is not counted done; handed
  // out again, it is taken as accepted, not sent again.
  await t.db
    .update(payslipEmails)
    .set({ sentAt: null })
    .where(eq(payslipEmails.id, row?.id ?? 0));
  const jobId = (answer.body as { jobId: string }).jobId;
  expect((await api.get(`/jobs/${jobId}`)).body).toMatchObject({ status: 'running', done: 0 });
  await sendPayslipEmail(deps, row?.id ?? 0);
  expect((await api.get(`/jobs/${jobId}`)).body).toMatchObject({ status: 'completed', done: 1 });
  expect(toOf([person as { email: string }])).toHaveLength(1);
});

it('leaves a send another worker has claimed to that worker until the claim is older than a send can last', async () => {
  const [person] = await processedMonth(7, 1);
  const answer = await api.post('/payslips/email', { year: 2026, month: 7 });
  const jobId = (answer.body as { jobId: string }).jobId;
  await finished(jobId);
  const [row] = await t.db
    .select({ id: payslipEmails.id })
    .from(payslipEmails)
    .where(eq(payslipEmails.jobId, jobId));
  const id = row?.id ?? 0;
  let sends = 0;
  const deps = {
    db: t.db,
    mailer: {
      send: async (_message: unknown, record?: (db: typeof t.db) => Promise<void>) => {
        sends += 1;
        await record?.(t.db);
      },
    },
    company: t.config,
    log: t.app.log,
    policy: POLICY,
  };
  // As a live worker leaves it while its message is on the way: claimed a moment ago.
  await t.db
    .update(payslipEmails)
    .set({ status: 'sending', sentAt: null, updatedAt: new Date() })
    .where(eq(payslipEmails.id, id));
  // The queue handed the job out again (its batch waited past the expiry): this run must not send,
  // and must fail, so that the queue asks again later rather than count the job done.
  await expect(sendPayslipEmail(deps, id)).rejects.toThrow();
  expect(sends).toBe(0);
  expect((await api.get(`/jobs/${jobId}`)).body).toMatchObject({ status: 'running', done: 0 });

  // A claim older than the expiry (30 s here) is a dead worker's: the send is made, once.
  await t.db
    .update(payslipEmails)
    .set({ updatedAt: new Date(Date.now() - 31_000) })
    .where(eq(payslipEmails.id, id));
  await sendPayslipEmail(deps, id);
  expect(sends).toBe(1);
  expect((await api.get(`/jobs/${jobId}`)).body).toMatchObject({ status: 'completed', done: 1 });
  await sendPayslipEmail(deps, id);
  expect(sends).toBe(1);
  expect(toOf([person as { email: string }])).toHaveLength(1);
});

it('refuses a resend without named staff, and keeps jobs from staff', async () => {
  const refused = await api.post('/payslips/email', { year: 2026, month: 3, resend: true });
  expect(refused.status).toBe(400);
  const [person] = await processedMonth(6, 1);
  const answer = await api.post('/payslips/email', { year: 2026, month: 6 });
  const own = caller(t, await staffSession(t, person as { email: string; password: string }));
  expect((await own.get(`/jobs/${(answer.body as { jobId: string }).jobId}`)).status).toBe(403);
  expect((await own.post('/payslips/email', { year: 2026, month: 6 })).status).toBe(403);
  expect((await api.get('/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  expect((await api.get('/jobs/not-a-job')).status).toBe(400);
});

interface Answer {
  jobId: string;
  total: number;
  skipped: number;
  message: string;
}

// Issue 33: a payslip is e-mailed once per month unless the administrator resends it, however the
// requests meet. On PostgreSQL these requests run at once on separate connections.
it('a double click and a third request just after e-mail each payslip once', async () => {
  const staff = await processedMonth(8, 3);
  const ask = () => api.post('/payslips/email', { year: 2026, month: 8, userIds: staff.map((s) => s.id) });
  const answers = await Promise.all([
    ask(),
    ask(),
    new Promise((resolve) => setTimeout(resolve, 150)).then(ask),
  ]);
  expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
  const bodies = answers.map((a) => a.body as Answer);
  // Three payslips, queued once between the three requests; each other answer leaves all three out.
  expect(bodies.reduce((sum, b) => sum + b.total, 0)).toBe(3);
  for (const body of bodies.filter((b) => b.total === 0)) expect(body.skipped).toBe(3);
  for (const jobId of new Set(bodies.map((b) => b.jobId))) await finished(jobId);
  // A moment for a duplicate send still on its way.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(
    toOf(staff)
      .map((m) => m.to)
      .sort(),
  ).toEqual(staff.map((s) => s.email).sort());
});

it('answers a request for payslips another request is e-mailing with that job', async () => {
  const staff = await processedMonth(9, 2);
  // The server keeps both sends waiting, so that they stay in hand while the next requests come.
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const person of staff) holding.set(person.email, gate);
  const first = (await api.post('/payslips/email', { year: 2026, month: 9 })).body as Answer;
  expect(first).toMatchObject({ total: 2, skipped: 0 });
  const second = await api.post('/payslips/email', { year: 2026, month: 9 });
  expect(second.status).toBe(202);
  expect(second.body).toMatchObject({ jobId: first.jobId, total: 0, skipped: 2 });
  expect((second.body as Answer).message).toContain('being e-mailed already');
  // Nor is a resend of a payslip still in hand queued again.
  const resend = await api.post('/payslips/email', {
    year: 2026,
    month: 9,
    userIds: [staff[0]?.id],
    resend: true,
  });
  expect(resend.body).toMatchObject({ jobId: first.jobId, total: 0, skipped: 1 });
  release();
  expect(await finished(first.jobId)).toMatchObject({ status: 'completed', total: 2, done: 2 });
  expect(
    toOf(staff)
      .map((m) => m.to)
      .sort(),
  ).toEqual(staff.map((s) => s.email).sort());
});

it('queues a resend once however often it is asked for, and not again within ten minutes', async () => {
  const [person] = (await processedMonth(10, 1)) as [{ id: number; email: string }, ...unknown[]];
  await finished(((await api.post('/payslips/email', { year: 2026, month: 10 })).body as Answer).jobId);
  expect(toOf([person])).toHaveLength(1);
  await sentMinutesAgo(person.id, 10, 11);
  // Twenty resends at once (0.7 s of clicks in the issue): one copy.
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      api.post('/payslips/email', { year: 2026, month: 10, userIds: [person.id], resend: true }),
    ),
  );
  expect(answers.every((a) => a.status === 202)).toBe(true);
  const bodies = answers.map((a) => a.body as Answer);
  expect(bodies.reduce((sum, b) => sum + b.total, 0)).toBe(1);
  for (const jobId of new Set(bodies.map((b) => b.jobId))) await finished(jobId);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(toOf([person])).toHaveLength(2);
  // Asked again at once: the last copy went out less than ten minutes ago.
  const tooSoon = await api.post('/payslips/email', {
    year: 2026,
    month: 10,
    userIds: [person.id],
    resend: true,
  });
  expect(tooSoon.body).toMatchObject({ total: 0, skipped: 1 });
  expect((tooSoon.body as Answer).message).toContain('10 minutes');
  // Eleven minutes later it is sent again.
  await sentMinutesAgo(person.id, 10, 11);
  const later = (
    await api.post('/payslips/email', { year: 2026, month: 10, userIds: [person.id], resend: true })
  ).body as Answer;
  expect(later).toMatchObject({ total: 1, skipped: 0 });
  await finished(later.jobId);
  expect(toOf([person])).toHaveLength(3);
});

it('Retry failed does not send again a payslip a later request has e-mailed', async () => {
  const [person] = (await processedMonth(11, 1)) as [{ id: number; email: string }, ...unknown[]];
  refusing.set(person.email, Number.POSITIVE_INFINITY);
  const first = ((await api.post('/payslips/email', { year: 2026, month: 11 })).body as Answer).jobId;
  expect(await finished(first)).toMatchObject({ status: 'failed', failed: 1 });
  refusing.delete(person.email);
  // Given up, it was not e-mailed: a new request queues it, and it is sent.
  const later = (await api.post('/payslips/email', { year: 2026, month: 11 })).body as Answer;
  expect(later).toMatchObject({ total: 1, skipped: 0 });
  await finished(later.jobId);
  expect(toOf([person])).toHaveLength(1);
  // Retry failed on the first job then finds it e-mailed: nothing is sent again.
  expect((await api.post(`/jobs/${first}/retry`, {})).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(toOf([person])).toHaveLength(1);
});
