import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { PasswordChanged } from '../../machines/password-form';
import type { SessionInput, sessionMachine } from '../../machines/session.machine';
import type { ApiError, LoginResponse } from '../../src/domain/auth';
import { CHANGED_TOKEN, errors, loginAnswers, people } from './fixtures';

/**
 * The session model's concrete events: what the screens' machines hand the session, the answers the fake
 * server can give, and the timers. Shared by the model-based test and its unit check of the plan.
 */
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The machine's events plus the effect outcomes and timers the model walks. */
export type ModelEvent =
  | EventFromLogic<typeof sessionMachine>
  | { type: 'xstate.done.actor.loginForm'; output: LoginResponse; actorId: string }
  | {
      type: 'xstate.done.actor.setPassword' | 'xstate.done.actor.changePassword';
      output: PasswordChanged;
      actorId: string;
    }
  | { type: 'xstate.done.actor.refreshAccessToken'; output: { accessToken: string }; actorId: string }
  | { type: 'xstate.done.actor.logOut'; output: undefined; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string }
  | { type: `xstate.after.${string}` };

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
  { type: 'xstate.done.actor.loginForm', output: loginAnswers.admin, actorId: 'loginForm' },
  { type: 'xstate.done.actor.loginForm', output: loginAnswers.newStaff, actorId: 'loginForm' },
  { type: 'xstate.done.actor.loginForm', output: loginAnswers.newAdmin, actorId: 'loginForm' },
  { type: 'xstate.done.actor.setPassword', output: { accessToken: CHANGED_TOKEN }, actorId: 'setPassword' },
  {
    type: 'xstate.done.actor.changePassword',
    output: { accessToken: CHANGED_TOKEN },
    actorId: 'changePassword',
  },
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
  { type: 'xstate.after.idleTimeout.session.signedIn.inactivity.watching' },
  { type: 'xstate.after.logoutCountdown.session.signedIn.inactivity.prompting' },
  { type: 'xstate.after.countdownTick.session.signedIn.inactivity.prompting.counting' },
];

/**
 * What the screens let a user (or the app) produce in a snapshot: nothing behind the inactivity dialog, the
 * Change Password dialog only from the sidebar of a usable account, a 401 only while a token exists.
 */
export function canProduce(s: SessionSnapshot, e: ModelEvent): boolean {
  const prompting = s.matches({ signedIn: { inactivity: 'prompting' } });
  switch (e.type) {
    case 'xstate.done.actor.setPassword':
    case 'xstate.done.actor.changePassword':
    case 'session.logout':
    case 'user.activity':
      return !prompting;
    case 'inactivity.stay':
    case 'inactivity.logout':
      return prompting;
    case 'token.expired':
      return s.matches('signedIn') || s.matches('loggingOut');
    default:
      return true;
  }
}
