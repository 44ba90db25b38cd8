import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { streamPdf } from './document';
import { drawIr8a, type Ir8aPdfData } from './ir8a';

/** Forms drawn between two reports of progress (and two waits for the file to drain). */
const FORMS_PER_STEP = 25;

/**
 * The year's IR8A forms written to `file` as they are drawn (issue 33.6), one page each, the pages as
 * renderIr8aPdf lays them out; `progress` hears how many are drawn. Runs in ./file-worker.mjs's thread.
 */
export async function writeIr8aFile(
  data: Ir8aPdfData,
  file: string,
  progress: (done: number) => void,
): Promise<void> {
  const year = data.figures[0]?.year;
  const output = createWriteStream(file);
  await streamPdf(
    { title: year === undefined ? 'Form IR8A' : `Form IR8A ${year}`, pages: data.figures.length },
    output,
    async (doc) => {
      for (const [index, figures] of data.figures.entries()) {
        if (index > 0) doc.addPage();
        drawIr8a(doc, data, figures);
        if ((index + 1) % FORMS_PER_STEP === 0 || index + 1 === data.figures.length) {
          progress(index + 1);
          // Lets the pipe hand the pages to the file, and waits while the file is behind.
          await new Promise((resolve) => setImmediate(resolve));
          if (output.writableNeedDrain) await once(output, 'drain');
        }
      }
    },
  );
}
