import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { adminArea, staffArea } from '../../src/app/route-table';
import type { SessionUser } from '../../src/domain/auth';
import { renderApp, useAppHarness } from '../machines/harness';
import { admin, staff } from './fixtures';

const signedInAs = (user: SessionUser | null): Record<string, string> =>
  user ? { [ACCESS_TOKEN_KEY]: 'token', [CURRENT_USER_KEY]: JSON.stringify({ user, isNewUser: false }) } : {};

/** A sample URL for a route pattern: every parameter becomes a number. */
const sample = (pattern: string) => pattern.replace(/:[a-zA-Z]+/g, (_, i: number) => String(2025 + i));

async function visit(path: string, user: SessionUser | null) {
  const before = window.history.length;
  await renderApp({ path, storage: signedInAs(user) });
  return { path: window.location.pathname, pushed: window.history.length - before };
}

describe('routes and guards (spec section 2)', () => {
  useAppHarness();

  it.each([
    ['/admin', null, '/login'],
    ['/staff/profile', null, '/login'],
    ['/', null, '/login'],
    ['/somewhere/else', null, '/login'],
    ['/', admin, '/admin'],
    ['/', staff, '/staff'],
    ['/login', admin, '/admin'],
    ['/staff', admin, '/admin'],
    ['/admin/users', staff, '/staff'],
    ['/admin/not-a-screen', admin, '/admin'],
    ['/nothing-here', staff, '/staff'],
  ] as const)('%s as %o ends at %s without adding history', async (path, user, expected) => {
    const result = await visit(path, user);
    expect(result.path).toBe(expected);
    expect(result.pushed).toBe(0);
  });

  it.each([
    ...adminArea.pages.map((p) => [p.path, p.title, admin] as const),
    ...staffArea.pages.map((p) => [p.path, p.title, staff] as const),
  ])('%s shows its title %s inside the layout', async (pattern, title, user) => {
    await visit(sample(pattern), user);
    expect(window.location.pathname).toBe(sample(pattern));
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
  });

  it('/reset-password is open to a signed-in user too, and sends a link without a token to /login', async () => {
    expect((await visit('/reset-password?token=abc', admin)).path).toBe('/reset-password');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('/reset-password without a token goes to /login', async () => {
    expect((await visit('/reset-password', null)).path).toBe('/login');
  });
});
