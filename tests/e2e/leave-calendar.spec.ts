import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '../../src/domain/dates';
import type { LeaveRequest } from '../../src/domain/leave';
import { DEMO_STAFF_PASSWORD } from '../../src/server/seed/demo-company';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  accessibilityProblems,
  animationsFinished,
  api,
  appInBrowser,
  DESKTOP,
  PHONE,
} from './app-server';

/**
 * The team calendar (issue 17, part 5) in a real browser against the real server and its seeded company:
 * two months ahead, Chloe Fernandez takes an approved morning off and Arjun Mehta asks for two days
 * (pending). The admin finds both on /admin/leave-calendar (the half day as AM, the pending one marked),
 * opens the pending one in the Leave Request Details sheet, filters by type; at 390 px the month is a list
 * of days. Chloe sees her own morning on /staff and opens it. Axe checks and screenshots at both widths.
 */

const shots = process.env.SCREENSHOT_DIR;
const e2e = appInBrowser();
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);

let token = '';
/** The target month, two months from now, and its dates. */
let year = 0;
let month = 0;
let halfDay = '';
let pendingFrom = '';
let pendingTo = '';

const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const dayNumber = (date: string) => Number(date.slice(8));

async function holidaysOf(y: number): Promise<string[]> {
  const list = await api<Array<{ date: string }>>(e2e.app.url, `/public-holidays?year=${y}`, { token });
  return list.map((h) => h.date);
}

beforeAll(async () => {
  token = (
    await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    })
  ).accessToken;
  const today = todayIso();
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 + 2;
  year = Math.floor(index / 12);
  month = (index % 12) + 1;
  const holidays = await holidaysOf(year);
  // A Tuesday from the 8th that is no holiday, and the Thursday and Friday after it.
  let day = `${year}-${String(month).padStart(2, '0')}-08`;
  const working = (d: string) => ![0, 6].includes(dayOfWeek(d)) && !holidays.includes(d);
  while (
    dayOfWeek(day) !== 2 ||
    !working(day) ||
    !working(addDaysIso(day, 2)) ||
    !working(addDaysIso(day, 3))
  )
    day = addDaysIso(day, 1);
  halfDay = day;
  pendingFrom = addDaysIso(day, 2);
  pendingTo = addDaysIso(day, 3);

  const users = await api<
    { data: Array<{ id: number; fullName: string }> } | Array<{ id: number; fullName: string }>
  >(e2e.app.url, '/users?role=STAFF', { token });
  const list = Array.isArray(users) ? users : users.data;
  const idOf = (name: string) => {
    const found = list.find((u) => u.fullName === name);
    if (!found) throw new Error(`no ${name}`);
    return found.id;
  };
  const create = (
    userId: number,
    fromDate: string,
    fromDateIsAm: boolean,
    toDate: string,
    toDateIsAm: boolean,
  ) =>
    api<LeaveRequest>(e2e.app.url, '/leave-requests', {
      method: 'POST',
      token,
      body: {
        userId,
        leaveType: 'Annual Leave',
        fromDate,
        fromDateIsAm,
        toDate,
        toDateIsAm,
        reason: 'Calendar test',
        fileUrl: '',
        days: 1,
      },
    });
  const morning = await create(idOf('Chloe Fernandez'), halfDay, true, halfDay, true);
  await api(e2e.app.url, `/leave-requests/${morning.id}`, {
    method: 'PATCH',
    token,
    body: { status: 'APPROVED' },
  });
  await create(idOf('Arjun Mehta'), pendingFrom, true, pendingTo, false);
});

async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const monthName = () => MONTHS[month - 1] ?? '';
/** An entry's accessible name: who (or the type, on one's own calendar), the day and its half, the status. */
const entryName = (who: string, date: string, part: string, status: string) =>
  new RegExp(`^${who}, \\w+ ${dayNumber(date)} ${monthName()} ${part}, ${status}$`);
const chloeMorning = () => entryName('Chloe Fernandez, Annual Leave', halfDay, 'AM half day', 'Approved');
const arjunPending = () => entryName('Arjun Mehta, Annual Leave', pendingFrom, 'whole day', 'Pending');

async function showTargetMonth(page: Page) {
  await page.getByLabel('Year').first().selectOption(String(year));
  await page.getByLabel('Month').first().selectOption(String(month));
  await page.getByRole('heading', { name: `${monthName()} ${year}` }).waitFor();
}

