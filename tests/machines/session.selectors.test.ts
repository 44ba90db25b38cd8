import { describe, expect, it } from 'vitest';
import { homePathFor, type SessionContext, sessionMachine } from '../../machines/session.machine';
import {
  homePath,
  isSignedIn,
  isSigningIn,
  loginTab,
  mustSetPassword,
  passwordFormMessage,
  resetRequestButton,
  roleRedirect,
  type SessionSnapshot,
} from '../../machines/session.selectors';
import type { SessionUser } from '../../src/domain/auth';

const admin: SessionUser = {
  id: 1,
  email: 'admin@company.test',
  fullName: 'Admin',
  role: 'ADMIN',
  hireDate: null,
};
const staff: SessionUser = {
  id: 2,
  email: 'staff@company.test',
  fullName: 'Staff',
  role: 'STAFF',
  hireDate: '2024-01-02',
};

const baseContext: SessionContext = {
  user: null,
  isNewUser: false,
  loginError: null,
  resetRequestError: null,
  passwordError: null,
  resendSecondsLeft: 0,
  waitingRequests: [],
};
const at = (value: object | string, context: Partial<SessionContext> = {}) =>
  sessionMachine.resolveState({
    value: value as never,
    context: { ...baseContext, ...context },
  }) as SessionSnapshot;

const signedOut = (tab = 'login', resetRequest: string | object = 'idle', extra = {}) =>
  at({ signedOut: { tab, loginForm: { editing: 'idle' }, resetRequest } }, extra);
const signedIn = (user: SessionUser, account = 'active', password: string | object = 'closed') =>
  at({ signedIn: { account, password, tokenRefresh: 'idle', inactivity: 'watching' } }, { user });

describe('session selectors', () => {
  it('routes by role: / leads ADMIN to /admin and STAFF to /staff', () => {
    expect(homePathFor('ADMIN')).toBe('/admin');
    expect(homePathFor('STAFF')).toBe('/staff');
    expect(homePath(signedIn(admin))).toBe('/admin');
    expect(homePath(signedIn(staff))).toBe('/staff');
    expect(homePath(signedOut())).toBeNull();
  });

  it('the role guard sends a wrong role to its own area and a guest to /', () => {
    expect(roleRedirect(signedIn(admin), ['ADMIN'])).toBeNull();
    expect(roleRedirect(signedIn(admin), ['STAFF'])).toBe('/admin');
    expect(roleRedirect(signedIn(staff), ['ADMIN'])).toBe('/staff');
    expect(roleRedirect(signedOut(), ['ADMIN'])).toBe('/');
  });

  it('counts a session that is logging out as still signed in (the layout stays until it ends)', () => {
    expect(isSignedIn(at('loggingOut', { user: admin }))).toBe(true);
    const signingIn = at({ signedOut: { tab: 'login', loginForm: 'signingIn', resetRequest: 'idle' } });
    expect(isSigningIn(signingIn)).toBe(true);
    expect(isSignedIn(signingIn)).toBe(false);
  });

  it('labels Send Reset Email by the request state, with the live countdown', () => {
    expect(resetRequestButton(signedOut('forgotPassword'))).toEqual({
      label: 'Send Reset Email',
      locked: false,
    });
    expect(resetRequestButton(signedOut('forgotPassword', 'sending'))).toEqual({
      label: 'Sending...',
      locked: true,
    });
    expect(
      resetRequestButton(signedOut('forgotPassword', { locked: 'counting' }, { resendSecondsLeft: 17 })),
    ).toEqual({
      label: 'Please wait 17s before requesting again...',
      locked: true,
    });
    expect(loginTab(signedOut('forgotPassword'))).toBe('forgotPassword');
  });

  it('shows the full-stop mismatch text after a submit and the server text after a refusal', () => {
    expect(passwordFormMessage(signedIn(admin, 'active', { open: { form: 'invalid' } }))).toBe(
      'New passwords do not match.',
    );
    const failed = sessionMachine.resolveState({
      value: {
        signedIn: {
          account: 'active',
          password: { open: { form: 'failed' } },
          tokenRefresh: 'idle',
          inactivity: 'watching',
        },
      },
      context: {
        ...baseContext,
        user: admin,
        passwordError: { statusCode: 400, error: 'Bad Request', message: 'Wrong.' },
      },
    }) as SessionSnapshot;
    // The toast tells the server's refusal; the form does not repeat it.
    expect(passwordFormMessage(failed)).toBeNull();
    expect(mustSetPassword(signedIn(staff, 'mustSetPassword', { open: { form: 'editing' } }))).toBe(true);
  });
});
