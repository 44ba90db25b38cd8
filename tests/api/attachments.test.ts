import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../src/domain/attachments';
import { createS3Storage } from '../../src/server/storage/s3';
import { makePdf, samples } from './files';
import { bearer, createTestApp, type TestApp } from './harness';
import { AM, giveAllowances, leaveApi, type Person, PM, person, seedLeaveTypes } from './leave-fixtures';

const day = { leaveType: 'Annual Leave', fromDateIsAm: AM, toDateIsAm: PM };

async function setUp(t: TestApp) {
  const types = await seedLeaveTypes(t);
  const admin = await person(t, { role: 'ADMIN' });
  const staff = async () => {
    const someone = await person(t);
    await giveAllowances(t, types, someone.id, 2026, { 'Annual Leave': 14 });
    return someone;
  };
  return { admin, staff };
}

const grant = async (t: TestApp, who: Person, fileName: string, fileType: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/s3/upload-url',
    query: { fileName, fileType },
    headers: bearer(who.token),
  });
  return response;
};

describe('attachments on local disk', () => {
  let t: TestApp;
  let api: ReturnType<typeof leaveApi>;
  let admin: Person;
  let staff: () => Promise<Person>;
  beforeAll(async () => {
    t = await createTestApp();
    api = leaveApi(t);
    ({ admin, staff } = await setUp(t));
  });
  afterAll(async () => {
    await t.close();
  });

  /** The browser's PUT: no bearer header, the file's own content type. */
  const put = (url: string, contentType: string, body: Buffer) =>
    t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });

  it('uploads through the grant, attaches to a request, and shows it to the owner and admins only', async () => {
    const me = await staff();
    const pdf = await makePdf();
    const granted = await grant(t, me, 'MC scan.pdf', 'application/pdf');
    expect(granted.statusCode).toBe(200);
    const { uploadKey, uploadUrl } = granted.json() as { uploadKey: string; uploadUrl: string };
    expect(uploadKey).toMatch(new RegExp(`^leave/${me.id}/.+/MC-scan\\.pdf$`));
    expect((await put(uploadUrl, 'application/pdf', pdf)).statusCode).toBe(200);

    const request = await api.created(me.token, {
      userId: me.id,
      ...day,
      fromDate: '2026-03-02',
      toDate: '2026-03-02',
      fileUrl: uploadKey,
    });
    expect(request.fileUrl).toBe(uploadKey);
    // Submitted: the upload link, still within its ten minutes, can no longer replace the file.
    const replaced = await put(uploadUrl, 'application/pdf', await makePdf());
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message).toBe(
      'This attachment belongs to a submitted leave request and cannot be replaced.',
    );

    for (const viewer of [me, admin]) {
      const link = await t.app.inject({
        method: 'GET',
        url: '/api/s3/signed-url',
        query: { fileUrl: uploadKey },
        headers: bearer(viewer.token),
      });
      expect(link.statusCode).toBe(200);
      const shown = await t.app.inject({ method: 'GET', url: link.json().signedUrl });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('application/pdf');
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
      expect(shown.headers['cache-control']).toBe('no-store');
      expect(shown.rawPayload.equals(pdf)).toBe(true);
    }
    const stranger = await staff();
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/s3/signed-url',
      query: { fileUrl: uploadKey },
      headers: bearer(stranger.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot view this attachment.');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/s3/signed-url', query: { fileUrl: uploadKey } }))
        .statusCode,
    ).toBe(401);
    // The link itself cannot be bent to another file.
    const link = (
      await t.app.inject({
        method: 'GET',
        url: '/api/s3/signed-url',
        query: { fileUrl: uploadKey },
        headers: bearer(me.token),
      })
    ).json().signedUrl as string;
    const bent = link.replace(String(me.id), String(stranger.id));
    expect((await t.app.inject({ method: 'GET', url: bent })).statusCode).toBe(403);
  });

  it('refuses uploads that are not what they claim, too big, or not granted', async () => {
    const me = await staff();
    const { uploadUrl } = (await grant(t, me, 'photo.png', 'image/png')).json();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await put(uploadUrl, 'image/png', html);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe("The file's content is not a PNG image.");
    expect((await put(uploadUrl, 'text/html', html)).statusCode).toBe(403);
    // One character of the signature changed, always to a different one.
    const forged = uploadUrl.replace(/signature=(.)/, (_: string, first: string) =>
      first === 'x' ? 'signature=y' : 'signature=x',
    );
    expect((await put(forged, 'image/png', samples.png)).statusCode).toBe(403);
    expect(
      (await put(uploadUrl.replace(/expires=\d+/, 'expires=1'), 'image/png', samples.png)).statusCode,
    ).toBe(403);
    const huge = Buffer.concat([samples.png, Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    expect((await put(uploadUrl, 'image/png', huge)).statusCode).toBe(413);
    expect((await put(uploadUrl, 'image/png', samples.png)).statusCode).toBe(200);

    const badType = await grant(t, me, 'page.html', 'text/html');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toContain(
      'File type must be one of image/png, image/jpeg, image/webp, image/heic, application/pdf',
    );
    expect((await grant(t, me, 'a\u0000.png', 'image/png')).statusCode).toBe(400);
  });

  it('grants a user at most 30 uploads an hour, so a script cannot fill the storage; others are not held back', async () => {
    const me = await staff();
    for (let i = 0; i < 30; i += 1) {
      expect((await grant(t, me, `scan-${i}.png`, 'image/png')).statusCode).toBe(200);
    }
    const refused = await grant(t, me, 'one-more.png', 'image/png');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect((await grant(t, await staff(), 'mine.png', 'image/png')).statusCode).toBe(200);
  });

  it('takes each accepted image type by its content', async () => {
    const me = await staff();
    for (const [type, bytes] of [
      ['image/jpeg', samples.jpeg],
      ['image/webp', samples.webp],
      ['image/heic', samples.heic],
    ] as const) {
      const { uploadUrl } = (await grant(t, me, 'scan', type)).json();
      expect((await put(uploadUrl, type, bytes)).statusCode, type).toBe(200);
    }
  });

  it("refuses a request with someone else's upload, a missing upload, a bad reference, or a file used twice", async () => {
    const me = await staff();
    const other = await staff();
    const theirs = (await grant(t, other, 'mc.pdf', 'application/pdf')).json();
    await put(theirs.uploadUrl, 'application/pdf', samples.pdf);
    const base = { userId: me.id, ...day, fromDate: '2026-04-01', toDate: '2026-04-01' };
    const stolen = await api.create(me.token, { ...base, fileUrl: theirs.uploadKey });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe('This attachment was uploaded by someone else.');
    const never = (await grant(t, me, 'mc.pdf', 'application/pdf')).json();
    const missing = await api.create(me.token, { ...base, fileUrl: never.uploadKey });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The attachment has not been uploaded.');
    expect((await api.create(me.token, { ...base, fileUrl: '../../etc/passwd' })).json().message).toBe(
      'The attachment reference is not valid.',
    );
    const mine = (await grant(t, me, 'mc.pdf', 'application/pdf')).json();
    await put(mine.uploadUrl, 'application/pdf', samples.pdf);
    expect((await api.create(me.token, { ...base, fileUrl: mine.uploadKey })).statusCode).toBe(201);
    const twice = await api.create(me.token, {
      ...base,
      fromDate: '2026-04-02',
      toDate: '2026-04-02',
      fileUrl: mine.uploadKey,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('lets an admin attach their own upload to a request made on a user’s behalf; deleting the request removes the file', async () => {
    const me = await staff();
    const upload = (await grant(t, admin, 'mc.png', 'image/png')).json();
    await put(upload.uploadUrl, 'image/png', samples.png);
    const request = await api.created(admin.token, {
      userId: me.id,
      ...day,
      fromDate: '2026-04-08',
      toDate: '2026-04-08',
      fileUrl: upload.uploadKey,
    });
    // The owner sees the attachment of their own request.
    const link = await t.app.inject({
      method: 'GET',
      url: '/api/s3/signed-url',
      query: { fileUrl: upload.uploadKey },
      headers: bearer(me.token),
    });
    expect(link.statusCode).toBe(200);
    expect((await api.remove(admin.token, request.id)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: link.json().signedUrl })).statusCode).toBe(404);
  });
});

describe('attachments in S3', () => {
  let server: S3rver;
  let dir: string;
  let t: TestApp;
  let api: ReturnType<typeof leaveApi>;
  let staff: () => Promise<Person>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hr-s3-api-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'hr-files', configs: [] }],
    });
    const { port } = await server.run();
    const storage = createS3Storage({
      bucket: 'hr-files',
      region: 'ap-southeast-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    t = await createTestApp({}, { storage });
    api = leaveApi(t);
    ({ staff } = await setUp(t));
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('checks the content of a file uploaded straight to the bucket before a request takes it', async () => {
    const me = await staff();
    const disguised = (await grant(t, me, 'photo.png', 'image/png')).json();
    expect(disguised.uploadUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hr-files\/leave\//);
    const put = await fetch(disguised.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: '<html><script>alert(1)</script></html>',
    });
    expect(put.status).toBe(200);
    const base = { userId: me.id, ...day, fromDate: '2026-05-04', toDate: '2026-05-04' };
    const refused = await api.create(me.token, { ...base, fileUrl: disguised.uploadKey });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("The file's content is not a PNG image.");
    // The refused file is gone from the bucket.
    const again = await api.create(me.token, { ...base, fileUrl: disguised.uploadKey });
    expect(again.json().message).toBe('The attachment has not been uploaded.');

    const pdf = await makePdf();
    const good = (await grant(t, me, 'mc.pdf', 'application/pdf')).json();
    await fetch(good.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(pdf),
    });
    expect((await api.create(me.token, { ...base, fileUrl: good.uploadKey })).statusCode).toBe(201);
    const link = await t.app.inject({
      method: 'GET',
      url: '/api/s3/signed-url',
      query: { fileUrl: good.uploadKey },
      headers: bearer(me.token),
    });
    const shown = await fetch(link.json().signedUrl);
    expect(Buffer.from(await shown.arrayBuffer()).equals(pdf)).toBe(true);
    // The browser may reach the bucket: the page's content security policy names its origin.
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain(new URL(good.uploadUrl).origin);
  });
});
