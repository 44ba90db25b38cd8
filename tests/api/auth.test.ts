import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, refreshTokens, users } from '../../src/server/db/schema';
import { outbox } from '../../src/server/db/system-schema';
import { hashToken } from '../../src/server/lib/secrets';
import { bearer, cookieFrom, createTestApp, createUser, nextAddress, signIn, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = nextAddress(),
) => t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

const refreshWith = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: cookie } });

describe('POST /api/auth/login', () => {
  it('answers the access token, the session user and isNewUser, and sets an httpOnly strict refresh cookie', async () => {
    const admin = await createUser(t, { role: 'ADMIN', fullName: 'Aminah binti Yusof' });
    const response = await post('/api/auth/login', {
      email: admin.email.toUpperCase(),
      password: admin.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      user: {
        id: admin.id,
        email: admin.email,
        fullName: 'Aminah binti Yusof',
        role: 'ADMIN',
        hireDate: null,
      },
      isNewUser: false,
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/refresh_token=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).not.toMatch(/Secure/); // PUBLIC_URL is http in this test
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const staff = await createUser(t);
    const wrongPassword = await post('/api/auth/login', { email: staff.email, password: 'not-the-password' });
    const unknownEmail = await post('/api/auth/login', {
      email: 'nobody@company.test',
      password: 'whatever1',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid email or password.',
    });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('refuses a missing field with the error shape and the spec message', async () => {
    const response = await post('/api/auth/login', { email: 'a@company.test', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Email and Password are required.',
      code: 'VALIDATION',
      field: 'password',
    });
  });

  it('stores refresh tokens only as hashes', async () => {
    const staff = await createUser(t);
    const { refresh } = await signIn(t, staff.email, staff.password);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, staff.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(refresh);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('sign-in rate limits', () => {
  it('answers 429 after 10 failures a minute for one e-mail, even from other addresses and with the right password', async () => {
    const staff = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const response = await post('/api/auth/login', { email: staff.email, password: `wrong-${i}` });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: staff.email, password: staff.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(blocked.json().message).toMatch(
      /Too many failed sign-in attempts\. Please try again in \d+ seconds\./,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 after 10 failures a minute from one address, whatever the e-mail', async () => {
    const address = nextAddress();
    const staff = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const response = await post(
        '/api/auth/login',
        { email: `guess${i}@company.test`, password: 'wrong-pass' },
        {},
        address,
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/login',
      { email: staff.email, password: staff.password },
      {},
      address,
    );
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await post('/api/auth/login', { email: staff.email, password: staff.password });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('holds under a burst of parallel guesses: at most 10 are checked', async () => {
    const staff = await createUser(t);
    const address = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        post('/api/auth/login', { email: staff.email, password: `burst-${i}` }, {}, address),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });

  it('does not count successful sign-ins against the address', async () => {
    const staff = await createUser(t);
    const address = nextAddress();
    for (let i = 0; i < 12; i++) {
      const response = await post(
        '/api/auth/login',
        { email: staff.email, password: staff.password },
        {},
        address,
      );
      expect(response.statusCode).toBe(200);
    }
  });

  it('limits forget-password to 5 a minute per address', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i++) {
      const response = await post('/api/auth/forget-password', { email: `x${i}@company.test` }, {}, address);
      expect(response.statusCode).toBe(200);
    }
    const blocked = await post('/api/auth/forget-password', { email: 'x@company.test' }, {}, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  });
});

describe('refresh token rotation', () => {
  it('rotates the cookie on every refresh and gives a working access token', async () => {
    const staff = await createUser(t);
    const { refresh } = await signIn(t, staff.email, staff.password);
    const first = await refreshWith(refresh);
    expect(first.statusCode).toBe(200);
    const next = cookieFrom(first.headers['set-cookie'], 'refresh_token');
    expect(next).toBeDefined();
    expect(next).not.toBe(refresh);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/users/${staff.id}`,
      headers: bearer(first.json().accessToken),
    });
    expect(me.statusCode).toBe(200);
    const second = await refreshWith(next as string);
    expect(second.statusCode).toBe(200);
  });

  it('treats a rotated token presented again after the reuse interval as theft and revokes the whole family', async () => {
    const staff = await createUser(t);
    const { refresh: stolen } = await signIn(t, staff.email, staff.password);
    const legit = await refreshWith(stolen);
    const current = cookieFrom(legit.headers['set-cookie'], 'refresh_token') as string;
    // The legitimate rotation happened more than 10 seconds ago.
    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 11_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(stolen)));

    const replay = await refreshWith(stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    // The legitimate holder's newer token died with the family.
    const afterTheft = await refreshWith(current);
    expect(afterTheft.statusCode).toBe(401);
  });

  it('gives parallel refreshes with one cookie (two tabs) the same new cookie, which keeps working', async () => {
    const staff = await createUser(t);
    const { refresh } = await signIn(t, staff.email, staff.password);
    const answers = await Promise.all([refreshWith(refresh), refreshWith(refresh), refreshWith(refresh)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const cookies = new Set(answers.map((a) => cookieFrom(a.headers['set-cookie'], 'refresh_token')));
    expect(cookies.size).toBe(1);
    const [next] = [...cookies];
    for (const answer of answers) {
      const me = await t.app.inject({
        method: 'GET',
        url: `/api/users/${staff.id}`,
        headers: bearer(answer.json().accessToken),
      });
      expect(me.statusCode).toBe(200);
    }
    expect((await refreshWith(next as string)).statusCode).toBe(200);
  });

  it('refuses a missing or unknown cookie', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    const unknown = await refreshWith('not-a-token');
    expect(unknown.statusCode).toBe(401);
  });

  it('logout revokes the presented token and clears the cookie', async () => {
    const staff = await createUser(t);
    const { refresh } = await signIn(t, staff.email, staff.password);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: refresh },
    });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/refresh_token=;/);
    expect((await refreshWith(refresh)).statusCode).toBe(401);
  });

  it('another sign-in is a separate family that logout of the first leaves alone', async () => {
    const staff = await createUser(t);
    const laptop = await signIn(t, staff.email, staff.password);
    const phone = await signIn(t, staff.email, staff.password);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: laptop.refresh },
    });
    expect((await refreshWith(phone.refresh)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('refuses a missing, malformed or forged bearer token with 401', async () => {
    const staff = await createUser(t);
    const url = `/api/users/${staff.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer('abc') })).statusCode).toBe(401);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const [head, payload] = accessToken.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(forged) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('stops working at once when the user is deleted', async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    await t.db.delete(users).where(eq(users.id, staff.id));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${staff.id}`,
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(401);
  });

  it('stops working at once when its session logs out or its refresh family is revoked', async () => {
    const staff = await createUser(t);
    const laptop = await signIn(t, staff.email, staff.password);
    const phone = await signIn(t, staff.email, staff.password);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/users/${staff.id}`, headers: bearer(token) });
    expect((await me(laptop.accessToken)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: laptop.refresh },
    });
    expect((await me(laptop.accessToken)).statusCode).toBe(401);
    // Another sign-in of the same user is another session.
    expect((await me(phone.accessToken)).statusCode).toBe(200);
  });

  it('refuses tokens without expiry, issued in the future or signed for a session that does not exist', async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] as string, 'base64url').toString());
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const forge = (changes: Record<string, unknown>, withExp = true) => {
      const { exp, iat, ...rest } = { ...claims, ...changes };
      let jwt = new SignJWT(rest).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(iat as number);
      if (withExp) jwt = jwt.setExpirationTime(exp as number);
      return jwt.sign(key);
    };
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/users/${staff.id}`, headers: bearer(token) });
    expect((await me(await forge({}))).statusCode).toBe(200);
    expect((await me(await forge({}, false))).statusCode).toBe(401);
    const future = Math.floor(Date.now() / 1000) + 600;
    expect((await me(await forge({ iat: future, exp: future + 60, ims: future * 1000 }))).statusCode).toBe(
      401,
    );
    expect((await me(await forge({ sid: 'not-a-session' }))).statusCode).toBe(401);
  });
});

describe('POST /api/auth/register', () => {
  it('lets an ADMIN create an account with a temporary password; that user is new', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const response = await post(
      '/api/auth/register',
      { fullName: 'Kumar Selvam', email: 'Kumar.Selvam@company.test', role: 'STAFF', password: 'Temp#2026x' },
      bearer(accessToken),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), fullName: 'Kumar Selvam', role: 'STAFF' });
    const login = await signIn(t, 'kumar.selvam@company.test', 'Temp#2026x');
    expect(login.body.isNewUser).toBe(true);
  });

  it('refuses a STAFF caller with 403', async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const response = await post(
      '/api/auth/register',
      { fullName: 'Someone', email: 'someone@company.test', role: 'ADMIN', password: 'Temp#2026x' },
      bearer(accessToken),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('refuses an address outside the company domain with the spec message, and blanks with its own', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const outside = await post(
      '/api/auth/register',
      { fullName: 'Mallory', email: 'mallory@gmail.com', role: 'STAFF', password: 'Temp#2026x' },
      bearer(accessToken),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('Email must be a valid @ company-domain email.');
    const blank = await post(
      '/api/auth/register',
      { fullName: '  ', email: 'x@company.test', role: 'STAFF', password: 'Temp#2026x' },
      bearer(accessToken),
    );
    expect(blank.json().message).toBe('All fields are required.');
  });

  it('refuses look-alike addresses and names that hide or reverse text; stores names composed (NFC)', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const register = (fullName: string, email: string) =>
      post(
        '/api/auth/register',
        { fullName, email, role: 'STAFF', password: 'Temp#2026x' },
        bearer(accessToken),
      );
    // A Cyrillic а (U+0430) in place of the Latin a.
    const lookAlike = await register('Mallory', '\u0430dmin@company.test');
    expect(lookAlike.statusCode).toBe(400);
    expect(lookAlike.json().message).toBe('Email must be a valid @ company-domain email.');
    for (const name of ['\u200B\u200B', 'Tan \u202Egnoh', '\u2066Lim\u2069']) {
      const response = await register(name, `hidden${randomSuffix()}@company.test`);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().message).toMatch(/^fullName: /);
    }
    // "Nguyễn" typed with a combining mark is kept as the one composed letter.
    const decomposed = await register('Nguye\u0302\u0303n An', `an${randomSuffix()}@company.test`);
    expect(decomposed.statusCode).toBe(201);
    expect(decomposed.json().fullName).toBe('Nguy\u1EC5n An');
  });

  it('refuses an e-mail that exists in another letter case with 409', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, admin.email, admin.password);
    const response = await post(
      '/api/auth/register',
      { fullName: 'Copy', email: staff.email.toUpperCase(), role: 'STAFF', password: 'Temp#2026x' },
      bearer(accessToken),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'An account with this email already exists.',
    });
  });
});

describe('a new user must change the temporary password first', () => {
  it('answers 403 everywhere except change-password, refresh and logout, then unlocks', async () => {
    const newcomer = await createUser(t, { mustChangePassword: true });
    const login = await signIn(t, newcomer.email, newcomer.password);
    expect(login.body.isNewUser).toBe(true);

    const locked = await t.app.inject({
      method: 'GET',
      url: `/api/users/${newcomer.id}`,
      headers: bearer(login.accessToken),
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You must change your temporary password before continuing.',
    });
    const refreshed = await refreshWith(login.refresh);
    expect(refreshed.statusCode).toBe(200);

    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: newcomer.password, newPassword: 'My-own-pass-1' },
      bearer(refreshed.json().accessToken),
    );
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().accessToken as string;
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/users/${newcomer.id}`,
      headers: bearer(fresh),
    });
    expect(open.statusCode).toBe(200);
    expect((await signIn(t, newcomer.email, 'My-own-pass-1')).body.isNewUser).toBe(false);
  });
});

