import { existsSync } from 'node:fs';
import path from 'node:path';
import { timedStep } from '../build/progress.mjs';
import { isOutdated } from '../build/stale.mjs';

/** What the SPA is built from: a change to any of these makes dist/ stale. */
const SPA_SOURCES = [
  'index.html',
  'vite.config.ts',
  'public',
  'src/app',
  'src/build',
  'src/views',
  'src/ui',
  'src/api',
  'src/actors',
  'src/domain',
  'machines',
];

export function isSpaStale(root: string, distDir: string): boolean {
  return isOutdated(root, SPA_SOURCES, path.join(distDir, 'index.html'));
}

/** Builds the SPA with Vite when dist/ is missing or older than its sources. */
export async function ensureSpaBuilt(
  root: string,
  distDir: string,
  log: (message: string) => void,
): Promise<void> {
  if (!isSpaStale(root, distDir)) {
    log('Web app build (dist/) is up to date.');
    return;
  }
  if (!existsSync(path.join(root, 'src/app/main.tsx'))) {
    log('No SPA sources found; serving the API only.');
    return;
  }
  await timedStep(
    {
      starting: 'Building the web app (dist/ is missing or stale; about 2 minutes on a first start)...',
      ticking: (s) => `  still building the web app: ${s} s`,
      finished: (s) => `Web app built in ${s} s.`,
    },
    () => buildSpa(root, distDir),
    { log },
  );
}

async function buildSpa(root: string, distDir: string): Promise<void> {
  const { build } = await import('vite');
  // A production build whatever NODE_ENV the server was started with (a test runner sets 'test', which
  // would make Vite pick the libraries' development builds, three times the size).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: distDir },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
