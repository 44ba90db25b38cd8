import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toCsv, validRow, wrongLetter } from '../api/staff-import-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessibilityProblems, appInBrowser, PHONE } from './app-server';

/**
 * Issue 38 item 6 in a real browser against the seeded demo company: the administrator opens Import from
 * the sidebar, chooses a staff file with a wrong NRIC check letter (the dry run names its row and column,
 * no Apply), then the corrected file, applies it and sees how many were created, with the invite offered;
 * at 1280 px and on a phone (axe throughout).
 */

const shots = process.env.SCREENSHOT_DIR;
const e2e = appInBrowser();

async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const file = (rows: Record<string, string>[]) => ({
  name: 'staff.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(toCsv(rows)),
});

async function importFile(page: Page, rows: Record<string, string>[]) {
  await page.locator('input[type="file"]').setInputFiles(file(rows));
}

describe('the Import screen', () => {
  it('names a bad row, then imports the corrected file', async () => {
    const stamp = Date.now() % 100_000;
    const rows = [0, 1].map((i) => validRow(i, 'company.test', 40_000 + stamp * 2));
    const bad = rows.map((row) => ({ ...row }));
    (bad[1] as Record<string, string>).nric = wrongLetter(String(rows[1]?.nric));

    const admin = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.getByRole('link', { name: 'Import', exact: true }).click();
    await admin.waitForURL('**/admin/import');
    await admin.getByRole('heading', { name: 'Import' }).waitFor();
    await importFile(admin, bad);
    const errors = admin.getByRole('table', { name: 'Errors in the file' });
    await errors.waitFor();
    await expect(errors.locator('tbody tr').first().textContent()).resolves.toContain('3nric');
    await expect(admin.getByRole('button', { name: 'Apply' }).count()).resolves.toBe(0);
    await snap(admin, 'import-errors-1280');
    expect(await accessibilityProblems(admin)).toEqual([]);

    const phone = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, PHONE);
    await phone.goto('/admin/import');
    await phone.getByRole('heading', { name: 'Import' }).waitFor();
    await importFile(phone, bad);
    await phone.getByRole('table', { name: 'Errors in the file' }).waitFor();
    await snap(phone, 'import-errors-390');
    expect(await accessibilityProblems(phone)).toEqual([]);

    await importFile(admin, rows);
    await admin.getByRole('button', { name: 'Apply' }).click();
    const result = admin.getByRole('region', { name: 'Result' });
    await result.getByText('created 2').waitFor();
    await result.getByRole('button', { name: 'E-mail sign-in links to the 2 imported staff' }).waitFor();
    await snap(admin, 'import-done-1280');
    expect(await accessibilityProblems(admin)).toEqual([]);
  });
});
