import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '../../src/domain/dates';
import type { LeaveBalance, LeaveCounts } from '../../src/domain/leave';
import { publicHolidayOn } from '../../src/domain/public-holidays';
import { DEMO_STAFF_PASSWORD } from '../../src/server/seed/demo-company';
import { makePdf } from '../api/files';
import { dayMonthYear } from '../models/calendar-words';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessibilityProblems, api, appInBrowser } from './app-server';

/**
 * The staff side of leave in a real browser against the real server and its seeded company: a half day with
 * a PDF, a request over the balance refused, the request on the dashboard and in My profile with the balance
 * down by exactly its days, deleting it, and the screens at phone width (axe checks throughout).
 */

const EMAIL = 'meiling.goh@company.test';
let token = '';
let userId = 0;
const shots = process.env.SCREENSHOT_DIR;

/** A working day at least a week ahead (no weekend, no public holiday). */
function workingDayAhead(): string {
  let day = addDaysIso(todayIso(), 7);
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) || publicHolidayOn(day)) {
    day = addDaysIso(day, 1);
  }
  return day;
}

const e2e = appInBrowser();

beforeAll(async () => {
  const login = await api<{ accessToken: string; user: { id: number } }>(e2e.app.url, '/auth/login', {
    method: 'POST',
    body: { email: EMAIL, password: DEMO_STAFF_PASSWORD },
  });
  token = login.accessToken;
  userId = login.user.id;
});

async function signIn(
  viewport = { width: 1280, height: 800 },
  as = { email: EMAIL, password: DEMO_STAFF_PASSWORD },
) {
  return e2e.signIn(as.email, as.password, viewport);
}

const annualAvailable = async () => {
  const balances = await api<LeaveBalance[]>(e2e.app.url, `/users/${userId}/leave-balances`, { token });
  return balances.find((b) => b.leaveType.name === 'Annual Leave')?.balance ?? null;
};
const counts = () => api<LeaveCounts>(e2e.app.url, `/users/${userId}/leave-requests/count`, { token });
const table = (page: Page, name: string) => page.getByRole('table', { name });
const rows = (page: Page, name: string) => table(page, name).locator('tbody tr:not([aria-hidden])');
const settled = (page: Page, name: string) =>
  table(page, name).and(page.locator('[aria-busy="false"]')).waitFor();
const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Request for Leave' });

async function snap(page: Page, name: string, fullPage = true) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

/** Fills the dialog; the dates are typed day first, as the screens show them whatever the locale. */
async function fillRequest(
  page: Page,
  request: { type: string; from: string; to: string; fromTime?: 'AM' | 'PM'; toTime?: 'AM' | 'PM' },
) {
  const form = dialog(page);
  await form.getByLabel('Leave Type').selectOption(request.type);
  await form.getByLabel('Start Date').fill(dayMonthYear(request.from));
  if (request.fromTime) await form.getByLabel('Start Time').selectOption(request.fromTime);
  await form.getByLabel('End Date').fill(dayMonthYear(request.to));
  if (request.toTime) await form.getByLabel('End Time').selectOption(request.toTime);
}

