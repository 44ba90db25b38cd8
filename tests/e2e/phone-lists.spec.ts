import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessibilityProblems, api, appInBrowser } from './app-server';

/**
 * The lists on a phone (issue 18, item 3), in a real browser at 390 x 844 against the seeded demo company:
 * nothing scrolls sideways, the columns a user opens a list for are on screen (leave: type, dates and status;
 * staff: name and employment status; payroll: employee and net payable), row controls are reachable, and the
 * three counts of both dashboards sit in one row. Every expected value is written here from the spec and the
 * demo company's data (README: staff sign in with Staff@12345).
 */

const e2e = appInBrowser();

const PHONE = { width: 390, height: 844 };
const STAFF_EMAIL = 'weiming.tan@company.test';
const STAFF_PASSWORD = 'Staff@12345';
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

/** Today's year and month in Singapore, the company's time zone. */
function thisMonth() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return { year, month };
}

/** The month before this one: the demo company's last processed month. */
function lastMonth() {
  const { year, month } = thisMonth();
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const settled = (page: Page, name: string) =>
  table(page, name).and(page.locator('[aria-busy="false"]')).waitFor();
const rowOf = (list: Locator, text: string | RegExp) =>
  list.locator('tbody tr').filter({ hasText: text }).first();

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Shown, and wholly between the left and right edges of the screen. */
async function onScreen(target: Locator, what: string) {
  await target.waitFor();
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box?.x, what).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), what).toBeLessThanOrEqual(PHONE.width);
}

/**
 * A row's values under the given column headers: each cell holds its value and is on screen, and the table
 * needs no sideways scrolling inside its card either.
 */
