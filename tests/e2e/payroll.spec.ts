import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../src/domain/dates';
import { formatAmount } from '../../src/domain/money';
import { MONTH_NAMES, type PayslipAggregate } from '../../src/domain/payslips';
import { DEMO_STAFF_PASSWORD } from '../../src/server/seed/demo-company';
import { dayMonthYear } from '../models/calendar-words';
import { pdfText } from '../support/pdf-text';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessibilityProblems, api, appInBrowser } from './app-server';

/**
 * Payroll in a real browser against the real server and its seeded company (three processed months before
 * this one): Process Pay for the whole month, Pay Items of another month (a bonus makes the payslip Items
 * Added, deleting it makes it Unprocessed again), a staff member's payslip PDF, and a revert on View
 * Processed Records; the phone layout and the WCAG 2.1 AA checks of Pay Items.
 */

const e2e = appInBrowser();

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
const thisMonth = Number(today.slice(5, 7));
/** Four months back: before the seed's processed months, so nobody is paid there yet. */
const earlier = (() => {
  const start = new Date(Date.UTC(thisYear, thisMonth - 1 - 4, 1));
  return { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1 };
})();
/** Early in the alphabet, so on the first page of each list. */
const EMPLOYEE = 'Chloe Fernandez';
const EMPLOYEE_EMAIL = 'chloe.fernandez@company.test';

async function signIn(email: string, password: string, viewport = { width: 1280, height: 800 }) {
  return e2e.signIn(email, password, viewport);
}

