import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { timedStep } from './progress.mjs';
import { isOutdated } from './stale.mjs';

/**
 * The compiled server (dist-server/, vite.server.config.ts): `npm start` builds it when it is missing
 * or older than a source, as the server builds the SPA (src/server/spa-build.ts), then runs it, so a
 * start no longer transpiles the server's TypeScript. Plain JavaScript: it runs before anything is
 * compiled, without tsx.
 */

/** What the server is built from: a change to any of these makes dist-server/ stale. */
const SERVER_SOURCES = ['vite.server.config.ts', 'src/server', 'src/domain', 'src/build/page-preloads.ts'];

export function isServerStale(root, outDir) {
  return isOutdated(root, SERVER_SOURCES, path.join(outDir, 'main.js'));
}

const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Runs `work` holding a lock file that names this process: processes started together (several
 * `npm start`, test files) build one after another, and a lock whose process is gone (a Ctrl-C during
 * a build) is taken over at once.
 */
async function withLock(lockFile, work) {
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let abandoned = false;
      try {
        const holder = Number(readFileSync(lockFile, 'utf8'));
        // An empty file is a lock being written this very moment, unless it has been empty for long.
        abandoned = holder > 0 ? !isRunning(holder) : Date.now() - statSync(lockFile).mtimeMs > 5_000;
      } catch {
        continue; // released meanwhile
      }
      if (abandoned) rmSync(lockFile, { force: true });
      else await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

/** Builds the server into outDir (default dist-server/) when it is missing or stale. */
export async function ensureServerBuilt(
  root,
  { outDir = path.join(root, 'dist-server'), log = console.log } = {},
) {
  if (!isServerStale(root, outDir)) {
    log('Server build (dist-server/) is up to date.');
    return;
  }
  mkdirSync(path.dirname(outDir), { recursive: true });
  await withLock(`${outDir}.lock`, async () => {
    if (!isServerStale(root, outDir)) return; // built by the process that held the lock
    await timedStep(
      {
        starting: 'Building the server (dist-server/ is missing or stale)...',
        ticking: (s) => `  still building the server: ${s} s`,
        finished: (s) => `Server built in ${s} s.`,
      },
      async () => {
        const staging = `${outDir}.building`;
        const { build } = await import('vite');
        await build({
          root,
          configFile: path.join(root, 'vite.server.config.ts'),
          logLevel: 'warn',
          build: { outDir: staging, emptyOutDir: true },
        });
        // Swapped in whole: a server running from the old build (its PDF threads load pdf-worker.js
        // later) never meets half a build.
        const old = `${outDir}.old`;
        rmSync(old, { recursive: true, force: true });
        if (existsSync(outDir)) renameSync(outDir, old);
        renameSync(staging, outDir);
        rmSync(old, { recursive: true, force: true });
      },
      { log },
    );
  });
}
