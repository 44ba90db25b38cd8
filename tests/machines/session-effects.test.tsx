// The session's live effects (src/actors) in jsdom, where session storage and the document exist.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { createActivityWatcher } from '../../src/actors/activity';
import { createRefreshQueue, SessionExpiredError } from '../../src/actors/refresh-queue';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY, createSessionStore } from '../../src/actors/session-store';

const user = {
  id: 4,
  email: 'siti@company.test',
  fullName: 'Siti Binti Osman',
  role: 'STAFF' as const,
  hireDate: null,
};

describe('session storage', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the token under accessToken and the user beside it; an empty token removes the entry', () => {
    const store = createSessionStore(sessionStorage);
    store.save({ accessToken: 'abc', user, isNewUser: true });
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe('abc');
    expect(store.read()).toEqual({ user, isNewUser: true });
    store.markPasswordSet();
    expect(store.read()).toEqual({ user, isNewUser: false });
    store.setAccessToken('');
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(store.read()).toBeNull();
  });

  it("tells a token that has expired, or will within half a minute, by its JWT expiry (RFC 7519's exp, seconds)", () => {
    // base64url, as a JWT is written: the '~~~' makes a '-' where base64 has a '+'.
    const jwt = (claims: object) =>
      `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ ...claims, n: '~~~' }))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')}.sig`;
    const now = Date.UTC(2025, 5, 1, 9, 0, 0);
    const expired = (token: string) => {
      sessionStorage.setItem(ACCESS_TOKEN_KEY, token);
      return createSessionStore(sessionStorage).tokenExpired(now);
    };
    expect(expired(jwt({ exp: now / 1000 + 600 }))).toBe(false);
    expect(expired(jwt({ exp: now / 1000 + 31 }))).toBe(false);
    expect(expired(jwt({ exp: now / 1000 + 29 }))).toBe(true);
    expect(expired(jwt({ exp: now / 1000 - 60 }))).toBe(true);
    // No readable expiry: the page's first 401 starts the refresh, as before.
    expect(expired('abc')).toBe(false);
    expect(expired(jwt({}))).toBe(false);
    sessionStorage.clear();
    expect(createSessionStore(sessionStorage).tokenExpired(now)).toBe(false);
  });

  it('restores nothing from a token without a readable user', () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, 'abc');
    sessionStorage.setItem(CURRENT_USER_KEY, '{not json');
    expect(createSessionStore(sessionStorage).read()).toBeNull();
    createSessionStore(sessionStorage).clear();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('refresh queue', () => {
  it('settles waiting requests by id, once', async () => {
    const queue = createRefreshQueue();
    const ids: string[] = [];
    const a = queue.wait((event) => ids.push(event.requestId));
    const b = queue.wait((event) => ids.push(event.requestId));
    queue.retry([ids[0] ?? ''], 'tok');
    queue.fail([ids[1] ?? '', ids[0] ?? '']);
    await expect(a).resolves.toBe('tok');
    await expect(b).rejects.toBeInstanceOf(SessionExpiredError);
  });
});

describe('activity watcher', () => {
  afterEach(() => vi.useRealTimers());

  it('reports mouse, key and touch activity at most once a second', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A stand-in parent that counts what the watcher sends it.
    const parent = setup({
      types: { context: {} as { reports: number }, events: {} as { type: 'user.activity' } },
      actors: { watchActivity: createActivityWatcher(document) },
    }).createMachine({
      context: { reports: 0 },
      invoke: { src: 'watchActivity' },
      on: { 'user.activity': { actions: assign({ reports: ({ context }) => context.reports + 1 }) } },
    });
    const actor = createActor(parent).start();
    const reports = () => actor.getSnapshot().context.reports;
    document.dispatchEvent(new MouseEvent('mousemove'));
    document.dispatchEvent(new KeyboardEvent('keydown'));
    expect(reports()).toBe(1);
    vi.advanceTimersByTime(1000);
    document.dispatchEvent(new TouchEvent('touchstart'));
    expect(reports()).toBe(2);
    actor.stop();
    vi.advanceTimersByTime(1000);
    document.dispatchEvent(new MouseEvent('mousedown'));
    expect(reports()).toBe(2);
  });
});
