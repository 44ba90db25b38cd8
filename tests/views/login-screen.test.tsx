import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, useAppHarness } from '../machines/harness';

describe('login screen (spec section 2, Login)', () => {
  useAppHarness();

  it('signs in with Email (an email input) and a masked Password; Login waits for both', async () => {
    const { user } = await renderApp({ path: '/login' });
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Sign in' });
    const email = within(form).getByLabelText('Email');
    const password = within(form).getByLabelText('Password');
    const login = within(form).getByRole('button', { name: 'Login' });
    expect(email).toHaveAttribute('type', 'email');
    expect(password).toHaveAttribute('type', 'password');
    expect(login).toBeDisabled();
    await user.type(email, 'admin@company.test');
    expect(login).toBeDisabled();
    await user.type(password, 'secret');
    expect(login).toBeEnabled();
    await user.click(within(form).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.clear(email);
    expect(login).toBeDisabled();
  });

  it('switches to the forgot-password tab and back; Send Reset Email waits for an email', async () => {
    const { user } = await renderApp({ path: '/login' });
    await user.click(screen.getByRole('link', { name: 'Forgot Password?' }));
    expect(screen.getByRole('tab', { name: 'Forgot Password', selected: true })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Forgot password' });
    const send = within(form).getByRole('button', { name: 'Send Reset Email' });
    expect(send).toBeDisabled();
    await user.type(within(form).getByLabelText('Email'), 'someone@company.test');
    expect(send).toBeEnabled();
    await user.click(within(form).getByRole('link', { name: 'Back to Login' }));
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Forgot Password' }));
    expect(screen.getByRole('form', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('has the banner image beside the form', async () => {
    await renderApp({ path: '/login' });
    const banner = document.querySelector('img[src="/login-banner.svg"]');
    expect(banner).not.toBeNull();
  });
});
