import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, nextAddress, signIn, type TestApp } from './harness';

// Every string is bounded and free of control characters, every id fits int4: what PostgreSQL
// would refuse is refused at the edge with 400, never a 500.

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t, { role: 'ADMIN' });
  adminToken = (await signIn(t, admin.email, admin.password)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const expectBadRequest = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    statusCode: 400,
    error: 'Bad Request',
    message: expect.any(String),
  });
};

describe('request limits', () => {
  it('refuses a NUL byte in a text field, also unauthenticated', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000b@company.test', password: 'x' },
      remoteAddress: nextAddress(),
    });
    expectBadRequest(response);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forget-password',
      payload: { email: 'a\u0000b@company.test' },
      remoteAddress: nextAddress(),
    });
    expectBadRequest(forgot);
  });

  it('refuses ids above 2147483647 in paths', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/users/2147483648',
        headers: bearer(adminToken),
        ...(method === 'PATCH' ? { payload: { fullName: 'A', email: 'a@company.test' } } : {}),
      });
      expectBadRequest(response);
    }
  });

  it('refuses an e-mail of 6 KB and a full name of 1 MB', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${'q'.repeat(6000)}@company.test`, password: 'x' },
      remoteAddress: nextAddress(),
    });
    expectBadRequest(login);
    const staff = await createUser(t);
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${staff.id}`,
      headers: bearer(adminToken),
      payload: { fullName: 'N'.repeat(1_000_000), email: staff.email },
    });
    // The body limit (1 MiB) or the name limit refuses it; either way nothing is stored.
    expect([400, 413]).toContain(rename.statusCode);
    expect(rename.json()).toMatchObject({ statusCode: rename.statusCode });
    const name = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${staff.id}`,
      headers: bearer(adminToken),
      payload: { fullName: 'N'.repeat(201), email: staff.email },
    });
    expectBadRequest(name);
    expect(name.json()).toMatchObject({ message: 'fullName: must be at most 200 characters' });
  });
});
