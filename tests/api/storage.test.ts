import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectAttachmentType } from '../../src/domain/attachments';
import { loadConfig } from '../../src/server/config';
import { createStorage } from '../../src/server/storage';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk';
import { createS3Storage } from '../../src/server/storage/s3';
import { newAttachmentKey, parseAttachmentKey } from '../../src/server/storage/storage';
import { samples } from './files';

describe('attachment keys', () => {
  it('name the uploader and end with the declared type, whatever the file was called', () => {
    const key = newAttachmentKey(42, '../../etc/passwd', 'application/pdf');
    expect(key).toMatch(/^leave\/42\/[0-9a-f-]{36}\/passwd\.pdf$/);
    expect(parseAttachmentKey(key)).toEqual({ userId: 42, type: 'application/pdf' });
    expect(newAttachmentKey(7, 'Médical cert.JPG', 'image/jpeg')).toMatch(/\/M-dical-cert\.jpg$/);
    expect(newAttachmentKey(7, '...', 'image/png')).toMatch(/\/attachment\.png$/);
  });

  it('refuse anything else', () => {
    for (const bad of [
      'leave/1/../../x.pdf',
      'leave/0/00000000-0000-0000-0000-000000000000/a.pdf',
      'leave/1/00000000-0000-0000-0000-000000000000/.pdf',
      'leave/1/00000000-0000-0000-0000-000000000000/a.exe',
      '/etc/passwd',
    ]) {
      expect(parseAttachmentKey(bad), bad).toBeUndefined();
    }
  });
});

