import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { analysedBuild, byGroup, type ModuleShare } from './bundle-breakdown';
import { benchPageLoads } from './page-loads';

/**
 * `npm run bench`, web app part: what /login costs a browser, next to a bare React 19 + Chakra UI v3 login
 * card (tests/bench/login-card) built by the same Vite in the same run, and how the server sends it.
 * Measured on a production build of this checkout, served by the real server to Debian's Chromium.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';
/** The issue's target: /login's JavaScript, gzipped, at most this many times the bare login card's. */
const MAX_RATIO = 1.25;
/** The bare card as measured when the target was set, for when this run cannot build one. */
const REFERENCE_BASELINE_BYTES = 142_000;
/** How many of /login's largest modules and packages the breakdown lists. */
const TOP_MODULES = 20;
const TOP_GROUPS = 15;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const jsFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(dir, f));

async function buildQuietly(options: Parameters<typeof build>[0]) {
  await build({ logLevel: 'silent', ...options });
}

interface Script {
  url: string;
  encoding: string | undefined;
  sentBytes: number;
  cache: string;
}

/** The scripts a fresh browser fetches for /login until it shows and the network is idle, as sent. */
async function scriptsLoadedBy(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const pending: Array<Promise<Script>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        Promise.all([request.response(), request.sizes()]).then(([response, sizes]) => ({
          url: request.url(),
          encoding: response?.headers()['content-encoding'],
          sentBytes: sizes.responseBodySize,
          cache: response?.headers()['cache-control'] ?? '',
        })),
      );
    });
    await page.goto(url);
    // The screen is up (its lazy chunk arrived), then nothing more is fetched for half a second.
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return Promise.all(pending);
  } finally {
    await browser.close();
  }
}

const sameFile = (a: string, b: string) => existsSync(a) && readFileSync(a).equals(readFileSync(b));

/** /login's packages and source folders next to the card's, then /login's largest modules. */
function breakdownLines(login: ModuleShare[], card: ModuleShare[]): string[] {
  const cardGroups = new Map(byGroup(card).map((group) => [group.group, group.gzip]));
  const loginGroups = byGroup(login);
  const column = (bytes: number | undefined) => (bytes === undefined ? '-' : kB(bytes)).padStart(9);
  return [
    `     /login by package or source folder, gzip (each file's gzip shared out by minified bytes), next to the card:`,
    `     ${'/login'.padStart(9)} ${'card'.padStart(9)}`,
    ...loginGroups
      .slice(0, TOP_GROUPS)
      .map((group) => `     ${column(group.gzip)} ${column(cardGroups.get(group.group))}  ${group.group}`),
    `     /login's ${TOP_MODULES} largest modules of ${login.length}, gzip and minified:`,
    ...login
      .slice(0, TOP_MODULES)
      .map((share) => `     ${column(share.gzip)} ${column(share.minified)}  ${share.module}`),
  ];
}

export interface BundleReport {
  ok: boolean;
  lines: string[];
}

