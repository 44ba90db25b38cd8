import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  accessibilityProblems,
  appInBrowser,
  DESKTOP,
  PHONE,
} from './app-server';

/**
 * Issue 15 in a real browser against the seeded demo company (its particulars: UEN 201912345K, a UOB
 * account): the Submissions screen at both widths, its two downloads read back by column, the
 * Company page's form, and a staff member's IR8A beside their payslips.
 */

const e2e = appInBrowser();

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The month before this one in Singapore: the demo company's last processed month. */
function lastMonth() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

async function openSubmissions(page: Page) {
  await page.goto('/admin/pay-submissions');
  await page.getByRole('heading', { level: 1, name: 'Submissions' }).waitFor();
  const { year, month } = lastMonth();
  if ((await page.getByLabel('Year').inputValue()) !== String(year))
    await page.getByLabel('Year').selectOption(String(year));
  await page.getByLabel('Month').selectOption(String(month));
  await page.getByRole('table', { name: /^CPF summary for / }).waitFor();
  await page.getByText('Nothing stops the CPF file.').waitFor();
}

async function download(page: Page, button: string) {
  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await waiting;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'latin1') };
}

const cols = (record: string, from: number, to: number) => record.slice(from - 1, to);
const dollars = (text: string) => Math.round(Number(text.replaceAll(',', '')) * 100);

describe('Submissions', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`shows the month's CPF summary and downloads the CPF and bank files at ${label} px`, async () => {
      const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
      await openSubmissions(page);
      expect(await accessibilityProblems(page)).toEqual([]);
      if (viewport === PHONE) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
      }
      const totalRow = page.getByRole('row').filter({ hasText: 'Total payable' });
      const shownTotal = dollars(((await totalRow.getByRole('cell').last().textContent()) ?? '').trim());
      expect(shownTotal).toBeGreaterThan(0);

      const { year, month } = lastMonth();
      const cpf = await download(page, 'Download CPF file');
      expect(cpf.name).toBe(`201912345KPTE01${MONTHS[month - 1]}${year}01.DTL`);
      const records = cpf.text.replace(/\r\n$/, '').split('\r\n');
      for (const record of records) expect(record).toHaveLength(150);
      const trailer = records.at(-1) ?? '';
      expect(cols(trailer, 1, 2)).toBe('F9');
      expect(Number(cols(trailer, 21, 27))).toBe(records.length);
      const summaries = records.filter((record) => cols(record, 2, 2) === '0');
      const summed = summaries.reduce((sum, record) => sum + Number(cols(record, 29, 40)), 0);
      expect(Number(cols(trailer, 28, 42))).toBe(summed);
      // What the screen says is payable is what the file hands over.
      expect(summed).toBe(shownTotal);
      await page.getByText(cpf.name).waitFor();

      const bank = await download(page, 'Download bank file');
      expect(bank.name).toMatch(/^UGBI\d{4}01\.txt$/);
      const payments = bank.text.replace(/\r\n$/, '').split('\r\n');
      for (const record of payments) expect(record).toHaveLength(615);
      expect(cols(payments[0] ?? '', 1, 12)).toBe(`1${bank.name.slice(0, 10)}R`);
    });
  }

  it('refuses a value date more than 30 days ahead beside the field, before any download', async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await openSubmissions(page);
    const downloads: string[] = [];
    page.on('download', (file) => downloads.push(file.suggestedFilename()));
    await page.getByLabel('Value Date').fill('01/01/2099');
    await page.getByRole('button', { name: 'Download bank file' }).click();
    // Beside the field and in the toast.
    await expect
      .poll(() => page.getByText('Value date must be from today to 30 days ahead.').count())
      .toBe(2);
    expect(await page.getByLabel('Value Date').getAttribute('aria-invalid')).toBe('true');
    expect(downloads).toEqual([]);
  });
});

describe('Company', () => {
  it('shows the particulars, checks the UEN beside its field and saves', async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin/company');
    await page.getByRole('heading', { level: 1, name: 'Company' }).waitFor();
    expect(await page.getByLabel('UEN').inputValue()).toBe('201912345K');
    expect(await page.getByLabel('CPF Submission Number').inputValue()).toBe('201912345KPTE01');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByLabel('UEN').fill('12345');
    await page.getByLabel('UEN').blur();
    await page
      .getByText(
        'UEN must be 9 characters (such as 53123456A), 10 characters (such as 201912345K), or start with T or S (such as T08LL1234A).',
      )
      .waitFor();
    await page.getByLabel('UEN').fill('201912345K');
    await page.getByLabel('Address').fill('2 Example Avenue, Singapore 654321');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Company details saved').waitFor();
    await page.reload();
    await page.getByLabel('Address').waitFor();
    expect(await page.getByLabel('Address').inputValue()).toBe('2 Example Avenue, Singapore 654321');
  });
});

describe('a staff member', () => {
  it('finds the IR8A of a year they were paid beside their payslips', async () => {
    const page = await e2e.signIn('weiming.tan@company.test', 'Staff@12345', PHONE);
    await page.goto('/staff/payslips');
    await page.getByRole('heading', { level: 1, name: 'My Payslips' }).waitFor();
    const { year } = lastMonth();
    if ((await page.getByLabel('Year').inputValue()) !== String(year))
      await page.getByLabel('Year').selectOption(String(year));
    const button = page.getByRole('button', { name: `IR8A for ${year}` });
    await button.waitFor();
    const popup = page.waitForEvent('popup');
    await button.click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
  });
});