describe('staff leave', () => {
  it('requests a half day with a PDF, is refused over the balance, sees it everywhere, and deletes it', async () => {
    const day = workingDayAhead();
    const before = { available: await annualAvailable(), counts: await counts() };
    expect(before.available).not.toBeNull();
    const page = await signIn();
    await page.getByRole('heading', { name: 'Your Recent Requests' }).waitFor();
    await expect
      .poll(() => page.getByTestId('count-PENDING').textContent())
      .toBe(String(before.counts.PENDING));
    await settled(page, 'Your leave requests');
    const headers = await table(page, 'Your leave requests').getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      'Leave Type',
      'Start Date',
      'End Date',
      'Days',
      'Status',
      'Requested On',
      'Actions',
    ]);
    await snap(page, 'staff-dashboard-1280');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Over the balance: two weeks of Childcare Leave (6 days a year) is refused, and the dialog stays.
    await page.getByRole('button', { name: 'Request Leave' }).click();
    await dialog(page).waitFor();
    await dialog(page)
      .getByText(/request Unpaid Leave instead/)
      .waitFor();
    await fillRequest(page, { type: 'Childcare Leave', from: day, to: addDaysIso(day, 11) });
    await expect(dialog(page).getByLabel('Days').inputValue()).resolves.toMatch(/^\d+(\.5)?$/);
    await dialog(page).getByRole('button', { name: 'Create Request' }).click();
    await toast(page, 'Not enough Childcare Leave balance').waitFor();
    await dialog(page)
      .getByText(/^Not enough Childcare Leave balance for \d{4}/)
      .waitFor();
    // A click outside does not dismiss it.
    await page.mouse.click(5, 5);
    await expect(dialog(page).isVisible()).resolves.toBe(true);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    // A half day (the morning) of Annual Leave with a PDF.
    await page.getByRole('button', { name: 'Request Leave' }).click();
    await fillRequest(page, { type: 'Annual Leave', from: day, to: day, toTime: 'AM' });
    await expect(dialog(page).getByLabel('Days').inputValue()).resolves.toBe('0.5');
    await dialog(page).getByText('Upload Image', { exact: true }).waitFor();
    await dialog(page)
      .locator('input[name="file"]')
      .setInputFiles({ name: 'dentist.pdf', mimeType: 'application/pdf', buffer: await makePdf('Dentist') });
    await dialog(page).getByText('Selected Image', { exact: true }).waitFor();
    await dialog(page).getByText('dentist.pdf').waitFor();
    await dialog(page).getByLabel('Reason').fill('Wisdom tooth');
    await snap(page, 'request-leave-1280');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Create Request' }).click();
    await toast(page, 'Leave Request Created!')
      .getByText('Approval has to be made by your employer.')
      .waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await annualAvailable()).toBe((before.available as number) - 0.5);
    await expect
      .poll(() => page.getByTestId('count-PENDING').textContent())
      .toBe(String(before.counts.PENDING + 1));

    // On the dashboard, newest first.
    const [dd, mm, yyyy] = [day.slice(8), day.slice(5, 7), day.slice(0, 4)];
    const row = rows(page, 'Your leave requests').filter({ hasText: `${dd}/${mm}/${yyyy}` });
    await row.first().waitFor();
    await expect(row.locator('td').allTextContents()).resolves.toEqual([
      'Annual Leave',
      `${dd}/${mm}/${yyyy} AM`,
      `${dd}/${mm}/${yyyy} AM`,
      '0.5',
      'Pending',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      '',
    ]);

    // The details: the PDF in a frame.
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    const panel = page.getByRole('dialog', { name: 'Leave Request Details' });
    await panel.getByText('This request is pending approval from the admin.').waitFor();
    await panel.getByText('0.5 days').waitFor();
    await panel.getByText('Wisdom tooth').waitFor();
    await expect(panel.locator('iframe').getAttribute('src')).resolves.toMatch(/\/api\/files\//);
    await panel.getByRole('link', { name: 'Open the PDF in a new tab' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await snap(page, 'leave-details-1280', false);
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    // My profile: the request and the balance, down by exactly half a day.
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL('**/staff/profile');
    await settled(page, 'Leave requests');
    await rows(page, 'Leave requests')
      .filter({ hasText: `${dd}/${mm}/${yyyy} AM` })
      .first()
      .waitFor();
    const balance = rows(page, 'Leave Balance').filter({ hasText: 'Annual Leave' });
    await expect
      .poll(() => balance.locator('td').nth(4).textContent())
      .toBe(String((before.available as number) - 0.5));
    await expect(
      rows(page, 'Leave Balance').filter({ hasText: 'Unpaid Leave' }).locator('td').nth(1).textContent(),
    ).resolves.toBe('-');
    await snap(page, 'my-profile-leave-1280');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Deleting the pending request from its details gives the half day back.
    const mine = rows(page, 'Leave requests')
      .filter({ hasText: `${dd}/${mm}/${yyyy} AM` })
      .first();
    // On a loaded machine a click can land while the menu is still opening; the user clicks again.
    for (let attempt = 1; ; attempt++) {
      await mine.getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'View' }).click();
      try {
        await panel.getByText('Deleting a request cannot be undone.').waitFor({ timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await page.keyboard.press('Escape');
      }
    }
    await panel.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Leave request deleted')
      .getByText('The leave request has been deleted successfully.')
      .waitFor();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => balance.locator('td').nth(4).textContent()).toBe(String(before.available));
    expect(await annualAvailable()).toBe(before.available);
  });

  it('deletes a pending request from the row menu, after the question', async () => {
    const day = addDaysIso(workingDayAhead(), 7);
    const created = await api<{ id: number }>(e2e.app.url, '/leave-requests', {
      method: 'POST',
      token,
      body: {
        userId,
        leaveType: 'Medical Leave',
        fromDate: day,
        fromDateIsAm: true,
        toDate: day,
        toDateIsAm: false,
        reason: '',
        fileUrl: '',
      },
    });
    const page = await signIn();
    await settled(page, 'Your leave requests');
    const row = rows(page, 'Your leave requests').filter({ hasText: 'Medical Leave' }).first();
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete Request' }).click();
    const question = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await question.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Leave request deleted').waitFor();
    await expect
      .poll(async () =>
        (
          await api<{ data: Array<{ id: number }> }>(e2e.app.url, `/users/${userId}/leave-requests`, {
            token,
          })
        ).data.map((r) => r.id),
      )
      .not.toContain(created.id);
  });

  it('at phone width the dialog is usable and the tables fit without scrolling sideways', async () => {
    const page = await signIn({ width: 390, height: 844 });
    await settled(page, 'Your leave requests');
    const scroller = table(page, 'Your leave requests').locator('xpath=..');
    const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'staff-dashboard-390');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Request Leave' }).click();
    await dialog(page).waitFor();
    await fillRequest(page, { type: 'Annual Leave', from: workingDayAhead(), to: workingDayAhead() });
    await expect(dialog(page).getByLabel('Days').inputValue()).resolves.toBe('1');
    // The fields scroll inside the dialog; the button stays reachable on screen.
    const submit = dialog(page).getByRole('button', { name: 'Create Request' });
    const box = await submit.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await snap(page, 'request-leave-390');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Close' }).click();

    await page.goto('/staff/profile');
    await settled(page, 'Leave requests');
    await settled(page, 'Leave Balance');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'my-profile-leave-390');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('an administrator requests leave for the user on user detail, and the balance there drops by its days', async () => {
    const day = addDaysIso(workingDayAhead(), 14);
    const before = await annualAvailable();
    const page = await signIn({ width: 1280, height: 800 }, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await page.goto(`/admin/users/${userId}`);
    await settled(page, 'Leave requests');
    await settled(page, 'Leave Balance');
    await page.getByRole('button', { name: 'Add Leave Request' }).click();
    await fillRequest(page, { type: 'Annual Leave', from: day, to: day });
    await expect(dialog(page).getByLabel('Days').inputValue()).resolves.toBe('1');
    await dialog(page).getByRole('button', { name: 'Create Request' }).click();
    await toast(page, 'Leave Request Created!').waitFor();
    const balance = rows(page, 'Leave Balance').filter({ hasText: 'Annual Leave' });
    await expect.poll(() => balance.locator('td').nth(4).textContent()).toBe(String((before as number) - 1));
    const [dd, mm, yyyy] = [day.slice(8), day.slice(5, 7), day.slice(0, 4)];
    await rows(page, 'Leave requests')
      .filter({ hasText: `${dd}/${mm}/${yyyy} AM` })
      .first()
      .waitFor();
    expect(await annualAvailable()).toBe((before as number) - 1);
    await snap(page, 'user-detail-leave-1280');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'user-detail-leave-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityProblems(page)).toEqual([]);
    // The details panel at phone width.
    await rows(page, 'Leave requests')
      .filter({ hasText: `${dd}/${mm}/${yyyy} AM` })
      .first()
      .getByRole('button', { name: 'Actions' })
      .click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    const panel = page.getByRole('dialog', { name: 'Leave Request Details' });
    await panel.getByText('No image uploaded.').waitFor();
    await panel.getByText('No reason stated.').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await snap(page, 'leave-details-390', false);
  });
});
