import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import {
  type ApiError,
  type LoginRequest,
  type LoginResponse,
  loginRequestSchema,
  type Role,
  type SessionUser,
} from '../src/domain/auth';

/** Spec section 9: inactivity limit, logout countdown and forgot-password resend lock. */
export const IDLE_TIMEOUT_MS = 780_000;
export const LOGOUT_COUNTDOWN_MS = 120_000;
export const RESEND_LOCK_SECONDS = 20;

/** What the app keeps in session storage besides the token, so a reload restores the same session. */
export interface StoredSession {
  user: SessionUser;
  isNewUser: boolean;
}

export interface SessionInput {
  /** Read from session storage by the app; null when there is no token or no user. */
  stored: StoredSession | null;
}

export interface SessionContext {
  user: SessionUser | null;
  isNewUser: boolean;
  loginError: ApiError | null;
  resetRequestError: ApiError | null;
  passwordError: ApiError | null;
  /** Drives the live 'Please wait Ns before requesting again...' label. */
  resendSecondsLeft: number;
  /** Ids of API requests that got a 401 and wait for the one shared token refresh. */
  waitingRequests: string[];
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type SessionEvent =
  | ({ type: 'login.submit' } & LoginRequest)
  | { type: 'forgotPassword.open' }
  | { type: 'login.open' }
  | { type: 'resetRequest.submit'; email: string }
  | { type: 'passwordDialog.open' }
  | { type: 'passwordDialog.close' }
  | ({ type: 'password.submit' } & PasswordChange)
  | { type: 'session.logout' }
  | { type: 'user.activity' }
  | { type: 'inactivity.stay' }
  | { type: 'inactivity.logout' }
  | { type: 'token.expired'; requestId: string };

export type ToastType = 'success' | 'error' | 'info';
export interface ToastParams {
  type: ToastType;
  title: string;
  description?: string;
}

export interface SessionParams {
  accessToken: string;
  user: SessionUser;
  isNewUser: boolean;
}

/** Texts the session shows (spec sections 5 and 8); views and tests read them from here. */
export const sessionMessages = {
  passwordsDiffer: 'New passwords do not match',
  passwordsDifferOnSubmit: 'New passwords do not match.',
  resetRequestFallback: 'An error occurred. Please try again.',
  changePasswordFallback: 'An error occurred. Please try again.',
} as const;

export function homePathFor(role: Role): '/admin' | '/staff' {
  return role === 'ADMIN' ? '/admin' : '/staff';
}

/**
 * Every account created with a temporary password must set its own before the API answers it
 * (the server's rule); the spec's welcome-and-set-password outcome is the STAFF one, so a new
 * ADMIN gets the usual 'Login successful!' and the same forced password step at /admin.
 */
function mustChangePassword(isNewUser: boolean): boolean {
  return isNewUser;
}

// Placeholders: the app provides the live effects (src/actors) with machine.provide().
const notProvided = (name: string) => () => {
  throw new Error(`session machine: '${name}' is provided by the app`);
};

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    logIn: fromPromise<LoginResponse, LoginRequest>(notProvided('logIn')),
    requestPasswordReset: fromPromise<void, { email: string }>(notProvided('requestPasswordReset')),
    changePassword: fromPromise<void, { currentPassword: string; newPassword: string }>(
      notProvided('changePassword'),
    ),
    refreshAccessToken: fromPromise<{ accessToken: string }>(notProvided('refreshAccessToken')),
    logOut: fromPromise<void>(notProvided('logOut')),
    watchActivity: fromCallback(() => undefined),
  },
  actions: {
    storeSession: (_, _params: SessionParams) => {},
    storeAccessToken: (_, _params: { accessToken: string }) => {},
    markPasswordSet: () => {},
    clearSession: () => {},
    notify: (_, _params: ToastParams) => {},
    navigate: (_, _params: { to: string }) => {},
    retryWaitingRequests: (_, _params: { requestIds: string[]; accessToken: string }) => {},
    failWaitingRequests: (_, _params: { requestIds: string[] }) => {},
    logWarning: (_, _params: { message: string; error: unknown }) => {},
  },
  guards: {
    hasStoredSession: ({ context }) => context.user !== null,
    isPasswordChangeRequired: ({ context }) => mustChangePassword(context.isNewUser),
    isNewStaff: (_, params: { role: Role; isNewUser: boolean }) =>
      params.isNewUser && params.role === 'STAFF',
    isLoginRequestValid: (_, params: LoginRequest) => loginRequestSchema.safeParse(params).success,
    isNewPasswordConfirmed: (_, params: { newPassword: string; confirmPassword: string }) =>
      params.newPassword === params.confirmPassword,
    hasSetPassword: ({ context }) => !mustChangePassword(context.isNewUser),
  },
  delays: {
    idleTimeout: IDLE_TIMEOUT_MS,
    logoutCountdown: LOGOUT_COUNTDOWN_MS,
    resendLock: RESEND_LOCK_SECONDS * 1000,
    resendTick: 1000,
  },
}).createMachine({
  id: 'session',
  description:
    'Who is signed in, and everything that keeps or ends that: sign-in, passwords, token refresh, inactivity.',
  context: ({ input }) => ({
    user: input.stored?.user ?? null,
    isNewUser: input.stored?.isNewUser ?? false,
    loginError: null,
    resetRequestError: null,
    passwordError: null,
    resendSecondsLeft: 0,
    waitingRequests: [],
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
      always: [{ guard: 'hasStoredSession', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      description: 'The login screen: a sign-in tab and a forgot-password tab with its resend lock.',
      type: 'parallel',
      states: {
        tab: {
          description: 'Which of the two tabs is shown.',
          initial: 'login',
          states: {
            login: { description: 'The sign-in form.', on: { 'forgotPassword.open': 'forgotPassword' } },
            forgotPassword: { description: 'The forgot-password form.', on: { 'login.open': 'login' } },
          },
        },
        loginForm: {
          description: 'The sign-in form: being filled in, or POST /auth/login in flight.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The user types; Login is disabled while either field is empty.',
              initial: 'idle',
              states: {
                idle: { description: 'Waiting for email and password.' },
                failed: {
                  description: "The server refused the sign-in; a 'Login Error' toast showed its message.",
                },
              },
              on: {
                'login.submit': {
                  // The view disables Login while a field is empty; this guard keeps a bad request off the wire anyway.
                  guard: {
                    type: 'isLoginRequestValid',
                    params: ({ event }) => ({ email: event.email, password: event.password }),
                  },
                  target: 'signingIn',
                },
              },
            },
            signingIn: {
              // Inside signedOut, so a failed sign-in leaves the forgot-password lock running.
              description: "POST /auth/login is in flight; Login reads 'Processing...'.",
              invoke: {
                id: 'logIn',
                src: 'logIn',
                input: ({ event }) =>
                  event.type === 'login.submit'
                    ? { email: event.email.trim(), password: event.password }
                    : { email: '', password: '' },
                onDone: [
                  {
                    guard: {
                      type: 'isNewStaff',
                      params: ({ event }) => ({
                        role: event.output.user.role,
                        isNewUser: event.output.isNewUser,
                      }),
                    },
                    target: '#session.signedIn',
                    description: 'A new staff user must set a password before reaching /staff.',
                    actions: [
                      assign({ user: ({ event }) => event.output.user, isNewUser: true, loginError: null }),
                      { type: 'storeSession', params: ({ event }) => event.output },
                      {
                        type: 'notify',
                        params: {
                          type: 'info',
                          title: 'Welcome! Please set your password',
                          description: 'For security reasons, you need to set a new password.',
                        },
                      },
                    ],
                  },
                  {
                    target: '#session.signedIn',
                    description:
                      'ADMIN goes to /admin, STAFF to /staff; a new ADMIN still sets a password there first.',
                    actions: [
                      assign({
                        user: ({ event }) => event.output.user,
                        isNewUser: ({ event }) => event.output.isNewUser,
                        loginError: null,
                      }),
                      { type: 'storeSession', params: ({ event }) => event.output },
                      {
                        type: 'notify',
                        params: ({ event }) => ({
                          type: 'success',
                          title: 'Login successful!',
                          description: `Welcome ${event.output.user.fullName}`,
                        }),
                      },
                      {
                        type: 'navigate',
                        params: ({ event }) => ({ to: homePathFor(event.output.user.role) }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'editing.failed',
                  actions: [
                    assign({ loginError: ({ event }) => toApiError(event.error) }),
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        type: 'error',
                        title: 'Login Error',
                        description: toApiError(event.error).message,
                      }),
                    },
                  ],
                },
              },
            },
          },
        },
        resetRequest: {
          description: 'Forgot password: Send Reset Email, Sending..., then a 20 second lock.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Send Reset Email is enabled once an email is typed.',
              on: { 'resetRequest.submit': 'sending' },
            },
            sending: {
              description: "The button reads 'Sending...'.",
              invoke: {
                id: 'requestPasswordReset',
                src: 'requestPasswordReset',
                input: ({ event }) => ({ email: event.type === 'resetRequest.submit' ? event.email : '' }),
                onDone: {
                  target: 'locked',
                  actions: {
                    type: 'notify',
                    params: {
                      type: 'success',
                      title: 'Reset email sent',
                      description: 'Please check your email for reset instructions.',
                    },
                  },
                },
                onError: {
                  target: 'failed',
                  actions: [
                    assign({ resetRequestError: ({ event }) => toApiError(event.error) }),
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        type: 'error',
                        title: 'Error',
                        description: toApiError(event.error).message || sessionMessages.resetRequestFallback,
                      }),
                    },
                  ],
                },
              },
            },
            locked: {
              description:
                "The button reads 'Please wait Ns before requesting again...' until the lock ends.",
              entry: assign({ resendSecondsLeft: RESEND_LOCK_SECONDS }),
              after: { resendLock: 'idle' },
              initial: 'counting',
              states: {
                counting: {
                  description: 'One tick a second updates the label.',
                  after: {
                    resendTick: {
                      target: 'counting',
                      reenter: true,
                      actions: assign({
                        resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1),
                      }),
                    },
                  },
                },
              },
            },
            failed: {
              description: "Sending failed; an 'Error' toast showed why. The user may try again.",
              on: { 'resetRequest.submit': 'sending' },
            },
          },
        },
      },
    },
    signedIn: {
      description: 'A user is signed in; four regions run side by side.',
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
              description: 'On sign-in or page load: a user with a temporary password must set one first.',
              always: [
                { guard: 'isPasswordChangeRequired', target: 'mustSetPassword' },
                { target: 'active' },
              ],
            },
            mustSetPassword: {
              description: 'A new user sees only the Set Password screen until the server accepts one.',
              always: {
                guard: 'hasSetPassword',
                target: 'active',
                description: 'The new password was accepted: on to /staff (or /admin).',
                actions: {
                  type: 'navigate',
                  params: ({ context }) => ({ to: homePathFor(context.user?.role ?? 'STAFF') }),
                },
              },
            },
            active: { description: 'The admin or staff area with its sidebar.' },
          },
        },
        password: {
          description: 'The Change Password dialog, or the forced Set Password screen.',
          initial: 'closed',
          states: {
            closed: {
              description: 'No password form is showing.',
              always: {
                guard: 'isPasswordChangeRequired',
                target: 'open',
                description: 'A temporary password: the form shows and stays until a new one is accepted.',
              },
              on: { 'passwordDialog.open': 'open' },
            },
            open: {
              description: 'The password form is showing.',
              initial: 'form',
              entry: assign({ passwordError: null }),
              states: {
                form: {
                  description: 'Current, new and confirmation fields, each masked.',
                  initial: 'editing',
                  on: {
                    'passwordDialog.close': {
                      guard: 'hasSetPassword',
                      target: '#session.signedIn.password.closed',
                    },
                    'password.submit': [
                      {
                        guard: {
                          type: 'isNewPasswordConfirmed',
                          params: ({ event }) => ({
                            newPassword: event.newPassword,
                            confirmPassword: event.confirmPassword,
                          }),
                        },
                        target: 'submitting',
                      },
                      { target: '.invalid' },
                    ],
                  },
                  states: {
                    editing: { description: 'The user types.' },
                    invalid: { description: "Shows 'New passwords do not match.'" },
                    failed: { description: 'The server refused the change; the toast showed its message.' },
                  },
                },
                submitting: {
                  description: 'POST /auth/change-password is in flight; the form is disabled.',
                  invoke: {
                    id: 'changePassword',
                    src: 'changePassword',
                    input: ({ event }) =>
                      event.type === 'password.submit'
                        ? { currentPassword: event.currentPassword, newPassword: event.newPassword }
                        : { currentPassword: '', newPassword: '' },
                    onDone: {
                      target: '#session.signedIn.password.closed',
                      actions: [
                        'markPasswordSet',
                        assign({ isNewUser: false }),
                        {
                          type: 'notify',
                          params: {
                            type: 'success',
                            title: 'Password changed',
                            description: 'Your password has been changed successfully.',
                          },
                        },
                      ],
                    },
                    onError: {
                      target: 'form.failed',
                      actions: [
                        assign({ passwordError: ({ event }) => toApiError(event.error) }),
                        {
                          type: 'notify',
                          params: ({ event }) => ({
                            type: 'error',
                            title: 'Error',
                            description:
                              toApiError(event.error).message || sessionMessages.changePasswordFallback,
                          }),
                        },
                      ],
                    },
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
                  description: 'The refresh failed: the token is cleared and the user goes to /.',
                  actions: [
                    'clearSession',
                    assign({ user: null, isNewUser: false }),
                    { type: 'navigate', params: { to: '/' } },
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
              description:
                "'Are you still there?' is open and cannot be closed by Escape or an outside click.",
              after: { logoutCountdown: { target: '#session.loggingOut', description: 'Nobody answered.' } },
              on: {
                'inactivity.stay': 'watching',
                'inactivity.logout': '#session.loggingOut',
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
          params: { type: 'success', title: 'Logout successful!', description: 'You have been logged out' },
        },
        { type: 'navigate', params: { to: '/login' } },
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
