import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, appInBrowser, DESKTOP, PHONE } from './app-server';

/**
 * /admin/timesheets (issue 36 item 5) in a real browser against the seeded company at 1280 and 390 px:
 * the month grid shows with its staff, the page itself never scrolls sideways on a phone, and a CSV with
 * a day of 13 hours gets the dry run's problem by row and column, with no Apply offered.
 */

const e2e = appInBrowser();
const SHOTS = process.env.SCREENSHOT_DIR ?? process.env.E2E_SCREENSHOTS;

describe('Timesheets', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('the month grid and a dry run with a bad row (%s)', async (name, viewport) => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
    await page.goto('/admin/timesheets');
    await page.getByRole('heading', { level: 1, name: 'Timesheets' }).waitFor();
    await page
      .getByRole('button', { name: /^Open .*'s month$/ })
      .first()
      .waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/timesheets-${name}.png`, fullPage: true });
    if (viewport === PHONE) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    }
    const today = new Date().toISOString().slice(0, 10);
    const csv = `employee,date,hours\nnobody@example.com,${today},13\n`;
    await page.getByLabel("CSV file of the month's hours").setInputFiles({
      name: 'hours.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const problems = page.getByRole('table', { name: 'Problems in the file' });
    await problems.waitFor();
    expect(await problems.textContent()).toContain('nobody@example.com');
    expect(await page.getByRole('button', { name: 'Apply', exact: true }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/timesheets-dry-run-${name}.png`, fullPage: true });
  });
});
