import { readFileSync } from 'node:fs';

export { setUp } from './payroll-tasks';

// The IR8A job bench's work in the server's process (tests/bench/server-process.ts runs these by name).

/** This server process's resident memory now and at its peak (VmRSS, VmHWM), in MiB. */
export function memory() {
  const status = readFileSync(`/proc/${process.pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}