describe('team calendar (admin)', () => {
  it('at 1280 px: a month grid with the half day and the pending request; an entry opens its request', async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, DESKTOP);
    await page.getByRole('link', { name: 'Leave Calendar', exact: true }).click();
    await page.waitForURL('**/admin/leave-calendar');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Leave Calendar');
    // Next twice reaches the month two ahead.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: `${monthName()} ${year}` }).waitFor();
    const grid = page.getByRole('table', { name: `Leave calendar, ${monthName()} ${year}` });
    const half = grid.getByRole('button', { name: chloeMorning() });
    await half.waitFor();
    await expect(half.getAttribute('data-part')).resolves.toBe('AM');
    await expect(half.locator('xpath=..').textContent()).resolves.toBe('AMChloe Fernandez');
    // The pending request on both its days, marked as pending.
    await expect(
      grid.getByRole('button', { name: arjunPending() }).getAttribute('data-status'),
    ).resolves.toBe('PENDING');
    await grid
      .getByRole('button', {
        name: entryName('Arjun Mehta, Annual Leave', pendingTo, 'whole day', 'Pending'),
      })
      .waitFor();
    // Weekends are marked.
    await expect(grid.locator('td[data-weekend]').count()).resolves.toBeGreaterThanOrEqual(8);
    await snap(page, 'leave-calendar-1280');
    expect(await accessibilityProblems(page)).toEqual([]);

    await grid.getByRole('button', { name: arjunPending() }).click();
    const sheet = page.getByRole('dialog', { name: 'Leave Request Details' });
    await sheet.waitFor();
    await sheet.getByText('Calendar test').waitFor();
    await sheet.getByRole('button', { name: 'Approve' }).waitFor();
    await sheet.getByRole('button', { name: 'Reject' }).waitFor();
    await animationsFinished(page);
    await snap(page, 'leave-calendar-sheet-1280');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // Filtered by another type, neither shows; all types again, both do.
    await page.getByLabel('Leave Type').selectOption({ label: 'Medical Leave' });
    await expect.poll(() => grid.getByRole('button', { name: chloeMorning() }).count()).toBe(0);
    await expect(grid.getByRole('button', { name: arjunPending() }).count()).resolves.toBe(0);
    await page.getByLabel('Leave Type').selectOption({ label: 'All leave types' });
    await grid.getByRole('button', { name: chloeMorning() }).waitFor();
  });

  it('at 390 px: a list of days, nothing scrolls sideways, and an entry opens its request', async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, PHONE);
    await page.goto('/admin/leave-calendar');
    await showTargetMonth(page);
    const list = page.getByRole('list', { name: `Leave calendar, ${monthName()} ${year}` });
    await list.getByRole('button', { name: chloeMorning() }).waitFor();
    const day = list.locator(`li[data-date="${halfDay}"]`);
    await day.getByRole('heading', { name: new RegExp(`${dayNumber(halfDay)} ${monthName()}`) }).waitFor();
    await list.getByRole('button', { name: arjunPending() }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'leave-calendar-390');
    expect(await accessibilityProblems(page)).toEqual([]);
    await list.getByRole('button', { name: arjunPending() }).click();
    const sheet = page.getByRole('dialog', { name: 'Leave Request Details' });
    await sheet.getByRole('button', { name: 'Approve' }).waitFor();
    await animationsFinished(page);
    await snap(page, 'leave-calendar-sheet-390');
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});

describe('own calendar (staff)', () => {
  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    it(`at ${width} px: Your Leave Calendar shows one's own morning off, which opens its request`, async () => {
      const page = await e2e.signIn('chloe.fernandez@company.test', DEMO_STAFF_PASSWORD, viewport);
      await page.getByRole('heading', { name: 'Your Recent Requests' }).waitFor();
      const card = page
        .locator('.chakra-card__root')
        .filter({ has: page.getByRole('heading', { name: 'Your Leave Calendar' }) });
      await card.getByLabel('Year').selectOption(String(year));
      await card.getByLabel('Month').selectOption(String(month));
      const own = card.getByRole('button', {
        name: entryName('Annual Leave', halfDay, 'AM half day', 'Approved'),
      });
      await own.waitFor();
      // Only her own: Arjun's request is not on her calendar.
      await expect(card.getByRole('button', { name: /Pending$/ }).count()).resolves.toBe(0);
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await snap(page, `staff-calendar-${width}`);
      expect(await accessibilityProblems(page)).toEqual([]);
      await own.click();
      const panel = page.getByRole('dialog', { name: 'Leave Request Details' });
      await panel.getByText('Calendar test').waitFor();
    });
  }
});
