import { describe, expect, it } from 'vitest';
import { resetRequestLabel } from '../../machines/forgot-password.machine';
import { formView } from '../../machines/form';
import { loginFormMachine } from '../../machines/login-form.machine';
import { homePathFor, type SessionContext, sessionMachine } from '../../machines/session.machine';
import {
  homePath,
  isSignedIn,
  logoutCountdown,
  mustSetPassword,
  roleRedirect,
  type SessionSnapshot,
  signedOutNotice,
  staysOnLoginScreen,
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
  waitingRequests: [],
  logoutSecondsLeft: 0,
  signedOutReason: null,
  restoredTokenExpired: false,
};
const at = (value: object | string, context: Partial<SessionContext> = {}) =>
  sessionMachine.resolveState({
    value: value as never,
    context: { ...baseContext, ...context },
  }) as SessionSnapshot;

const signedOut = (context: Partial<SessionContext> = {}) => at('signedOut', context);
const signedIn = (
  user: SessionUser,
  account = 'active',
  inactivity: string | object = 'watching',
  extra = {},
) => at({ signedIn: { account, tokenRefresh: 'idle', inactivity } }, { user, ...extra });

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
    expect(isSignedIn(signedOut())).toBe(false);
  });

  it('keeps a new staff user on the login screen for the password step, and sends a new admin home', () => {
    expect(mustSetPassword(signedIn(staff, 'mustSetPassword'))).toBe(true);
    expect(staysOnLoginScreen(signedIn(staff, 'mustSetPassword'))).toBe(true);
    expect(staysOnLoginScreen(signedIn(admin, 'mustSetPassword'))).toBe(false);
    expect(staysOnLoginScreen(signedIn(staff))).toBe(false);
  });

  it('counts the inactivity dialog down in minutes and seconds', () => {
    const prompting = (seconds: number) =>
      signedIn(admin, 'active', { prompting: 'counting' }, { logoutSecondsLeft: seconds });
    expect(logoutCountdown(prompting(120))).toBe('2:00');
    expect(logoutCountdown(prompting(119))).toBe('1:59');
    expect(logoutCountdown(prompting(5))).toBe('0:05');
  });

  it('tells a signed-out user why the session ended when it ended by itself', () => {
    expect(signedOutNotice(signedOut())).toBeNull();
    expect(signedOutNotice(signedOut({ signedOutReason: 'inactivity' }))).toBe(
      'You were logged out after 15 minutes without activity. Please log in again.',
    );
    expect(signedOutNotice(signedOut({ signedOutReason: 'sessionExpired' }))).toBe(
      'Your session has expired. Please log in again.',
    );
  });
});

describe('form selectors', () => {
  const form = (value: string, context: object) =>
    loginFormMachine.resolveState({
      value: value as never,
      context: {
        values: { email: '', password: '' },
        errors: {},
        edited: {},
        submitError: null,
        refused: {},
        params: {},
        result: null,
        ...context,
      },
    });

  it('enables submit by the spec’s rule, never while sending', () => {
    const rule = (v: { email: string }) => v.email !== '';
    expect(formView(form('editing', {}), rule).canSubmit).toBe(false);
    expect(formView(form('editing', { values: { email: 'a@b', password: '' } }), rule).canSubmit).toBe(true);
    expect(formView(form('submitting', { values: { email: 'a@b', password: '' } }), rule).canSubmit).toBe(
      false,
    );
  });

  it('labels Send Reset Email by the request state, with the live countdown', () => {
    expect(resetRequestLabel({ submitting: false, lockSecondsLeft: null })).toBe('Send Reset Email');
    expect(resetRequestLabel({ submitting: true, lockSecondsLeft: null })).toBe('Sending...');
    expect(resetRequestLabel({ submitting: false, lockSecondsLeft: 17 })).toBe(
      'Please wait 17s before requesting again...',
    );
  });
});
