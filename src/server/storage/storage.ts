import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ATTACHMENT_ACCEPT, ATTACHMENT_TYPES, type AttachmentType } from '../../domain/attachments';

/**
 * Where attachments live. The browser uploads straight to `uploadUrl` (no product auth header, as the
 * spec says) and views through `viewUrl`; both are signed, bound to one key and expire. The local-disk
 * driver serves those URLs from this API; the S3 driver hands out presigned S3 URLs.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** A URL that accepts one PUT of this key with this content type until it expires. */
  uploadUrl(key: string, contentType: AttachmentType, expiresInSeconds: number): Promise<string>;
  /** A URL that shows the stored file until it expires. */
  viewUrl(key: string, expiresInSeconds: number): Promise<string>;
  /** Size and first bytes of a stored file, or undefined when nothing is stored under the key. */
  inspect(key: string, headBytes: number): Promise<{ size: number; head: Uint8Array } | undefined>;
  remove(key: string): Promise<void>;
  /**
   * The key a submitted request keeps, which no upload link can replace: the S3 driver copies the file
   * to a new key nobody was ever granted (a presigned PUT cannot be withdrawn); the local driver
   * refuses a PUT once a request holds the key, so it answers the same key.
   */
  seal(key: string): Promise<string>;
  /** Every stored attachment with when it was last written (for the clean-up of unattached uploads). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Stores a file directly (the demo seed, an import's file for its job); users upload through `uploadUrl`. */
  put(
    key: string,
    bytes: Uint8Array,
    contentType: AttachmentType | 'application/octet-stream',
  ): Promise<void>;
  /** Moves a file written on this machine (a large PDF, drawn to it) under a report key, streaming it. */
  storeFile(key: string, file: string, contentType: 'application/pdf'): Promise<void>;
  /** A stored file as a stream, with its size, or undefined when nothing is stored under the key. */
  readStream(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Origins outside this API that the browser must be allowed to reach (for the CSP). */
  readonly origins: string[];
}

export const UPLOAD_URL_SECONDS = 10 * 60;
export const VIEW_URL_SECONDS = 5 * 60;

/**
 * Attachment keys name their uploader: `leave/<userId>/<uuid>/<file name>`. The file name keeps only
 * safe characters and always ends with the extension of the declared type, so a reference that ends in
 * pdf is a PDF.
 */
const KEY_PATTERN = /^leave\/([1-9]\d{0,9})\/([0-9a-f-]{36})\/([A-Za-z0-9][A-Za-z0-9._-]{0,119})$/;

/** The same uploader and file name under a new random part: a key no upload link was granted for. */
export const freshAttachmentKey = (key: string) =>
  key.replace(/^(leave\/\d+\/)[0-9a-f-]{36}\//, `$1${randomUUID()}/`);

export function newAttachmentKey(userId: number, fileName: string, type: AttachmentType): string {
  const extension = ATTACHMENT_TYPES[type];
  const base = (fileName.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 100);
  return `leave/${userId}/${randomUUID()}/${base || 'attachment'}${extension}`;
}

/** The uploader and the declared type of a well-formed key, or undefined. */
export function parseAttachmentKey(key: string): { userId: number; type: AttachmentType } | undefined {
  const match = KEY_PATTERN.exec(key);
  if (!match?.[1] || !match[3]) return undefined;
  const name = match[3].toLowerCase();
  const type = (Object.keys(ATTACHMENT_ACCEPT) as AttachmentType[]).find((candidate) =>
    ATTACHMENT_ACCEPT[candidate].some((extension) => name.endsWith(extension)),
  );
  if (!type) return undefined;
  return { userId: Number(match[1]), type };
}

/** Documents the server made (issue 33.6): `reports/<name>/<uuid>.pdf`, never an attachment's key. */
const REPORT_KEY_PATTERN = /^reports\/[a-z0-9-]{1,40}\/[0-9a-f-]{36}\.pdf$/;

export const newReportKey = (name: string) => `reports/${name}/${randomUUID()}.pdf`;
export const isReportKey = (key: string) => REPORT_KEY_PATTERN.test(key);

/** An import's file waiting for its job (issue 38 item 6): `imports/<uuid>.upload`, never served by a URL. */
const IMPORT_KEY_PATTERN = /^imports\/[0-9a-f-]{36}\.upload$/;

export const newImportKey = () => `imports/${randomUUID()}.upload`;
export const isImportKey = (key: string) => IMPORT_KEY_PATTERN.test(key);
