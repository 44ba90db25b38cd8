import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { advance, expectToast, renderApp, settle, useAppHarness } from '../machines/harness';

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

  it('moves between the tabs with the arrow keys, Home and End, the chosen tab alone in the Tab order', async () => {
    const { user } = await renderApp({ path: '/login' });
    const tablist = screen.getByRole('tablist');
    const login = within(tablist).getByRole('tab', { name: 'Login' });
    const forgot = within(tablist).getByRole('tab', { name: 'Forgot Password' });
    expect(screen.getByRole('tabpanel', { name: 'Login' })).toContainElement(
      screen.getByRole('form', { name: 'Sign in' }),
    );
    expect(login).toHaveAttribute('tabindex', '0');
    expect(forgot).toHaveAttribute('tabindex', '-1');

    login.focus();
    await user.keyboard('{ArrowRight}');
    expect(forgot).toHaveFocus();
    expect(forgot).toHaveAttribute('aria-selected', 'true');
    expect(login).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Forgot Password' })).toContainElement(
      screen.getByRole('form', { name: 'Forgot password' }),
    );
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();

    // Past the last tab the arrows go round; Home and End go to the first and the last.
    await user.keyboard('{ArrowRight}');
    expect(login).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBe(login);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Forgot Password', selected: true })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Forgot Password', selected: true })).toHaveFocus();
    // Tab leaves the tab list for the chosen panel's content.
    await user.tab();
    expect(forgot).not.toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Forgot Password' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });

  it('has the banner image beside the form', async () => {
    await renderApp({ path: '/login' });
    const banner = document.querySelector('img[src="/login-banner.svg"]');
    expect(banner).not.toBeNull();
  });

  it('marks a field emptied and left as invalid, with the spec’s message beneath it, until it is filled', async () => {
    const { user } = await renderApp({ path: '/login' });
    const form = screen.getByRole('form', { name: 'Sign in' });
    const email = within(form).getByLabelText('Email');
    const password = within(form).getByLabelText('Password');
    // Passing through a field says nothing: only a field the user typed in complains when left.
    await user.click(password);
    await user.tab();
    await settle();
    expect(password).not.toHaveAttribute('aria-invalid');
    await user.type(email, 'a');
    await user.clear(email);
    await user.tab();
    await settle();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const message = document.getElementById(email.getAttribute('aria-errormessage') ?? '');
    expect(message).toHaveTextContent('Email and Password are required.');
    await user.type(email, 'a');
    await settle();
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(within(form).queryByText('Email and Password are required.')).toBeNull();
  });

  it('shows a refused sign-in once, as the spec’s Login Error toast, and nothing above the button', async () => {
    const { user, server } = await renderApp({ path: '/login' });
    const form = screen.getByRole('form', { name: 'Sign in' });
    await user.type(within(form).getByLabelText('Email'), 'admin@company.test');
    await user.type(within(form).getByLabelText('Password'), 'wrong');
    await user.click(within(form).getByRole('button', { name: 'Login' }));
    server.answer('POST', '/api/auth/login', 401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid email or password.',
    });
    await settle();
    expectToast('Login Error', 'Invalid email or password.');
    expect(within(form).queryByText('Invalid email or password.')).toBeNull();
    expect(form.querySelector('[data-part="form-error"]')).toBeNull();
  });

  it('keeps the resend lock through a tab switch and a failed sign-in', async () => {
    const { user, server } = await renderApp({ path: '/login' });
    await user.click(screen.getByRole('link', { name: 'Forgot Password?' }));
    const forgot = screen.getByRole('form', { name: 'Forgot password' });
    await user.type(within(forgot).getByLabelText('Email'), 'weiming.tan@company.test');
    await user.click(within(forgot).getByRole('button', { name: 'Send Reset Email' }));
    server.answer('POST', '/api/auth/forget-password', 200, { message: 'sent' });
    await settle();
    await advance(5000);
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    await settle();
    const signIn = screen.getByRole('form', { name: 'Sign in' });
    await user.type(within(signIn).getByLabelText('Email'), 'weiming.tan@company.test');
    await user.type(within(signIn).getByLabelText('Password'), 'wrong');
    await user.click(within(signIn).getByRole('button', { name: 'Login' }));
    server.answer('POST', '/api/auth/login', 401, { statusCode: 401, error: 'Unauthorized', message: 'No.' });
    await settle();
    await user.click(screen.getByRole('tab', { name: 'Forgot Password' }));
    const again = screen.getByRole('form', { name: 'Forgot password' });
    expect(within(again).getByLabelText('Email')).toHaveValue('weiming.tan@company.test');
    expect(
      within(again).getByRole('button', { name: /^Please wait 1[45]s before requesting again\.\.\.$/ }),
    ).toBeDisabled();
    await advance(15_000);
    expect(within(again).getByRole('button', { name: 'Send Reset Email' })).toBeEnabled();
  });
});
