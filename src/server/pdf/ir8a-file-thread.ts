// A thread of its own for one large PDF written to a file (services/payroll/ir8a-jobs.ts), so the pool's
// threads stay free for payslips. From the sources ./file-worker.mjs registers tsx and loads this file;
// the compiled server runs it as dist-server/ir8a-file-thread.js (vite.server.config.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { writeIr8aFile } from './ir8a-file';

await writeIr8aFile(workerData.data, workerData.file, (done) => parentPort?.postMessage({ done }));
