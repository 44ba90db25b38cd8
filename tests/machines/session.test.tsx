import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { sessionMachine } from '../../machines/session.machine';
import { apiClient } from '../../src/api/client';
import {
  COUNTDOWN_MS,
  EXPIRED_TOKEN,
  FRESH_TOKEN,
  IDLE_LIMIT_MS,
  type Outcome,
  type SessionApp,
  type SessionEvent,
  STORED_TOKEN,
  sessionModel,
  starts,
} from '../models/session.model';
import { CHANGED_TOKEN, errors, loginAnswers, passwords, people } from './fixtures';
import { advance, isDialogOpen, openDialog, renderApp, settle } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * The session walked from its spec model (tests/models/session.model.ts) through the real app: sign-in, the
 * temporary password replaced first, the shared token refresh, the inactivity prompt and logout. HTTP is
 * answered at the fetch level and the clock is fake; the session machine is only watched for coverage.
 */

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar', hidden: true });
const prompt = () => openDialog('alertdialog', 'Are you still there?');

/** Types into a form's fields by label (DOM events on the real inputs) and submits it. */
async function fillAndSubmit(form: HTMLElement, fields: Array<[string, string]>) {
  for (const [label, value] of fields)
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  await settle();
  fireEvent.submit(form);
  await settle();
}

const passwordFields = (currentLabel: string): Array<[string, string]> => [
  [currentLabel, passwords.current],
  ['New Password', passwords.fresh],
  ['Confirm Password', passwords.fresh],
];

/** Moves the clock to `total` ms after now, failing if `done` holds too early or not within 5 s after. */
async function advanceUntil(total: number, done: () => boolean, what: string) {
  await advance(Math.max(0, total - 5000));
  expect(done(), `${what} not before its time`).toBe(false);
  for (let waited = total - 5000; !done(); waited += 250) {
    if (waited > total + 5000) throw new Error(`${what} did not happen within ${total} ms`);
    await advance(250);
  }
}

const events: SessionEvent[] = [
  { type: 'user.signsIn', as: 'admin' },
  { type: 'user.signsIn', as: 'staff' },
  { type: 'user.signsIn', as: 'newStaff' },
  { type: 'user.signsIn', as: 'newAdmin' },
  { type: 'user.setsPassword' },
  { type: 'user.changesPassword' },
  { type: 'user.logsOut' },
  { type: 'user.moves' },
  { type: 'user.pressesEscape' },
  { type: 'user.staysLoggedIn' },
  { type: 'user.choosesLogout' },
  { type: 'server.rejectsToken' },
  { type: 'server.refreshes' },
  { type: 'server.refusesRefresh' },
  { type: 'server.endsSession' },
  { type: 'server.failsLogout' },
  { type: 'clock.idleLimit' },
  { type: 'clock.second' },
  { type: 'clock.countdownEnds' },
];

