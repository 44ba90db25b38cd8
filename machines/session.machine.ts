import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { LoginResponse, Role, SessionUser } from '../src/domain/auth';
import { sessionToasts } from '../src/domain/messages/session';
import { changePasswordDialogMachine } from './change-password.machine';
import { notProvided, type ToastParams } from './effects';
import { forgotPasswordMachine } from './forgot-password.machine';
import { loginFormMachine } from './login-form.machine';
import type { PasswordChanged } from './password-form';
import { setPasswordMachine } from './set-password.machine';

/** Spec section 9: inactivity limit and logout countdown. */
export const IDLE_TIMEOUT_MS = 780_000;
export const LOGOUT_COUNTDOWN_MS = 120_000;

/** What the app keeps in session storage besides the token, so a reload restores the same session. */
export interface StoredSession {
  user: SessionUser;
  isNewUser: boolean;
}

export interface SessionInput {
  /** Read from session storage by the app; null when there is no token or no user. */
  stored: StoredSession | null;
  /** The stored token has expired, or is about to (the app reads its expiry): restored, it is refreshed at once. */
  tokenExpired?: boolean;
}

/** Why a session ended without the user asking; the login screen tells the user. */
export type SignedOutReason = 'inactivity' | 'sessionExpired';

export interface SessionContext {
  user: SessionUser | null;
  /** The account still has the temporary password it was created with. */
  isNewUser: boolean;
  /** Ids of API requests that got a 401 and wait for the one shared token refresh. */
  waitingRequests: string[];
  /** Drives the inactivity dialog's live countdown. */
  logoutSecondsLeft: number;
  signedOutReason: SignedOutReason | null;
  /** Read while restoring only: the stored token had expired when the page loaded. */
  restoredTokenExpired: boolean;
}

export type SessionEvent =
  | { type: 'session.logout' }
  | { type: 'user.activity' }
  | { type: 'inactivity.stay' }
  | { type: 'inactivity.logout' }
  | { type: 'token.expired'; requestId: string };

export interface SessionParams {
  accessToken: string;
  user: SessionUser;
  isNewUser: boolean;
}

export function homePathFor(role: Role): '/admin' | '/staff' {
  return role === 'ADMIN' ? '/admin' : '/staff';
}

