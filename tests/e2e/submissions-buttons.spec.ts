import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, appInBrowser, DESKTOP, PHONE } from './app-server';

/**
 * A visual review found the Submissions screen's IRAS buttons broken over two lines at 1280 px ("Make
 * IR8A forms (PDF)" alone, then "IR8A CSV" and "IRAS AIS file"). At 1280 px the three share one row;
 * at both widths every label sits on one line and the page does not scroll sideways. SHOTS=<dir> keeps
 * screenshots to look at.
 */

const e2e = appInBrowser();
const SHOTS = process.env.SHOTS;

/** How many lines each button's label takes: distinct tops of its text's boxes. */
const labelLines = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main button')].map((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { label: (button.textContent ?? '').trim(), lines: tops.size };
    }),
  );

describe('Submissions file buttons', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`keep each label on one line at ${label} px`, async () => {
      const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
      await page.goto('/admin/pay-submissions');
      await page.getByRole('heading', { level: 1, name: 'Submissions' }).waitFor();
      await page.getByRole('button', { name: 'IR8A CSV' }).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/submissions-${label}.png`, fullPage: true });
      const buttons = (await labelLines(page)).filter((b) => b.label !== '');
      expect(buttons.length).toBeGreaterThan(3);
      expect(buttons.filter((b) => b.lines > 1)).toEqual([]);
      if (viewport === DESKTOP) {
        const tops = await Promise.all(
          ['Make IR8A forms (PDF)', 'IR8A CSV', 'IRAS AIS file'].map(
            async (name) => (await page.getByRole('button', { name }).boundingBox())?.y,
          ),
        );
        expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }
});
