import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type PublicHolidaysEvent, publicHolidaysMachine } from '../../machines/public-holidays.machine';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { todayIso } from '../../src/domain/dates';
import { admin } from '../views/fixtures';
import { planTransitionPaths } from './coverage';
import { expectToast, type RunningApp, renderApp, settle } from './harness';
import { describeModelWalk, followActor } from './model-walk';

/**
 * Model-based test of the public-holidays statechart (docs/decisions/0001) through /admin/public-holidays
 * (issue 17, part 4): the year's holidays, another year, a holiday added through the Add holiday form and one
 * deleted after its confirmation, each followed by the notice of the pending requests whose days changed.
 * Paths from the real machine, walked through the real app with HTTP answered at the fetch level. The
 * oracles are written here from the issue's words ('the screen says which'), not imported from the app.
 */

type Machine = typeof publicHolidaysMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = PublicHolidaysEvent;

const thisYear = Number(todayIso().slice(0, 4));
const nextYear = thisYear + 1;
const holiday = (date: string, name: string) => ({ date, name });
const holidaysOf: Record<number, Array<{ date: string; name: string }>> = {
  [thisYear]: [holiday(`${thisYear}-01-01`, "New Year's Day"), holiday(`${thisYear}-08-09`, 'National Day')],
  [nextYear]: [holiday(`${nextYear}-01-01`, "New Year's Day")],
};
/** A polling day added over a pending three-day request, which now takes two. */
const added = {
  date: `${thisYear}-06-02`,
  name: 'Polling Day',
  changedRequests: [
    {
      id: 41,
      user: { id: 7, fullName: 'Nur Aisyah binti Rahman' },
      leaveType: { id: 1, name: 'Annual Leave' },
      fromDate: `${thisYear}-06-01`,
      toDate: `${thisYear}-06-03`,
      daysBefore: 3,
      daysAfter: 2,
    },
  ],
};
/** National Day deleted: no pending request was over it. */
const deleted = { ...holiday(`${thisYear}-08-09`, 'National Day'), changedRequests: [] };

const events: Event[] = [
  { type: 'year.change', year: nextYear },
  { type: 'xstate.done.actor.holidayForm', output: added },
  { type: 'holiday.removed', change: deleted },
  { type: 'notice.dismiss' },
];

/** States differ by whether a notice shows, and of what. */
const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.notice?.change ?? null]);
const starts = [{ name: 'admin opens Public Holidays', input: { today: todayIso() } }];
const actor = followActor(publicHolidaysMachine);
const plan = planTransitionPaths(publicHolidaysMachine, {
  starts,
  events,
  serialize,
  canProduce: (s, e) => e.type !== 'notice.dismiss' || s.context.notice !== null,
});

const signedInAdmin = {
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user: admin, isNewUser: false }),
};
const HOLIDAYS = '/api/public-holidays';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** As the app's other lists show dates: dd/MM/yyyy. */
const shown = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const weekday = (iso: string) => WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()];

/** What the year shown holds now (an add or a delete changes it). */
let stored: Record<number, Array<{ date: string; name: string }>> = {};
let requestsBefore = 0;
const newRequests = (app: RunningApp) =>
  app.server.requests
    .slice(requestsBefore)
    .filter((r) => r.path.startsWith(HOLIDAYS))
    .map((r) => ({ method: r.method, path: r.path, year: r.query.get('year'), body: r.body ?? null }));

/** Answers the list's fetch of a year with what is stored. */
function answerList(app: RunningApp) {
  const request = app.server.pending('GET', HOLIDAYS)[0];
  if (!request) throw new Error('the list did not fetch');
  const year = Number(request.query.get('year'));
  app.server.answer('GET', HOLIDAYS, 200, stored[year] ?? []);
}

const yearShown = () => Number((screen.getByLabelText('Year') as HTMLSelectElement).value);
const table = () => screen.queryByRole('table', { name: `Public holidays ${yearShown()}` });
const notice = () => document.querySelector<HTMLElement>('main .chakra-alert__root');
const addForm = () => screen.queryByRole('form', { name: 'Add holiday' });

