import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { and, assign, setup, stateIn } from 'xstate';
import type { SessionUser } from '../../src/domain/auth';
import { CHANGED_TOKEN, loginAnswers, people } from '../machines/fixtures';
import { expectToast, isDialogOpen, openDialog, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * The session as spec sections 2 (route guards, Login, Inactivity dialog, sidebar), 4 (Session, Login
 * outcome, Token refresh, Inactivity), 7 (Authentication calls), 8 (login, logout and password toasts) and
 * 9 (inactivity limit and countdown) describe it, plus the team's rules where the spec is silent
 * (docs/features/web-app-and-sessions.md): an account with a temporary password sets its own before anything else,
 * and a session that ends by itself says why on /login.
 */

/** Spec section 9. */
export const IDLE_LIMIT_MS = 780_000;
export const COUNTDOWN_MS = 120_000;
/** The token the session was restored with, and the one a refresh answers with. */
export const STORED_TOKEN = 'token-stored';
export const FRESH_TOKEN = 'token-fresh';
/** A stored token whose expiry (a JWT's exp claim) passed long ago: a reload after the token's 15 minutes. */
export const EXPIRED_TOKEN = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ exp: 1_000_000_000 })).replace(/=+$/, '')}.signature`;

/** Spec section 4: the token is kept in session storage under accessToken; ours: the user beside it. */
const TOKEN_ENTRY = 'accessToken';
const USER_ENTRY = 'currentUser';

// Spec section 8, and ours for the automatic logouts the spec leaves unworded.
const TOASTS = {
  loggedIn: (name: string) => ({ title: 'Login successful!', description: `Welcome ${name}` }),
  setPasswordFirst: {
    title: 'Welcome! Please set your password',
    description: 'For security reasons, you need to set a new password.',
  },
  passwordChanged: { title: 'Password changed', description: 'Your password has been changed successfully.' },
  loggedOut: { title: 'Logout successful!', description: 'You have been logged out' },
  inactivityLogout: {
    title: 'You have been logged out',
    description: 'You were inactive for 15 minutes, so you were logged out to keep your account safe.',
  },
  sessionExpired: { title: 'Your session has expired', description: 'Please log in again.' },
};
/** What /login says about a session that ended without the user asking (ours). */
const NOTICES = {
  inactivity: 'You were logged out after 15 minutes without activity. Please log in again.',
  sessionExpired: 'Your session has expired. Please log in again.',
};
const HOME = { ADMIN: '/admin', STAFF: '/staff' } as const;

export type Person = keyof typeof loginAnswers;
type Toast = { title: string; description: string };

/** A request a screen made that got a 401: waiting for the refresh, retried with the new token, or failed. */
export type RequestFate = 'waiting' | 'retried' | 'failed';
/** What the test sees of those requests: their promises' outcomes, in the order they were made. */
export type Outcome = 'pending' | 'resolved' | 'rejected';
export interface SessionApp extends RunningApp {
  background: Outcome[];
}

export interface SessionModel {
  user: SessionUser | null;
  /** The account still has its temporary password. */
  isNewUser: boolean;
  /** The token session storage holds (null: none). */
  token: string | null;
  /** Where the browser is. */
  at: string;
  /** Why /login says the last session ended, if it ended by itself. */
  notice: keyof typeof NOTICES | null;
  /** The toast the last step raised. */
  toast: Toast | null;
  requests: RequestFate[];
  secondsLeft: number;
  /** Why the logout in flight happens. */
  loggingOutBecause: 'user' | 'inactivity';
}

export interface SessionInput {
  stored: { user: SessionUser; isNewUser: boolean } | null;
  /** The stored token has expired by the time the page loads. */
  tokenExpired?: boolean;
}

export type SessionEvent =
  | { type: 'user.signsIn'; as: Person }
  | { type: 'user.setsPassword' }
  | { type: 'user.changesPassword' }
  | { type: 'user.logsOut' }
  | { type: 'user.moves' }
  | { type: 'user.pressesEscape' }
  | { type: 'user.staysLoggedIn' }
  | { type: 'user.choosesLogout' }
  | { type: 'server.rejectsToken' }
  | { type: 'server.refreshes' }
  | { type: 'server.refusesRefresh' }
  | { type: 'server.endsSession' }
  | { type: 'server.failsLogout' }
  | { type: 'clock.idleLimit' }
  | { type: 'clock.second' }
  | { type: 'clock.countdownEnds' };

const sidebar = () => screen.queryByRole('complementary', { name: 'Sidebar', hidden: true });
const countdownText = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
const ctx = (m: { context: unknown }) => m.context as SessionModel;
const answerOf = (event: SessionEvent) => loginAnswers[(event as { as: Person }).as];

export const sessionModel = setup({
  types: {
    context: {} as SessionModel,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    /** Every step clears the toast of the one before unless it raises its own. */
    noToast: assign({ toast: null }),
    /** Both ways a logout request ends: the session is over, the token and user gone, a toast says so. */
    sessionEnds: assign(({ context }) => ({
      user: null,
      isNewUser: false,
      token: null,
      at: '/login',
      notice: context.loggingOutBecause === 'inactivity' ? ('inactivity' as const) : null,
      toast: context.loggingOutBecause === 'inactivity' ? TOASTS.inactivityLogout : TOASTS.loggedOut,
      // Requests still waiting for a refresh cannot be retried once the session is over.
      requests: context.requests.map((r): RequestFate => (r === 'waiting' ? 'failed' : r)),
    })),
  },
  guards: {
    storedNewUser: ({ context }) => context.user !== null && context.isNewUser,
    stored: ({ context }) => context.user !== null,
    storedExpired: ({ context }) => context.user !== null && context.token === EXPIRED_TOKEN,
    newStaff: ({ event }) => {
      const answer = answerOf(event);
      return answer.isNewUser && answer.user.role === 'STAFF';
    },
    newUser: ({ event }) => answerOf(event).isNewUser,
    countingOn: ({ context }) => context.secondsLeft > 1,
  },
}).createMachine({
  id: 'sessionModel',
  context: ({ input }) => ({
    user: input.stored?.user ?? null,
    isNewUser: input.stored?.isNewUser ?? false,
    token: input.stored ? (input.tokenExpired ? EXPIRED_TOKEN : STORED_TOKEN) : null,
    at: input.stored ? HOME[input.stored.user.role] : '/login',
    notice: null,
    toast: null,
    requests: [],
    secondsLeft: 0,
    loggingOutBecause: 'user',
  }),
  meta: shows((app, m) => {
    const { token, user, isNewUser, toast, requests } = ctx(m);
    expect(window.location.pathname, 'where the browser is').toBe(ctx(m).at);
    expect(sessionStorage.getItem(TOKEN_ENTRY), 'the stored token').toBe(token);
    expect(JSON.parse(sessionStorage.getItem(USER_ENTRY) ?? 'null'), 'the stored user').toEqual(
      user ? { user, isNewUser } : null,
    );
    if (toast) expectToast(toast.title, toast.description);
    // Each request that got a 401 waits for the refresh, is retried once with the new token, or fails.
    const outcomes: Record<RequestFate, Outcome> = {
      waiting: 'pending',
      retried: 'resolved',
      failed: 'rejected',
    };
    expect((app as SessionApp).background, 'the requests that got a 401').toEqual(
      requests.map((r) => outcomes[r]),
    );
    const retries = app.server.requests.filter(
      (r) => r.method === 'GET' && r.headers.get('authorization') === `Bearer ${FRESH_TOKEN}`,
    );
    expect(retries, 'one retry per request the refresh released').toHaveLength(
      requests.filter((r) => r === 'retried').length,
    );
    // Spec section 7: every call is made with cookies (the refresh cookie needs them).
    for (const request of app.server.requests) expect(request.credentials).toBe('include');
  }),
  initial: 'opening',
  states: {
    opening: {
      // Page load: what session storage holds decides where the session starts. An expired token is
      // refreshed at once (ours: the page's requests would each get a 401 first).
      always: [
        {
          guard: and(['storedNewUser', 'storedExpired']),
          target: [
            '#sessionModel.signedIn.account.settingPassword',
            '#sessionModel.signedIn.refresh.refreshing',
          ],
        },
        { guard: 'storedNewUser', target: 'signedIn.account.settingPassword' },
        { guard: 'storedExpired', target: '#sessionModel.signedIn.refresh.refreshing' },
        { guard: 'stored', target: 'signedIn' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      meta: shows((_app, m) => {
        expect(document.title).toBe('Login · HR Portal');
        expect(sidebar()).toBeNull();
        expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
        expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
        const { notice } = ctx(m);
        if (notice) expect(screen.getByText(NOTICES[notice])).toBeInTheDocument();
        else expect(screen.queryByText(/Please log in again\./)).toBeNull();
        expect(isDialogOpen('alertdialog', 'Are you still there?')).toBe(false);
      }),
      on: {
        'user.signsIn': [
          {
            // Spec section 4: a new STAFF user is told to set a password, and is not sent to a dashboard.
            guard: 'newStaff',
            target: 'signedIn.account.settingPassword',
            actions: assign(({ event }) => {
              const answer = answerOf(event);
              return {
                user: answer.user,
                isNewUser: true,
                token: answer.accessToken,
                at: '/login',
                notice: null,
                toast: TOASTS.setPasswordFirst,
              };
            }),
          },
          {
            // A new ADMIN is welcomed and goes to /admin, where the temporary password is replaced first.
            guard: 'newUser',
            target: 'signedIn.account.settingPassword',
            actions: assign(({ event }) => {
              const answer = answerOf(event);
              return {
                user: answer.user,
                isNewUser: true,
                token: answer.accessToken,
                at: HOME[answer.user.role],
                notice: null,
                toast: TOASTS.loggedIn(answer.user.fullName),
              };
            }),
          },
          {
            target: 'signedIn',
            actions: assign(({ event }) => {
              const answer = answerOf(event);
              return {
                user: answer.user,
                isNewUser: false,
                token: answer.accessToken,
                at: HOME[answer.user.role],
                notice: null,
                toast: TOASTS.loggedIn(answer.user.fullName),
              };
            }),
          },
        ],
      },
    },
    signedIn: {
      type: 'parallel',
      meta: shows((app) => {
        expect(app.server.pending('POST', '/api/auth/logout'), 'no logout in flight').toHaveLength(0);
      }),
      on: {
        'user.logsOut': { target: 'loggingOut', actions: ['noToast', assign({ loggingOutBecause: 'user' })] },
      },
      states: {
        account: {
          initial: 'using',
          states: {
            settingPassword: {
              // Only the Set Password step shows until the server takes a password of the user's own.
              meta: shows(() => {
                expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
                const form = screen.getByRole('form', { name: 'Set Password' });
                expect(within(form).getByLabelText('Temporary Password')).toHaveAttribute('type', 'password');
                expect(sidebar()).toBeNull();
              }),
              on: {
                'user.setsPassword': {
                  target: 'using',
                  actions: assign(({ context }) => ({
                    isNewUser: false,
                    token: CHANGED_TOKEN,
                    at: HOME[context.user?.role ?? 'STAFF'],
                    toast: TOASTS.passwordChanged,
                  })),
                },
              },
            },
            using: {
              // Spec section 1: the welcome line, Change Password and Logout in every signed-in area.
              meta: shows((_app, m) => {
                const bar = sidebar();
                expect(bar, 'the sidebar').not.toBeNull();
                if (!bar) return;
                expect(within(bar).getByText(`Welcome, ${ctx(m).user?.fullName}`)).toBeInTheDocument();
                expect(
                  within(bar).getByRole('button', { name: 'Change Password', hidden: true }),
                ).toBeEnabled();
                expect(within(bar).getByRole('button', { name: 'Logout', hidden: true })).toBeEnabled();
                expect(screen.getByRole('main')).toBeInTheDocument();
                expect(isDialogOpen('dialog', 'Change Password')).toBe(false);
              }),
              on: {
                'user.changesPassword': {
                  // Spec section 8: the toast, and the dialog closes; the session keeps the answer's token.
                  actions: assign({ token: CHANGED_TOKEN, toast: TOASTS.passwordChanged }),
                },
              },
            },
          },
        },
        refresh: {
          initial: 'quiet',
          states: {
            quiet: {
              meta: shows((app) => {
                expect(app.server.pending('POST', '/api/auth/refresh'), 'no refresh in flight').toHaveLength(
                  0,
                );
              }),
              on: {
                // Spec section 4: a 401 refreshes the token once; the request waits for it.
                'server.rejectsToken': {
                  target: 'refreshing',
                  actions: [
                    'noToast',
                    assign({ requests: ({ context }) => [...context.requests, 'waiting'] }),
                  ],
                },
                // Stay Logged In refreshes the access token.
                'user.staysLoggedIn': {
                  guard: stateIn('#sessionModel.signedIn.inactivity.prompting'),
                  target: 'refreshing',
                },
              },
            },
            refreshing: {
              meta: shows((app) => {
                // Spec section 7: empty body, skip-interceptor header, no authorization header.
                const refreshes = app.server.pending('POST', '/api/auth/refresh');
                expect(refreshes, 'one refresh in flight').toHaveLength(1);
                for (const refresh of refreshes) {
                  expect(refresh.headers.get('authorization')).toBeNull();
                  expect(refresh.headers.get('x-skip-interceptor')).toBe('true');
                }
              }),
              on: {
                // Concurrent 401s share the one refresh: they wait in its queue.
                'server.rejectsToken': {
                  actions: [
                    'noToast',
                    assign({ requests: ({ context }) => [...context.requests, 'waiting'] }),
                  ],
                },
                // The new token is kept and every waiting request is retried with it.
                'server.refreshes': {
                  target: 'quiet',
                  actions: assign(({ context }) => ({
                    token: FRESH_TOKEN,
                    toast: null,
                    requests: context.requests.map((r): RequestFate => (r === 'waiting' ? 'retried' : r)),
                  })),
                },
                // Spec sections 2 and 8: the token is cleared and the user goes to / (which leads to /login).
                'server.refusesRefresh': {
                  target: '#sessionModel.signedOut',
                  actions: assign(({ context }) => ({
                    user: null,
                    isNewUser: false,
                    token: null,
                    at: '/login',
                    notice: 'sessionExpired' as const,
                    toast: TOASTS.sessionExpired,
                    requests: context.requests.map((r): RequestFate => (r === 'waiting' ? 'failed' : r)),
                  })),
                },
              },
            },
          },
        },
        inactivity: {
          initial: 'watching',
          states: {
            watching: {
              meta: shows(() => {
                expect(isDialogOpen('alertdialog', 'Are you still there?')).toBe(false);
              }),
              on: {
                // Mouse, key or touch activity starts the 13 minutes again.
                'user.moves': { target: 'watching', reenter: true, actions: 'noToast' },
                'clock.idleLimit': {
                  target: 'prompting',
                  actions: assign({ secondsLeft: COUNTDOWN_MS / 1000, toast: null }),
                },
              },
            },
            prompting: {
              // Spec section 2: 'Are you still there?', logged out in 2 minutes, closed only by its buttons.
              meta: shows((_app, m) => {
                const dialog = openDialog('alertdialog', 'Are you still there?');
                expect(dialog).toHaveTextContent('you will be logged out in 2 minutes');
                expect(within(dialog).getByRole('timer')).toHaveTextContent(
                  countdownText(ctx(m).secondsLeft),
                );
                expect(within(dialog).getByRole('button', { name: 'Stay Logged In' })).toBeEnabled();
                expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeEnabled();
              }),
              on: {
                'user.staysLoggedIn': { target: 'watching', actions: 'noToast' },
                'user.choosesLogout': {
                  target: '#sessionModel.loggingOut',
                  actions: ['noToast', assign({ loggingOutBecause: 'user' })],
                },
                // Neither Escape nor moving the mouse answers the question.
                'user.pressesEscape': { actions: 'noToast' },
                'user.moves': { actions: 'noToast' },
                'clock.second': {
                  guard: 'countingOn',
                  actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1, toast: null }),
                },
                // Spec section 4: nothing chosen for 120000 ms logs the user out.
                'clock.countdownEnds': {
                  target: '#sessionModel.loggingOut',
                  actions: ['noToast', assign({ loggingOutBecause: 'inactivity' })],
                },
              },
            },
          },
        },
      },
    },
    loggingOut: {
      // POST /auth/logout is in flight (spec section 7); the session ends however it is answered.
      meta: shows((app, m) => {
        expect(app.server.pending('POST', '/api/auth/logout'), 'one logout in flight').toHaveLength(1);
        expect(isDialogOpen('alertdialog', 'Are you still there?')).toBe(false);
        // An account with a temporary password never sees the area, not even while logging out.
        if (ctx(m).isNewUser) expect(sidebar(), 'no sidebar before the password is set').toBeNull();
      }),
      on: {
        // No refresh once logging out: a request that gets a 401 now fails at once.
        'server.rejectsToken': {
          actions: ['noToast', assign({ requests: ({ context }) => [...context.requests, 'failed'] })],
        },
        'server.endsSession': { target: 'signedOut', actions: 'sessionEnds' },
        // Spec section 7: a failed logout is only logged.
        'server.failsLogout': { target: 'signedOut', actions: 'sessionEnds' },
      },
    },
  },
});

export const starts: ReadonlyArray<{ name: string; input: SessionInput }> = [
  { name: 'signed out', input: { stored: null } },
  { name: 'restored admin session', input: { stored: { user: people.admin, isNewUser: false } } },
  { name: 'restored new staff session', input: { stored: { user: people.newStaff, isNewUser: true } } },
  {
    name: 'restored admin session whose token has expired',
    input: { stored: { user: people.admin, isNewUser: false }, tokenExpired: true },
  },
  {
    name: 'restored new staff session whose token has expired',
    input: { stored: { user: people.newStaff, isNewUser: true }, tokenExpired: true },
  },
];
