import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AttachmentType } from '../../domain/attachments';
import { type FileStorage, isImportKey, isReportKey, parseAttachmentKey } from './storage';

export type SignedMethod = 'PUT' | 'GET';

export interface LocalDiskStorage extends FileStorage {
  readonly driver: 'local';
  /** Whether a signed URL's query is genuine and not expired, for this method, key and content type. */
  verify(method: SignedMethod, key: string, contentType: string, query: SignedQuery, now?: Date): boolean;
  read(key: string): Promise<Buffer | undefined>;
}

export interface SignedQuery {
  expires?: string;
  signature?: string;
}

/** The path under which this API serves local files; the routes in routes/files.ts answer it. */
export const LOCAL_FILES_PATH = '/api/files';

/**
 * Files under `dir`, with HMAC-signed expiring URLs that this API serves. URLs are relative to the
 * page's origin, so they work whatever host name the app is reached by.
 */
export function createLocalDiskStorage(options: { dir: string; secret: string }): LocalDiskStorage {
  // A key of its own, derived from the app secret, so file URLs cannot be forged from other signatures.
  const signingKey = createHmac('sha256', options.secret).update('hr-app file urls').digest();
  const sign = (method: SignedMethod, key: string, contentType: string, expires: number) =>
    createHmac('sha256', signingKey)
      .update(`${method}\n${key}\n${contentType}\n${expires}`)
      .digest('base64url');

  const fileOf = (key: string) => {
    // Only well-formed keys reach the disk: no '..', no absolute paths.
    if (!parseAttachmentKey(key) && !isReportKey(key) && !isImportKey(key))
      throw new Error(`not a storage key: ${key}`);
    return path.join(options.dir, ...key.split('/'));
  };
  const signedUrl = (method: SignedMethod, key: string, contentType: string, seconds: number) => {
    const expires = Math.floor(Date.now() / 1000) + seconds;
    const signature = sign(method, key, contentType, expires);
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    return `${LOCAL_FILES_PATH}/${encodedKey}?expires=${expires}&signature=${signature}`;
  };

  return {
    driver: 'local',
    origins: [],
    async uploadUrl(key: string, contentType: AttachmentType, expiresInSeconds: number) {
      return signedUrl('PUT', key, contentType, expiresInSeconds);
    },
    async viewUrl(key: string, expiresInSeconds: number) {
      return signedUrl('GET', key, '', expiresInSeconds);
    },
    verify(method, key, contentType, query, now = new Date()) {
      const expires = Number(query.expires);
      if (!Number.isSafeInteger(expires) || expires < now.getTime() / 1000) return false;
      if (!query.signature || !parseAttachmentKey(key)) return false;
      const expected = Buffer.from(sign(method, key, contentType, expires));
      const given = Buffer.from(query.signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async storeFile(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // A rename where it can; a copy when the file was drawn on another file system.
      await rename(source, file).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        const partial = `${file}.${process.pid}.partial`;
        await copyFile(source, partial);
        await rename(partial, file);
        await rm(source, { force: true });
      });
    },
    async readStream(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(file), size: info.size };
    },
    async read(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async inspect(key, headBytes) {
      let handle: Awaited<ReturnType<typeof open>> | undefined;
      try {
        const file = fileOf(key);
        const { size } = await stat(file);
        handle = await open(file, 'r');
        const head = Buffer.alloc(Math.min(headBytes, size));
        await handle.read(head, 0, head.length, 0);
        return { size, head };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      } finally {
        await handle?.close();
      }
    },
    // The upload route refuses a PUT once a leave request holds the key (routes/files.ts).
    async seal(key) {
      return key;
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      let entries: string[];
      try {
        entries = await readdir(options.dir, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const key = entry.split(path.sep).join('/');
        // Directories and half-written files are not attachments.
        if (!parseAttachmentKey(key)) continue;
        const info = await stat(path.join(options.dir, entry)).catch(() => undefined);
        if (info?.isFile()) yield { key, modifiedAt: info.mtime };
      }
    },
  };
}
