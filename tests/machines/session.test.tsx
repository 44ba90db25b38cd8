import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { homePathFor, sessionMachine, sessionMessages } from '../../machines/session.machine';
import { isSigningIn } from '../../machines/session.selectors';
import { formatTransition } from '../../machines/transitions';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { apiClient } from '../../src/api/client';
import { createCoverageRecorder, describeEvent, type PlannedPath, planTransitionPaths } from './coverage';
import {
  advance,
  advanceThroughDelay,
  isDialogOpen,
  openDialog,
  type RunningApp,
  renderApp,
  settle,
  expectToast as toast,
  useAppHarness,
} from './harness';
import { canProduce, events, type ModelEvent, people, starts } from './session.model';

/**
 * Model-based test of the session statechart (docs/decisions/0001): paths generated from the real machine
 * are walked through the real app (screens, API client, effects) with HTTP answered at the fetch level and
 * timers on a fake clock. After every step the app's own session must be where the model says, the screen
 * must show what a user in that state sees, and the transitions the model predicted must have been taken.
 */

type Machine = typeof sessionMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = ModelEvent;
type Path = PlannedPath<Machine, Event>;

const recorder = createCoverageRecorder(sessionMachine);
const { paths, unreachable } = planTransitionPaths(sessionMachine, { starts, events, canProduce });

/** Where each effect's request goes (the fake server answers it when the model says the effect ended). */
const effectRequests: Record<string, { method: string; path: string; okStatus: number }> = {
  logIn: { method: 'POST', path: '/api/auth/login', okStatus: 200 },
  requestPasswordReset: { method: 'POST', path: '/api/auth/forget-password', okStatus: 200 },
  changePassword: { method: 'POST', path: '/api/auth/change-password', okStatus: 200 },
  refreshAccessToken: { method: 'POST', path: '/api/auth/refresh', okStatus: 200 },
  logOut: { method: 'POST', path: '/api/auth/logout', okStatus: 204 },
};

const STORED_TOKEN = 'token-stored';
const FRESH_TOKEN = 'token-fresh';

interface Harness extends RunningApp {
  /** Requests a screen made that got a 401 (the token.expired step), and how they ended. */
  background: Array<{ outcome: 'pending' | 'resolved' | 'rejected' }>;
}

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar', hidden: true });
const passwordDialog = () => openDialog('dialog', 'Change Password');
const currentUserOf = (h: Harness) => h.services.session.getSnapshot().context.user;

async function fillPasswordForm(
  h: Harness,
  scope: HTMLElement,
  event: Extract<Event, { type: 'password.submit' }>,
) {
  const fields: Array<[string, string]> = [
    ['Current Password', event.currentPassword],
    ['New Password', event.newPassword],
    ['Confirm Password', event.confirmPassword],
  ];
  for (const [label, value] of fields) {
    const input = within(scope).getByLabelText(label);
    await h.user.clear(input);
    if (value) await h.user.type(input, value);
  }
}

