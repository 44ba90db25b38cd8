import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  accessibilityProblems,
  api,
  appInBrowser,
  DESKTOP,
  PHONE,
} from './app-server';

/**
 * Issue 16 in a real browser against the real app and its seeded demo company, with a real SMTP server
 * started here: on View Processed Records an administrator e-mails a processed month's payslips, follows
 * 'N of M sent' (also the progress bar's name), sees the one address the SMTP server refuses listed with its
 * reason once the app has given up on it, lets the server accept it and sends it with Retry failed, until
 * every employee of the month has exactly one message. At 1280 and at 390 px, each on a month of its own
 * (the demo company has processed months 1 and 2 months back), with the WCAG 2.1 AA checks while the
 * progress shows.
 *
 * The app runs with EMAIL_RETRY_DELAY_SECONDS=1 (README; 10 by default): a refused send has 5 tries
 * (DEFAULT_SEND_POLICY in src/server/services/payroll/emails.ts), pg-boss waiting 1, 2, 4 and 8 s before the
 * retries, each with up to as much again at random, so it is given up after 15 to 30 s (plus the queue's
 * half-second polls) rather than 2.5 to 5 minutes.
 */

/** Messages the SMTP server accepted. */
interface Arrived {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string }>;
}
const arrived: Arrived[] = [];
/** Recipients refused (450) until the test lets them through. */
const refusing = new Set<string>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refusing.has(address.address)) {
      const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
      error.responseCode = 450;
      callback(error);
      return;
    }
    callback();
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        arrived.push({
          to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          attachments: mail.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
          })),
        });
        callback();
      })
      .catch(callback);
  },
});
let smtpPort = 0;

// Registered before the app's hooks: the server listens before the app starts and closes after it stops.
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const e2e = appInBrowser(() => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // The first retry of a refused send after 1 s instead of 10: given up within half a minute.
  EMAIL_RETRY_DELAY_SECONDS: '1',
}));

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A month `back` months before this one in Singapore, the company's time zone. */
function monthsBack(back: number) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1 - back, 1));
  return { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1 };
}

/** Paid in both processed months; the SMTP server refuses her address until told otherwise. */
const REFUSED_NAME = 'Chloe Fernandez';
const REFUSED_EMAIL = 'chloe.fernandez@company.test';
/** What the app records for a send the SMTP server refused at every try (nodemailer's words with the server's). */
const REFUSED_REASON = /^Chloe Fernandez: .*\b450\b.*Mailbox temporarily unavailable$/;

/** A refused send is given up after 15 to 30 s and the queue's polls (see above); twice that to spare. */
const GIVEN_UP_WITHIN = 60_000;

const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
const card = (page: Page) =>
  page
    .locator('.chakra-card__body')
    .filter({ has: page.getByRole('heading', { name: /^Emailing payslips for / }) });

