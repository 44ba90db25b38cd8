import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { SessionInput, sessionMachine } from '../../machines/session.machine';
import type { ApiError, LoginResponse } from '../../src/domain/auth';

/**
 * The session model's concrete events: payloads the views can type and answers the fake server can give.
 * Shared by the model-based test and its unit check of the plan.
 */
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The machine's events plus the effect outcomes and timers the model walks. */
export type ModelEvent =
  | EventFromLogic<typeof sessionMachine>
  | { type: 'xstate.done.actor.logIn'; output: LoginResponse; actorId: string }
  | { type: 'xstate.done.actor.refreshAccessToken'; output: { accessToken: string }; actorId: string }
  | {
      type:
        | 'xstate.done.actor.requestPasswordReset'
        | 'xstate.done.actor.changePassword'
        | 'xstate.done.actor.logOut';
      output: undefined;
      actorId: string;
    }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string }
  | { type: `xstate.after.${string}` };

export const people = {
  admin: {
    id: 1,
    email: 'admin@company.test',
    fullName: 'Aisyah Binti Rahman',
    role: 'ADMIN',
    hireDate: null,
  },
  staff: {
    id: 2,
    email: 'tan.wei.ming@company.test',
    fullName: 'Tan Wei Ming',
    role: 'STAFF',
    hireDate: '2024-03-01',
  },
  newAdmin: {
    id: 4,
    email: 'ravi.menon@company.test',
    fullName: 'Ravi Menon',
    role: 'ADMIN',
    hireDate: null,
  },
  newStaff: {
    id: 3,
    email: 'priya.nair@company.test',
    fullName: 'Priya Nair',
    role: 'STAFF',
    hireDate: '2025-01-06',
  },
} as const satisfies Record<string, LoginResponse['user']>;

export const loginAnswers = {
  admin: { accessToken: 'token-admin', user: people.admin, isNewUser: false },
  staff: { accessToken: 'token-staff', user: people.staff, isNewUser: false },
  newStaff: { accessToken: 'token-new', user: people.newStaff, isNewUser: true },
  newAdmin: { accessToken: 'token-new-admin', user: people.newAdmin, isNewUser: true },
} satisfies Record<string, LoginResponse>;

export const errors = {
  badCredentials: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' },
  mailDown: { statusCode: 503, error: 'Service Unavailable', message: 'The mail service is unavailable.' },
  wrongCurrent: { statusCode: 400, error: 'Bad Request', message: 'Current password is incorrect.' },
  refreshRefused: { statusCode: 401, error: 'Unauthorized', message: 'Refresh token expired.' },
  logoutFailed: { statusCode: 500, error: 'Internal Server Error', message: 'Could not revoke the session.' },
};

export const passwords = {
  current: 'Temp-Pass-1',
  fresh: 'Fresh-Pass-22',
};

export const starts: ReadonlyArray<{ name: string; input: SessionInput; path: string }> = [
  { name: 'signed out', input: { stored: null }, path: '/login' },
  {
    name: 'restored admin session',
    input: { stored: { user: people.admin, isNewUser: false } },
    path: '/admin',
  },
  {
    name: 'restored new staff session',
    input: { stored: { user: people.newStaff, isNewUser: true } },
    path: '/staff',
  },
];

export const events: ModelEvent[] = [
  { type: 'login.submit', email: people.admin.email, password: passwords.current },
  { type: 'forgotPassword.open' },
  { type: 'login.open' },
  { type: 'resetRequest.submit', email: people.staff.email },
  { type: 'xstate.done.actor.requestPasswordReset', output: undefined, actorId: 'requestPasswordReset' },
  {
    type: 'xstate.error.actor.requestPasswordReset',
    error: errors.mailDown,
    actorId: 'requestPasswordReset',
  },
  { type: 'xstate.done.actor.logIn', output: loginAnswers.admin, actorId: 'logIn' },
  { type: 'xstate.done.actor.logIn', output: loginAnswers.newStaff, actorId: 'logIn' },
  { type: 'xstate.done.actor.logIn', output: loginAnswers.newAdmin, actorId: 'logIn' },
  { type: 'xstate.error.actor.logIn', error: errors.badCredentials, actorId: 'logIn' },
  { type: 'passwordDialog.open' },
  { type: 'passwordDialog.close' },
  {
    type: 'password.submit',
    currentPassword: passwords.current,
    newPassword: passwords.fresh,
    confirmPassword: passwords.fresh,
  },
  // The confirmation left empty: the only mismatch the form lets through (a typed one disables the button).
  {
    type: 'password.submit',
    currentPassword: passwords.current,
    newPassword: passwords.fresh,
    confirmPassword: '',
  },
  { type: 'xstate.done.actor.changePassword', output: undefined, actorId: 'changePassword' },
  { type: 'xstate.error.actor.changePassword', error: errors.wrongCurrent, actorId: 'changePassword' },
  { type: 'session.logout' },
  { type: 'user.activity' },
  { type: 'inactivity.stay' },
  { type: 'inactivity.logout' },
  { type: 'token.expired', requestId: 'model-request' },
  {
    type: 'xstate.done.actor.refreshAccessToken',
    output: { accessToken: 'token-fresh' },
    actorId: 'refreshAccessToken',
  },
  {
    type: 'xstate.error.actor.refreshAccessToken',
    error: errors.refreshRefused,
    actorId: 'refreshAccessToken',
  },
  { type: 'xstate.done.actor.logOut', output: undefined, actorId: 'logOut' },
  { type: 'xstate.error.actor.logOut', error: errors.logoutFailed, actorId: 'logOut' },
  { type: 'xstate.after.resendLock.session.signedOut.resetRequest.locked' },
  { type: 'xstate.after.resendTick.session.signedOut.resetRequest.locked.counting' },
  { type: 'xstate.after.idleTimeout.session.signedIn.inactivity.watching' },
  { type: 'xstate.after.logoutCountdown.session.signedIn.inactivity.prompting' },
];

/**
 * What the screens let a user (or the app) produce in a snapshot: forms only on their visible tab, nothing
 * behind a modal dialog, a 401 only while a token exists.
 */
export function canProduce(s: SessionSnapshot, e: ModelEvent): boolean {
  const prompting = s.matches({ signedIn: { inactivity: 'prompting' } });
  const passwordOpen = s.matches({ signedIn: { password: 'open' } });
  const forced = s.matches({ signedIn: { account: 'mustSetPassword' } });
  switch (e.type) {
    case 'login.submit':
      // While a sign-in is in flight the Login button is disabled.
      return s.matches({ signedOut: { tab: 'login', loginForm: 'editing' } });
    case 'resetRequest.submit':
      return s.matches({ signedOut: { tab: 'forgotPassword' } });
    case 'passwordDialog.open':
    case 'passwordDialog.close':
    case 'password.submit':
    case 'user.activity':
      return !prompting;
    case 'session.logout':
      return !prompting && (!passwordOpen || forced);
    case 'inactivity.stay':
    case 'inactivity.logout':
      return prompting;
    case 'token.expired':
      return s.matches('signedIn') || s.matches('loggingOut');
    default:
      return true;
  }
}