/** Makes the app produce the step's event the way a user (or the server, or the clock) would. */
async function perform(h: Harness, step: Path['steps'][number], snapshot: Snapshot) {
  const event = step.event;
  const forced = snapshot.matches({ signedIn: { account: 'mustSetPassword' } });
  switch (event.type) {
    case 'login.submit': {
      const form = screen.getByRole('form', { name: 'Sign in' });
      for (const [label, value] of [
        ['Email', event.email],
        ['Password', event.password],
      ] as const) {
        const input = within(form).getByLabelText(label);
        await h.user.clear(input);
        await h.user.type(input, value);
      }
      await h.user.click(within(form).getByRole('button', { name: 'Login' }));
      break;
    }
    case 'forgotPassword.open':
      await h.user.click(screen.getByRole('link', { name: 'Forgot Password?' }));
      break;
    case 'login.open':
      await h.user.click(screen.getByRole('link', { name: 'Back to Login' }));
      break;
    case 'resetRequest.submit': {
      const form = screen.getByRole('form', { name: 'Forgot password' });
      const input = within(form).getByLabelText('Email');
      await h.user.clear(input);
      await h.user.type(input, event.email);
      await h.user.click(within(form).getByRole('button', { name: 'Send Reset Email' }));
      break;
    }
    case 'passwordDialog.open':
      await h.user.click(within(sidebar()).getByRole('button', { name: 'Change Password', hidden: true }));
      break;
    case 'passwordDialog.close':
      await h.user.click(within(passwordDialog()).getByRole('button', { name: 'Cancel' }));
      break;
    case 'password.submit': {
      const scope = forced ? screen.getByRole('form', { name: 'Set Password' }) : passwordDialog();
      await fillPasswordForm(h, scope, event);
      await h.user.click(
        within(scope).getByRole('button', { name: forced ? 'Set Password' : 'Change Password' }),
      );
      break;
    }
    case 'session.logout':
      if (forced) await h.user.click(screen.getByRole('button', { name: 'Logout' }));
      else await h.user.click(within(sidebar()).getByRole('button', { name: 'Logout', hidden: true }));
      break;
    case 'user.activity':
      // The watcher reports at most once a second.
      await advance(1001);
      fireEvent.mouseMove(document.body);
      break;
    case 'inactivity.stay':
      await h.user.click(
        within(openDialog('dialog', 'Are you still there?')).getByRole('button', {
          name: 'Stay Logged In',
        }),
      );
      break;
    case 'inactivity.logout':
      await h.user.click(
        within(openDialog('dialog', 'Are you still there?')).getByRole('button', { name: 'Logout' }),
      );
      break;
    case 'token.expired': {
      // A screen asks for data with a token the server no longer accepts.
      const id = currentUserOf(h)?.id ?? people.admin.id;
      const tracked = { outcome: 'pending' as 'pending' | 'resolved' | 'rejected' };
      h.background.push(tracked);
      apiClient.request(`/users/${id}`).then(
        () => {
          tracked.outcome = 'resolved';
        },
        () => {
          tracked.outcome = 'rejected';
        },
      );
      await settle();
      h.server.answer('GET', `/api/users/${id}`, 401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Access token expired.',
      });
      break;
    }
    default: {
      const effect = event.type.match(/^xstate\.(done|error)\.actor\.(.+)$/);
      if (effect) {
        const request = effectRequests[effect[2] ?? ''];
        if (!request) throw new Error(`No request known for ${event.type}`);
        if (effect[1] === 'done') {
          const output = 'output' in event ? event.output : undefined;
          h.server.answer(
            request.method,
            request.path,
            request.okStatus,
            output ?? (request.okStatus === 204 ? undefined : {}),
          );
        } else if ('error' in event) {
          h.server.answer(request.method, request.path, event.error.statusCode, event.error);
        }
        break;
      }
      if (event.type.startsWith('xstate.after.')) {
        // The clock runs timer by timer until the delayed transition has been taken.
        const mark = recorder.mark();
        await advanceThroughDelay(sessionMachine, event.type, () =>
          step.expects.every((k) => recorder.since(mark).includes(k)),
        );
        break;
      }
      throw new Error(`The test cannot produce ${event.type}`);
    }
  }
  await settle();
}

