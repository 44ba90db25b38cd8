import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { SIDEBAR_COOKIE } from '../../src/app/layouts/sidebar-state';
import type { SessionUser } from '../../src/domain/auth';
import { initialsOf } from '../../src/domain/initials';
import { advance, isDialogOpen, openDialog, renderApp, settle, useAppHarness } from '../machines/harness';
import { admin, staff } from './fixtures';

const as = (user: SessionUser, path: string) =>
  renderApp({
    path,
    storage: { [ACCESS_TOKEN_KEY]: 'token', [CURRENT_USER_KEY]: JSON.stringify({ user, isNewUser: false }) },
  });

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const link = (name: string) => within(sidebar()).getByRole('link', { name });

describe('signed-in layouts (spec section 2, Navigation)', () => {
  useAppHarness();
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: resetting the sidebar cookie between tests.
    document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`;
  });

  it('admin sidebar: Home, Users, Leave Balance, the Pay group (open by default) and Company', async () => {
    const { user } = await as(admin, '/admin/users/12');
    const hrefs = ['Home', 'Users', 'Leave Balance', 'Process', 'Records', 'Submissions', 'Company'].map(
      (name) => link(name).getAttribute('href'),
    );
    expect(hrefs).toEqual([
      '/admin',
      '/admin/users',
      '/admin/leave-balance',
      '/admin/process-pay',
      '/admin/pay-records',
      '/admin/pay-submissions',
      '/admin/company',
    ]);
    expect(link('Users')).toHaveAttribute('aria-current', 'page');
    expect(link('Home')).not.toHaveAttribute('aria-current');
    const pay = within(sidebar()).getByRole('button', { name: 'Pay' });
    expect(pay).toHaveAttribute('data-state', 'open');
    await user.click(pay);
    expect(pay).toHaveAttribute('data-state', 'closed');
    await user.click(link('Leave Balance'));
    expect(window.location.pathname).toBe('/admin/leave-balance');
    expect(link('Leave Balance')).toHaveAttribute('aria-current', 'page');
  });

  it("the brand header names the company the page was served for, for staff too (issue 34: not 'HR Portal')", async () => {
    const meta = document.createElement('meta');
    meta.name = 'application-name';
    meta.content = 'Lim & Tan Trading Pte. Ltd.';
    document.head.append(meta);
    try {
      await as(staff, '/staff/payslips');
      expect(within(sidebar()).getByText('Lim & Tan Trading Pte. Ltd.')).toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });

  it('staff sidebar: Home, Pay and Profile; the welcome line and initials skip BINTI', async () => {
    await as(staff, '/staff/payslips');
    const names = within(sidebar())
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Home', 'Pay', 'Profile']);
    expect(link('Pay')).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByText('Welcome, Tan Wei Ming')).toBeInTheDocument();
    expect(within(sidebar()).getByText('TW')).toBeInTheDocument();
    expect(within(sidebar()).getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(initialsOf('Aisyah Binti Rahman')).toBe('AR');
    expect(initialsOf('siti binti  osman')).toBe('SO');
    expect(initialsOf('Madonna')).toBe('M');
    expect(initialsOf('')).toBe('');
  });

  it('collapses to icons and keeps that in a 7-day cookie', async () => {
    const { user } = await as(admin, '/admin');
    const [desktopToggle] = screen.getAllByRole('button', { name: 'Toggle Sidebar' });
    if (!desktopToggle) throw new Error('no toggle');
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    await user.click(desktopToggle);
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);
    // Icons keep their names for assistive technology.
    expect(link('Users')).toHaveAttribute('title', 'Users');
    expect(within(sidebar()).getByRole('link', { name: 'Process' })).toBeInTheDocument();
  });

  it('starts collapsed when the cookie says so', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: setting up the stored sidebar state.
    document.cookie = `${SIDEBAR_COOKIE}=false; path=/`;
    await as(staff, '/staff');
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
  });

  it('offers an off-canvas drawer with the same links', async () => {
    const { user } = await as(admin, '/admin');
    const [, drawerToggle] = screen.getAllByRole('button', { name: 'Toggle Sidebar' });
    if (!drawerToggle) throw new Error('no drawer toggle');
    await user.click(drawerToggle);
    await settle();
    const drawer = openDialog('dialog', 'Admin navigation');
    await user.click(within(drawer).getByRole('link', { name: 'Records' }));
    await settle();
    expect(window.location.pathname).toBe('/admin/pay-records');
    expect(isDialogOpen('dialog', 'Admin navigation')).toBe(false);
  });

  it('Change Password opens a dialog with three masked fields; differing entries block the submit', async () => {
    const { user } = await as(admin, '/admin');
    await user.click(within(sidebar()).getByRole('button', { name: 'Change Password' }));
    // Zag arms the dialog's Escape handling on the next tick.
    await advance(50);
    const dialog = openDialog('dialog', 'Change Password');
    const fields = ['Current Password', 'New Password', 'Confirm Password'].map((label) =>
      within(dialog).getByLabelText(label),
    );
    for (const field of fields) expect(field).toHaveAttribute('type', 'password');
    const toggles = within(dialog).getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    await user.click(toggles[1] as HTMLElement);
    expect(fields[1]).toHaveAttribute('type', 'text');
    const [current, fresh, confirm] = fields as [HTMLElement, HTMLElement, HTMLElement];
    await user.type(current, 'Old-Pass-1');
    await user.type(fresh, 'New-Pass-22');
    await user.type(confirm, 'New-Pass-2');
    expect(within(dialog).getByText('New passwords do not match')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change Password' })).toBeDisabled();
    await user.type(confirm, '2');
    expect(within(dialog).queryByText('New passwords do not match')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Change Password' })).toBeEnabled();
    await user.keyboard('{Escape}');
    await settle();
    expect(isDialogOpen('dialog', 'Change Password')).toBe(false);
  });
});
