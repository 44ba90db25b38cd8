import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import pg from 'pg';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const ADMIN_EMAIL = 'admin@company.test';
export const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';

const root = join(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  /** The app's own PostgreSQL database, when it runs on one (for setting up rows a test needs). */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The real app (SPA and API on one port) on a free port with a fresh data directory and a fresh
 * database of its own: embedded PGlite, or a new database on the PostgreSQL server of DATABASE_URL
 * (or of `postgres`) that is dropped afterwards, so no test file sees another's rows.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: { postgres?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'hr-e2e-'));
  const serverUrl = options.postgres ?? process.env.DATABASE_URL ?? '';
  let databaseUrl: string | null = null;
  let dbName = '';
  if (serverUrl) {
    dbName = `hr_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
    await onServer(serverUrl, `create database ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const child: ChildProcess = spawn(process.execPath, ['src/cli/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_ADMIN_EMAIL: ADMIN_EMAIL,
      SEED_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening on http://')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`The app exited (${code}) before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
      if (dbName) await onServer(serverUrl, `drop database if exists ${dbName} with (force)`);
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Calls the API as a script would (for setting up data the test needs). */
export async function api<T>(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${base}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      // A JSON content type with no body is refused, as a browser's would be.
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Resolves once running animations (a toast sliding in, a dialog fading in) are over; endless ones (spinners) are not waited for. */
export function animationsFinished(page: Page) {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * WCAG 2.1 AA problems axe finds on the page as it is, each with its elements and why. Colours are
 * judged once running animations (a dialog's fade-in) have finished, not halfway through;
 * endless ones (spinners) are not waited for.
 */
export async function accessibilityProblems(page: Page) {
  await animationsFinished(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary}`).join(', ')})`,
  );
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A test file's app and browser: started before its tests and stopped after them. Each page opens in a
 * context of its own (no cookies or storage shared), closed after its test.
 */
export function appInBrowser(
  env: () => Record<string, string> = () => ({}),
  options: Parameters<typeof startApp>[1] = {},
) {
  let app: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    app = await startApp(env(), options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  const running = () => {
    if (!app || !browser) throw new Error('the app is not running yet');
    return { app, browser };
  };
  const newPage = async (viewport = DESKTOP) => {
    const { app, browser } = running();
    const context = await browser.newContext({ viewport, baseURL: app.url });
    contexts.push(context);
    return context.newPage();
  };
  return {
    get app() {
      return running().app;
    },
    newPage,
    /** A new page, signed in through the login screen; resolves once the user's area shows. */
    async signIn(email: string, password: string, viewport = DESKTOP) {
      const page = await newPage(viewport);
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(/\/(admin|staff)(\/|$)/);
      return page;
    },
  };
}
