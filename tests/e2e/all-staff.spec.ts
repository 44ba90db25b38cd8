import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../src/server/seed/demo-company';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessibilityProblems, api, appInBrowser } from './app-server';

/** All Staff (/admin/users) in a real browser against the real server and its seeded company of 12 staff. */

const e2e = appInBrowser();

/** Signs the administrator in and opens All Staff from the sidebar; records the list requests it makes. */
async function openAllStaff(viewport = { width: 1280, height: 800 }) {
  const page = await e2e.newPage(viewport);
  const listRequests: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/users') listRequests.push(url);
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/admin');
  if (viewport.width < 768) await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.waitForURL('**/admin/users');
  await caption(page).waitFor();
  return { page, listRequests };
}

const table = (page: Page) => page.getByRole('table', { name: 'Staff' });
const rows = (page: Page) => table(page).locator('tbody tr');
const caption = (page: Page) => page.getByText(/^A total of \d+ staff members\.$/);
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
const confirmation = (page: Page) => page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });

async function chooseAction(page: Page, name: string, action: 'View' | 'Onboard' | 'Delete') {
  await row(page, name).getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search staff' });
  // As a user does: into the box first, then type.
  await box.click();
  await box.fill('');
  await box.pressSequentially(text, { delay: 40 });
}

describe('All Staff', () => {
  it('lists the staff with their status, pages by ten, sorts by email and searches after a pause', async () => {
    const { page, listRequests } = await openAllStaff();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('All Staff');
    await expect(page.getByRole('link', { name: 'Add Staff' }).getAttribute('href')).resolves.toBe(
      '/admin/register',
    );
    await expect(
      page.getByRole('searchbox', { name: 'Search staff' }).getAttribute('placeholder'),
    ).resolves.toBe('Search staff...');
    const headers = await table(page).getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Full Name', 'Email', 'Employment Status', 'Actions']);
    // Only STAFF users: the seeded administrator is not listed.
    expect(listRequests.at(-1)?.searchParams.get('role')).toBe('STAFF');
    // Every demo staff member, from the seed's own data: more than one page of ten.
    await expect(caption(page).textContent()).resolves.toBe(`A total of ${DEMO_STAFF.length} staff members.`);
    await expect(rows(page).count()).resolves.toBe(10);
    await page.getByText('Page 1 of 2').waitFor();
    await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect(rows(page).count()).resolves.toBe(DEMO_STAFF.length - 10);
    await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await expect(row(page, 'Wong Kar Yan').textContent()).resolves.toContain('Not yet Onboarded');
    await row(page, 'Wong Kar Yan').getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Onboard' }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'View' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');

    const email = table(page).getByRole('columnheader', { name: 'Email' });
    await expect(email.getAttribute('aria-sort')).resolves.toBe('none');
    await email.getByRole('button').click();
    await page.getByText('Page 1 of 2').waitFor();
    await expect(email.getAttribute('aria-sort')).resolves.toBe('ascending');
    await expect(rows(page).first().textContent()).resolves.toContain('aisyah.rahman@');
    await email.getByRole('button').click();
    await expect.poll(() => email.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => rows(page).first().textContent()).toContain('weiming.tan@');

    const before = listRequests.length;
    await search(page, 'tan');
    await expect.poll(() => caption(page).textContent()).toBe('A total of 1 staff members.');
    await expect(rows(page).first().textContent()).resolves.toContain('Tan Wei Ming');
    await expect(row(page, 'Tan Wei Ming').textContent()).resolves.toContain('Active');
    // Three keystrokes, one request: the search waits for a 300 ms pause.
    expect(listRequests.slice(before).map((url) => url.searchParams.get('search'))).toEqual(['tan']);

    await search(page, 'nobody-by-this-name');
    await table(page).getByRole('cell', { name: 'No results.' }).waitFor();
    await page.getByText('Page 1 of 1').waitFor();
  });

  it('View opens the user; Delete asks first, then deletes with a toast and starts the list over', async () => {
    const { page, listRequests } = await openAllStaff();
    await chooseAction(page, 'Arjun Mehta', 'View');
    await page.waitForURL(/\/admin\/users\/\d+$/);
    await page.goBack();
    await caption(page).waitFor();

    await search(page, 'Wong');
    await expect.poll(() => rows(page).count()).toBe(1);
    await chooseAction(page, 'Wong Kar Yan', 'Delete');
    const dialog = confirmation(page);
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(
      "This action cannot be undone. This will permanently delete this user's account and remove his/her data from our servers.",
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(row(page, 'Wong Kar Yan').count()).resolves.toBe(1);

    await chooseAction(page, 'Wong Kar Yan', 'Delete');
    await confirmation(page).getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'User deleted').waitFor();
    await expect(toast(page, 'User deleted').textContent()).resolves.toContain('Wong Kar Yan');
    await confirmation(page).waitFor({ state: 'hidden' });
    // Re-fetched with an empty search and role STAFF.
    await expect
      .poll(() => caption(page).textContent())
      .toBe(`A total of ${DEMO_STAFF.length - 1} staff members.`);
    await expect(page.getByRole('searchbox', { name: 'Search staff' }).inputValue()).resolves.toBe('');
    const last = listRequests.at(-1);
    expect([last?.searchParams.get('search'), last?.searchParams.get('role')]).toEqual(['', 'STAFF']);
  });

  it('a delete the server refuses says so and leaves the list as it was', async () => {
    const { page } = await openAllStaff();
    await chooseAction(page, 'Daniel Koh Jun Jie', 'Delete');
    await confirmation(page).waitFor();
    // Someone else deletes him meanwhile, so this delete finds no user.
    const { accessToken } = await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const users = await api<Array<{ id: number; fullName: string }>>(
      e2e.app.url,
      '/users?role=STAFF&search=Daniel',
      {
        token: accessToken,
      },
    );
    const daniel = users.find((user) => user.fullName === 'Daniel Koh Jun Jie');
    const removed = await fetch(`${e2e.app.url}/api/users/${daniel?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(removed.status).toBe(204);

    await confirmation(page).getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Error').waitFor();
    await expect(toast(page, 'Error').textContent()).resolves.toContain('Failed to delete user');
    await confirmation(page).waitFor({ state: 'hidden' });
  });

  it('at phone width the rows fit the screen: neither the page nor the table scrolls sideways', async () => {
    const { page } = await openAllStaff({ width: 390, height: 844 });
    const sizes = await table(page).evaluate((element) => {
      const scroller = element.parentElement as HTMLElement;
      return {
        page: document.documentElement.scrollWidth,
        table: element.getBoundingClientRect().width,
        scrollerWidth: scroller.clientWidth,
        scrollerContent: scroller.scrollWidth,
      };
    });
    expect(sizes.page).toBeLessThanOrEqual(390);
    expect(sizes.table).toBeLessThanOrEqual(390);
    expect(sizes.scrollerContent).toBeLessThanOrEqual(sizes.scrollerWidth);
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ])('passes the WCAG 2.1 AA checks on %s, with the confirmation open too', async (_, viewport) => {
    const { page } = await openAllStaff(viewport);
    const check = () => accessibilityProblems(page);
    await expect(check()).resolves.toEqual([]);
    await chooseAction(page, 'Arjun Mehta', 'Delete');
    await confirmation(page).waitFor();
    await expect(check()).resolves.toEqual([]);
  });
});
