import type { PGlite } from '@electric-sql/pglite';
import { eq, inArray } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { simpleParser } from 'mailparser';
import type pg from 'pg';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import * as companySchema from '../../src/server/db/company-schema';
import * as leaveLawSchema from '../../src/server/db/leave-law-schema';
import * as coreSchema from '../../src/server/db/schema';
import { payslipEmailJobs, payslipEmails } from '../../src/server/db/schema';
import type { ComposedMail, MailMessage, RecordSent } from '../../src/server/services/mail';
import { sendPayslipEmails } from '../../src/server/services/payroll/emails';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp, testDatabaseKind } from './harness';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

/**
 * Issue 33 items 7 and 8, as structure rather than time: the statements a payslip PDF over HTTP and a
 * batch of payslip e-mails cost. Each statement is a round trip and its building and reading on the
 * event loop; a PDF took three (the payslip, its year to date, the owner) and each e-mail five. And
 * the batch claims meeting (on PostgreSQL at once, on separate connections): each send is made once.
 */

let t: TestApp;
let api: ReturnType<typeof caller>;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await adminSession(t)).headers;
  api = caller(t, headers);
});
afterAll(async () => {
  await t.close();
});

/** The same database through a Drizzle handle that lists every statement it sends. */
function counting(db: Db) {
  const client = (db as unknown as { $client: unknown }).$client;
  const statements: string[] = [];
  const options = {
    schema: { ...coreSchema, ...leaveLawSchema, ...companySchema },
    logger: { logQuery: (query: string) => statements.push(query) },
  };
  const counted =
    testDatabaseKind === 'pglite'
      ? drizzlePglite(client as PGlite, options)
      : drizzleNodePg(client as pg.Pool, options);
  return { db: counted as unknown as Db, statements };
}

/** Processed payslips of a month of 2025 for `count` new staff, with their ids. */
async function processedPayslips(count: number, name: string, month = 6) {
  const staff: Array<{ id: number; email: string }> = [];
  for (let i = 0; i < count; i += 1) staff.push(await createEmployee(t, { fullName: `${name} ${i}` }));
  await api.get(`/payslips/unprocessed-and-items-added?year=2025&month=${month}`);
  const processed = await api.post('/payslips/bulk-process', {
    payDate: `2025-${String(month).padStart(2, '0')}-25`,
    payslips: staff.map((person) => ({ userId: person.id, year: 2025, month })),
  });
  expect(processed.status).toBe(200);
  const rows = (await api.get(`/payslips/processed/aggregates?year=2025&month=${month}`)).body as Array<{
    payslipId: number;
    userDetails: { id: number };
  }>;
  return staff.map((person) => ({
    ...person,
    payslipId: rows.find((row) => row.userDetails.id === person.id)?.payslipId ?? 0,
  }));
}

it("answers an administrator's payslip PDF with two statements: the caller's session, then the payslip with its items and year to date", async () => {
  const [person] = await processedPayslips(1, 'Statement Pdf');
  const { db, statements } = counting(t.db);
  const app = await buildApp({ config: t.config, db });
  await app.ready();
  try {
    statements.length = 0;
    const answer = await app.inject({
      method: 'GET',
      url: `/api/payslips/${person?.payslipId}/pdf`,
      headers,
    });
    expect(answer.statusCode).toBe(200);
    expect((await pdfText(answer.rawPayload)).text).toContain('Employee Statement Pdf 0');
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/from payslips p/);
  } finally {
    await app.close();
  }
});

/** A job of queued sends of the staff's payslips, as a request writes it; the sends' ids. */
async function queuedSends(staff: Array<{ id: number; payslipId: number }>, month: number) {
  const [job] = await t.db.insert(payslipEmailJobs).values({ year: 2025, month }).returning();
  const rows = await t.db
    .insert(payslipEmails)
    .values(
      staff.map((person) => ({
        jobId: job?.id ?? '',
        payslipId: person.payslipId,
        userId: person.id,
        status: 'queued' as const,
      })),
    )
    .returning({ id: payslipEmails.id });
  return rows.map((row) => row.id);
}