/** The progress bar, by its accessible name 'N of M sent', at `finished` (sent or failed) of `total`. */
async function expectBar(page: Page, sent: number, finished: number, total: number) {
  const bar = card(page).getByRole('progressbar', { name: `${sent} of ${total} sent`, exact: true });
  await bar.waitFor();
  expect(await bar.getAttribute('aria-valuenow')).toBe(String(finished));
  expect(await bar.getAttribute('aria-valuemax')).toBe(String(total));
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The month's processed staff by name, as the API lists them. */
async function processedNames(period: { year: number; month: number }) {
  const { accessToken } = await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const rows = await api<Array<{ userDetails: { name: string } }>>(
    e2e.app.url,
    `/payslips/processed/aggregates?year=${period.year}&month=${period.month}`,
    { token: accessToken },
  );
  return rows.map((row) => row.userDetails.name).sort();
}

/** View Processed Records of the period, once its Processed List shows; how many are processed. */
async function openRecords(page: Page, period: { year: number; month: number }) {
  await page.goto('/admin/pay-records');
  await page.getByRole('heading', { level: 1, name: 'View Processed Records' }).waitFor();
  const caption = page.getByText(/^A total of \d+ employees with processed payslips\.$/);
  await caption.waitFor();
  if ((await page.getByLabel('Year').inputValue()) !== String(period.year)) {
    await page.getByLabel('Year').selectOption(String(period.year));
    await caption.waitFor();
  }
  await page.getByLabel('Month').selectOption(String(period.month));
  // This month has nothing processed yet; the chosen one has its staff.
  const processed = page.getByText(/^A total of [1-9]\d* employees with processed payslips\.$/);
  await processed.waitFor();
  return Number((await processed.textContent())?.match(/\d+/)?.[0]);
}

async function emailPayslips(viewport: typeof DESKTOP, period: { year: number; month: number }) {
  const started = Date.now();
  const monthName = `${MONTHS[period.month - 1]} ${period.year}`;
  const subject = `Your payslip for ${monthName}`;
  const ofMonth = () => arrived.filter((mail) => mail.subject === subject);
  refusing.add(REFUSED_EMAIL);

  const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
  const total = await openRecords(page, period);
  const names = await processedNames(period);
  expect(names).toHaveLength(total);
  expect(names).toContain(REFUSED_NAME);

  // Asked first.
  await page.getByRole('button', { name: 'Email payslips', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Email payslips' });
  await dialog
    .getByText(
      `E-mail the ${total} processed payslips of ${monthName} to their staff, each with their payslip as a PDF? Staff already e-mailed their payslip are left out.`,
    )
    .waitFor();
  if (viewport === PHONE) await noSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await toast(page, 'Emailing payslips')
    .filter({ hasText: `${total} payslips of ${monthName} are being e-mailed.` })
    .waitFor();

  // The sends go out while the refused one is tried again: the bar moves before the job ends.
  const progress = card(page);
  await progress.getByRole('heading', { name: `Emailing payslips for ${monthName}` }).waitFor();
  await progress.getByText(new RegExp(`^\\d+ of ${total} sent$`)).waitFor();
  await progress.getByText(`${total - 1} of ${total} sent`, { exact: true }).waitFor({ timeout: 60_000 });
  // The bar is named what it counts and stands at the sends finished: the refused one is still being tried.
  await expectBar(page, total - 1, total - 1, total);
  expect(await progress.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Email payslips', exact: true }).isDisabled()).toBe(true);
  expect(await accessibilityProblems(page)).toEqual([]);
  if (viewport === PHONE) await noSidewaysScroll(page);
  expect(ofMonth()).toHaveLength(total - 1);

  // The app gives the refused send up: it is listed with the SMTP server's reason, and Retry failed shows.
  const retry = progress.getByRole('button', { name: 'Retry failed' });
  await retry.waitFor({ timeout: GIVEN_UP_WITHIN });
  const gaveUp = Date.now();
  await toast(page, 'Some payslips were not sent')
    .filter({ hasText: `${total - 1} of ${total} sent; 1 failed.` })
    .waitFor();
  await progress.getByText('1 not sent:', { exact: true }).waitFor();
  const failures = await progress
    .getByRole('list', { name: 'Payslips not sent' })
    .getByRole('listitem')
    .all();
  expect(failures).toHaveLength(1);
  expect((await failures[0]?.textContent())?.trim()).toMatch(REFUSED_REASON);
  await progress.getByText(`${total - 1} of ${total} sent`, { exact: true }).waitFor();
  // Given up counts as finished: the bar is full while it still reads one fewer sent.
  await expectBar(page, total - 1, total, total);
  expect(await progress.getByText(`All ${total} payslips sent.`).count()).toBe(0);
  expect(await accessibilityProblems(page)).toEqual([]);
  if (viewport === PHONE) await noSidewaysScroll(page);
  expect(ofMonth().map((mail) => mail.to)).not.toContain(REFUSED_EMAIL);

  // The server takes her mail now: Retry failed sends it, and only it.
  refusing.delete(REFUSED_EMAIL);
  await retry.click();
  await progress.getByText(`All ${total} payslips sent.`, { exact: true }).waitFor({ timeout: 60_000 });
  await progress.getByText(`${total} of ${total} sent`, { exact: true }).waitFor();
  await expectBar(page, total, total, total);
  await toast(page, 'Payslips sent')
    .filter({ hasText: `${total} of ${total} sent.` })
    .waitFor();
  expect(await progress.getByRole('list', { name: 'Payslips not sent' }).count()).toBe(0);
  expect(await progress.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);
  if (viewport === PHONE) await noSidewaysScroll(page);

  // Every employee of the month has exactly one message, addressed by name, with their payslip as a PDF.
  const mails = ofMonth();
  expect(mails).toHaveLength(total);
  expect(new Set(mails.map((mail) => mail.to)).size).toBe(total);
  expect(mails.map((mail) => mail.text.match(/^Dear (.+),$/m)?.[1]).sort()).toEqual(names);
  for (const mail of mails) {
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.contentType).toBe('application/pdf');
  }

  // Closed, and asked again: everyone has theirs, so nothing is sent twice.
  await progress.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => card(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Email payslips', exact: true }).click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await toast(page, 'No payslips to email')
    .filter({
      hasText: `Every processed payslip of ${monthName} has been e-mailed already; nothing was sent again.`,
    })
    .waitFor();
  expect(await card(page).count()).toBe(0);
  expect(ofMonth()).toHaveLength(total);

  console.info(
    `${viewport.width} px, ${monthName}: ${total} payslips; the refused send was given up after ${Math.round(
      (gaveUp - started) / 1000,
    )} s, all done in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

describe('Email payslips on View Processed Records', () => {
  it(
    'e-mails last month at 1280 px: progress, the refused send with its reason, Retry failed, one message each',
    { timeout: GIVEN_UP_WITHIN + 60_000 },
    () => emailPayslips(DESKTOP, monthsBack(1)),
  );

  it(
    'e-mails the month before at 390 px, with nothing scrolling sideways',
    { timeout: GIVEN_UP_WITHIN + 60_000 },
    () => emailPayslips(PHONE, monthsBack(2)),
  );
});
