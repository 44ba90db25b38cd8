import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/system-schema';
import { DEFAULT_SEND_POLICY } from '../../src/server/services/payroll/emails';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './harness';
import { seedLeaveTypes } from './leave-fixtures';
import { toCsv, validRow } from './staff-import-fixtures';

/**
 * Issue 38 item 2: imported staff "set their password at first sign-in (an e-mailed link ...)". The invite
 * (POST /api/imports/staff/invite {userIds}, ADMIN) e-mails each the "Forgot password" flow's link through
 * the job queue; without SMTP the message is kept in the outbox, where this test reads it. The link's token
 * sets the password, and the staff member then signs in with it.
 */
let t: TestApp;
let adminToken: string;
let adminId: number;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp({}, {}, { policy: DEFAULT_SEND_POLICY });
  await seedLeaveTypes(t);
  const admin = await createUser(t, { role: 'ADMIN' });
  adminId = admin.id;
  adminToken = (await signIn(t, admin.email, admin.password)).accessToken;
  const staff = await createUser(t, { role: 'STAFF' });
  staffToken = (await signIn(t, staff.email, staff.password)).accessToken;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const invite = (userIds: unknown, token = adminToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/imports/staff/invite',
    headers: bearer(token),
    payload: { userIds },
  });

async function waitForMail(addresses: string[]) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.db.select().from(outbox).where(inArray(outbox.toAddress, addresses));
    if (rows.length >= addresses.length) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the invites were not sent within 10 s');
}

describe('POST /api/imports/staff/invite', () => {
  const rows = [0, 1].map((i) => validRow(i, 'company.test', 70_000));
  let userIds: number[] = [];

  beforeAll(async () => {
    for (const row of rows) row.email = String(row.email).replace(/@.*$/, `@${t.config.companyEmailDomain}`);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/imports/staff?dryRun=false',
      headers: { ...bearer(adminToken), 'content-type': 'text/csv' },
      payload: toCsv(rows),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const body = applied.json() as { created: number; userIds: number[] };
    expect(body.created).toBe(2);
    userIds = body.userIds;
  });

  it('the apply names the staff it created', () => {
    expect(userIds).toHaveLength(2);
  });

  it('queues one e-mail each with the set-password link, which sets the password', async () => {
    const answer = await invite(userIds);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({ invited: 2 });
    const emails = rows.map((row) => String(row.email));
    const sent = await waitForMail(emails);
    expect(sent.map((m) => m.toAddress).sort()).toEqual([...emails].sort());
    const first = sent.find((m) => m.toAddress === emails[0]);
    const token = /\/reset-password\?token=([^\s]+)/.exec(first?.textBody ?? '')?.[1];
    expect(token, 'the link carries a token').toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token ?? ''), newPassword: 'Imported-Pass-2025' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await signIn(t, emails[0] ?? '', 'Imported-Pass-2025');
    expect(session.accessToken).toBeTruthy();
  });

  it('refuses ids that are not staff, an empty list and a list over the limit', async () => {
    expect((await invite([adminId])).statusCode).toBe(400);
    expect((await invite([987_654])).statusCode).toBe(400);
    expect((await invite([])).statusCode).toBe(400);
    expect((await invite(Array.from({ length: 5001 }, (_, i) => i + 1))).statusCode).toBe(400);
    expect((await invite(['1'])).statusCode).toBe(400);
  });

  it('only an administrator invites', async () => {
    expect((await invite(userIds, staffToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/imports/staff/invite',
      payload: { userIds },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
