import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { adminArea } from '../../src/app/route-table';
import { advance, expectToast, openDialog, renderApp, settle, useAppHarness } from '../machines/harness';
import { admin } from './fixtures';

const signedIn = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};

describe('what every screen does for its reader', () => {
  useAppHarness();

  it('names the browser tab after the screen', async () => {
    await renderApp({ path: '/login' });
    expect(document.title).toBe('Login · HR Portal');
  });

  it('names the tab after each signed-in page, and keeps the page in a main landmark', async () => {
    const { user } = await renderApp({ path: '/admin', storage: signedIn });
    expect(document.title).toBe('Dashboard · HR Portal');
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Dashboard' }),
    );
    await user.click(
      within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('link', { name: 'Records' }),
    );
    const records = adminArea.pages.find((p) => p.path === '/admin/pay-records')?.title;
    // The Records screen's code arrives lazily: its title is set once it shows.
    await waitFor(() => expect(document.title).toBe(`${records} · HR Portal`));
  });

  it('moves focus to the new page’s heading after navigation, not on the first page of a visit', async () => {
    const { user } = await renderApp({ path: '/admin', storage: signedIn });
    const dashboard = screen.getByRole('heading', { level: 1, name: 'Dashboard' });
    expect(dashboard).not.toHaveFocus();
    await user.click(
      within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('link', { name: 'Users' }),
    );
    // The screen's code arrives lazily, so its heading shows a moment after the click.
    expect(await screen.findByRole('heading', { level: 1, name: 'All Staff' })).toHaveFocus();
  });

  it('gives the login and card screens a main landmark too', async () => {
    await renderApp({ path: '/login' });
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('form', { name: 'Sign in' }));
  });

  it('an automatic logout says why, in the toast and on the login screen', async () => {
    const { server } = await renderApp({ path: '/admin', storage: signedIn });
    // Spec section 9: the prompt after 13 minutes without activity, the logout 2 minutes later.
    await advance(13 * 60_000);
    const prompt = openDialog('alertdialog', 'Are you still there?');
    expect(within(prompt).getByRole('timer')).toHaveTextContent('2:00');
    await advance(1000);
    expect(within(prompt).getByRole('timer')).toHaveTextContent('1:59');
    await advance(2 * 60_000);
    server.answer('POST', '/api/auth/logout', 204);
    await settle();
    expect(window.location.pathname).toBe('/login');
    expectToast(
      'You have been logged out',
      'You were inactive for 15 minutes, so you were logged out to keep your account safe.',
    );
    expect(
      screen.getByText('You were logged out after 15 minutes without activity. Please log in again.'),
    ).toBeInTheDocument();
  });

  it('a logout the user asked for says only that', async () => {
    const { user, server } = await renderApp({ path: '/admin', storage: signedIn });
    await user.click(
      within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('button', { name: 'Logout' }),
    );
    server.answer('POST', '/api/auth/logout', 204);
    await settle();
    expectToast('Logout successful!', 'You have been logged out');
    expect(screen.queryByText(/Please log in again\./)).toBeNull();
  });
});
