import PDFDocument from 'pdfkit';

/** A real one-page PDF, so browsers can show it too. */
export function makePdf(text = 'Medical certificate'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text(text);
    doc.end();
  });
}

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** Small files of each accepted type (and their first bytes are what the server checks). */
export const samples = {
  /** A 1x1 PNG. */
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]),
  webp: Buffer.concat([ascii('RIFF'), Buffer.from([52, 0, 0, 0]), ascii('WEBPVP8 '), Buffer.alloc(40, 2)]),
  heic: Buffer.concat([Buffer.from([0, 0, 0, 24]), ascii('ftypheic'), Buffer.alloc(40, 3)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'),
};
