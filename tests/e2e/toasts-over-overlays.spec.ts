import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, appInBrowser } from './app-server';

/**
 * No toast may cover the actions of an open sheet or dialog. The case users met: an administrator signs
 * in and opens a pending request within the five seconds the 'Login successful!' toast shows; the toast
 * sat over Approve, and hovering it paused it there.
 */

const e2e = appInBrowser();

const toasts = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');
const table = (page: Page) => page.getByRole('table', { name: 'Leave requests' });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the toasts on screen now (leaving ones included), as the user sees them. */
async function toastBoxes(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const toast of await toasts(page).all()) {
    const box = await toast.boundingBox();
    if (box && box.width > 0 && box.height > 0) boxes.push(box);
  }
  return boxes;
}

async function expectClearOf(page: Page, buttons: Locator[]) {
  for (const button of buttons) {
    const target = await button.boundingBox();
    if (!target) throw new Error('button not on screen');
    for (const toast of await toastBoxes(page)) expect(overlaps(toast, target)).toBe(false);
  }
}

/** Opens the first pending request of the dashboard's list in its review sheet. */
async function openFirstPendingRequest(page: Page) {
  await table(page)
    .locator('tbody tr:not([aria-hidden])')
    .filter({ has: page.getByText('Pending', { exact: true }) })
    .first()
    .getByRole('button', { name: /^View leave request of / })
    .click();
  return page.getByRole('dialog', { name: 'Leave Request Details' });
}

describe('toasts and overlays', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width} px an administrator approves a request straight after signing in`, async () => {
      const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
      await toasts(page).filter({ hasText: 'Login successful!' }).waitFor();
      const sheet = await openFirstPendingRequest(page);
      await sheet.waitFor();
      const approve = sheet.getByRole('button', { name: 'Approve' });
      const reject = sheet.getByRole('button', { name: 'Reject' });
      await approve.waitFor();
      // Within the toast's five seconds: nothing over the sheet's actions, also while the user aims.
      await approve.hover();
      await expectClearOf(page, [approve, reject]);
      await approve.click({ timeout: 5_000 });
      await toasts(page).filter({ hasText: 'Approval successful!' }).waitFor();
      await sheet.waitFor({ state: 'detached' });
    });
  }

  it('a toast that comes while a dialog is open keeps clear of its buttons', async () => {
    const page = await e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const sheet = await openFirstPendingRequest(page);
    await sheet.getByRole('button', { name: 'Reject' }).waitFor();
    // The server goes away for a moment: the failure's toast comes while the sheet stays open.
    await page.route('**/api/leave-requests/*', (route) =>
      route.request().method() === 'PATCH' ? route.abort() : route.continue(),
    );
    await sheet.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(async () => (await toastBoxes(page)).length).toBeGreaterThan(0);
    await expectClearOf(page, [
      sheet.getByRole('button', { name: 'Approve' }),
      sheet.getByRole('button', { name: 'Reject' }),
    ]);
  });
});