/** What the user sees right after an event: toasts, storage and the fate of waiting requests. */
function expectAfterEvent(h: Harness, event: Event, before: Snapshot, after: Snapshot) {
  switch (event.type) {
    case 'xstate.done.actor.logIn': {
      const { user, isNewUser, accessToken } = event.output;
      if (isNewUser && user.role === 'STAFF') {
        toast('Welcome! Please set your password', 'For security reasons, you need to set a new password.');
      } else {
        toast('Login successful!', `Welcome ${user.fullName}`);
      }
      expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(accessToken);
      expect(JSON.parse(sessionStorage.getItem(CURRENT_USER_KEY) ?? '{}')).toEqual({ user, isNewUser });
      break;
    }
    case 'xstate.error.actor.logIn':
      toast('Login Error', 'Invalid email or password.');
      expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
      break;
    case 'xstate.done.actor.requestPasswordReset':
      toast('Reset email sent', 'Please check your email for reset instructions.');
      break;
    case 'xstate.error.actor.requestPasswordReset':
      toast('Error', 'The mail service is unavailable.');
      break;
    case 'xstate.done.actor.changePassword':
      toast('Password changed', 'Your password has been changed successfully.');
      if (before.matches({ signedIn: { account: 'mustSetPassword' } })) {
        expect(window.location.pathname).toBe('/staff');
        expect(JSON.parse(sessionStorage.getItem(CURRENT_USER_KEY) ?? '{}').isNewUser).toBe(false);
      }
      break;
    case 'xstate.error.actor.changePassword':
      toast('Error', 'Current password is incorrect.');
      break;
    case 'xstate.done.actor.logOut':
    case 'xstate.error.actor.logOut':
      toast('Logout successful!', 'You have been logged out');
      expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
      expect(sessionStorage.getItem(CURRENT_USER_KEY)).toBeNull();
      break;
    case 'xstate.done.actor.refreshAccessToken': {
      expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe(FRESH_TOKEN);
      // Every waiting request was retried once, with the new bearer, and succeeded.
      expect(h.background.every((r) => r.outcome === 'resolved')).toBe(true);
      const retried = h.server.requests.filter(
        (r) => r.method === 'GET' && r.headers.get('authorization') === `Bearer ${FRESH_TOKEN}`,
      );
      expect(retried).toHaveLength(h.background.length);
      break;
    }
    case 'xstate.error.actor.refreshAccessToken':
      expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
      expect(h.background.every((r) => r.outcome === 'rejected')).toBe(true);
      break;
    case 'token.expired':
      if (after.matches('loggingOut')) expect(h.background.at(-1)?.outcome).toBe('rejected');
      else expect(h.background.at(-1)?.outcome).toBe('pending');
      break;
    default:
      break;
  }
}

/** What a user in this snapshot sees. */
async function expectScreen(h: Harness, s: Snapshot) {
  const user = s.context.user;
  const signingIn = isSigningIn(s);
  if (s.matches('signedOut')) {
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByRole('complementary', { name: 'Sidebar', hidden: true })).toBeNull();
  }
  if (signingIn && s.matches({ signedOut: { tab: 'login' } })) {
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  }
  if (s.matches('signedOut')) {
    const forgot = s.matches({ signedOut: { tab: 'forgotPassword' } });
    expect(
      screen.getByRole('tab', { name: forgot ? 'Forgot Password' : 'Login', selected: true }),
    ).toBeInTheDocument();
    if (!forgot) {
      const form = screen.getByRole('form', { name: 'Sign in' });
      expect(within(form).getByLabelText('Email')).toHaveAttribute('type', 'email');
      expect(
        within(form).getByRole('button', { name: signingIn ? 'Processing...' : 'Login' }),
      ).toBeInTheDocument();
    } else {
      const form = screen.getByRole('form', { name: 'Forgot password' });
      if (s.matches({ signedOut: { resetRequest: 'sending' } })) {
        expect(within(form).getByRole('button', { name: 'Sending...' })).toBeDisabled();
      } else if (s.matches({ signedOut: { resetRequest: 'locked' } })) {
        const label = `Please wait ${s.context.resendSecondsLeft}s before requesting again...`;
        expect(within(form).getByRole('button', { name: label })).toBeDisabled();
      } else {
        expect(within(form).getByRole('button', { name: 'Send Reset Email' })).toBeInTheDocument();
      }
    }
  }
  if (s.matches('signedIn') || s.matches('loggingOut')) {
    expect(user).not.toBeNull();
  }
  if (s.matches('signedIn') && user) {
    if (s.matches({ signedIn: { account: 'mustSetPassword' } })) {
      expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
      expect(screen.queryByRole('complementary', { name: 'Sidebar', hidden: true })).toBeNull();
    } else {
      expect(window.location.pathname.startsWith(homePathFor(user.role))).toBe(true);
      expect(within(sidebar()).getByText(`Welcome, ${user.fullName}`)).toBeInTheDocument();
      const passwordOpen = s.matches({ signedIn: { password: 'open' } });
      expect(isDialogOpen('dialog', 'Change Password')).toBe(passwordOpen);
      if (passwordOpen) {
        const dialog = passwordDialog();
        if (s.matches({ signedIn: { password: { open: 'submitting' } } })) {
          expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
        }
        if (s.matches({ signedIn: { password: { open: { form: 'invalid' } } } })) {
          expect(within(dialog).getByRole('alert')).toHaveTextContent(
            sessionMessages.passwordsDifferOnSubmit,
          );
        }
        if (s.matches({ signedIn: { password: { open: { form: 'failed' } } } })) {
          expect(within(dialog).queryByText('Current password is incorrect.')).toBeNull();
        }
      }
    }
    if (s.matches({ signedIn: { account: 'mustSetPassword' } })) {
      const form = screen.getByRole('form', { name: 'Set Password' });
      if (s.matches({ signedIn: { password: { open: { form: 'invalid' } } } })) {
        expect(within(form).getByRole('alert')).toHaveTextContent(sessionMessages.passwordsDifferOnSubmit);
      }
      if (s.matches({ signedIn: { password: { open: 'submitting' } } })) {
        expect(within(form).getByRole('button', { name: 'Processing...' })).toBeDisabled();
      }
    }
    const refreshes = h.server.pending('POST', '/api/auth/refresh');
    expect(refreshes).toHaveLength(s.matches({ signedIn: { tokenRefresh: 'refreshing' } }) ? 1 : 0);
    for (const refresh of refreshes) {
      expect(refresh.headers.get('authorization')).toBeNull();
      expect(refresh.headers.get('x-skip-interceptor')).toBe('true');
    }
    const prompting = s.matches({ signedIn: { inactivity: 'prompting' } });
    if (prompting) {
      const prompt = openDialog('dialog', 'Are you still there?');
      expect(prompt).toHaveTextContent('you will be logged out in 2 minutes');
      // Escape does not close it (the spec: only its two buttons do).
      await h.user.keyboard('{Escape}');
      await settle();
      expect(isDialogOpen('dialog', 'Are you still there?')).toBe(true);
    } else {
      expect(isDialogOpen('dialog', 'Are you still there?')).toBe(false);
    }
  }
  if (s.matches('loggingOut')) {
    expect(h.server.pending('POST', '/api/auth/logout')).toHaveLength(1);
  }
}

