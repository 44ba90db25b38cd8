import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/domain/dates';
import type { LeaveCounts, YearlyLeaveBalanceRow } from '../../src/domain/leave';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessibilityProblems, api, appInBrowser } from './app-server';

/**
 * The admin side of leave in a real browser against the real server and its seeded company: the dashboard's
 * counts and list, the filters, the review sheet (PDF attachment, clash, approval) and the leave balances.
 */

let token = '';
const shots = process.env.SCREENSHOT_DIR;

const e2e = appInBrowser();

beforeAll(async () => {
  token = (
    await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    })
  ).accessToken;
});

async function signIn(viewport = { width: 1280, height: 800 }) {
  return e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
}

const table = (page: Page) => page.getByRole('table', { name: 'Leave requests' });
const rows = (page: Page) => table(page).locator('tbody tr:not([aria-hidden])');
const count = (page: Page, status: keyof LeaveCounts) => page.getByTestId(`count-${status}`);
const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
const settled = (page: Page) => table(page).and(page.locator('[aria-busy="false"]')).waitFor();
const counts = () => api<LeaveCounts>(e2e.app.url, '/leave-requests/count', { token });

async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe('admin dashboard', () => {
  it('shows the counts and the requests, filters by status, and an approval moves the counts', async () => {
    const page = await signIn();
    const before = await counts();
    await count(page, 'PENDING').waitFor();
    await expect.poll(() => count(page, 'PENDING').textContent()).toBe(String(before.PENDING));
    await expect(count(page, 'APPROVED').textContent()).resolves.toBe(String(before.APPROVED));
    await expect(count(page, 'REJECTED').textContent()).resolves.toBe(String(before.REJECTED));
    for (const title of ['Pending Approval', 'Requests Approved', 'Requests Rejected'])
      await page.getByText(title, { exact: true }).waitFor();

    await page.getByRole('heading', { name: 'Recent Staff Leave Requests' }).waitFor();
    await page.getByText('View all leave requests made by staff members.').waitFor();
    await settled(page);
    const headers = await table(page).getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      'Employee',
      'Leave Type',
      'Start Date',
      'End Date',
      'Days',
      'Status',
      'Requested On',
      'Actions',
    ]);
    // Seven a page (spec section 9).
    await expect(rows(page).count()).resolves.toBe(Math.min(7, before.TOTAL));
    await page.getByText(`Page 1 of ${Math.ceil(before.TOTAL / 7)}`).waitFor();
    // Dates carry their AM/PM marker.
    await expect(rows(page).first().locator('td').nth(2).textContent()).resolves.toMatch(
      /^\d{2}\/\d{2}\/\d{4} (AM|PM)$/,
    );
    await expect(page.getByRole('button', { name: 'Reset' }).count()).resolves.toBe(0);
    await snap(page, 'dashboard-1280');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Status filter: Pending only.
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    const popover = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('searchbox', { name: 'Search Status' }) });
    await popover.getByText('Pending', { exact: true }).click();
    await expect(popover.getByRole('checkbox', { name: 'Pending' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Status/ }).textContent()).resolves.toBe('StatusPending');
    await expect.poll(() => page.getByText(`Page 1 of ${Math.ceil(before.PENDING / 7)}`).count()).toBe(1);
    await settled(page);
    await expect(rows(page).count()).resolves.toBe(Math.min(7, before.PENDING));
    const statuses = await rows(page).locator('td:nth-child(6)').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Pending']));
    await page.getByRole('button', { name: 'Reset' }).waitFor();

    // The pending hospitalisation request: its PDF in a frame, and who else is away then.
    const request = rows(page).filter({ hasText: 'Hospitalisation Leave' });
    const days = await request.locator('td').nth(4).textContent();
    await expect(request.getByRole('link').getAttribute('href')).resolves.toMatch(/^\/admin\/users\/\d+$/);
    await request.getByRole('button', { name: /^View leave request of / }).click();
    const sheet = page.getByRole('dialog', { name: 'Leave Request Details' });
    await sheet.waitFor();
    const frame = sheet.locator('iframe[title="Attachment (PDF)"]');
    await frame.waitFor();
    await expect(frame.getAttribute('src')).resolves.toMatch(/\/api\/files\//);
    await sheet
      .getByRole('list', { name: 'Others away on these days' })
      .getByText('Priya Ramasamy')
      .waitFor();
    await sheet.getByText(`${days} days`, { exact: true }).waitFor();
    await sheet.getByText('Approving or rejecting this request cannot be undone.').waitFor();
    await snap(page, 'review-sheet-1280');
    expect(await accessibilityProblems(page)).toEqual([]);

    await sheet.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Approval successful!')
      .getByText('Leave request approved for Nur Aisyah binti Rahman')
      .waitFor();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => count(page, 'PENDING').textContent()).toBe(String(before.PENDING - 1));
    await expect(count(page, 'APPROVED').textContent()).resolves.toBe(String(before.APPROVED + 1));
    // The list reloaded without it.
    await expect.poll(() => rows(page).filter({ hasText: 'Hospitalisation Leave' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Reset' }).count()).toBe(0);
    await page.getByText(`Page 1 of ${Math.ceil(before.TOTAL / 7)}`).waitFor();
  });

  it('at phone width the requests fit the screen: neither the page nor the table scrolls sideways', async () => {
    const page = await signIn({ width: 390, height: 844 });
    await settled(page);
    await rows(page).first().waitFor();
    const scroller = table(page).locator('xpath=..');
    const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'dashboard-390');
    expect(await accessibilityProblems(page)).toEqual([]);
    await rows(page)
      .first()
      .getByRole('button', { name: /^View leave request of / })
      .click();
    await page.getByRole('dialog', { name: 'Leave Request Details' }).waitFor();
    await snap(page, 'review-sheet-390');
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});

