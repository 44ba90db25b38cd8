import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, api, launchBrowser, type RunningServer, startApp } from './app-server';

/** The session in a real browser against the real server: sign-in, the forced password, inactivity, mobile. */

let app: RunningServer;
let browser: Browser;
let context: BrowserContext | null = null;

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
  const { port } = smtp.server.address() as AddressInfo;
  app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

afterEach(async () => {
  await context?.close();
  context = null;
});

async function open(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  context = await browser.newContext({ viewport, baseURL: app.url });
  const page = await context.newPage();
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

describe('session in the browser', () => {
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
  });

  it('a wrong password shows the Login Error toast', async () => {
    const page = await open('/login');
    await signIn(page, ADMIN_EMAIL, 'not-the-password');
    await toast(page, 'Login Error').waitFor();
    await expect(toast(page, 'Login Error').textContent()).resolves.toContain('Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('a new staff user must set a password, then reaches /staff', async () => {
    const { accessToken } = await api<{ accessToken: string }>(app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const email = `nur.hidayah.${Date.now()}@company.test`;
    await api(app.url, '/auth/register', {
      method: 'POST',
      token: accessToken,
      body: { fullName: 'Nur Hidayah Binti Ismail', email, role: 'STAFF', password: 'Temporary-Pass-1' },
    });

    const page = await open('/login');
    await signIn(page, email, 'Temporary-Pass-1');
    await toast(page, 'Welcome! Please set your password').waitFor();
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const form = page.getByRole('form', { name: 'Set Password' });
    await form.getByLabel('Current Password').fill('Temporary-Pass-1');
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
    const { accessToken } = await api<{ accessToken: string }>(app.url, '/auth/login', {
      method: 'POST',
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const email = `ravi.menon.${Date.now()}@company.test`;
    await api(app.url, '/auth/register', {
      method: 'POST',
      token: accessToken,
      body: { fullName: 'Ravi Menon', email, role: 'ADMIN', password: 'Temporary-Pass-1' },
    });

    const page = await open('/login');
    await signIn(page, email, 'Temporary-Pass-1');
    await toast(page, 'Login successful!').waitFor();
    await page.waitForURL('**/admin');
    const form = page.getByRole('form', { name: 'Set Password' });
    await form.getByLabel('Current Password').fill('Temporary-Pass-1');
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
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: app.url });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL('**/admin');
    const prompt = page.getByRole('dialog', { name: 'Are you still there?' });

    await page.clock.fastForward(779_000);
    expect(await prompt.isVisible()).toBe(false);
    await page.clock.fastForward(2_000);
    await prompt.waitFor();
    await expect(prompt.textContent()).resolves.toContain('logged out in 2 minutes');
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
    await toast(page, 'Logout successful!').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
  });

  it('below 768px the sidebar is a drawer opened by the toggle', async () => {
    const page = await open('/login', { width: 375, height: 740 });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL('**/admin');
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).locator('visible=true').click();
    const drawer = page.getByRole('dialog', { name: 'Admin navigation' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/admin/users');
    await drawer.waitFor({ state: 'hidden' });
  });
});