function pathName(path: Path): string {
  const label = (e: Event) => {
    if (e.type === 'xstate.done.actor.logIn')
      return `logIn done (${e.output.user.role}${e.output.isNewUser ? ', new' : ''})`;
    if (e.type === 'password.submit')
      return e.confirmPassword ? 'password.submit' : 'password.submit (no confirmation)';
    return describeEvent(e);
  };
  return `${path.start}: ${path.steps.map((s) => label(s.event)).join(' → ') || '(page load)'}`;
}

describe('session statechart, walked through the real app', () => {
  useAppHarness();

  it('the model can reach every transition', () => {
    expect(unreachable.map(formatTransition)).toEqual([]);
  });

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_, path) => {
    const start = starts.find((s) => s.name === path.start);
    if (!start) throw new Error(`unknown start ${path.start}`);
    const stored = start.input.stored;
    const app = await renderApp({
      path: start.path,
      storage: stored ? { [ACCESS_TOKEN_KEY]: STORED_TOKEN, [CURRENT_USER_KEY]: JSON.stringify(stored) } : {},
      inspect: recorder.inspect,
      // Retried requests carry the fresh token and are answered at once.
      prepare: (server) =>
        server.autoAnswer(
          (r) => r.method === 'GET' && r.headers.get('authorization') === `Bearer ${FRESH_TOKEN}`,
          200,
          people.admin,
        ),
    });
    const h: Harness = { ...app, background: [] };
    const { session } = app.services;

    expect(session.getSnapshot().value).toEqual(path.initial.value);
    await expectScreen(h, session.getSnapshot());

    for (const step of path.steps) {
      const before = session.getSnapshot();
      const mark = recorder.mark();
      await perform(h, step, before);
      const after = session.getSnapshot();
      const context = `after ${describeEvent(step.event)}`;
      expect(after.value, context).toEqual(step.state.value);
      const taken = recorder.since(mark);
      for (const key of step.expects) expect(taken, `${context}: the app took ${key}`).toContain(key);
      expectAfterEvent(h, step.event, before, after);
      await expectScreen(h, after);
    }
    // Every request went out with cookies, as the refresh cookie needs.
    for (const request of app.server.requests) expect(request.credentials).toBe('include');
  });

  afterAll(() => {
    // Printed so a reader of the CI log sees the measure, not only pass or fail.
    console.info(recorder.report());
  });

  it('walked every transition of the session machine', () => {
    expect(recorder.missing().map(formatTransition), recorder.report()).toEqual([]);
  });
});
