import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { expectToast, type RunningApp, renderApp, settle, useAppHarness } from '../machines/harness';
import { allowancesOf, leaveTypes, onboardedStaff } from '../machines/staff-fixtures';
import { admin } from './fixtures';

/**
 * Record panels of user detail: the Profile panel, spec section 5 ('Profile: name and email required ("All
 * fields are required.")') and section 8 ('Profile/user update': 'User updated!'; failure 'An error
 * occurred' / 'Please try again'); the Employment panel's status in the spec's words (section 2: 'ACTIVE
 * as 'Active', RESIGNED as 'Resigned'').
 */

const user = onboardedStaff;

async function openUserDetail(): Promise<RunningApp> {
  const app = await renderApp({
    path: `/admin/users/${user.id}`,
    storage: {
      [ACCESS_TOKEN_KEY]: 'token',
      [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
    },
    prepare: (server) => {
      server.autoAnswer((r) => r.method === 'GET' && r.path === `/api/users/${user.id}`, 200, user);
      server.autoAnswer((r) => r.method === 'GET' && r.path === '/api/leave-types', 200, leaveTypes);
      server.autoAnswer(
        (r) => r.method === 'GET' && r.path === `/api/users/${user.id}/leave-balances`,
        200,
        allowancesOf({ 1: 14 }),
      );
    },
  });
  await settle();
  return app;
}

async function openProfilePanel(): Promise<{ app: RunningApp; form: HTMLElement }> {
  const app = await openUserDetail();
  await app.user.click(screen.getByRole('button', { name: 'Edit Profile' }));
  return { app, form: screen.getByRole('form', { name: 'Profile' }) };
}

const change = async (form: HTMLElement, name: string, value: string) => {
  fireEvent.change(form.querySelector(`[name="${name}"]`) as HTMLInputElement, { target: { value } });
  await settle();
};

describe('the Profile panel of user detail', () => {
  useAppHarness();

  it.each([
    ['fullName', 'Full Name'],
    ['email', 'Email'],
  ])("an empty %s is refused with 'All fields are required.' and nothing is sent", async (name) => {
    const { app, form } = await openProfilePanel();
    await change(form, name, '');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    await settle();
    const input = form.querySelector(`[name="${name}"]`) as HTMLInputElement;
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('All fields are required.')).toBeInTheDocument();
    expect(app.server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it("a refused save: 'An error occurred' / 'Please try again', and the draft stays", async () => {
    const { app, form } = await openProfilePanel();
    await change(form, 'fullName', 'Nur Aisyah Rahman');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    await settle();
    app.server.answer('PATCH', `/api/users/${user.id}`, 500, {});
    await settle();
    expectToast('An error occurred', 'Please try again');
    expect(form.querySelector('[name="fullName"]')).toHaveValue('Nur Aisyah Rahman');
  });

  it("a saved change: 'User updated!'", async () => {
    const { app, form } = await openProfilePanel();
    await change(form, 'fullName', 'Nur Aisyah Rahman');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    await settle();
    app.server.answer('PATCH', `/api/users/${user.id}`, 200, { ...user, fullName: 'Nur Aisyah Rahman' });
    await settle();
    expectToast('User updated!');
  });
});

describe('the Employment panel of user detail', () => {
  useAppHarness();

  it("shows the status as 'Active', and offers 'Active' and 'Resigned' when editing", async () => {
    const app = await openUserDetail();
    await app.user.click(screen.getByRole('tab', { name: 'Employment' }));
    const panel = screen.getByRole('tabpanel', { name: 'Employment' });
    const shown = within(panel).getByText('Employment Status');
    expect(shown.parentElement).toHaveTextContent(/Employment Status\s*Active/);
    await app.user.click(within(panel).getByRole('button', { name: 'Edit Employment Information' }));
    const form = screen.getByRole('form', { name: 'Employment Information' });
    const select = form.querySelector('[name="employmentStatus"]') as HTMLSelectElement;
    expect([...select.options].filter((o) => o.value !== '').map((o) => o.textContent)).toEqual([
      'Active',
      'Resigned',
    ]);
    expect(select.selectedOptions[0]?.textContent).toBe('Active');
  });
});

describe('the Leave Allowance panel of user detail', () => {
  useAppHarness();

  // Spec section 5: every leave type except Unpaid needs a value ('Please fill in for all leave types.'):
  // one message, beside the first type left empty; nothing is sent.
  it("an empty allowance is refused with 'Please fill in for all leave types.' beside it", async () => {
    const app = await openUserDetail();
    await app.user.click(screen.getByRole('tab', { name: 'Leave Allowance' }));
    await app.user.click(screen.getByRole('button', { name: 'Edit Leave Allowance' }));
    const form = screen.getByRole('form', { name: 'Leave Allowance' });
    await change(form, 'leave-1', '15');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    await settle();
    // Annual Leave (14 stored, 15 typed) is filled; Medical Leave, the next type, has no value.
    expect(form.querySelector('[name="leave-1"]')).not.toHaveAttribute('aria-invalid');
    expect(form.querySelector('[name="leave-2"]')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getAllByText('Please fill in for all leave types.')).toHaveLength(1);
    expect(app.server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});
