import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { ServerProcessMessage, ServerProcessOptions } from './server-process';

/** The app, and its hand-written baseline unless the scenario has none, in a child process (tests/bench/server-process.ts). */
export interface ServerProcess {
  app: string;
  baseline: string | null;
  /** CPU time the server process has used so far, in microseconds. */
  cpuMicros(): Promise<number>;
  /** The server process's peak resident memory so far (VmHWM, read from /proc), in bytes. */
  peakRssBytes(): number;
  /** CPU time the server's main thread (its event loop) has used so far, from /proc, in microseconds. */
  mainThreadCpuMicros(): number;
  /** Runs one of the tasks of `options.tasks` in the server process and answers its result. */
  task(name: string): Promise<unknown>;
  close(): Promise<void>;
}

/** The app and its hand-written baseline, running in a child process. */
export interface BenchServers extends ServerProcess {
  baseline: string;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), {
    // BENCH_SERVER_NODE_OPTIONS: more options for the server's node, e.g. --cpu-prof to profile it.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
    ],
    env: { ...process.env, BENCH_SERVER_OPTIONS: JSON.stringify(options) },
  });
  const next = () =>
    new Promise<ServerProcessMessage>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench server process exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as ServerProcessMessage);
      });
    });
  const ask = async <T extends ServerProcessMessage['type']>(request: object, type: T) => {
    const answer = next();
    child.send(request);
    const message = await answer;
    if (message.type === 'failed') throw new Error(message.message);
    if (message.type !== type) throw new Error(`unexpected ${message.type}`);
    return message as Extract<ServerProcessMessage, { type: T }>;
  };
  const ready = await next();
  if (ready.type !== 'ready') {
    child.kill();
    throw new Error(ready.type === 'failed' ? ready.message : `unexpected ${ready.type}`);
  }
  return {
    app: ready.app,
    baseline: ready.baseline,
    cpuMicros: async () => (await ask({ type: 'cpu' }, 'cpu')).micros,
    peakRssBytes: () => peakRssOf(child.pid),
    mainThreadCpuMicros: () => mainThreadCpuOf(child.pid),
    task: async (name) => (await ask({ type: 'task', name }, 'task')).result,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await exited;
    },
  };
}

/** A process's peak resident set (Linux's /proc/<pid>/status), in bytes; NaN where there is no /proc. */
function peakRssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
  } catch {
    return Number.NaN;
  }
}

/** A process's main thread's CPU time (Linux's /proc/<pid>/task/<pid>/stat), in microseconds; NaN elsewhere. */
function mainThreadCpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

export async function startServers(options: ServerProcessOptions): Promise<BenchServers> {
  const servers = await startServerProcess(options);
  const { baseline } = servers;
  if (baseline === null) {
    await servers.close();
    throw new Error(`the ${options.scenario} scenario has no baseline server`);
  }
  return { ...servers, baseline };
}

export interface Round {
  rps: number;
  /** Server CPU time per answered request, in microseconds. */
  cpuPerRequest: number;
  /** autocannon's p99 latency, in milliseconds. */
  p99: number;
  latencies: number[];
  failures: number;
}

/** One autocannon run against a server, with the server process's CPU time over it. */
export async function round(
  servers: BenchServers,
  options: autocannon.Options,
  collectLatencies = false,
): Promise<Round> {
  const before = await servers.cpuMicros();
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    if (collectLatencies) {
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    }
  });
  const after = await servers.cpuMicros();
  return {
    rps: result.requests.average,
    cpuPerRequest: (after - before) / Math.max(1, result.requests.total),
    p99: result.latency.p99,
    latencies,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.POSITIVE_INFINITY;
