import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employmentInfo, paymentInfo, payslips, staffInfo } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const patch = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers: bearer(token), payload });

describe('GET /api/users/:id', () => {
  it('gives STAFF their own record, with hire date from employment info', async () => {
    const staff = await createUser(t, { fullName: 'Lee Jia Hui' });
    await t.db.insert(employmentInfo).values({
      userId: staff.id,
      designation: 'Analyst',
      hireDate: '2024-02-01',
      passType: 'Singapore',
      employmentType: 'Full Time',
    });
    const { accessToken, body } = await signIn(t, staff.email, staff.password);
    expect(body.user.hireDate).toBe('2024-02-01');
    const response = await get(`/api/users/${staff.id}`, accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: staff.id,
      fullName: 'Lee Jia Hui',
      email: staff.email,
      role: 'STAFF',
      hireDate: '2024-02-01',
      staffInfo: null,
      employmentInfo: {
        designation: 'Analyst',
        employmentStatus: 'ACTIVE',
        hireDate: '2024-02-01',
        confirmedDate: null,
      },
      paymentInfo: null,
    });
    expect(response.json()).not.toHaveProperty('passwordHash');
  });

  it("refuses STAFF another user's record with 403", async () => {
    const staff = await createUser(t);
    const colleague = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const response = await get(`/api/users/${colleague.id}`, accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You can only access your own record.',
    });
  });

  it('gives ADMIN any record and 404 for one that does not exist', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, admin.email, admin.password);
    expect((await get(`/api/users/${staff.id}`, accessToken)).statusCode).toBe(200);
    const missing = await get('/api/users/999999', accessToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'User not found.' });
  });

  it('refuses an id that is not a number with 400', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const response = await get('/api/users/abc', accessToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});

describe('PATCH /api/users/:id', () => {
  it('lets STAFF rename themselves and writes the change to the audit log', async () => {
    const staff = await createUser(t, { fullName: 'Old Name' });
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const response = await patch(`/api/users/${staff.id}`, accessToken, {
      fullName: 'New Name',
      email: staff.email,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: staff.id, fullName: 'New Name' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(staff.id)));
    expect(audit.find((row) => row.action === 'user.updated')?.details).toMatchObject({
      before: { fullName: 'Old Name' },
      after: { fullName: 'New Name' },
    });
  });

  it('refuses STAFF changing someone else, and lets ADMIN change anyone', async () => {
    const staff = await createUser(t);
    const colleague = await createUser(t);
    const admin = await createUser(t, { role: 'ADMIN' });
    const staffToken = (await signIn(t, staff.email, staff.password)).accessToken;
    const adminToken = (await signIn(t, admin.email, admin.password)).accessToken;
    const body = { fullName: 'Changed', email: colleague.email };
    expect((await patch(`/api/users/${colleague.id}`, staffToken, body)).statusCode).toBe(403);
    expect((await patch(`/api/users/${colleague.id}`, adminToken, body)).statusCode).toBe(200);
  });

  it('requires both fields, keeps the company domain and refuses a taken e-mail', async () => {
    const staff = await createUser(t);
    const colleague = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const blank = await patch(`/api/users/${staff.id}`, accessToken, { fullName: '', email: staff.email });
    expect(blank.json()).toMatchObject({ statusCode: 400, message: 'All fields are required.' });
    const outside = await patch(`/api/users/${staff.id}`, accessToken, {
      fullName: 'Me',
      email: 'me@gmail.com',
    });
    expect(outside.json()).toMatchObject({
      statusCode: 400,
      message: 'Email must be a valid @ company-domain email.',
    });
    const taken = await patch(`/api/users/${staff.id}`, accessToken, {
      fullName: 'Me',
      email: colleague.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('errors everywhere have one shape', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/auth/refresh', '/users/{id}']),
    );
    expect(
      doc.paths['/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });
});

describe('GET /api/users', () => {
  it('lists users for ADMIN, filtered by role and by a search on name or e-mail, with NRIC and account masked', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const staff = await createUser(t, { fullName: 'Zulkifli bin Hassan' });
    await t.db.insert(staffInfo).values({
      userId: staff.id,
      nric: 'S1234567D',
      dateOfBirth: '1990-01-31',
      race: 'Malay',
      nationality: 'Singaporean',
    });
    await t.db
      .insert(paymentInfo)
      .values({ userId: staff.id, basicSalaryCents: 450_000, accountNo: '0123456789' });
    const { accessToken } = await signIn(t, admin.email, admin.password);

    const found = await get('/api/users?search=zulkifli&role=STAFF', accessToken);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toHaveLength(1);
    expect(found.json()[0]).toMatchObject({
      id: staff.id,
      fullName: 'Zulkifli bin Hassan',
      role: 'STAFF',
      staffInfo: { nric: 'S****567D' },
      paymentInfo: { basicSalary: 4500, accountNo: '******6789' },
    });
    const staffOnly = (await get('/api/users?role=STAFF', accessToken)).json() as { role: string }[];
    expect(staffOnly.every((u) => u.role === 'STAFF')).toBe(true);
    // A search is text, not a pattern.
    expect((await get('/api/users?search=%25', accessToken)).json()).toEqual([]);
  });

  it('is refused to STAFF with 403', async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const response = await get('/api/users', accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });
});

describe('DELETE /api/users/:id', () => {
  const remove = (id: number, token: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(token) });

  it('deletes a user with their unprocessed payslips and writes the audit log', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const staff = await createUser(t);
    await t.db.insert(payslips).values({
      userId: staff.id,
      year: 2026,
      month: 10,
      status: 'UNPROCESSED',
      basicSalarySnapshotCents: 300_000,
    });
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const response = await remove(staff.id, accessToken);
    expect(response.statusCode).toBe(204);
    expect((await get(`/api/users/${staff.id}`, accessToken)).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(staff.id)));
    expect(audit.some((row) => row.action === 'user.deleted' && row.actorUserId === admin.id)).toBe(true);
  });

  it('keeps a user with processed payslips and answers 409 suggesting Resigned', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const staff = await createUser(t, { fullName: 'Kavitha Pillai' });
    await t.db.insert(payslips).values({
      userId: staff.id,
      year: 2026,
      month: 9,
      basicSalarySnapshotCents: 300_000,
      status: 'PROCESSED',
      payDate: '2026-09-25',
      processedAt: new Date(),
    });
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const response = await remove(staff.id, accessToken);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message:
        'Kavitha Pillai has processed payslips, which must be kept. Set the employment status to Resigned instead.',
    });
    expect((await get(`/api/users/${staff.id}`, accessToken)).statusCode).toBe(200);
  });

  it('refuses STAFF, the own account and an unknown id', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const staff = await createUser(t);
    const staffToken = (await signIn(t, staff.email, staff.password)).accessToken;
    const adminToken = (await signIn(t, admin.email, admin.password)).accessToken;
    expect((await remove(admin.id, staffToken)).statusCode).toBe(403);
    const self = await remove(admin.id, adminToken);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot delete your own account.');
    expect((await remove(999_999, adminToken)).statusCode).toBe(404);
  });
});