describeSpecWalk<typeof sessionModel, SessionEvent>({
  title: 'session, walked from its spec model through the real app',
  model: sessionModel,
  starts,
  events,
  // Behind the inactivity dialog only its buttons (and Escape, and the mouse) reach anything.
  canProduce(model, event) {
    const prompting = model.matches({ signedIn: { inactivity: 'prompting' } });
    switch (event.type) {
      case 'user.setsPassword':
      case 'user.changesPassword':
      case 'user.logsOut':
        return !prompting;
      default:
        return true;
    }
  },
  app: { machine: sessionMachine },
  label: (event) => (event.type === 'user.signsIn' ? `user.signsIn (${event.as})` : event.type),
  async open(path, inspect) {
    const stored = path.input.stored;
    const app = await renderApp({
      path: stored ? (stored.user.role === 'ADMIN' ? '/admin' : '/staff') : '/login',
      storage: stored
        ? {
            accessToken: path.input.tokenExpired ? EXPIRED_TOKEN : STORED_TOKEN,
            currentUser: JSON.stringify(stored),
          }
        : {},
      inspect,
      // Retried requests carry the fresh token and are answered at once.
      prepare: (server) =>
        server.autoAnswer(
          (r) => r.method === 'GET' && r.headers.get('authorization') === `Bearer ${FRESH_TOKEN}`,
          200,
          people.admin,
        ),
    });
    return Object.assign(app, { background: [] as Outcome[] }) satisfies SessionApp;
  },
  async perform(running, event, model) {
    const h = running as SessionApp;
    switch (event.type) {
      case 'user.signsIn': {
        const answer = loginAnswers[event.as];
        await fillAndSubmit(screen.getByRole('form', { name: 'Sign in' }), [
          ['Email', answer.user.email],
          ['Password', passwords.current],
        ]);
        h.server.answer('POST', '/api/auth/login', 200, answer);
        break;
      }
      case 'user.setsPassword':
        await fillAndSubmit(
          screen.getByRole('form', { name: 'Set Password' }),
          passwordFields('Temporary Password'),
        );
        h.server.answer('POST', '/api/auth/change-password', 200, { accessToken: CHANGED_TOKEN });
        break;
      case 'user.changesPassword': {
        await act(async () =>
          fireEvent.click(within(sidebar()).getByRole('button', { name: 'Change Password', hidden: true })),
        );
        await advance(50);
        const dialog = openDialog('dialog', 'Change Password');
        await fillAndSubmit(within(dialog).getByRole('form'), passwordFields('Current Password'));
        h.server.answer('POST', '/api/auth/change-password', 200, { accessToken: CHANGED_TOKEN });
        break;
      }
      case 'user.logsOut':
        if (screen.queryByRole('form', { name: 'Set Password' }))
          await h.user.click(screen.getByRole('button', { name: 'Logout' }));
        else await h.user.click(within(sidebar()).getByRole('button', { name: 'Logout', hidden: true }));
        break;
      case 'user.moves':
        // In the area a minute passes first, so an ignored move would bring the prompt a minute early.
        if (!model.matches({ signedIn: { inactivity: 'prompting' } })) await advance(60_000);
        fireEvent.mouseMove(document.body);
        fireEvent.keyDown(document.body, { key: 'Shift' });
        break;
      case 'user.pressesEscape':
        await h.user.keyboard('{Escape}');
        break;
      case 'user.staysLoggedIn':
        await h.user.click(within(prompt()).getByRole('button', { name: 'Stay Logged In' }));
        break;
      case 'user.choosesLogout':
        await h.user.click(within(prompt()).getByRole('button', { name: 'Logout' }));
        break;
      case 'server.rejectsToken': {
        // A screen asks for data with a token the server no longer accepts.
        const index = h.background.length;
        h.background.push('pending');
        const id = model.context.user?.id ?? people.admin.id;
        apiClient.request(`/users/${id}`).then(
          () => {
            h.background[index] = 'resolved';
          },
          () => {
            h.background[index] = 'rejected';
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
      case 'server.refreshes':
        h.server.answer('POST', '/api/auth/refresh', 200, { accessToken: FRESH_TOKEN });
        break;
      case 'server.refusesRefresh':
        h.server.answer('POST', '/api/auth/refresh', 401, errors.refreshRefused);
        break;
      case 'server.endsSession':
        h.server.answer('POST', '/api/auth/logout', 204);
        break;
      case 'server.failsLogout':
        h.server.answer('POST', '/api/auth/logout', 500, errors.logoutFailed);
        break;
      case 'clock.idleLimit':
        // Spec section 9: 780000 ms since the last activity (a few seconds ago at most).
        await advanceUntil(
          IDLE_LIMIT_MS,
          () => isDialogOpen('alertdialog', 'Are you still there?'),
          'the prompt',
        );
        break;
      case 'clock.second':
        await advance(1000);
        break;
      case 'clock.countdownEnds':
        // Spec section 9: 120000 ms after the prompt opened, of which secondsLeft remain.
        expect(model.context.secondsLeft * 1000).toBeLessThanOrEqual(COUNTDOWN_MS);
        await advanceUntil(
          model.context.secondsLeft * 1000,
          () => h.server.pending('POST', '/api/auth/logout').length > 0,
          'the logout',
        );
        break;
    }
    await settle();
  },
  scenarios: [
    { name: 'an admin signs in and lands on /admin', events: [{ type: 'user.signsIn', as: 'admin' }] },
    { name: 'a staff user signs in and lands on /staff', events: [{ type: 'user.signsIn', as: 'staff' }] },
    {
      name: 'a new staff user sets a password before anything else',
      events: [{ type: 'user.signsIn', as: 'newStaff' }, { type: 'user.setsPassword' }],
    },
    {
      name: 'a new admin sets a password at /admin before anything else',
      events: [{ type: 'user.signsIn', as: 'newAdmin' }, { type: 'user.setsPassword' }],
    },
    {
      name: 'a new staff user logs out instead of setting a password',
      events: [
        { type: 'user.signsIn', as: 'newStaff' },
        { type: 'user.logsOut' },
        { type: 'server.endsSession' },
      ],
    },
    {
      name: 'a new admin logs out instead of setting a password',
      events: [
        { type: 'user.signsIn', as: 'newAdmin' },
        { type: 'user.logsOut' },
        { type: 'server.failsLogout' },
      ],
    },
    {
      name: 'two 401s share one refresh and both are retried with the new token',
      events: [
        { type: 'user.signsIn', as: 'staff' },
        { type: 'server.rejectsToken' },
        { type: 'server.rejectsToken' },
        { type: 'server.refreshes' },
      ],
    },
    {
      name: 'a refused refresh signs out and the waiting requests fail',
      events: [
        { type: 'user.signsIn', as: 'admin' },
        { type: 'server.rejectsToken' },
        { type: 'server.rejectsToken' },
        { type: 'server.refusesRefresh' },
      ],
    },
    {
      name: 'a reload with an expired token refreshes it at once and keeps the new one',
      start: 'restored admin session whose token has expired',
      events: [{ type: 'server.refreshes' }],
    },
    {
      name: 'a reload with an expired token that cannot be refreshed signs out and says why',
      start: 'restored admin session whose token has expired',
      events: [{ type: 'server.refusesRefresh' }],
    },
    {
      name: 'activity postpones the inactivity prompt',
      events: [{ type: 'user.signsIn', as: 'admin' }, { type: 'user.moves' }, { type: 'clock.idleLimit' }],
    },
    {
      name: 'inactivity prompt: Stay Logged In refreshes the token and closes it',
      events: [
        { type: 'user.signsIn', as: 'admin' },
        { type: 'clock.idleLimit' },
        { type: 'user.staysLoggedIn' },
        { type: 'server.refreshes' },
      ],
    },
    {
      name: 'inactivity prompt: Logout logs out at once',
      events: [
        { type: 'user.signsIn', as: 'admin' },
        { type: 'clock.idleLimit' },
        { type: 'user.choosesLogout' },
        { type: 'server.endsSession' },
      ],
    },
    {
      name: 'inactivity prompt: Escape and the mouse leave it open',
      events: [
        { type: 'user.signsIn', as: 'staff' },
        { type: 'clock.idleLimit' },
        { type: 'user.pressesEscape' },
        { type: 'user.moves' },
      ],
    },
    {
      name: 'inactivity prompt: nobody answers, logged out after the countdown and told why',
      events: [
        { type: 'user.signsIn', as: 'admin' },
        { type: 'clock.idleLimit' },
        { type: 'clock.second' },
        { type: 'clock.countdownEnds' },
        { type: 'server.endsSession' },
      ],
    },
  ],
});
