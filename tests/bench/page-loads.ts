import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { PAGE_PRELOADS_FILE } from '../../src/build/page-preloads';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { DEMO_STAFF_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { MAIN_PAGES, measurePageLoad, type PageLoad } from '../support/page-load';

/**
 * `npm run bench`, page loads (issue 33): each main signed-in page loaded in a signed-in tab with the
 * cache off, as after a deploy, over round trips of 100 ms, from a production build served by the real server on a seeded embedded
 * database: the code downloads its data request waited on one after another, and the time until its
 * content showed. The baseline is the same build served without the list of each page's code
 * (src/build/page-preloads.ts), where each lazy chunk waits for the one importing it.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';
/** The target: at most this many code downloads in a row before the page asks for its data. */
const MAX_CHAIN = 2;
const ROUNDS = 3;
const STAFF_EMAIL = 'meiling.goh@company.test';
/** Each request's round trip, as Chromium emulates it: a line to a server elsewhere, not loopback. */
const LATENCY_MS = 100;

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/(admin|staff)(\/|$)/);
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const chainText = (load: PageLoad) =>
  `${load.chain.map((file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '')).join(' > ')} > ${load.firstApi}`;

/** Measures the main pages on a built app (appDir); builds one when none is given. */
export async function benchPageLoads(builtDir?: string): Promise<{ ok: boolean; lines: string[] }> {
  const work = mkdtempSync(path.join(tmpdir(), 'hr-bench-pages-'));
  const lines: string[] = [];
  let ok = true;
  const appDir = builtDir ?? path.join(work, 'app');
  if (!builtDir)
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: appDir },
    });
  const list = path.join(appDir, PAGE_PRELOADS_FILE);
  const config = loadConfig({
    DATA_DIR: path.join(work, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedIfEmpty(database.db, config);
  const app = await buildApp({ config, db: database.db, spaDir: appDir });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const tab = async (email: string, password: string) => {
      const page = await (await browser.newContext({ baseURL: base })).newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LATENCY_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await signIn(page, email, password);
      return page;
    };
    const tabs = {
      ADMIN: await tab(config.seedAdminEmail, config.seedAdminPassword),
      STAFF: await tab(STAFF_EMAIL, DEMO_STAFF_PASSWORD),
    };
    for (const { path: pagePath, as, content } of MAIN_PAGES) {
      const runs = { listed: [] as PageLoad[], unlisted: [] as PageLoad[] };
      // Rounds alternate, so that a busy moment of the machine falls on both.
      for (let round = 0; round < ROUNDS; round += 1) {
        runs.listed.push(await measurePageLoad(tabs[as], pagePath, content));
        renameSync(list, `${list}.off`);
        try {
          runs.unlisted.push(await measurePageLoad(tabs[as], pagePath, content));
        } finally {
          renameSync(`${list}.off`, list);
        }
      }
      const [listed, unlisted] = [runs.listed, runs.unlisted].map((loads) => ({
        chain: Math.max(...loads.map((load) => load.chain.length)),
        ms: median(loads.map((load) => load.contentMs)),
        example: loads[0] as PageLoad,
      })) as [
        { chain: number; ms: number; example: PageLoad },
        { chain: number; ms: number; example: PageLoad },
      ];
      const pass = listed.chain <= MAX_CHAIN;
      ok &&= pass;
      lines.push(
        `${pass ? 'ok  ' : 'MISS'} reload of ${pagePath} (cache off, ${LATENCY_MS} ms round trips): ${listed.chain} code download(s) in a row before ` +
          `its data (target <= ${MAX_CHAIN}), content in ${Math.round(listed.ms)} ms; without the page's ` +
          `code named in its answer ${unlisted.chain}, ${Math.round(unlisted.ms)} ms (median of ${ROUNDS})`,
        `     ${chainText(listed.example)}; was ${chainText(unlisted.example)}`,
      );
    }
  } catch (error) {
    ok = false;
    lines.push(`MISS page loads: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (existsSync(`${list}.off`)) renameSync(`${list}.off`, list);
    await browser.close();
    await app.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
  return { ok, lines };
}

// `npx tsx tests/bench/page-loads.ts` runs this part alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await benchPageLoads();
  for (const line of report.lines) console.log(line);
  process.exitCode = report.ok ? 0 : 1;
}
