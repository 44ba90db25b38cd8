import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PayslipEmailData } from './payslip-email';
import type { PdfTask, WorkerTask } from './render-task';

/**
 * PDFs are drawn in worker threads: pdfkit lays out every line synchronously, and a month's table or
 * ten payslips at once held the event loop (a health check waited 850 ms). A thread per core but one,
 * leaving a core to the event loop, up to four. On two cores a second thread was measured (issue 33)
 * to cost an e-mail 0.4 to 0.7 ms more CPU (two heaps to collect, two to compile for) and the server
 * 100 MB more memory, for nothing a user would see: with requests queued rather than refused
 * (lib/pdf-slots.ts), eight PDFs at once already come faster than one after another, the event loop's
 * work on one overlapping the drawing of another. A thread takes a second or two to start
 * (TypeScript, pdfkit, the fonts), so threads stay for ten minutes without a PDF, and the payroll
 * lists start one before it is asked for (startPdfWorker).
 */
let pool: Piscina | null = null;

// From the sources a thread must register tsx before it loads TypeScript (worker.mjs); the compiled
// server (dist-server/, vite.server.config.ts) has the drawing code compiled beside it.
const workerFile = import.meta.url.endsWith('.ts') ? './worker.mjs' : './pdf-worker.js';

function workers(): Piscina {
  pool ??= new Piscina({
    filename: new URL(workerFile, import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: 10 * 60_000,
  });
  return pool;
}

/** The bytes a thread handed over, as a Buffer over the same memory. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Draws the document in a worker thread and answers its bytes. */
export async function renderPdfDocument(task: Exclude<PdfTask, { kind: 'start' }>): Promise<Buffer> {
  return bufferOf(await workers().run(task));
}

/** Draws a payslip and composes its e-mail in a worker thread: the whole message, and the PDF's size. */
export async function composePayslipEmail(
  data: PayslipEmailData,
): Promise<{ message: Buffer; pdfBytes: number }> {
  const { message, pdfBytes }: { message: Uint8Array; pdfBytes: number } = await workers().run({
    kind: 'payslipEmail',
    data,
  } satisfies WorkerTask);
  return { message: bufferOf(message), pdfBytes };
}

/**
 * Starts a drawing thread, if none is running, without waiting for it: the period's processed list
 * calls it (Process Pay and View Processed Records ask for it), so that a PDF asked for from those
 * screens finds the thread loaded. Not at the server's start, where a Ctrl-C during the thread's
 * start raced the shutdown. If the thread does not start, or the server stops meanwhile, nothing is
 * lost: the next PDF starts one as before.
 */
export function startPdfWorker(): void {
  const running = workers();
  if (running.threads.length > 0) return;
  running.run({ kind: 'start' } satisfies PdfTask).catch(() => {});
}

/** Stops the worker threads (the server's shutdown). */
export async function closePdfWorkers(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.destroy();
}
