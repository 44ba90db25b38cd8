// A thread of its own for one large PDF written to a file (services/payroll/ir8a-jobs.ts), so the
// pool's threads stay free for payslips. Registers tsx first, as ./worker.mjs does.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { writeIr8aFile } = await import('./ir8a-file.ts');

await writeIr8aFile(workerData.data, workerData.file, (done) => parentPort?.postMessage({ done }));
