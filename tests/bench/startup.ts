import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../../src/build/server-build.mjs';

/**
 * `npm run bench`, start-up (issue 33): `npm start` on the embedded database, from the process's start
 * until it listens, on an empty data folder (migrations, the demo seed) and on a later start; beside it
 * the same server run from its TypeScript sources through tsx, as `npm start` did before it was compiled.
 * The web app's build is left out (SERVE_SPA=false): it is made once per change, not per start.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const FIRST_TARGET_MS = 15_000;
const LATER_TARGET_MS = 3_000;
const LATER_STARTS = 3;

const COMMANDS = {
  compiled: ['src/cli/start.mjs'],
  sources: ['--import', 'tsx', 'src/server/main.ts'],
};

/** One start until "Listening on": wall time, and the process's CPU time then (from /proc). */
function start(command: readonly string[], dataDir: string): Promise<{ ms: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const child = spawn(process.execPath, command, {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        SERVE_SPA: 'false',
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let result: { ms: number; cpuMs: number } | undefined;
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      if (result || !output.includes('Listening on')) return;
      const ms = performance.now() - began;
      // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 a second).
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      result = { ms, cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
      child.kill('SIGINT');
    });
    child.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`exited with ${code}: ${output}`)),
    );
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function benchStartup(): Promise<{ ok: boolean; lines: string[] }> {
  const lines: string[] = [];
  let ok = true;
  const check = (pass: boolean, text: string) => {
    ok &&= pass;
    lines.push(`${pass ? 'ok  ' : 'MISS'} ${text}`);
  };
  const built = performance.now();
  let building = false;
  await ensureServerBuilt(root, { log: () => (building = true) });
  if (building)
    lines.push(`     the server built into dist-server/ in ${seconds(performance.now() - built)}`);
  const figures: Record<
    string,
    { first: { ms: number; cpuMs: number }; later: number[]; laterCpu: number[] }
  > = {};
  for (const [name, command] of Object.entries(COMMANDS)) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-start-'));
    try {
      const first = await start(command, dataDir);
      const later = [];
      for (let i = 0; i < LATER_STARTS; i += 1) later.push(await start(command, dataDir));
      figures[name] = { first, later: later.map((s) => s.ms), laterCpu: later.map((s) => s.cpuMs) };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const { compiled, sources } = figures;
  if (!compiled || !sources) throw new Error('a start was not measured');
  check(
    compiled.first.ms <= FIRST_TARGET_MS,
    `npm start on an empty embedded database: listening after ${seconds(compiled.first.ms)} (target <= ` +
      `${seconds(FIRST_TARGET_MS)}), CPU ${seconds(compiled.first.cpuMs)}; from the sources through tsx ` +
      `${seconds(sources.first.ms)}, CPU ${seconds(sources.first.cpuMs)}`,
  );
  check(
    median(compiled.later) <= LATER_TARGET_MS,
    `npm start again on that database: ${seconds(median(compiled.later))} (median of ${LATER_STARTS}, target <= ` +
      `${seconds(LATER_TARGET_MS)}), CPU ${seconds(median(compiled.laterCpu))}; from the sources through tsx ` +
      `${seconds(median(sources.later))}, CPU ${seconds(median(sources.laterCpu))}`,
  );
  return { ok, lines };
}

// `npx tsx tests/bench/startup.ts` runs this part alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await benchStartup();
  for (const line of report.lines) console.log(line);
  process.exitCode = report.ok ? 0 : 1;
}