const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/payroll-${name}.png`, fullPage: true });

async function openFromSidebar(page: Page, link: 'Process' | 'Records', heading: string) {
  if ((page.viewportSize()?.width ?? 1280) < 768)
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Once the current month's lists show (as a user would wait for them), another period. */
async function choosePeriod(page: Page, period: { year: number; month: number }) {
  await page.getByText(/^A total of \d+ employees with processed payslips\.$/).waitFor();
  if ((await page.getByLabel('Year').inputValue()) !== String(period.year)) {
    await page.getByLabel('Year').selectOption(String(period.year));
    await page.getByText(/^A total of \d+ employees with processed payslips\.$/).waitFor();
  }
  await page.getByLabel('Month').selectOption(String(period.month));
  await expect(page.getByLabel('Month').inputValue()).resolves.toBe(String(period.month));
}

async function adminToken() {
  const { accessToken } = await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  return accessToken;
}

describe('payroll in the browser', () => {
  it('processes the whole month on Process Pay', async () => {
    const page = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await openFromSidebar(page, 'Process', 'Process Pay');
    await expect(page.getByLabel('Month').inputValue()).resolves.toBe(String(thisMonth));
    const caption = page.getByText(/^A total of \d+ payslips to process\.$/);
    await caption.waitFor();
    const waiting = Number((await caption.textContent())?.match(/\d+/)?.[0]);
    expect(waiting).toBeGreaterThanOrEqual(10);
    // As a user waits for the screen to finish loading (its pay run card and lists answer after the caption).
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Select all').check({ force: true });
    await page.getByText(`${waiting} selected`).waitFor();
    await page.getByLabel('Pay Date').fill(dayMonthYear(today));
    await page.getByRole('button', { name: 'Process Pay' }).click();
    // Nothing is processed before the confirmation, which counts the month's payslips.
    const confirmation = page.getByRole('alertdialog');
    await confirmation.getByText(`${waiting} payslips will be processed`).waitFor();
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Payslips processed').waitFor();
    await page.getByText('A total of 0 payslips to process.').waitFor();
    await page.getByText(`A total of ${waiting} employees with processed payslips.`).waitFor();
    await shot(page, 'process-pay-1280');
  });

  it('adds a bonus on Pay Items of another month (Items Added), then deletes it (Unprocessed again)', async () => {
    const page = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await openFromSidebar(page, 'Process', 'Process Pay');
    await choosePeriod(page, earlier);
    const row = table(page, 'Unprocessed List').locator('tbody tr').filter({ hasText: EMPLOYEE });
    await row.getByRole('link', { name: EMPLOYEE }).click();
    await page.waitForURL(new RegExp(`/admin/users/\\d+/pay-items/${earlier.year}/${earlier.month}$`));
    await page.getByRole('heading', { level: 1, name: 'Pay Items' }).waitFor();
    // The navigation state names the employee and the period at once, in the lines under the title (the
    // summary repeats the period once it has loaded).
    const underTitle = page.getByRole('paragraph');
    await underTitle.getByText(EMPLOYEE, { exact: true }).waitFor();
    await underTitle
      .getByText(`${MONTH_NAMES[earlier.month - 1]} ${earlier.year}`, { exact: true })
      .waitFor();
    const status = (label: string) => page.locator('main').getByText(label, { exact: true }).first();
    await status('Unprocessed').waitFor();
    await page.getByRole('heading', { name: 'Payslip Summary' }).waitFor();
    await page.getByRole('heading', { name: 'Payment Information Used' }).waitFor();
    await page.getByRole('heading', { name: `Leave Balance ${earlier.year}` }).waitFor();
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual([
      'Ahoc',
      'Bonus',
      'Deductions',
      'Others',
    ]);
    await expect(page.getByRole('tab', { name: 'Ahoc' }).getAttribute('aria-selected')).resolves.toBe('true');

    await page.getByRole('tab', { name: 'Bonus' }).click();
    const form = page.getByRole('form', { name: 'Add Bonus item' });
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Please fill all fields.').waitFor();
    await form.getByLabel('Type').selectOption('BONUS');
    await form.getByLabel('Amount').fill('0');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Amount must be greater than 0.').waitFor();
    await form.getByLabel('Amount').fill('1500');
    await form.getByRole('button', { name: 'Add' }).click();
    await toast(page, 'Bonus item added').waitFor();
    await status('Items Added').waitFor();
    const items = table(page, 'Bonus items');
    await items.getByRole('cell', { name: '1,500.00', exact: true }).waitFor();
    // The summary follows: the bonus is additional wages.
    await page.getByText('1,500.00', { exact: true }).first().waitFor();
    await expect(form.getByLabel('Amount').inputValue()).resolves.toBe('');
    await shot(page, 'pay-items-1280');

    await items.getByRole('button', { name: /^Delete Bonus 1,500\.00$/ }).click();
    await toast(page, 'Bonus item deleted').waitFor();
    await status('Unprocessed').waitFor();
    await items.getByRole('cell', { name: 'No results.' }).waitFor();

    // The back link returns to the same period.
    await page.getByRole('link', { name: 'Process Pay' }).click();
    await page.getByRole('heading', { level: 1, name: 'Process Pay' }).waitFor();
    await expect(page.getByLabel('Month').inputValue()).resolves.toBe(String(earlier.month));
  });

  it('a path without its month goes to Process Pay', async () => {
    const page = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin/users/2/pay-items/2026');
    await page.waitForURL('**/admin/process-pay');
  });

  it("at phone width Pay Items' lists fit their cards, and it passes the WCAG 2.1 AA checks", async () => {
    const token = await adminToken();
    const [user] = await api<Array<{ id: number; fullName: string }>>(
      e2e.app.url,
      `/users?role=STAFF&search=${encodeURIComponent(EMPLOYEE)}`,
      { token },
    );
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
      await page.goto(`/admin/users/${user?.id}/pay-items/${earlier.year}/${earlier.month}`);
      await page.getByRole('heading', { name: 'Payment Information Used' }).waitFor();
      await table(page, 'Adhoc items').waitFor();
      if (viewport.width < 768) {
        for (const name of ['Adhoc items', 'Leave Balance']) {
          const sizes = await table(page, name).evaluate((element) => {
            const scroller = element.parentElement as HTMLElement;
            return {
              page: document.documentElement.scrollWidth,
              scrollerWidth: scroller.clientWidth,
              scrollerContent: scroller.scrollWidth,
              overflow: getComputedStyle(scroller).overflowX,
            };
          });
          expect(sizes.page, name).toBeLessThanOrEqual(390);
          expect(sizes.overflow, name).toBe('auto');
          // Their few columns fit a phone: nothing to scroll sideways inside the card either.
          expect(sizes.scrollerContent, name).toBeLessThanOrEqual(sizes.scrollerWidth);
        }
      }
      await expect(accessibilityProblems(page)).resolves.toEqual([]);
      // With the snapshot in edit mode and an add form's message showing.
      await page.getByRole('button', { name: 'Edit Payment Information Used' }).click();
      const adhoc = page.getByRole('form', { name: 'Add Adhoc item' });
      await adhoc.getByRole('button', { name: 'Add' }).click();
      await adhoc.getByText('Please fill all fields.').waitFor();
      await expect(accessibilityProblems(page)).resolves.toEqual([]);
      await shot(page, `pay-items-${viewport.width}-editing`);
      await page.context().close();
    }
  });

  it("a staff member opens their own payslip PDF, with the processed month's figures", async () => {
    const page = await signIn(EMPLOYEE_EMAIL, DEMO_STAFF_PASSWORD);
    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/staff/payslips');
    const view = page.getByRole('button', { name: /View/ }).first();
    await view.waitFor();
    const [tab] = await Promise.all([page.waitForEvent('popup'), view.click()]);
    await tab.waitForURL(/^blob:/);
    await shot(page, 'staff-payslips-1280');

    // The same PDF through the API, as the page fetched it: a PDF with this payslip's figures.
    const { accessToken, user } = await api<{ accessToken: string; user: { id: number } }>(
      e2e.app.url,
      '/auth/login',
      { method: 'POST', body: { email: EMPLOYEE_EMAIL, password: DEMO_STAFF_PASSWORD } },
    );
    const payslips = await api<PayslipAggregate[]>(
      e2e.app.url,
      `/users/${user.id}/payslips/processed/aggregates`,
      { token: accessToken },
    );
    const latest = payslips[0] as PayslipAggregate;
    const response = await fetch(`${e2e.app.url}/api/payslips/${latest.payslipId}/pdf`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const { text } = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(EMPLOYEE);
    expect(text).toContain(`${MONTH_NAMES[latest.payslipMonth - 1]} ${latest.payslipYear}`);
    expect(text).toContain(formatAmount(latest.grossPay));
    expect(text).toContain(formatAmount(latest.netPayable));
  });

  it('reverts a payslip on View Processed Records; it is back in the Unprocessed List', async () => {
    const page = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await openFromSidebar(page, 'Records', 'View Processed Records');
    const processed = table(page, 'Processed List');
    await processed.getByRole('cell', { name: EMPLOYEE, exact: true }).waitFor();
    await page.getByRole('button', { name: `Actions for ${EMPLOYEE}` }).click();
    await page.getByRole('menuitem', { name: 'Revert to Unprocessed' }).click();
    // Found by its description: a title of 'Success' alone also matches 'Login successful!'.
    const reverted = toast(page, 'Payslip removed from processed list');
    await reverted.waitFor();
    await expect(reverted.textContent()).resolves.toContain('Success');
    await expect.poll(() => processed.getByRole('cell', { name: EMPLOYEE, exact: true }).count()).toBe(0);
    await shot(page, 'pay-records-1280');

    await openFromSidebar(page, 'Process', 'Process Pay');
    const unprocessed = table(page, 'Unprocessed List');
    await unprocessed.getByRole('link', { name: EMPLOYEE }).waitFor();
    await expect(unprocessed.locator('tbody tr').count()).resolves.toBe(1);
  });
});
