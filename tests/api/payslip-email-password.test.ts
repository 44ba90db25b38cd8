import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { payslipEmails, payslips, staffInfo } from '../../src/server/db/schema';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee } from './payroll-fixtures';

/**
 * Issue 34 item 10: an e-mailed payslip PDF is protected (PDPA) while the company's setting is on, as
 * it is by default, with the password docs/features/payroll.md states: the last four characters of
 * the NRIC/FIN followed by the date of birth as DDMMYYYY; the e-mail says how without saying it. A
 * person whose password cannot be made is not sent an open PDF: the send fails with the reason. The
 * PDFs are read by PDF.js, which opens a protected one only with its password.
 */

interface Arrived {
  to: string;
  text: string;
  pdf: Buffer;
}
const arrived: Arrived[] = [];

let smtp: SMTPServer;
let t: TestApp;
let api: ReturnType<typeof caller>;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          arrived.push({
            to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
            text: mail.text ?? '',
            pdf: mail.attachments[0]?.content ?? Buffer.alloc(0),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}` },
    {},
    { policy: { attempts: 3, retryDelaySeconds: 1, expireSeconds: 30 } },
  );
  api = caller(t, (await adminSession(t)).headers);
  await api.put('/company', { name: 'Acme Pte. Ltd.', uen: '201912345K' });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

interface Progress {
  status: string;
  done: number;
  failed: number;
  errors: Array<{ userId: number; message: string }>;
}

async function emailMonth(month: number): Promise<Progress> {
  const answer = await api.post('/payslips/email', { year: 2026, month });
  expect(answer.status).toBe(202);
  const { jobId } = answer.body as { jobId: string };
  for (let i = 0; i < 120; i += 1) {
    const progress = (await api.get(`/jobs/${jobId}`)).body as Progress;
    if (progress.status === 'completed' || progress.status === 'failed') return progress;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function processMonth(month: number, person: { id: number }) {
  await api.get(`/payslips/unprocessed-and-items-added?year=2026&month=${month}`);
  const result = await api.post('/payslips/bulk-process', {
    payDate: `2026-${String(month).padStart(2, '0')}-28`,
    payslips: [{ userId: person.id, year: 2026, month }],
  });
  expect(result.status).toBe(200);
  const [payslip] = await t.db
    .select({ id: payslips.id })
    .from(payslips)
    .where(and(eq(payslips.userId, person.id), eq(payslips.year, 2026), eq(payslips.month, month)));
  return payslip?.id ?? 0;
}

const mailTo = (email: string) => arrived.filter((mail) => mail.to === email);
const HINT =
  'Open it with the last four characters of your NRIC/FIN followed by your date of birth as DDMMYYYY.';
/** Whether PDF.js opens the PDF with this password (undefined: with none). */
const opens = (pdf: Buffer, password?: string) =>
  pdfText(pdf, password).then(
    () => true,
    () => false,
  );

it('protects the e-mailed PDF with the NRIC/FIN frozen at processing and the date of birth, and says how', async () => {
  const person = await createEmployee(t, {
    fullName: 'Tan Wei Ming',
    nric: 'S1234567D',
    dateOfBirth: '1990-02-01',
  });
  const payslipId = await processMonth(4, person);
  // A new NRIC/FIN after processing does not change the payslip's password: the payslip prints the old one.
  await t.db.update(staffInfo).set({ nric: 'S7654321A' }).where(eq(staffInfo.userId, person.id));

  const progress = await emailMonth(4);
  expect(progress).toMatchObject({ status: 'completed', done: 1, failed: 0 });
  const [mail] = mailTo(person.email);
  expect(mail).toBeDefined();
  const pdf = mail?.pdf ?? Buffer.alloc(0);
  // The trailer names an encryption dictionary (PDF 1.7, section 7.6).
  expect(pdf.toString('latin1')).toMatch(/trailer\s*<<[\s\S]*\/Encrypt \d+ 0 R/);
  // S1234567D's last four characters, then 1 February 1990 as DDMMYYYY.
  expect(await opens(pdf, '567D01021990')).toBe(true);
  expect((await pdfText(pdf, '567D01021990')).text).toContain('Tan Wei Ming');
  expect(await opens(pdf)).toBe(false);
  expect(await opens(pdf, '567D19900201')).toBe(false);
  expect(await opens(pdf, '321A01021990')).toBe(false);
  expect(await opens(pdf, '567d01021990')).toBe(false);
  // The e-mail says how the password is made, never the password.
  expect(mail?.text).toContain(HINT);
  expect(mail?.text).not.toContain('567D');
  expect(mail?.text).not.toContain('01021990');

  // The PDF downloaded in the app is not protected.
  const download = await api.get(`/payslips/${payslipId}/pdf`);
  expect(download.status).toBe(200);
  expect(download.raw.rawPayload.toString('latin1')).not.toContain('/Encrypt');
  expect(await opens(download.raw.rawPayload)).toBe(true);
});

it('sends an open PDF, without the password line, when the company turns the protection off', async () => {
  const person = await createEmployee(t, { fullName: 'Siti Rahmah', dateOfBirth: '1985-11-30' });
  await processMonth(5, person);
  const off = await api.put('/company', {
    name: 'Acme Pte. Ltd.',
    uen: '201912345K',
    protectEmailedPayslips: false,
  });
  expect(off.status).toBe(200);
  try {
    expect(await emailMonth(5)).toMatchObject({ status: 'completed', done: 1, failed: 0 });
  } finally {
    await api.put('/company', { name: 'Acme Pte. Ltd.', uen: '201912345K', protectEmailedPayslips: true });
  }
  const [mail] = mailTo(person.email);
  const pdf = mail?.pdf ?? Buffer.alloc(0);
  expect(pdf.toString('latin1')).not.toContain('/Encrypt');
  expect((await pdfText(pdf)).text).toContain('Siti Rahmah');
  expect(mail?.text).not.toContain('DDMMYYYY');
});

it('does not send an open PDF to a person without a date of birth on the payslip: the send fails with the reason', async () => {
  const person = await createEmployee(t, { fullName: 'Raj Kumar' });
  const payslipId = await processMonth(6, person);
  // A payslip processed while the person had no date of birth on record (its snapshot is empty).
  await t.db.update(payslips).set({ dateOfBirthSnapshot: null }).where(eq(payslips.id, payslipId));

  const progress = await emailMonth(6);
  expect(progress).toMatchObject({ done: 0, failed: 1 });
  expect(progress.errors).toHaveLength(1);
  expect(progress.errors[0]?.userId).toBe(person.id);
  expect(progress.errors[0]?.message).toMatch(/date of birth/);
  expect(mailTo(person.email)).toEqual([]);
  // Given up at once: another try could not make the password either.
  const [send] = await t.db
    .select({ status: payslipEmails.status, attempts: payslipEmails.attempts })
    .from(payslipEmails)
    .where(eq(payslipEmails.payslipId, payslipId));
  expect(send).toEqual({ status: 'failed', attempts: 1 });
});