/** A worker's dependencies with a mailer that records each message and keeps it. */
function worker(db: Db) {
  const sent: Array<MailMessage | ComposedMail> = [];
  const deps = {
    db,
    mailer: {
      from: 'HR <no-reply@company.test>',
      async send(message: MailMessage | ComposedMail, record?: RecordSent) {
        await record?.(db);
        sent.push(message);
      },
    },
    company: t.config,
    log: t.app.log,
    policy: { attempts: 3, retryDelaySeconds: 1, expireSeconds: 30 },
  };
  return { deps, sent };
}

it('sends a batch of payslip e-mails with one statement to claim it, one record per message and one to count it done', async () => {
  const staff = await processedPayslips(5, 'Statement Mail');
  const ids = await queuedSends(staff, 6);
  const { db, statements } = counting(t.db);
  const { deps, sent } = worker(db);

  expect(await sendPayslipEmails(deps, ids)).toEqual([null, null, null, null, null]);
  expect(statements).toHaveLength(1 + 5 + 1);
  const stored = await t.db
    .select({ status: payslipEmails.status, sentAt: payslipEmails.sentAt })
    .from(payslipEmails)
    .where(inArray(payslipEmails.id, ids));
  expect(stored.map((row) => row.status)).toEqual(Array(5).fill('sent'));
  expect(stored.every((row) => row.sentAt !== null)).toBe(true);
  // Each message composed whole, to its employee, with the payslip attached.
  expect(sent.map((message) => message.to).sort()).toEqual(staff.map((person) => person.email).sort());
  for (const message of sent) {
    const mail = await simpleParser('raw' in message ? message.raw : '');
    expect(mail.subject).toBe('Your payslip for June 2025');
    expect(mail.from?.text).toMatch(/<no-reply@company\.test>$/);
    expect(mail.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
  }

  // The same batch handed out again (its worker died before reporting): one claim that takes
  // nothing, one look at why, and nothing sent.
  statements.length = 0;
  expect(await sendPayslipEmails(deps, ids)).toEqual([null, null, null, null, null]);
  expect(statements).toHaveLength(2);
  expect(sent).toHaveLength(5);
  const [one] = await t.db
    .select()
    .from(payslipEmails)
    .where(eq(payslipEmails.id, ids[0] ?? 0));
  expect(one).toMatchObject({ status: 'sent', attempts: 1 });
});

it('sends each payslip once when two workers are handed overlapping batches at the same moment', async () => {
  const staff = await processedPayslips(12, 'Overlap Mail', 7);
  const ids = await queuedSends(staff, 7);
  // One batch in id order, the other the second half and the first reversed, as a retry and a
  // rescue might meet: the claims lock rows in one order, so they neither deadlock nor share a send.
  const first = worker(t.db);
  const second = worker(t.db);
  const [outcomesA, outcomesB] = await Promise.all([
    sendPayslipEmails(first.deps, ids.slice(0, 8)),
    sendPayslipEmails(second.deps, [...ids.slice(4)].reverse()),
  ]);
  const recipients = [...first.sent, ...second.sent].map((message) => message.to).sort();
  expect(recipients).toEqual(staff.map((person) => person.email).sort());
  // A send the other worker held is handed back to the queue (an error) or found done (null).
  for (const outcome of [...outcomesA, ...outcomesB]) {
    if (outcome) expect(outcome.message).toBe('This payslip is being e-mailed by another worker.');
  }
  const stored = await t.db
    .select({ status: payslipEmails.status, attempts: payslipEmails.attempts })
    .from(payslipEmails)
    .where(inArray(payslipEmails.id, ids));
  expect(stored).toEqual(Array(12).fill({ status: 'sent', attempts: 1 }));
});