async function perform(app: RunningApp, event: Event) {
  requestsBefore = app.server.requests.length;
  switch (event.type) {
    case 'year.change':
      await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
      await settle();
      answerList(app);
      break;
    case 'xstate.done.actor.holidayForm': {
      const form = addForm();
      if (!form) throw new Error('no Add holiday form');
      await app.user.type(within(form).getByLabelText('Date'), event.output.date);
      await app.user.type(within(form).getByLabelText('Name'), event.output.name);
      await app.user.click(within(form).getByRole('button', { name: 'Add holiday' }));
      await settle();
      app.server.answer('POST', HOLIDAYS, 201, event.output);
      const year = Number(event.output.date.slice(0, 4));
      stored[year] = [...(stored[year] ?? []), holiday(event.output.date, event.output.name)].sort((a, b) =>
        a.date.localeCompare(b.date),
      );
      await settle();
      answerList(app);
      break;
    }
    case 'holiday.removed': {
      const { date, name } = event.change;
      await app.user.click(screen.getByRole('button', { name: `Delete ${name} (${shown(date)})` }));
      await settle();
      const dialog = screen.getByRole('alertdialog', { name: 'Delete this public holiday?' });
      await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await settle();
      app.server.answer('DELETE', `${HOLIDAYS}/${date}`, 200, event.change);
      const year = Number(date.slice(0, 4));
      stored[year] = (stored[year] ?? []).filter((h) => h.date !== date);
      await settle();
      answerList(app);
      break;
    }
    case 'notice.dismiss':
      await app.user.click(screen.getByRole('button', { name: 'Dismiss' }));
      break;
  }
  await settle();
}

function expectRows() {
  const year = yearShown();
  const rows = within(table() as HTMLElement)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );
  expect(rows).toEqual((stored[year] ?? []).map((h) => [shown(h.date), weekday(h.date), h.name]));
}

function expectScreen(app: RunningApp, s: Snapshot, event: Event | null) {
  expect(window.location.pathname).toBe('/admin/public-holidays');
  expect(document.querySelector('h1')?.textContent).toBe('Public Holidays');
  const made = newRequests(app);
  // The year shown is this year at first, and the one chosen after.
  expect(yearShown()).toBe(s.context.year);
  expect(table()).not.toBeNull();
  expectRows();
  if (event === null) {
    expect(yearShown()).toBe(thisYear);
    expect(made).toEqual([{ method: 'GET', path: HOLIDAYS, year: String(thisYear), body: null }]);
  }
  if (event?.type === 'year.change') {
    expect(made).toEqual([{ method: 'GET', path: HOLIDAYS, year: String(event.year), body: null }]);
  }
  const box = notice();
  if (s.context.notice === null) expect(box).toBeNull();
  if (event?.type === 'xstate.done.actor.holidayForm') {
    expect(made).toEqual([
      { method: 'POST', path: HOLIDAYS, year: null, body: { date: added.date, name: added.name } },
      { method: 'GET', path: HOLIDAYS, year: String(yearShown()), body: null },
    ]);
    expectToast('Public holiday added', added.name);
    // The screen says which pending requests changed: who, which type, the dates, the days before and after.
    expect(box).toHaveTextContent('Polling Day');
    expect(box).toHaveTextContent(
      `Nur Aisyah binti Rahman, Annual Leave, ${shown(`${thisYear}-06-01`)} to ${shown(`${thisYear}-06-03`)}: 3 → 2 days`,
    );
    // The form starts empty for the next holiday.
    const form = addForm() as HTMLElement;
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  }
  if (event?.type === 'holiday.removed') {
    expect(made).toEqual([
      { method: 'DELETE', path: `${HOLIDAYS}/${event.change.date}`, year: null, body: null },
      { method: 'GET', path: HOLIDAYS, year: String(yearShown()), body: null },
    ]);
    expectToast('Public holiday deleted', event.change.name);
    expect(box).toHaveTextContent('National Day');
    // None changed, and it says so.
    expect(box?.textContent).toMatch(/no pending leave request changed/i);
    expect(box?.querySelectorAll('li')).toHaveLength(0);
  }
  if (event?.type === 'notice.dismiss') expect(made).toEqual([]);
}

describeModelWalk<Machine, Event>({
  title: 'public-holidays statechart, walked through /admin/public-holidays',
  machine: publicHolidaysMachine,
  actor,
  plan,
  serialize,
  open: async () => {
    requestsBefore = 0;
    stored = structuredClone(holidaysOf);
    const app = await renderApp({
      path: '/admin/public-holidays',
      storage: signedInAdmin,
      inspect: actor.inspect,
    });
    answerList(app);
    await settle();
    return app;
  },
  perform,
  expectScreen,
});