export async function benchBundle(): Promise<BundleReport> {
  const work = mkdtempSync(path.join(tmpdir(), 'hr-bench-bundle-'));
  const lines: string[] = [];
  let ok = true;
  const check = (pass: boolean, text: string) => {
    ok &&= pass;
    lines.push(`${pass ? 'ok  ' : 'MISS'} ${text}`);
  };
  try {
    const appDir = path.join(work, 'app');
    const cardDir = path.join(work, 'login-card');
    const appBuild = { root, configFile: path.join(root, 'vite.config.ts') };
    const cardBuild = {
      root: path.join(root, 'tests/bench/login-card'),
      configFile: false as const,
      plugins: [react()],
    };
    await buildQuietly({ ...appBuild, build: { outDir: appDir } });
    await buildQuietly({ ...cardBuild, build: { outDir: cardDir, emptyOutDir: true } });
    const baseline = jsFiles(cardDir).reduce((sum, file) => sum + gzipSize(file), 0);
    // The same two builds again with the analyser, for the breakdown (tests/bench/bundle-breakdown.ts).
    const appAnalysed = path.join(work, 'app-analysed');
    const cardAnalysed = path.join(work, 'login-card-analysed');
    const appBreakdown = await analysedBuild(appBuild, appAnalysed, root);
    const cardBreakdown = await analysedBuild(cardBuild, cardAnalysed, root);

    const config = loadConfig({
      DATA_DIR: path.join(work, 'data'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    const database = await openDatabase({ kind: 'pglite' });
    const app = await buildApp({ config, db: database.db, spaDir: appDir });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      if (!existsSync(CHROMIUM))
        throw new Error(`No Chromium at ${CHROMIUM}: cannot measure what /login loads`);
      const scripts = await scriptsLoadedBy(`${base}/login`);
      const files = scripts.map((s) => path.join(appDir, new URL(s.url).pathname));
      const loginGzip = files.reduce((sum, file) => sum + gzipSize(file), 0);
      const loginPlain = files.reduce((sum, file) => sum + readFileSync(file).length, 0);
      const loginSent = scripts.reduce((sum, s) => sum + s.sentBytes, 0);
      const allGzip = jsFiles(appDir).reduce((sum, file) => sum + gzipSize(file), 0);

      const ratio = loginGzip / baseline;
      check(
        ratio <= MAX_RATIO,
        `/login JavaScript, gzip: ${kB(loginGzip)} in ${scripts.length} files; bare React + Chakra login card ` +
          `${kB(baseline)} (x${ratio.toFixed(2)}, target <= x${MAX_RATIO}; the issue's reference card ` +
          `${kB(REFERENCE_BASELINE_BYTES)}: x${(loginGzip / REFERENCE_BASELINE_BYTES).toFixed(2)})`,
      );
      lines.push(
        `     whole app JavaScript, gzip: ${kB(allGzip)}; /login loads ${Math.round((100 * loginGzip) / allGzip)}% of it`,
      );
      const encodings = [...new Set(scripts.map((s) => s.encoding ?? 'none'))].join(', ');
      // Files under 1 KB are not precompressed (src/build/precompress.ts): nothing to gain.
      const worthCompressing = scripts.filter((_, i) => readFileSync(files[i] as string).length >= 1024);
      check(
        worthCompressing.every((s) => s.encoding === 'br'),
        `/login JavaScript as Chromium received it: ${kB(loginSent)}, uncompressed ${kB(loginPlain)} ` +
          `(x${(loginSent / loginPlain).toFixed(2)}; encodings: ${encodings}, brotli for all ${worthCompressing.length} files over 1 KB)`,
      );
      check(
        scripts.every((s) => s.cache.includes('immutable')),
        `fingerprinted scripts cached as immutable: ${scripts.filter((s) => s.cache.includes('immutable')).length}/${scripts.length}`,
      );
      // The largest script: files under 1 KB have no compressed copies.
      const asset = scripts.toSorted((a, b) => b.sentBytes - a.sentBytes)[0]?.url ?? `${base}/`;
      const gzipped = await fetch(asset, { headers: { 'accept-encoding': 'gzip' } });
      check(
        gzipped.headers.get('content-encoding') === 'gzip' &&
          /accept-encoding/i.test(gzipped.headers.get('vary') ?? ''),
        `a gzip-only client gets the .gz copy: Content-Encoding ${gzipped.headers.get('content-encoding')}, Vary ${gzipped.headers.get('vary')}`,
      );
      const maps = readdirSync(appDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
        f.endsWith('.map'),
      );
      check(maps.length === 0, `source maps in the build: ${maps.length}`);

      // What /login's files are made of, next to the card's: the analysed builds must be the measured ones.
      const names = scripts.map((s) => new URL(s.url).pathname.replace(/^\//, ''));
      const cardNames = jsFiles(cardDir).map((file) => path.relative(cardDir, file));
      const differing = [
        ...names.filter((name) => !sameFile(path.join(appAnalysed, name), path.join(appDir, name))),
        ...cardNames.filter((name) => !sameFile(path.join(cardAnalysed, name), path.join(cardDir, name))),
      ];
      if (differing.length > 0) {
        lines.push(
          `     (no breakdown: the analysed builds differ from the measured ones in ${differing.join(', ')})`,
        );
      } else {
        lines.push(...breakdownLines(appBreakdown.shares(names), cardBreakdown.shares(cardNames)));
        const fileSizes = names
          .map((name) => ({ name: path.basename(name), gzip: gzipSize(path.join(appDir, name)) }))
          .toSorted((a, b) => b.gzip - a.gzip);
        lines.push(
          `     /login's files, gzip: ${fileSizes.map((f) => `${f.name} ${kB(f.gzip)}`).join(', ')}`,
        );
      }
    } finally {
      await app.close();
      await database.close();
    }
    // The main signed-in pages reloaded from the same build (tests/bench/page-loads.ts).
    const pages = await benchPageLoads(appDir);
    ok &&= pages.ok;
    lines.push(...pages.lines);
  } catch (error) {
    check(false, `web app figures: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { ok, lines };
}

// `npx tsx tests/bench/bundle.ts` runs this part alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await benchBundle();
  for (const line of report.lines) console.log(line);
  process.exitCode = report.ok ? 0 : 1;
}