describe('magic bytes', () => {
  it('recognise each accepted type and nothing else', () => {
    expect(detectAttachmentType(samples.png)).toBe('image/png');
    expect(detectAttachmentType(samples.jpeg)).toBe('image/jpeg');
    expect(detectAttachmentType(samples.webp)).toBe('image/webp');
    expect(detectAttachmentType(samples.heic)).toBe('image/heic');
    expect(detectAttachmentType(samples.pdf)).toBe('application/pdf');
    expect(detectAttachmentType(Buffer.from('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(detectAttachmentType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(detectAttachmentType(new Uint8Array())).toBeUndefined();
  });
});

describe('configuration', () => {
  it('defaults to files under DATA_DIR and needs a bucket for S3', async () => {
    expect(
      (await createStorage(loadConfig({ DATA_DIR: '/tmp/hr-x', JWT_SECRET: 'x'.repeat(32) }))).driver,
    ).toBe('local');
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/hr-x', JWT_SECRET: 'x'.repeat(32), STORAGE_DRIVER: 's3' }),
    ).toThrow('S3_BUCKET');
    const s3 = loadConfig({
      DATA_DIR: '/tmp/hr-x',
      JWT_SECRET: 'x'.repeat(32),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'hr-files',
    });
    expect((await createStorage(s3)).driver).toBe('s3');
  });
});

describe('local-disk driver', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hr-storage-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('signs URLs for one method, key and content type, until they expire', async () => {
    const storage = createLocalDiskStorage({ dir, secret: 's'.repeat(32) });
    const key = newAttachmentKey(1, 'cert.pdf', 'application/pdf');
    const upload = await storage.uploadUrl(key, 'application/pdf', 60);
    expect(upload.startsWith(`/api/files/leave/1/`)).toBe(true);
    const signed = query(upload);
    expect(storage.verify('PUT', key, 'application/pdf', signed)).toBe(true);
    expect(storage.verify('PUT', key, 'image/png', signed)).toBe(false);
    expect(storage.verify('GET', key, '', signed)).toBe(false);
    expect(
      storage.verify('PUT', newAttachmentKey(1, 'cert.pdf', 'application/pdf'), 'application/pdf', signed),
    ).toBe(false);
    expect(
      storage.verify('PUT', key, 'application/pdf', { ...signed, signature: `${signed.signature}x` }),
    ).toBe(false);
    expect(storage.verify('PUT', key, 'application/pdf', signed, new Date(Date.now() + 61_000))).toBe(false);
    // Another secret, another signature.
    const other = createLocalDiskStorage({ dir, secret: 't'.repeat(32) });
    expect(other.verify('PUT', key, 'application/pdf', signed)).toBe(false);
    expect(storage.verify('GET', key, '', query(await storage.viewUrl(key, 60)))).toBe(true);
  });

  it('writes, inspects, reads and removes', async () => {
    const storage = createLocalDiskStorage({ dir, secret: 's'.repeat(32) });
    const key = newAttachmentKey(1, 'scan.png', 'image/png');
    expect(await storage.inspect(key, 16)).toBeUndefined();
    await storage.put(key, samples.png, 'image/png');
    const seen = await storage.inspect(key, 16);
    expect(seen?.size).toBe(samples.png.length);
    expect(detectAttachmentType(seen?.head ?? new Uint8Array())).toBe('image/png');
    expect((await storage.read(key))?.equals(samples.png)).toBe(true);
    await storage.remove(key);
    expect(await storage.read(key)).toBeUndefined();
    await expect(storage.put('leave/1/../../escape.png', samples.png, 'image/png')).rejects.toThrow(
      'not a storage key',
    );
  });
});

describe('S3 driver against an S3 server', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hr-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'hr-files', configs: [] }],
    });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const storage = () =>
    createS3Storage({
      bucket: 'hr-files',
      region: 'ap-southeast-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });

  it('takes a browser-style PUT to the presigned URL and shows it through a presigned view URL', async () => {
    const s3 = storage();
    expect(s3.origins).toEqual([endpoint]);
    const key = newAttachmentKey(5, 'cert.pdf', 'application/pdf');
    const put = await fetch(await s3.uploadUrl(key, 'application/pdf', 60), {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: samples.pdf,
    });
    expect(put.status).toBe(200);
    const seen = await s3.inspect(key, 16);
    expect(seen?.size).toBe(samples.pdf.length);
    expect(detectAttachmentType(seen?.head ?? new Uint8Array())).toBe('application/pdf');
    const view = await fetch(await s3.viewUrl(key, 60));
    expect(view.status).toBe(200);
    expect(Buffer.from(await view.arrayBuffer()).equals(samples.pdf)).toBe(true);
    await s3.remove(key);
    expect(await s3.inspect(key, 16)).toBeUndefined();
  });

  it('signs the content type into the upload URL and lets it expire', async () => {
    const s3 = storage();
    const key = newAttachmentKey(5, 'photo.png', 'image/png');
    // S3 refuses a PUT whose content type differs from a signed one (s3rver does not check V4 signatures,
    // so the URL itself is what can be checked here).
    const url = new URL(await s3.uploadUrl(key, 'image/png', 60));
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    const expired = await s3.uploadUrl(key, 'image/png', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await fetch(expired, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: samples.png,
    });
    expect(late.status).toBe(403);
    expect(await s3.inspect(key, 16)).toBeUndefined();
  });

  it('seals a submitted file: a second PUT through the still-valid upload link changes nothing of it', async () => {
    const s3 = storage();
    const key = newAttachmentKey(5, 'cert.pdf', 'application/pdf');
    const uploadUrl = await s3.uploadUrl(key, 'application/pdf', 600);
    const put = (body: Uint8Array<ArrayBuffer>) =>
      fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body });
    expect((await put(new Uint8Array(samples.pdf))).status).toBe(200);
    const sealed = await s3.seal(key);
    expect(sealed).not.toBe(key);
    // Same uploader and file name, so ownership and type still read from the key.
    expect(parseAttachmentKey(sealed)).toEqual({ userId: 5, type: 'application/pdf' });
    const replacement = new Uint8Array(
      Buffer.concat([samples.pdf, Buffer.from('% replaced after submission')]),
    );
    expect((await put(replacement)).status).toBe(200);
    const view = await fetch(await s3.viewUrl(sealed, 60));
    expect(Buffer.from(await view.arrayBuffer()).equals(samples.pdf)).toBe(true);
  });

  it('sees no object under a key nobody uploaded', async () => {
    expect(await storage().inspect(newAttachmentKey(5, 'x.pdf', 'application/pdf'), 16)).toBeUndefined();
  });
});