const noParams = { params: {} };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    children: {} as {
      loginForm: 'loginForm';
      forgotPassword: 'forgotPassword';
      setPassword: 'setPassword';
      changePassword: 'changePassword';
      refreshAccessToken: 'refreshAccessToken';
      logOut: 'logOut';
      watchActivity: 'watchActivity';
    },
  },
  actors: {
    loginForm: loginFormMachine,
    forgotPassword: forgotPasswordMachine,
    setPassword: setPasswordMachine,
    changePassword: changePasswordDialogMachine,
    refreshAccessToken: fromPromise<{ accessToken: string }>(notProvided('session', 'refreshAccessToken')),
    logOut: fromPromise<void>(notProvided('session', 'logOut')),
    watchActivity: fromCallback(notProvided('session', 'watchActivity')),
  },
  actions: {
    storeSession: notProvided('session', 'storeSession') as (_: unknown, params: SessionParams) => void,
    storeAccessToken: notProvided('session', 'storeAccessToken') as (
      _: unknown,
      params: { accessToken: string },
    ) => void,
    markPasswordSet: notProvided('session', 'markPasswordSet'),
    clearSession: notProvided('session', 'clearSession'),
    notify: notProvided('session', 'notify') as (_: unknown, params: ToastParams) => void,
    retryWaitingRequests: notProvided('session', 'retryWaitingRequests') as (
      _: unknown,
      params: { requestIds: string[]; accessToken: string },
    ) => void,
    failWaitingRequests: notProvided('session', 'failWaitingRequests') as (
      _: unknown,
      params: { requestIds: string[] },
    ) => void,
    logWarning: notProvided('session', 'logWarning') as (
      _: unknown,
      params: { message: string; error: unknown },
    ) => void,
  },
  guards: {
    hasStoredSession: ({ context }) => context.user !== null,
    hasExpiredStoredSession: ({ context }) => context.user !== null && context.restoredTokenExpired,
    isPasswordChangeRequired: ({ context }) => context.isNewUser,
    isNewStaff: (_, params: LoginResponse) => params.isNewUser && params.user.role === 'STAFF',
  },
  delays: {
    idleTimeout: IDLE_TIMEOUT_MS,
    logoutCountdown: LOGOUT_COUNTDOWN_MS,
    countdownTick: 1000,
  },
}).createMachine({
  id: 'session',
  description:
    'Who is signed in, and what keeps or ends that: the token refresh, the inactivity prompt, logout. Screens own their forms.',
  context: ({ input }) => ({
    user: input.stored?.user ?? null,
    isNewUser: input.stored?.isNewUser ?? false,
    waitingRequests: [],
    logoutSecondsLeft: 0,
    signedOutReason: null,
    restoredTokenExpired: input.tokenExpired ?? false,
  }),
  initial: 'restoring',
  on: {
    // Outside a signed-in session nobody can refresh: a request that got a 401 fails at once.
    'token.expired': {
      description: 'A request got a 401 while nobody is signed in: it fails at once.',
      actions: { type: 'failWaitingRequests', params: ({ event }) => ({ requestIds: [event.requestId] }) },
    },
  },
  states: {
    restoring: {
      description: 'Page load: the user and token kept in session storage decide where the session starts.',
      always: [
        {
          guard: 'hasExpiredStoredSession',
          target: '#session.signedIn.tokenRefresh.refreshing',
          description:
            'The stored token has expired: the refresh starts with the page, not after its first request got a 401.',
        },
        { guard: 'hasStoredSession', target: 'signedIn' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      description:
        'Nobody is signed in: the login screen runs the sign-in form and the forgot-password form with its lock.',
      invoke: [
        {
          id: 'loginForm',
          src: 'loginForm',
          input: noParams,
          onDone: [
            {
              guard: { type: 'isNewStaff', params: ({ event }) => event.output },
              target: 'signedIn',
              description: 'A new staff user: a welcome toast, and the Set Password step before /staff.',
              actions: [
                assign({
                  user: ({ event }) => event.output.user,
                  isNewUser: true,
                  signedOutReason: null,
                }),
                { type: 'storeSession', params: ({ event }) => event.output },
                { type: 'notify', params: sessionToasts.setPasswordFirst },
              ],
            },
            {
              target: 'signedIn',
              description: 'ADMIN to /admin, STAFF to /staff; a new ADMIN still sets a password there first.',
              actions: [
                assign({
                  user: ({ event }) => event.output.user,
                  isNewUser: ({ event }) => event.output.isNewUser,
                  signedOutReason: null,
                }),
                { type: 'storeSession', params: ({ event }) => event.output },
                { type: 'notify', params: ({ event }) => sessionToasts.loggedIn(event.output.user.fullName) },
              ],
            },
          ],
        },
        { id: 'forgotPassword', src: 'forgotPassword', input: noParams },
      ],
    },
    signedIn: {
      description: 'A user is signed in; the account, the token refresh and inactivity run side by side.',
      type: 'parallel',
      invoke: { id: 'watchActivity', src: 'watchActivity' },
      on: { 'session.logout': { target: 'loggingOut', description: 'The Logout button.' } },
      // Requests still waiting for a refresh cannot be retried once the session ends.
      exit: [
        { type: 'failWaitingRequests', params: ({ context }) => ({ requestIds: context.waitingRequests }) },
        assign({ waitingRequests: [] }),
      ],
      states: {
        account: {
          description: 'Whether the user may use the app yet.',
          initial: 'checking',
          states: {
            checking: {
              description: 'On sign-in or page load: an account with a temporary password sets one first.',
              always: [
                { guard: 'isPasswordChangeRequired', target: 'mustSetPassword' },
                { target: 'active' },
              ],
            },
            mustSetPassword: {
              description: 'Only the Set Password step shows until the server accepts a new password.',
              invoke: {
                id: 'setPassword',
                src: 'setPassword',
                input: noParams,
                onDone: {
                  target: 'active',
                  description: 'The new password was accepted: the app opens at /staff (or /admin).',
                  actions: [
                    {
                      type: 'storeAccessToken',
                      params: ({ event }) => ({ accessToken: event.output.accessToken }),
                    },
                    'markPasswordSet',
                    assign({ isNewUser: false }),
                  ],
                },
              },
            },
            active: {
              description: 'The admin or staff area with its sidebar, and the Change Password dialog.',
              invoke: {
                id: 'changePassword',
                src: 'changePassword',
                input: noParams,
                onDone: {
                  target: 'active',
                  reenter: true,
                  description: 'The password was changed: keep the new token; a fresh dialog waits, closed.',
                  actions: {
                    type: 'storeAccessToken',
                    params: ({ event }) => ({ accessToken: (event.output as PasswordChanged).accessToken }),
                  },
                },
              },
            },
          },
        },
        tokenRefresh: {
          description: 'One refresh at a time; every request that got a 401 meanwhile waits for it.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The access token is presumed valid.',
              on: {
                'token.expired': {
                  target: 'refreshing',
                  description: 'The first request to get a 401 starts the refresh.',
                  actions: assign({ waitingRequests: ({ event }) => [event.requestId] }),
                },
                'inactivity.stay': {
                  target: 'refreshing',
                  description: 'Stay Logged In refreshes the token.',
                },
              },
            },
            refreshing: {
              description: 'POST /auth/refresh is in flight.',
              on: {
                'token.expired': {
                  description: 'Joins the refresh already running.',
                  actions: assign({
                    waitingRequests: ({ context, event }) => [...context.waitingRequests, event.requestId],
                  }),
                },
              },
              invoke: {
                id: 'refreshAccessToken',
                src: 'refreshAccessToken',
                onDone: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'storeAccessToken',
                      params: ({ event }) => ({ accessToken: event.output.accessToken }),
                    },
                    {
                      type: 'retryWaitingRequests',
                      params: ({ context, event }) => ({
                        requestIds: context.waitingRequests,
                        accessToken: event.output.accessToken,
                      }),
                    },
                    assign({ waitingRequests: [] }),
                  ],
                },
                onError: {
                  target: '#session.signedOut',
                  description: 'The refresh failed: the token is cleared and the login screen says why.',
                  actions: [
                    'clearSession',
                    assign({ user: null, isNewUser: false, signedOutReason: 'sessionExpired' }),
                    { type: 'notify', params: sessionToasts.sessionExpired },
                  ],
                },
              },
            },
          },
        },
        inactivity: {
          description: '13 minutes without mouse, key or touch activity asks; 2 more minutes log out.',
          initial: 'watching',
          states: {
            watching: {
              description: 'Any activity restarts the idle timer.',
              after: { idleTimeout: 'prompting' },
              on: { 'user.activity': { target: 'watching', reenter: true } },
            },
            prompting: {
              description: "'Are you still there?' with a live countdown; only its two buttons close it.",
              entry: assign({ logoutSecondsLeft: LOGOUT_COUNTDOWN_MS / 1000 }),
              after: {
                logoutCountdown: {
                  target: '#session.loggingOut',
                  description: 'Nobody answered: logged out, and told why.',
                  actions: assign({ signedOutReason: 'inactivity' }),
                },
              },
              on: {
                'inactivity.stay': 'watching',
                'inactivity.logout': '#session.loggingOut',
              },
              initial: 'counting',
              states: {
                counting: {
                  description: 'One tick a second updates the countdown.',
                  after: {
                    countdownTick: {
                      target: 'counting',
                      reenter: true,
                      actions: assign({
                        logoutSecondsLeft: ({ context }) => Math.max(0, context.logoutSecondsLeft - 1),
                      }),
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    loggingOut: {
      description: 'POST /auth/logout; a failure is only logged, the session ends either way.',
      // Both ways out end the session the same way, so the clean-up lives on exit.
      exit: [
        'clearSession',
        assign({ user: null, isNewUser: false }),
        {
          type: 'notify',
          params: ({ context }) =>
            context.signedOutReason === 'inactivity'
              ? sessionToasts.inactivityLogout
              : sessionToasts.loggedOut,
        },
      ],
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: 'signedOut',
        onError: {
          target: 'signedOut',
          actions: {
            type: 'logWarning',
            params: ({ event }) => ({ message: 'Logout request failed', error: event.error }),
          },
        },
      },
    },
  },
});
