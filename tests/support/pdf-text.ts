import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: string[];
  /** Every page's text, one line per text line, pages separated by a blank line. */
  text: string;
  info: Record<string, unknown>;
}

/**
 * Reads the text a PDF shows, with PDF.js (what a browser uses), line by line: the tests check the
 * figures a reader sees, not how the server meant to draw them. A protected PDF opens only with its
 * password (PDF.js refuses a wrong one).
 */
export async function pdfText(bytes: Uint8Array, password?: string): Promise<PdfText> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    verbosity: 0,
    ...(password === undefined ? {} : { password }),
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    // Group the text runs by their baseline, top to bottom, left to right.
    const lines = new Map<number, Array<{ x: number; text: string }>>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      const line = lines.get(y) ?? [];
      line.push({ x: item.transform[4] as number, text: item.str });
      lines.set(y, line);
    }
    pages.push(
      [...lines.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, runs]) =>
          runs
            .sort((a, b) => a.x - b.x)
            .map((run) => run.text)
            .join(' '),
        )
        .join('\n'),
    );
  }
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return { pages, text: pages.join('\n\n'), info: info as Record<string, unknown> };
}
