import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, isServerStale } from '../../src/build/server-build.mjs';

// The compiled server itself starting and answering is tests/api/startup.test.ts (`npm start`).

describe('dist-server/ is stale when a server source is newer', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'hr-server-build-'));
  const out = path.join(root, 'dist-server');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (relative: string, secondsAgo: number) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'x');
    const at = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(file, at, at);
    // Folders count too (a new file changes its folder), so age them with the file.
    for (let dir = path.dirname(file); dir.startsWith(root) && dir !== root; dir = path.dirname(dir))
      utimesSync(dir, at, at);
  };

  it('is stale when never built', () => {
    write('src/server/main.ts', 100);
    expect(isServerStale(root, out)).toBe(true);
  });

  it('is fresh when built after every source, and stale after the server or the domain changes', () => {
    write('src/domain/money.ts', 100);
    write('src/app/main.tsx', 100);
    write('dist-server/main.js', 50);
    expect(isServerStale(root, out)).toBe(false);
    // The web app is not the server's source.
    write('src/app/main.tsx', 10);
    expect(isServerStale(root, out)).toBe(false);
    write('src/domain/money.ts', 10);
    expect(isServerStale(root, out)).toBe(true);
    write('dist-server/main.js', 5);
    write('src/server/db/migrations/0099_new.sql', 1);
    expect(isServerStale(root, out)).toBe(true);
  });
});

describe('npm start builds the server when it is stale, and only then', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  // Inside the project (ignored by git): the compiled code finds the project above itself.
  const out = path.join(root, '.test-data', `dist-server-${process.pid}`);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('builds a missing build once for two starts at once, leaves a fresh one alone and rebuilds one older than its sources', async () => {
    const said: string[] = [];
    const log = (message: string) => said.push(message);
    // A lock left by a build whose process is gone (a Ctrl-C) does not hold the next start.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(`${out}.lock`, String(gone));
    await Promise.all([
      ensureServerBuilt(root, { outDir: out, log }),
      ensureServerBuilt(root, { outDir: out, log }),
    ]);
    // One build, said when it starts and when it ends with its time (issue 34: show the progress).
    expect(said).toEqual([
      'Building the server (dist-server/ is missing or stale)...',
      expect.stringMatching(/^Server built in \d+ s\.$/),
    ]);
    expect(existsSync(`${out}.lock`)).toBe(false);
    for (const entry of ['main.js', 'worker.js', 'pdf-worker.js'])
      expect(statSync(path.join(out, entry)).size).toBeGreaterThan(0);
    expect(isServerStale(root, out)).toBe(false);

    await ensureServerBuilt(root, { outDir: out, log });
    expect(said).toHaveLength(3);
    expect(said[2]).toMatch(/up to date/);

    // As if built before the last change to the sources.
    const longAgo = new Date('2000-01-01T00:00:00Z');
    utimesSync(path.join(out, 'main.js'), longAgo, longAgo);
    expect(isServerStale(root, out)).toBe(true);
    await ensureServerBuilt(root, { outDir: out, log });
    expect(said).toHaveLength(5);
    expect(statSync(path.join(out, 'main.js')).mtimeMs).toBeGreaterThan(Date.now() - 120_000);
    expect(isServerStale(root, out)).toBe(false);
  }, 120_000);
});