async function keyColumnsOnScreen(list: Locator, row: Locator, values: Record<string, string | RegExp>) {
  await row.waitFor();
  const headers = (await list.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  for (const [header, value] of Object.entries(values)) {
    const index = headers.indexOf(header);
    expect(index, `column '${header}' among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
    const cell = row.getByRole('cell').nth(index);
    const text = (await cell.textContent())?.trim() ?? '';
    if (typeof value === 'string') expect(text, header).toContain(value);
    else expect(text, header).toMatch(value);
    await onScreen(cell, `${header} cell`);
    await onScreen(cell.getByText(value).first(), `${header} value`);
  }
  const scroller = await list.evaluate((element) => {
    const parent = element.parentElement as HTMLElement;
    return { content: parent.scrollWidth, width: parent.clientWidth };
  });
  expect(scroller.content, 'the table scrolls sideways inside its card').toBeLessThanOrEqual(scroller.width);
}

/** Spec section 2: Pending Approval, Requests Approved, Requests Rejected, side by side on the first screen. */
async function countsInOneRow(page: Page) {
  const cards = page.getByRole('list', { name: 'Leave request counts' }).getByRole('listitem');
  await cards.first().waitFor();
  await expect.poll(() => cards.count()).toBe(3);
  await expect
    .poll(() => cards.allTextContents(), { timeout: 10_000 })
    .toEqual([
      expect.stringMatching(/^Pending Approval\d+$/),
      expect.stringMatching(/^Requests Approved\d+$/),
      expect.stringMatching(/^Requests Rejected\d+$/),
    ]);
  const boxes = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
  for (const [i, box] of boxes.entries()) {
    expect(box, `card ${i + 1}`).not.toBeNull();
    expect(box?.y, `card ${i + 1} top`).toBeCloseTo(boxes[0]?.y ?? -1, 0);
    await onScreen(cards.nth(i), `card ${i + 1}`);
  }
  // Compact: they leave most of the first screen to the list below.
  const bottom = Math.max(...boxes.map((box) => (box?.y ?? 0) + (box?.height ?? 0)));
  expect(bottom).toBeLessThan(PHONE.height / 2);
}

/** A period on the pay screens: the year first when it is another one. */
async function choosePeriod(page: Page, period: { year: number; month: number }) {
  if ((await page.getByLabel('Year').inputValue()) !== String(period.year))
    await page.getByLabel('Year').selectOption(String(period.year));
  await page.getByLabel('Month').selectOption(String(period.month));
}

async function userId(fullName: string) {
  const { accessToken } = await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const users = await api<Array<{ id: number; fullName: string }>>(
    e2e.app.url,
    `/users?role=STAFF&search=${encodeURIComponent(fullName)}`,
    { token: accessToken },
  );
  const user = users.find((u) => u.fullName === fullName);
  if (!user) throw new Error(`${fullName} is not in the demo company`);
  return user.id;
}

describe('lists on a phone (390 px)', () => {
  it('admin dashboard: the counts in one row, a request with its type, dates and status on screen', async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, PHONE);
    await countsInOneRow(page);
    const list = table(page, 'Leave requests');
    await settled(page, 'Leave requests');
    // Arjun Mehta's one request in the demo: Medical Leave, from a morning to an afternoon, rejected.
    await page.getByRole('searchbox', { name: 'Search staff' }).fill('Arjun');
    await expect.poll(() => list.locator('tbody tr').count()).toBe(1);
    const row = rowOf(list, 'Arjun Mehta');
    await keyColumnsOnScreen(list, row, {
      Employee: 'Arjun Mehta',
      'Leave Type': 'Medical Leave',
      'Start Date': /^\d{2}\/\d{2}\/\d{4} AM$/,
      'End Date': /^\d{2}\/\d{2}\/\d{4} PM$/,
      Status: 'Rejected',
    });
    await noSidewaysScroll(page);
    const view = row.getByRole('button', { name: 'View leave request of Arjun Mehta' });
    await onScreen(view, 'View');
    await view.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Leave Request Details' }).waitFor();
  });

  it('All Staff: names with their employment status; the row menu opens from the keyboard', async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, PHONE);
    await page.goto('/admin/users');
    await page.getByText(/^A total of \d+ staff members\.$/).waitFor();
    const list = table(page, 'Staff');
    await keyColumnsOnScreen(list, rowOf(list, 'Arjun Mehta'), {
      'Full Name': 'Arjun Mehta',
      'Employment Status': 'Active',
    });
    await keyColumnsOnScreen(list, rowOf(list, 'Marcus Lee Jun Hao'), {
      'Full Name': 'Marcus Lee Jun Hao',
      'Employment Status': 'Resigned',
    });
    await noSidewaysScroll(page);
    const actions = rowOf(list, 'Arjun Mehta').getByRole('button', { name: 'Actions' });
    await onScreen(actions, 'Actions');
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'View' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('Process Pay and View Processed Records: employee and status, employee and net payable; rows still select', async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, PHONE);
    await page.goto('/admin/process-pay');
    await page.getByText(/^A total of \d+ payslips to process\.$/).waitFor();
    const unprocessed = table(page, 'Unprocessed List');
    const chloe = rowOf(unprocessed, 'Chloe Fernandez');
    await keyColumnsOnScreen(unprocessed, chloe, { Employee: 'Chloe Fernandez', Status: 'Unprocessed' });
    await noSidewaysScroll(page);
    // Her checkbox, by pointer and by keyboard.
    const box = chloe.getByRole('checkbox', { name: 'Select Chloe Fernandez' });
    await onScreen(box.locator('xpath=..'), 'her checkbox');
    await box.locator('xpath=..').click();
    await page.getByText('1 selected', { exact: true }).waitFor();
    await box.focus();
    await page.keyboard.press('Space');
    await page.getByText('0 selected', { exact: true }).waitFor();
    const all = page.getByRole('checkbox', { name: 'Select all' });
    await onScreen(all.locator('xpath=..'), 'Select all');
    await all.locator('xpath=..').click();
    await page.getByText(/^([2-9]|\d{2,}) selected$/).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.goto('/admin/pay-records');
    await page.getByText(/^A total of \d+ employees with processed payslips\.$/).waitFor();
    await choosePeriod(page, lastMonth());
    const processed = table(page, 'Processed List');
    // Last month Chloe Fernandez (a citizen of 31, $4,600, ECF) was paid 4,600.00 less 20% CPF (920.00)
    // and the ECF's 12.00, with no other items.
    await keyColumnsOnScreen(processed, rowOf(processed, 'Chloe Fernandez'), {
      Employee: 'Chloe Fernandez',
      'Net Payable': '3,668.00',
    });
    await noSidewaysScroll(page);
    await onScreen(page.getByRole('button', { name: 'Actions for Chloe Fernandez' }), 'her row menu');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it("Leave Balance report and a user's leave tables", async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, PHONE);
    await page.goto('/admin/leave-balance');
    await page.getByText(/^Last fetched: /).waitFor();
    const report = table(page, `Leave Balance ${thisMonth().year}`);
    // Arjun Mehta joined in October 2022 and has taken no annual leave: the Act's 7 days in the first
    // calendar year of service, one more each year after, up to 14.
    await keyColumnsOnScreen(report, rowOf(report, 'Arjun Mehta'), {
      Employee: 'Arjun Mehta',
      Annual: String(annualDaysByTheAct(2022, thisMonth().year)),
    });
    await noSidewaysScroll(page);

    await page.goto(`/admin/users/${await userId('Tan Wei Ming')}`);
    await settled(page, 'Leave requests');
    await settled(page, 'Leave Balance');
    await userLeaveOnScreen(page, 'Leave requests');
    await noSidewaysScroll(page);
  });

  it('staff: dashboard counts in one row, the leave tables of the dashboard and My profile, My Payslips', async () => {
    const page = await e2e.signIn(STAFF_EMAIL, STAFF_PASSWORD, PHONE);
    await countsInOneRow(page);
    await settled(page, 'Your leave requests');
    await userLeaveOnScreen(page, 'Your leave requests');
    await noSidewaysScroll(page);

    await page.goto('/staff/profile');
    await settled(page, 'Leave requests');
    await settled(page, 'Leave Balance');
    await userLeaveOnScreen(page, 'Leave requests');
    await noSidewaysScroll(page);

    await page.goto('/staff/payslips');
    const { year, month } = lastMonth();
    await settled(page, 'Payslips');
    if ((await page.getByLabel('Year').inputValue()) !== String(year))
      await page.getByLabel('Year').selectOption(String(year));
    const payslips = table(page, 'Payslips');
    const row = rowOf(payslips, MONTHS[month - 1] as string);
    // Tan Wei Ming last month: 6,200.00 less 20% CPF (1,240.00) and CDAC's 2.00, plus a 120.00 travel allowance.
    await keyColumnsOnScreen(payslips, row, {
      Month: MONTHS[month - 1] as string,
      'Net Payable': '5,078.00',
    });
    await onScreen(
      row.getByRole('button', { name: `View payslip for ${MONTHS[month - 1]} ${year}` }),
      'View',
    );
    await noSidewaysScroll(page);
  });

  it('at desktop width the lists stay tables: one line per row under one header row', async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, { width: 1280, height: 800 });
    await page.goto('/admin/users');
    await page.getByText(/^A total of \d+ staff members\.$/).waitFor();
    const list = table(page, 'Staff');
    const headers = list.getByRole('columnheader');
    await expect(headers.allTextContents()).resolves.toEqual([
      'Full Name',
      'Email',
      'Employment Status',
      'Actions',
    ]);
    const tops = async (cells: Locator) =>
      new Set(
        (await cells.evaluateAll((all) => all.map((c) => c.getBoundingClientRect().top))).map(Math.round),
      );
    expect((await tops(headers)).size).toBe(1);
    expect((await tops(rowOf(list, 'Arjun Mehta').getByRole('cell'))).size).toBe(1);
    await expect(list.getByRole('columnheader', { name: 'Employment Status' }).isVisible()).resolves.toBe(
      true,
    );
  });
});

/**
 * Tan Wei Ming's leave in the demo: Annual Leave ahead, from a morning, pending; the balance lists every
 * leave type with the demo's 14 days of annual leave.
 */
async function userLeaveOnScreen(page: Page, requestsName: string) {
  const requests = table(page, requestsName);
  await keyColumnsOnScreen(requests, rowOf(requests, 'Pending'), {
    'Leave Type': 'Annual Leave',
    'Start Date': /^\d{2}\/\d{2}\/\d{4} AM$/,
    'End Date': /^\d{2}\/\d{2}\/\d{4} (AM|PM)$/,
    Status: 'Pending',
  });
  await onScreen(
    rowOf(requests, 'Pending').getByRole('button', { name: /^Actions for Annual Leave from / }),
    'row menu',
  );
  if (requestsName === 'Your leave requests') return;
  const balance = table(page, 'Leave Balance');
  await keyColumnsOnScreen(balance, rowOf(balance, 'Annual Leave'), {
    'Leave Type': 'Annual Leave',
    // Tan Wei Ming joined in March 2021.
    Total: String(annualDaysByTheAct(2021, thisMonth().year)),
    Available: /^\d+(\.5)?$/,
  });
}

/** Employment Act s.88A: 7 days of annual leave in the first year of service, one more a year, 14 from the eighth. */
function annualDaysByTheAct(hireYear: number, year: number): number {
  return Math.min(14, 7 + (year - hireYear));
}
