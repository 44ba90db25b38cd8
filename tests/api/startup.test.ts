import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from './harness';

// The real entry point as `npm start` runs it (the compiled server, built first if stale), in a child
// process (the SPA is left out: the browser tests cover it). Once per run is enough, so only the
// PGlite project runs it.
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['src/cli/start.mjs'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', SERVE_SPA: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
  // A start that is expected to fail never listens; that is not an unhandled rejection.
  listening.catch(() => {});
  return { child, exited, listening, output: () => output };
}

const stop = async (child: ChildProcess, exited: Promise<number | null>) => {
  child.kill('SIGINT');
  return exited;
};

describe.runIf(testDatabaseKind === 'pglite')('npm start', () => {
  it('refuses a bad configuration value with a message naming the variable', async () => {
    const bad = start({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid configuration:\s+PORT:/);
    const badUrl = start({ DATABASE_URL: 'mysql://x', DATA_DIR: dataDir });
    expect(await badUrl.exited).toBe(1);
    expect(badUrl.output()).toMatch(/DATABASE_URL: must be a postgres/);
  });

  it('migrates, seeds, serves the API, stops cleanly on Ctrl-C and keeps its data', async () => {
    const first = start({ PORT: '0', DATA_DIR: dataDir });
    const url = await first.listening;
    expect(first.output()).toMatch(/Sign in as admin@company\.test \/ Admin@12345/);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@company.test', password: 'Admin@12345' }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const renamed = await fetch(`${url}/api/users/1`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ fullName: 'Renamed Before Restart', email: 'admin@company.test' }),
    });
    expect(renamed.status).toBe(200);

    // A large document is drawn in a thread of its own (issue 33.6): the compiled server finds that
    // thread's code too. The demo's last processed month is last month.
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
    const lastMonth = new Date();
    lastMonth.setDate(1);
    lastMonth.setMonth(lastMonth.getMonth() - 1);
    const year = lastMonth.getFullYear();
    const started = await fetch(`${url}/api/payslips/ir8a/jobs`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ year }),
    });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    let job: { status: string; downloadUrl: string | null; error: string | null } | undefined;
    for (let tries = 0; tries < 120 && !['completed', 'failed'].includes(job?.status ?? ''); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      job = (await (await fetch(`${url}/api/jobs/${jobId}`, { headers: auth })).json()) as typeof job;
    }
    expect(job).toMatchObject({ status: 'completed', error: null });
    const pdf = await fetch(`${url}${job?.downloadUrl}`, { headers: auth });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await stop(first.child, first.exited)).toBe(0);

    const second = start({ PORT: '0', DATA_DIR: dataDir });
    const again = await second.listening;
    expect(second.output()).not.toMatch(/Demo staff sign in/);
    const relogin = await fetch(`${again}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@company.test', password: 'Admin@12345' }),
    });
    const body = (await relogin.json()) as { user: { fullName: string } };
    expect(body.user.fullName).toBe('Renamed Before Restart');
    expect(await stop(second.child, second.exited)).toBe(0);
    // Two cold starts of the whole server, the first seeding the demo company: on a shared two-core
    // machine under other test files this took over a minute.
  }, 180_000);
});
