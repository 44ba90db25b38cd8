import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessibilityProblems, api, appInBrowser } from './app-server';

/** axe-core's WCAG 2.1 A and AA rules on the screens built so far, at desktop and phone widths. */

const e2e = appInBrowser();

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
])('accessibility on %s', (_name, viewport) => {
  it('the login screen, both tabs, and the reset-password screen', async () => {
    const page = await e2e.newPage(viewport);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    // Fields emptied and left, marked invalid with their messages.
    for (const label of ['Email', 'Password']) {
      await page.getByLabel(label, { exact: true }).fill('a');
      await page.getByLabel(label, { exact: true }).fill('');
      await page.keyboard.press('Tab');
    }
    await page.getByText('Email and Password are required.').nth(1).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Forgot Password' }).click();
    await page.getByRole('button', { name: 'Send Reset Email' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.goto('/reset-password?token=abc');
    await page.getByLabel('New Password').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('the admin layout and the Change Password dialog', async () => {
    const page = await e2e.newPage(viewport);
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    if (viewport.width < 768) await page.getByRole('button', { name: /sidebar/i }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('the Set Password step and the inactivity dialog', async () => {
    const { accessToken } = await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const email = `axe.${viewport.width}.${Date.now()}@company.test`;
    await api(e2e.app.url, '/auth/register', {
      method: 'POST',
      token: accessToken,
      body: { fullName: 'Aina Binti Yusof', email, role: 'STAFF', password: 'Temporary-Pass-1' },
    });
    const page = await e2e.newPage(viewport);
    await page.clock.install();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Temporary-Pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('form', { name: 'Set Password' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.clock.fastForward(781_000);
    await page.getByRole('alertdialog', { name: 'Are you still there?' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});
