import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeUnattachedUploads } from '../../src/server/services/attachments';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk';
import { makePdf } from './files';
import { bearer, createTestApp, type TestApp } from './harness';
import { AM, giveAllowances, leaveApi, PM, person, seedLeaveTypes } from './leave-fixtures';

// Files uploaded and never attached (the dialog was closed) are removed after a day; attached ones stay.

const dir = mkdtempSync(path.join(tmpdir(), 'hr-cleanup-files-'));
const storage = createLocalDiskStorage({ dir, secret: 'cleanup-test-secret-cleanup-test-secret' });
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { storage });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(token: string, fileName: string) {
  const granted = await t.app.inject({
    method: 'GET',
    url: '/api/s3/upload-url',
    query: { fileName, fileType: 'application/pdf' },
    headers: bearer(token),
  });
  const { uploadKey, uploadUrl } = granted.json() as { uploadKey: string; uploadUrl: string };
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: { 'content-type': 'application/pdf' },
    payload: await makePdf(),
  });
  expect(put.statusCode).toBe(200);
  return uploadKey;
}

describe('removing uploads never attached', () => {
  it('removes only files older than a day that no leave request holds', async () => {
    const types = await seedLeaveTypes(t);
    const me = await person(t);
    await giveAllowances(t, types, me.id, 2026, { 'Annual Leave': 14 });
    const attached = await upload(me.token, 'mc.pdf');
    const abandoned = await upload(me.token, 'closed-dialog.pdf');
    await leaveApi(t).created(me.token, {
      userId: me.id,
      leaveType: 'Annual Leave',
      fromDate: '2026-06-03',
      fromDateIsAm: AM,
      toDate: '2026-06-03',
      toDateIsAm: PM,
      fileUrl: attached,
    });

    // Within the day nothing goes: the user may still be filling in the request.
    expect(await removeUnattachedUploads(t.db, storage, { now: new Date(Date.now() + 23 * 3600_000) })).toBe(
      0,
    );
    expect(await storage.inspect(abandoned, 4)).toBeDefined();

    const dayAfter = new Date(Date.now() + 25 * 3600_000);
    expect(await removeUnattachedUploads(t.db, storage, { now: dayAfter })).toBe(1);
    expect(await storage.inspect(abandoned, 4)).toBeUndefined();
    expect(await storage.inspect(attached, 4)).toBeDefined();
    // Run again: nothing left to remove.
    expect(await removeUnattachedUploads(t.db, storage, { now: dayAfter })).toBe(0);
  });
});
