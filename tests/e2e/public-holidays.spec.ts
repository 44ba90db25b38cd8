import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '../../src/domain/dates';
import { dayMonthYear } from '../models/calendar-words';
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
 * The Public Holidays screen (issue 17, part 4) in a real browser against the real server and its seeded
 * company, at 1280 and 390 px: a pending three-day Annual Leave request is made through the API, the admin
 * adds a holiday on its middle day and the screen names that request with its days before and after (3 → 2),
 * then deletes the holiday after its confirmation and the request is back to 3 days. Axe checks each state.
 */

const e2e = appInBrowser();
const SHOTS = process.env.SCREENSHOT_DIR ?? process.env.E2E_SCREENSHOTS;

let token = '';
const staff: Record<string, number> = {};

const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const shown = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function holidaysOf(year: number): Promise<string[]> {
  const list = await api<Array<{ date: string }>>(e2e.app.url, `/public-holidays?year=${year}`, { token });
  return list.map((h) => h.date);
}

/** A Tuesday to Thursday, `weeksAhead` weeks from now, with no holiday in it. */
async function freeWeek(weeksAhead: number): Promise<[string, string, string]> {
  let day = addDaysIso(todayIso(), weeksAhead * 7);
  for (;;) {
    while (dayOfWeek(day) !== 2) day = addDaysIso(day, 1);
    const days = [day, addDaysIso(day, 1), addDaysIso(day, 2)] as [string, string, string];
    const holidays = new Set([
      ...(await holidaysOf(Number(days[0].slice(0, 4)))),
      ...(await holidaysOf(Number(days[2].slice(0, 4)))),
    ]);
    if (days.every((d) => !holidays.has(d))) return days;
    day = addDaysIso(day, 7);
  }
}

beforeAll(async () => {
  token = (
    await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    })
  ).accessToken;
  const users = await api<
    { data: Array<{ id: number; fullName: string }> } | Array<{ id: number; fullName: string }>
  >(e2e.app.url, '/users?role=STAFF', { token });
  for (const user of Array.isArray(users) ? users : users.data) staff[user.fullName] = user.id;
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page, width: number) {
  if (width !== PHONE.width) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('Public Holidays', () => {
  for (const [label, viewport, person, weeksAhead] of [
    ['1280', DESKTOP, 'Arjun Mehta', 6],
    ['390', PHONE, 'Chloe Fernandez', 8],
  ] as const) {
    it(`adds a holiday inside a pending request, names the request, then deletes it at ${label} px`, async () => {
      const [from, middle, to] = await freeWeek(weeksAhead);
      const userId = staff[person];
      if (!userId) throw new Error(`no ${person} in the seed`);
      await api(e2e.app.url, '/leave-requests', {
        method: 'POST',
        token,
        body: {
          userId,
          leaveType: 'Annual Leave',
          fromDate: from,
          fromDateIsAm: true,
          toDate: to,
          toDateIsAm: false,
          reason: 'Public holidays test',
          fileUrl: '',
          days: 3,
        },
      });
      const name = `Polling Day ${label}`;
      const year = Number(middle.slice(0, 4));

      const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
      await page.goto('/admin/public-holidays');
      await page.getByRole('heading', { level: 1, name: 'Public Holidays' }).waitFor();
      const thisYear = Number(todayIso().slice(0, 4));
      expect(await page.getByLabel('Year', { exact: true }).inputValue()).toBe(String(thisYear));
      await page
        .getByRole('table', { name: `Public holidays ${thisYear}` })
        .getByText("New Year's Day")
        .waitFor();
      expect(await accessibilityProblems(page)).toEqual([]);
      await noSidewaysScroll(page, viewport.width);
      await shot(page, `public-holidays-${label}`);

      // Add a holiday on the request's middle day.
      const form = page.getByRole('form', { name: 'Add holiday' });
      await form.getByLabel('Date').fill(dayMonthYear(middle));
      await form.getByLabel('Name').fill(name);
      await form.getByRole('button', { name: 'Add holiday' }).click();
      await page.locator('[data-scope="toast"]').getByText('Public holiday added').waitFor();
      const requestLine = `${person}, Annual Leave, ${shown(from)} to ${shown(to)}`;
      await page.getByText(`${requestLine}: 3 → 2 days`).waitFor();
      expect(await form.getByLabel('Name').inputValue()).toBe('');
      if (year !== thisYear) await page.getByLabel('Year', { exact: true }).selectOption(String(year));
      const table = page.getByRole('table', { name: `Public holidays ${year}` });
      await table.getByText(name).waitFor();
      expect(await accessibilityProblems(page)).toEqual([]);
      await noSidewaysScroll(page, viewport.width);
      await shot(page, `public-holidays-added-${label}`);

      // The same date again is refused, beside the field and in a toast.
      await form.getByLabel('Date').fill(dayMonthYear(middle));
      await form.getByLabel('Name').fill(name);
      await form.getByRole('button', { name: 'Add holiday' }).click();
      const again = `${shown(middle)} is already a public holiday (${name}).`;
      await form.getByText(again).waitFor();
      await page.locator('[data-scope="toast"]').getByText(again).waitFor();

      // Delete it after the confirmation: the request takes its 3 days again.
      await page.getByRole('button', { name: `Delete ${name} (${shown(middle)})` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this public holiday?' });
      await confirm.waitFor();
      expect(await accessibilityProblems(page)).toEqual([]);
      await shot(page, `public-holidays-confirm-${label}`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.locator('[data-scope="toast"]').getByText('Public holiday deleted').waitFor();
      await confirm.waitFor({ state: 'detached' });
      await page.getByText(`${requestLine}: 2 → 3 days`).waitFor();
      await table.getByText(name).waitFor({ state: 'detached' });
      expect(await accessibilityProblems(page)).toEqual([]);
      await noSidewaysScroll(page, viewport.width);
      await shot(page, `public-holidays-deleted-${label}`);
    });
  }

  for (const [label, viewport, person, weeksAhead] of [
    ['1280', DESKTOP, 'Arjun Mehta', 10],
    ['390', PHONE, 'Chloe Fernandez', 12],
  ] as const) {
    it(`the Request for Leave dialog counts a holiday the administrator added, at ${label} px`, async () => {
      const [from, middle, to] = await freeWeek(weeksAhead);
      const userId = staff[person];
      if (!userId) throw new Error(`no ${person} in the seed`);
      await api(e2e.app.url, '/public-holidays', {
        method: 'POST',
        token,
        body: { date: middle, name: `Company Day ${label}` },
      });
      try {
        const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
        await page.goto(`/admin/users/${userId}`);
        await page.getByRole('button', { name: 'Add Leave Request' }).click();
        const dialog = page.getByRole('dialog', { name: 'Request for Leave' });
        await dialog.getByLabel('Leave Type').selectOption('Annual Leave');
        await dialog.getByLabel('Start Date').fill(dayMonthYear(from));
        await dialog.getByLabel('End Date').fill(dayMonthYear(to));
        // Tuesday to Thursday is three working days; the holiday on the Wednesday is not leave.
        await expect.poll(() => dialog.getByLabel('Days').inputValue()).toBe('2');
        expect(await accessibilityProblems(page)).toEqual([]);
        await shot(page, `request-leave-over-holiday-${label}`);
      } finally {
        await api(e2e.app.url, `/public-holidays/${middle}`, { method: 'DELETE', token });
      }
    });
  }
});