describe('POST /api/auth/change-password', () => {
  it('checks the current password', async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: 'wrong-one', newPassword: 'Another-pass-1' },
      bearer(accessToken),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Current password is incorrect.',
      code: 'CURRENT_PASSWORD_INCORRECT',
      field: 'currentPassword',
    });
  });

  it('refuses a short new password with a clear message', async () => {
    const staff = await createUser(t);
    const { accessToken } = await signIn(t, staff.email, staff.password);
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: staff.password, newPassword: 'short' },
      bearer(accessToken),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at least 8 characters.');
  });

  it('revokes every refresh token and every earlier access token of the user, and starts a new session', async () => {
    const staff = await createUser(t);
    const laptop = await signIn(t, staff.email, staff.password);
    const phone = await signIn(t, staff.email, staff.password);
    // No pause: tokens issued in the same second as the change stop working too.
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: staff.password, newPassword: 'Brand-new-pass-1' },
      bearer(laptop.accessToken),
    );
    expect(response.statusCode).toBe(200);
    expect((await refreshWith(laptop.refresh)).statusCode).toBe(401);
    expect((await refreshWith(phone.refresh)).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/users/${staff.id}`,
      headers: bearer(phone.accessToken),
    });
    expect(old.statusCode).toBe(401);
    const renewed = cookieFrom(response.headers['set-cookie'], 'refresh_token') as string;
    expect((await refreshWith(renewed)).statusCode).toBe(200);
    const now = await t.app.inject({
      method: 'GET',
      url: `/api/users/${staff.id}`,
      headers: bearer(response.json().accessToken),
    });
    expect(now.statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  const latestMailTo = async (email: string) => {
    for (let i = 0; i < 50; i++) {
      const rows = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
      const last = rows.at(-1);
      if (last) return last;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no e-mail to ${email}`);
  };
  const tokenFrom = (text: string) => {
    const match = /http:\/\/hr\.test\/reset-password\?token=([\w%-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no link in ${text}`);
    return decodeURIComponent(match[1]);
  };

  it('answers the same whether or not the e-mail exists', async () => {
    const staff = await createUser(t);
    const known = await post('/api/auth/forget-password', { email: staff.email });
    const unknown = await post('/api/auth/forget-password', { email: 'ghost@company.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('takes the link from the outbox to a new password, once', async () => {
    const staff = await createUser(t);
    const other = await signIn(t, staff.email, staff.password);
    await post('/api/auth/forget-password', { email: staff.email });
    const mail = await latestMailTo(staff.email);
    expect(mail.subject).toBe('Reset your password');
    const token = tokenFrom(mail.textBody);
    const stored = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, staff.id));
    expect(stored[0]?.tokenHash).not.toBe(token);

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'Reset-pass-2026' });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t, staff.email, 'Reset-pass-2026')).response.statusCode).toBe(200);
    expect((await refreshWith(other.refresh)).statusCode).toBe(401);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'Second-try-2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'This reset link is invalid or has expired. Please request a new one.',
      code: 'RESET_LINK_INVALID',
      field: 'token',
    });
  });

  it('keeps only the latest link working', async () => {
    const staff = await createUser(t);
    await post('/api/auth/forget-password', { email: staff.email });
    const first = tokenFrom((await latestMailTo(staff.email)).textBody);
    await post('/api/auth/forget-password', { email: staff.email });
    let second = first;
    for (let i = 0; i < 50 && second === first; i++) {
      const rows = await t.db.select().from(outbox).where(eq(outbox.toAddress, staff.email));
      second = tokenFrom(rows.at(-1)?.textBody ?? '');
      if (second === first) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(second).not.toBe(first);
    expect(
      (await post('/api/auth/reset-password', { token: first, newPassword: 'Old-link-2026' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/auth/reset-password', { token: second, newPassword: 'New-link-2026' })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired token', async () => {
    const staff = await createUser(t);
    await post('/api/auth/forget-password', { email: staff.email });
    const token = tokenFrom((await latestMailTo(staff.email)).textBody);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, staff.id));
    const response = await post('/api/auth/reset-password', { token, newPassword: 'Too-late-2026' });
    expect(response.statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: staff.email, password: staff.password })).statusCode).toBe(
      200,
    );
  });
});

function randomSuffix() {
  return Math.random().toString(36).slice(2, 8);
}