describe('leave balance', () => {
  it("shows every employee's balance per leave type for the year", async () => {
    const year = Number(todayIso().slice(0, 4));
    const expected = await api<YearlyLeaveBalanceRow[]>(
      e2e.app.url,
      `/users/leave-balances/year?year=${year}`,
      {
        token,
      },
    );
    const types = await api<Array<{ id: number; name: string }>>(e2e.app.url, '/leave-types', { token });
    const page = await signIn();
    await page.getByRole('link', { name: 'Leave Balance', exact: true }).click();
    await page.waitForURL('**/admin/leave-balance');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      "View Employee's Leave Balance",
    );
    await expect(page.getByLabel('Year').inputValue()).resolves.toBe(String(year));
    await page.getByRole('heading', { name: `Leave Balance ${year}` }).waitFor();
    await page.getByText(/^Last fetched: /).waitFor();
    const balances = page.getByRole('table', { name: `Leave Balance ${year}` });
    const headers = await balances.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Employee', ...types.map((t) => t.name.split(' ').slice(0, -1).join(' '))]);
    await expect(balances.locator('tbody tr').count()).resolves.toBe(expected.length);
    const rajesh = expected.find((r) => r.user.fullName === 'Rajesh s/o Kumar');
    const annual = types.find((t) => t.name === 'Annual Leave');
    const cells = await balances
      .locator('tbody tr')
      .filter({ hasText: 'Rajesh s/o Kumar' })
      .locator('td')
      .allTextContents();
    const annualBalance = rajesh?.balances.find((b) => b.leaveTypeId === annual?.id)?.balance;
    expect(cells[1 + types.findIndex((t) => t.id === annual?.id)]).toBe(String(annualBalance));
    await snap(page, 'leave-balance-1280');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Open in PDF: a new tab showing the year's PDF through a temporary link.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Open in PDF' }).click(),
    ]);
    // PDFs are drawn in a worker thread; the first one of a server waits for it to start.
    await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/^blob:/);
    await tab.close();

    // Last year: the request across the year end is charged there too.
    await page.getByLabel('Year').selectOption(String(year - 1));
    await page.getByRole('heading', { name: `Leave Balance ${year - 1}` }).waitFor();
    await page.getByRole('table', { name: `Leave Balance ${year - 1}` }).waitFor();

    // Sorted by a leave type's column.
    const sortable = page.getByRole('columnheader', { name: 'Employee' });
    await sortable.getByRole('button').click();
    await expect.poll(() => sortable.getAttribute('aria-sort')).toBe('ascending');
  });

  it('at phone width', async () => {
    const page = await signIn({ width: 390, height: 844 });
    await page.goto('/admin/leave-balance');
    await page.getByText(/^Last fetched: /).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'leave-balance-390');
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});
