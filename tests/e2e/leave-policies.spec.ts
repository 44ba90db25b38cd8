import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  accessibilityProblems,
  appInBrowser,
  DESKTOP,
  PHONE,
} from './app-server';

/**
 * Issue 17 in a real browser against the seeded demo company: the Leave Policies screen (Annual Leave
 * raised above the Employment Act's 7, 8, ... 14 days, and refused below it with the law's words), and
 * the year end of a past year from the Leave Balance screen with its confirmation, at both widths.
 */

const e2e = appInBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;

/** This year in Singapore. */
const thisYear = () =>
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric' }).format(new Date()),
  );

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page, width: number) {
  if (width !== PHONE.width) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

const annualCard = (page: Page) => page.getByRole('listitem').filter({ hasText: 'Annual Leave' }).first();

describe('Leave Policies', () => {
  for (const [label, viewport, firstYear] of [
    ['1280', DESKTOP, '10'],
    ['390', PHONE, '11'],
  ] as const) {
    it(`raises Annual Leave's schedule and is refused below the law at ${label} px`, async () => {
      const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
      await page.goto('/admin/leave-policies');
      await page.getByRole('heading', { level: 1, name: 'Leave Policies' }).waitFor();
      await annualCard(page).getByText('By year of service').waitFor();
      // Each way days are set, and Unpaid Leave without a limit and without Edit.
      const unpaid = page.getByRole('listitem').filter({ hasText: 'Unpaid Leave' });
      await expect(unpaid.getByText('No limit').first().isVisible()).resolves.toBe(true);
      expect(await unpaid.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
      const medical = page.getByRole('listitem').filter({ hasText: 'Medical Leave' });
      await medical.getByText('By completed months (Employment Act)').waitFor();
      expect(await accessibilityProblems(page)).toEqual([]);
      await noSidewaysScroll(page, viewport.width);
      await shot(page, `leave-policies-${label}`);

      // Raised: year 1 above the Act's 7 days.
      await page.getByRole('button', { name: 'Edit Annual Leave' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Annual Leave' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('How days are set').inputValue()).toBe('SERVICE');
      await dialog.getByLabel('Year 1', { exact: true }).fill(firstYear);
      expect(await accessibilityProblems(page)).toEqual([]);
      await shot(page, `leave-policy-form-${label}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Leave Policy Updated!').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await annualCard(page)
        .getByText(new RegExp(`^Year 1: ${firstYear}, year 2: 8`))
        .waitFor();

      // Lowered below the law: refused, the law's words beside the schedule and in the toast.
      await page.getByRole('button', { name: 'Edit Annual Leave' }).click();
      await dialog.waitFor();
      expect(await dialog.getByLabel('Year 1', { exact: true }).inputValue()).toBe(firstYear);
      await dialog.getByLabel('Year 2', { exact: true }).fill('5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      const law =
        "Annual Leave cannot be less than the Employment Act's 7, 8, 9, 10, 11, 12, 13 and 14 days by year of service.";
      await dialog.getByText(law).first().waitFor();
      await page.locator('[data-scope="toast"]').getByText(law).waitFor();
      expect(
        await dialog.getByRole('group', { name: 'Days by year of service' }).getByText(law).count(),
      ).toBe(1);
      await shot(page, `leave-policy-refused-${label}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Nothing changed.
      await annualCard(page)
        .getByText(new RegExp(`^Year 1: ${firstYear}, year 2: 8`))
        .waitFor();
    });

    it(`closes a past year from the Leave Balance screen after its confirmation at ${label} px`, async () => {
      const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
      await page.goto('/admin/leave-balance');
      await page.getByRole('heading', { level: 1, name: "View Employee's Leave Balance" }).waitFor();
      const last = thisYear() - 1;
      await page.getByLabel('Year').selectOption(String(last));
      await page.getByRole('table', { name: `Leave Balance ${last}` }).waitFor();
      await page.getByRole('button', { name: `Close year ${last}` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Close year ${last}` });
      await confirm.waitFor();
      const question = (await confirm.getByText(/^Carry /).textContent()) ?? '';
      expect(question).toMatch(
        new RegExp(
          `^Carry \\d+(\\.5)? days? for \\d+ employees? into ${last + 1}\\? (\\d+(\\.5)? days? will be forfeited|No days will be forfeited)\\.$`,
        ),
      );
      expect(await accessibilityProblems(page)).toEqual([]);
      await shot(page, `year-end-confirm-${label}`);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.locator('[data-scope="toast"]').getByText(`Year ${last} closed`).waitFor();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('table', { name: `Leave Balance ${last}` }).waitFor();
      await noSidewaysScroll(page, viewport.width);
      await shot(page, `year-end-done-${label}`);
    });
  }
});
