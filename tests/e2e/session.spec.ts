import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, animationsFinished, api, appInBrowser } from './app-server';

/** The session in a real browser against the real server: sign-in, the forced password, inactivity, mobile. */

// Reset e-mails go through a real SMTP conversation to this local server.
const mailbox: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    stream.on('end', () => {
      mailbox.push(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});

const e2e = appInBrowser(() => ({
  SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
}));

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function open(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await e2e.newPage(viewport);
  await page.goto(path);
  return page;
}

async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });

type Box = { x: number; y: number; width: number; height: number };
/** Where an element rests, once it has finished moving in. */
async function box(locator: import('playwright-core').Locator): Promise<Box> {
  await animationsFinished(locator.page());
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('session in the browser', () => {
  it('on a phone, toasts cover none of the sign-in, Set Password and Change Password forms', async () => {
    const { accessToken } = await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const email = `siti.aminah.${Date.now()}@company.test`;
    await api(e2e.app.url, '/auth/register', {
      method: 'POST',
      token: accessToken,
      body: { fullName: 'Siti Aminah', email, role: 'STAFF', password: 'Temporary-Pass-1' },
    });
    const page = await open('/login', { width: 390, height: 844 });
    await signIn(page, email, 'not-the-password');
    const refusal = toast(page, 'Login Error');
    await refusal.waitFor();
    expect(overlap(await box(refusal), await box(page.getByRole('form', { name: 'Sign in' })))).toBe(false);
    await signIn(page, email, 'Temporary-Pass-1');
    const welcome = toast(page, 'Welcome! Please set your password');
    await welcome.waitFor();
    const form = page.getByRole('form', { name: 'Set Password' });
    await form.waitFor();
    expect(overlap(await box(welcome), await box(form))).toBe(false);
    await form.getByLabel('Temporary Password').fill('Temporary-Pass-1');
    await form.getByLabel('New Password', { exact: true }).fill('Own-Pass-2026');
    await form.getByLabel('Confirm Password').fill('Own-Pass-2026');
    await form.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL('**/staff');
    // A refusal in the Change Password dialog, opened from the drawer.
    await page.getByRole('button', { name: 'Toggle Sidebar' }).locator('visible=true').click();
    await page
      .getByRole('dialog', { name: 'Staff navigation' })
      .getByRole('button', { name: 'Change Password' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill('not-the-password');
    await dialog.getByLabel('New Password', { exact: true }).fill('Another-Pass-33');
    await dialog.getByLabel('Confirm Password').fill('Another-Pass-33');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    const error = toast(page, 'Error');
    await error.waitFor();
    expect(overlap(await box(error), await box(dialog.getByRole('form')))).toBe(false);
  });

  it('an administrator signs in and sees the admin layout with the welcome line', async () => {
    const page = await open('/');
    await page.waitForURL('**/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL('**/admin');
    await expect(toast(page, 'Login successful!').isVisible()).resolves.toBe(true);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByText(/^Welcome, /).waitFor();
    for (const name of ['Home', 'Users', 'Leave Balance', 'Process', 'Records']) {
      await sidebar.getByRole('link', { name, exact: true }).waitFor();
    }
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard');
    expect(await page.title()).toBe('Dashboard · HR Portal');
    await page.getByRole('main').getByRole('heading', { name: 'Dashboard' }).waitFor();
    // A move to another page names the tab after it and starts reading at its heading.
    await sidebar.getByRole('link', { name: 'Leave Balance', exact: true }).click();
    await page.waitForURL('**/admin/leave-balance');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await page.title()).toBe("View Employee's Leave Balance · HR Portal");
  });

  it('a wrong password shows the Login Error toast', async () => {
    const page = await open('/login');
    await signIn(page, ADMIN_EMAIL, 'not-the-password');
    await toast(page, 'Login Error').waitFor();
    await expect(toast(page, 'Login Error').textContent()).resolves.toContain('Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    // Said once, by the toast (issue 34): no second copy inside the form to push it down.
    const form = page.getByRole('form', { name: 'Sign in' });
    expect(await form.getByText('Invalid email or password.').count()).toBe(0);
  });

  it('a field emptied and left is marked invalid, with the message beneath it', async () => {
    const page = await open('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('a');
    await form.getByLabel('Email').fill('');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');
    await form.getByText('Email and Password are required.').waitFor();
    await expect(form.getByRole('button', { name: 'Login' }).isDisabled()).resolves.toBe(true);
  });

  it('a new staff user must set a password, then reaches /staff', async () => {
    const { accessToken } = await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const email = `nur.hidayah.${Date.now()}@company.test`;
    await api(e2e.app.url, '/auth/register', {
      method: 'POST',
      token: accessToken,
      body: { fullName: 'Nur Hidayah Binti Ismail', email, role: 'STAFF', password: 'Temporary-Pass-1' },
    });

    const page = await open('/login');
    await signIn(page, email, 'Temporary-Pass-1');
    await toast(page, 'Welcome! Please set your password').waitFor();
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(await page.title()).toBe('Set Password · HR Portal');
    const form = page.getByRole('form', { name: 'Set Password' });
    await form.getByLabel('Temporary Password').fill('Temporary-Pass-1');
    await form.getByLabel('New Password', { exact: true }).fill('My-Own-Pass-22');
    await form.getByLabel('Confirm Password').fill('My-Own-Pass-22');
    await form.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL('**/staff');
    await toast(page, 'Password changed').waitFor();
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByText('Welcome, Nur Hidayah Binti Ismail')
      .waitFor();
    // The initials skip BINTI.
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('NH', { exact: true }).waitFor();
  });

  it('a new administrator is welcomed, must set a password at /admin, then uses the admin area', async () => {
    const { accessToken } = await api<{ accessToken: string }>(e2e.app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const email = `ravi.menon.${Date.now()}@company.test`;
    await api(e2e.app.url, '/auth/register', {
      method: 'POST',
      token: accessToken,
      body: { fullName: 'Ravi Menon', email, role: 'ADMIN', password: 'Temporary-Pass-1' },
    });

    const page = await open('/login');
    await signIn(page, email, 'Temporary-Pass-1');
    await toast(page, 'Login successful!').waitFor();
    await page.waitForURL('**/admin');
    const form = page.getByRole('form', { name: 'Set Password' });
    await form.getByLabel('Temporary Password').fill('Temporary-Pass-1');
    await form.getByLabel('New Password', { exact: true }).fill('Admin-Own-Pass-22');
    await form.getByLabel('Confirm Password').fill('Admin-Own-Pass-22');
    await form.getByRole('button', { name: 'Set Password' }).click();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Welcome, Ravi Menon').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('forgot password: the e-mailed link sets a new password, and the user signs in with it', async () => {
    const page = await open('/login');
    await page.getByText('Forgot Password?').click();
    await page.getByLabel('Email').fill('weiming.tan@company.test');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await toast(page, 'Reset email sent').waitFor();
    await page.getByRole('button', { name: /^Please wait \d+s before requesting again\.\.\.$/ }).waitFor();

    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = mailbox
        .map((mail) => /(http:\/\/\S+\/reset-password\?token=[\w%-]+)/.exec(mail)?.[1])
        .find(Boolean);
      if (!link) await page.waitForTimeout(50);
    }
    expect(link).toBeDefined();
    await page.goto(link as string);
    await page.getByLabel('New Password').fill('Reset-By-Mail-2026');
    await page.getByLabel('Confirm Password').fill('Reset-By-Mail-2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Password reset successful').waitFor();
    // The toast is still up: the Password field must remain the only thing labelled so.
    await page.getByLabel('Email').fill('weiming.tan@company.test');
    await page.getByLabel('Password').fill('Reset-By-Mail-2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/staff');
  });

  it('asks after 13 idle minutes; Stay Logged In keeps the session, silence logs out 2 minutes later', async () => {
    const page = await e2e.newPage();
    // The page clock drives animation frames but not CSS animations: on a busy machine a closing
    // dialog's animation could end before the frame that starts watching for its end, and the dialog
    // stayed. A user who asks for less motion gets no animation, so nothing waits on one.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL('**/admin');
    const prompt = page.getByRole('alertdialog', { name: 'Are you still there?' });

    // The page clock also runs with real time, so the checks leave a margin for a busy machine.
    await page.mouse.move(5, 5);
    await page.clock.fastForward(770_000);
    expect(await prompt.isVisible()).toBe(false);
    await page.clock.fastForward(20_000);
    await prompt.waitFor();
    expect(await prompt.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(prompt.textContent()).resolves.toContain('logged out in 2 minutes');
    // Focus starts on the answer most people want; the countdown runs.
    const stay = prompt.getByRole('button', { name: 'Stay Logged In' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Stay Logged In');
    await expect(stay.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const timer = prompt.getByRole('timer');
    const before = await timer.textContent();
    await page.clock.fastForward(3_000);
    await page.waitForFunction(
      (shown) => document.querySelector('[role=timer]')?.textContent !== shown,
      before,
    );
    expect(await timer.textContent()).toMatch(/^1:5\d$/);
    await page.keyboard.press('Escape');
    expect(await prompt.isVisible()).toBe(true);

    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200,
    );
    await prompt.getByRole('button', { name: 'Stay Logged In' }).click();
    await refreshed;
    await prompt.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/admin');

    await page.mouse.move(10, 10);
    await page.clock.fastForward(781_000);
    await prompt.waitFor();
    await page.clock.fastForward(121_000);
    await page.waitForURL('**/login');
    // An automatic logout says why, in the toast and on the login screen the user comes back to.
    await toast(page, 'You have been logged out').waitFor();
    await page
      .getByText('You were logged out after 15 minutes without activity. Please log in again.')
      .waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
  });

  it('below 768px the sidebar is a drawer opened by the toggle; toasts cover neither it nor the toggle', async () => {
    const page = await open('/login', { width: 375, height: 740 });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL('**/admin');
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Toggle Sidebar' }).locator('visible=true');
    const welcome = toast(page, 'Login successful!');
    await welcome.waitFor();
    expect(overlap(await box(welcome), await box(toggle))).toBe(false);
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Admin navigation' });
    await drawer.waitFor();
    // The toast that was showing goes when the drawer opens, so it covers none of the drawer's controls.
    await welcome.waitFor({ state: 'hidden' });
    await drawer.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/admin/users');
    await drawer.waitFor({ state: 'hidden' });
  });
});
