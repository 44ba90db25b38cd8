import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../src/domain/dates';
import { DEMO_STAFF_PASSWORD } from '../../src/server/seed/demo-company';
import { samples } from '../api/files';
import { dayMonthYear } from '../models/calendar-words';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessibilityProblems, appInBrowser, PHONE } from './app-server';

/**
 * Issue 37 item 4 in a real browser against the real server and its seeded company: a staff member files a
 * claim with a receipt photo, an administrator approves it in the review sheet with the receipt shown
 * inline, and the staff member sees it approved; the screens at 1280 px and on a phone (axe throughout).
 */

const STAFF = { email: 'meiling.goh@company.test', password: DEMO_STAFF_PASSWORD };
const shots = process.env.SCREENSHOT_DIR;
const e2e = appInBrowser();

const table = (page: Page, name: string) => page.getByRole('table', { name });
const settled = (page: Page, name: string) =>
  table(page, name).and(page.locator('[aria-busy="false"]')).waitFor();
const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });

async function snap(page: Page, name: string, fullPage = true) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

describe('expense claims', () => {
  it('a claim with a receipt is filed by staff, approved by an administrator, and shows approved', async () => {
    const today = todayIso();
    const description = `Taxi to the client ${Date.now()}`;

    // Staff: from Pay to My Claims, then New claim with a receipt photo.
    const staff = await e2e.signIn(STAFF.email, STAFF.password);
    await staff.getByRole('link', { name: 'Pay', exact: true }).click();
    await staff.getByRole('link', { name: 'My Claims' }).click();
    await staff.waitForURL('**/staff/claims');
    await staff.getByRole('heading', { name: 'My Claims' }).waitFor();
    await staff.getByRole('list', { name: 'My totals by claim type' }).waitFor();
    await settled(staff, 'My claims');
    await staff.getByRole('button', { name: 'New claim' }).click();
    const dialog = staff.getByRole('dialog', { name: 'New claim' });
    await dialog.waitFor();
    const receipt = dialog.locator('input[type="file"]');
    await expect(receipt.getAttribute('accept')).resolves.toBe('image/*,application/pdf');
    // Issue 37: "the receipt taken by the phone's camera or a file": a `capture` attribute would leave the
    // camera only, so there is none and the phone offers both.
    await expect(receipt.getAttribute('capture')).resolves.toBeNull();

    // Nothing filled in: each field says what it needs.
    await dialog.getByRole('button', { name: 'Submit claim' }).click();
    await dialog.getByText('Please choose a claim type.').waitFor();
    await dialog.getByText('Please enter the amount.').waitFor();

    await dialog.getByLabel('Claim type').selectOption('Transport');
    await dialog.getByLabel('Date').fill(dayMonthYear(today));
    await dialog.getByLabel('Amount ($)').fill('12.50');
    await dialog.getByLabel('Description').fill(description);
    await receipt.setInputFiles({ name: 'taxi.png', mimeType: 'image/png', buffer: samples.png });
    await dialog.getByText('Chosen: taxi.png').waitFor();
    await snap(staff, 'new-claim-1280');
    expect(await accessibilityProblems(staff)).toEqual([]);
    await dialog.getByRole('button', { name: 'Submit claim' }).click();
    await toast(staff, 'Claim submitted').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const mine = table(staff, 'My claims').locator('tbody tr').filter({ hasText: description });
    await mine.getByText('Pending').waitFor();
    await mine.getByText('$12.50').waitFor();
    await snap(staff, 'my-claims-1280');
    expect(await accessibilityProblems(staff)).toEqual([]);

    // Admin: Claims in the sidebar, the claim first among those pending, reviewed in the sheet.
    const admin = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.getByRole('link', { name: 'Claims', exact: true }).click();
    await admin.waitForURL('**/admin/claims');
    const row = admin.locator('tbody tr').filter({ hasText: 'Goh' }).filter({ hasText: '$12.50' });
    await row
      .first()
      .getByRole('button', { name: /^Review the claim/ })
      .click();
    const sheet = admin.getByRole('dialog', { name: 'Claim Details' });
    await sheet.getByText(description).waitFor();
    const image = sheet.getByRole('img', { name: 'Receipt' });
    await image.waitFor();
    await expect(image.getAttribute('src')).resolves.toMatch(/\/api\/files\//);
    await sheet.getByRole('list', { name: /Transport totals$/ }).waitFor();
    await snap(admin, 'claim-review-1280', false);
    expect(await accessibilityProblems(admin)).toEqual([]);
    await sheet.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'Claim approved').waitFor();
    await sheet.waitFor({ state: 'detached' });
    await snap(admin, 'admin-claims-1280');

    // Staff: the claim is approved, and can no longer be deleted.
    await staff.reload();
    await settled(staff, 'My claims');
    await mine.getByText('Approved').waitFor();
    await expect(mine.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0);

    // On a phone.
    const phone = await e2e.signIn(STAFF.email, STAFF.password, PHONE);
    await phone.goto('/staff/claims');
    await settled(phone, 'My claims');
    await snap(phone, 'my-claims-390');
    expect(await accessibilityProblems(phone)).toEqual([]);
    const adminPhone = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, PHONE);
    await adminPhone.goto('/admin/claims');
    await adminPhone.getByRole('heading', { name: 'Claims' }).waitFor();
    await snap(adminPhone, 'admin-claims-390');
    expect(await accessibilityProblems(adminPhone)).toEqual([]);
  });
});
