import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type LeaveYearEndEvent, leaveYearEndMachine } from '../../machines/leave-year-end.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import { admin } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import { expectToast, isDialogOpen, openDialog, type RunningApp, renderApp, settle } from './harness';
import { leaveTypes } from './leave-fixtures';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the leave-year-end statechart (issue 17) through the Leave Balance screen: Close year
 * for the year shown, what it would do in a confirmation, then the year end. Paths from the real machine,
 * walked through the real app with HTTP answered at the fetch level; the words are the issue's.
 */

type Machine = typeof leaveYearEndMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event =
  | LeaveYearEndEvent
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string };

const today = todayIso();
const thisYear = Number(today.slice(0, 4));
/** Issue 17: offered for the current year once December has begun, and for earlier years. */
const offeredFor = (year: number) => year < thisYear || today.slice(5, 7) === '12';

const summary = {
  year: thisYear - 1,
  employees: 12,
  balancesCreated: 96,
  employeesCarrying: 12,
  daysCarried: 23.5,
  daysForfeited: 3,
};
const refused: ApiError = { statusCode: 409, error: 'Conflict', message: 'The year end is already running.' };

const events: Event[] = [
  { type: 'year.selected', year: thisYear - 1 },
  { type: 'year.selected', year: thisYear },
  { type: 'yearEnd.request' },
  { type: 'yearEnd.confirm' },
  { type: 'yearEnd.cancel' },
  { type: 'xstate.done.actor.previewYearEnd', output: summary, actorId: 'previewYearEnd' },
  { type: 'xstate.error.actor.previewYearEnd', error: refused, actorId: 'previewYearEnd' },
  { type: 'xstate.done.actor.closeYear', output: summary, actorId: 'closeYear' },
  { type: 'xstate.error.actor.closeYear', error: refused, actorId: 'closeYear' },
];

/** The year picker offers this year and the last; Close year shows only where it is offered. */
const canProduce = (s: Snapshot, event: Event) => {
  if (event.type === 'year.selected') return event.year !== s.context.year;
  if (event.type === 'yearEnd.request') return offeredFor(s.context.year);
  return true;
};

const actor = followActor(leaveYearEndMachine);
const starts = [{ name: 'admin opens Leave Balance', input: { year: thisYear, today } }];
/** The year shown decides what is offered: states are told apart by it too. */
const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.year]);
const plan = planTransitionPaths(leaveYearEndMachine, { starts, events, canProduce, serialize });

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const YEARLY = '/api/users/leave-balances/year';
const YEAR_END = '/api/leave-balances/year-end';
const QUESTION = (year: number) =>
  `Carry 23.5 days for 12 employees into ${year + 1}? 3 days will be forfeited.`;

async function loadBalances(app: RunningApp) {
  app.server.answer('GET', YEARLY, 200, []);
  app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
  await settle();
}

const shownYear = () => Number((screen.getByLabelText('Year') as HTMLSelectElement).value);

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'year.selected':
      await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
      await settle();
      await loadBalances(app);
      break;
    case 'yearEnd.request':
      await app.user.click(screen.getByRole('button', { name: /^Close year \d{4}$/ }));
      break;
    case 'yearEnd.confirm':
      await app.user.click(
        within(openDialog('alertdialog', `Close year ${shownYear()}`)).getByRole('button', {
          name: 'Confirm',
        }),
      );
      break;
    case 'yearEnd.cancel':
      await app.user.click(
        within(openDialog('alertdialog', `Close year ${shownYear()}`)).getByRole('button', {
          name: 'Cancel',
        }),
      );
      break;
    case 'xstate.done.actor.previewYearEnd':
      app.server.answer('GET', YEAR_END, 200, {
        ...summary,
        year: Number(app.server.pending('GET', YEAR_END)[0]?.query.get('year')),
      });
      break;
    case 'xstate.error.actor.previewYearEnd':
      app.server.answer('GET', YEAR_END, 409, event.error);
      break;
    case 'xstate.done.actor.closeYear':
      app.server.answer('POST', YEAR_END, 200, {
        ...summary,
        year: (app.server.pending('POST', YEAR_END)[0]?.body as { year: number } | undefined)?.year,
      });
      await settle();
      // The screen fetches the year's balances again.
      expect(app.server.pending('GET', YEARLY)).toHaveLength(1);
      await loadBalances(app);
      break;
    case 'xstate.error.actor.closeYear':
      app.server.answer('POST', YEAR_END, 409, event.error);
      break;
  }
  await settle();
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  const year = Number((screen.getByLabelText('Year') as HTMLSelectElement).value);
  // The page's button (a closing dialog's own may still be on its way out).
  const button =
    screen
      .queryAllByRole('button', { name: /^(Close year \d{4}|Processing\.\.\.)$/, hidden: true })
      .find((b) => !b.closest('[role="alertdialog"]')) ?? null;
  if (!offeredFor(year)) expect(button).toBeNull();
  else {
    expect(button).not.toBeNull();
    expect(button?.textContent).toBe(s.matches('previewing') ? 'Processing...' : `Close year ${year}`);
  }
  if (s.matches('previewing')) {
    expect(app.server.pending('GET', YEAR_END).map((r) => r.query.get('year'))).toEqual([String(year)]);
  }
  const confirming = s.matches('confirming') || s.matches('closing');
  expect(isDialogOpen('alertdialog', `Close year ${year}`)).toBe(confirming);
  if (confirming) {
    const dialog = openDialog('alertdialog', `Close year ${year}`);
    expect(within(dialog).getByText(QUESTION(year))).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', {
      name: s.matches('closing') ? 'Processing...' : 'Confirm',
    });
    expect(confirm).toBeInTheDocument();
  }
  if (s.matches('closing')) {
    expect(app.server.pending('POST', YEAR_END).map((r) => r.body)).toEqual([{ year }]);
  }
  if (event?.type === 'xstate.done.actor.closeYear') {
    expectToast(
      `Year ${year} closed`,
      `23.5 days carried into ${year + 1} for 12 employees; 3 days forfeited. Balances for ${year + 1} are set for 12 employees.`,
    );
  }
  if (event?.type === 'xstate.error.actor.previewYearEnd')
    expectToast('Failed to prepare the year end', refused.message);
  if (event?.type === 'xstate.error.actor.closeYear')
    expectToast('Failed to close the year', refused.message);
}

describeModelWalk<Machine, Event>({
  title: 'leave-year-end statechart, walked through Close year on /admin/leave-balance',
  machine: leaveYearEndMachine,
  actor,
  plan,
  open: async () => {
    const app = await renderApp({
      path: '/admin/leave-balance',
      storage: signedInAdmin,
      inspect: actor.inspect,
    });
    await loadBalances(app);
    return app;
  },
  perform,
  expectScreen,
  serialize,
});
