import { screen, within } from '@testing-library/react';
import { publicHolidaysMachine } from '../../machines/public-holidays.machine';
import { todayIso } from '../../src/domain/dates';
import { dayMonthYear } from '../models/calendar-words';
import {
  addForm,
  HOLIDAYS,
  type Holiday,
  type PublicHolidaysEvent,
  publicHolidaysModel,
} from '../models/public-holidays.model';
import { admin } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * /admin/public-holidays (issue 17, part 4) walked from its spec model (tests/models/public-holidays.model.ts):
 * another year, a holiday added, one deleted after its confirmation (or kept by Cancel), and the notice of
 * the pending requests whose days changed. The app's public-holidays statechart is only followed.
 */

const thisYear = Number(todayIso().slice(0, 4));
const nextYear = thisYear + 1;
const holiday = (date: string, name: string): Holiday => ({ date, name });
const holidays: Record<number, Holiday[]> = {
  [thisYear]: [holiday(`${thisYear}-01-01`, "New Year's Day"), holiday(`${thisYear}-08-09`, 'National Day')],
  [nextYear]: [holiday(`${nextYear}-01-01`, "New Year's Day")],
};
/** A polling day added over a pending three-day request, which now takes two. */
const pollingDay = holiday(`${thisYear}-06-02`, 'Polling Day');
const added = {
  ...pollingDay,
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
const nationalDay = holiday(`${thisYear}-08-09`, 'National Day');
const deleted = { ...nationalDay, changedRequests: [] };

const events: PublicHolidaysEvent[] = [
  { type: 'user.choosesYear', year: nextYear },
  { type: 'user.addsHoliday', holiday: pollingDay },
  { type: 'server.addsHoliday', change: added },
  { type: 'user.asksToDelete', holiday: nationalDay },
  { type: 'user.cancelsDelete' },
  { type: 'user.confirmsDelete' },
  { type: 'server.deletesHoliday', change: deleted },
  { type: 'user.dismissesNotice' },
];
const ev = (type: PublicHolidaysEvent['type']) => events.find((e) => e.type === type) as PublicHolidaysEvent;

/** Answers the list's fetch of a year with what the model says the server holds. */
function answerList(app: RunningApp, held: Record<number, Holiday[]>) {
  const request = app.server.pending('GET', HOLIDAYS)[0];
  if (!request) throw new Error('the list did not fetch');
  app.server.answer('GET', HOLIDAYS, 200, held[Number(request.query.get('year'))] ?? []);
}
const sorted = (list: Holiday[]) => [...list].sort((a, b) => a.date.localeCompare(b.date));

describeSpecWalk({
  title: '/admin/public-holidays, walked from its spec model',
  model: publicHolidaysModel,
  starts: [{ name: 'admin opens Public Holidays', input: { year: thisYear, holidays } }],
  events,
  canProduce: (m, e) => {
    const c = m.context;
    if (e.type === 'user.dismissesNotice') return c.notice !== null;
    if (e.type === 'user.addsHoliday')
      return c.year === thisYear && !(c.holidays[thisYear] ?? []).some((h) => h.date === e.holiday.date);
    if (e.type === 'user.asksToDelete')
      return (c.holidays[c.year] ?? []).some((h) => h.date === e.holiday.date);
    if (e.type === 'user.choosesYear') return c.year !== e.year;
    return true;
  },
  serialize: (m) =>
    JSON.stringify([m.value, m.context.year, m.context.holidays, m.context.notice?.holiday.date ?? null]),
  app: { machine: publicHolidaysMachine },
  open: async (_path, inspect) => {
    const app = await renderApp({ path: '/admin/public-holidays', storage: signedIn(admin), inspect });
    answerList(app, holidays);
    await settle();
    return app;
  },
  async perform(app, event, m) {
    switch (event.type) {
      case 'user.choosesYear':
        await app.user.selectOptions(screen.getByLabelText('Year'), String(event.year));
        await settle();
        answerList(app, m.context.holidays);
        break;
      case 'user.addsHoliday': {
        const form = addForm() as HTMLElement;
        await app.user.type(within(form).getByLabelText('Date'), dayMonthYear(event.holiday.date));
        await app.user.type(within(form).getByLabelText('Name'), event.holiday.name);
        await app.user.click(within(form).getByRole('button', { name: 'Add holiday' }));
        break;
      }
      case 'server.addsHoliday': {
        app.server.answer('POST', HOLIDAYS, 201, event.change);
        await settle();
        const { changedRequests: _, ...h } = event.change;
        const year = Number(h.date.slice(0, 4));
        answerList(app, { ...m.context.holidays, [year]: sorted([...(m.context.holidays[year] ?? []), h]) });
        break;
      }
      case 'user.asksToDelete':
        await app.user.click(
          screen.getByRole('button', {
            name: `Delete ${event.holiday.name} (${dayMonthYear(event.holiday.date)})`,
          }),
        );
        break;
      case 'user.cancelsDelete': {
        const dialog = screen.getByRole('alertdialog', { name: 'Delete this public holiday?' });
        await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        break;
      }
      case 'user.confirmsDelete': {
        const dialog = screen.getByRole('alertdialog', { name: 'Delete this public holiday?' });
        await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
        break;
      }
      case 'server.deletesHoliday': {
        app.server.answer('DELETE', `${HOLIDAYS}/${event.change.date}`, 200, event.change);
        await settle();
        const year = Number(event.change.date.slice(0, 4));
        const left = (m.context.holidays[year] ?? []).filter((h) => h.date !== event.change.date);
        answerList(app, { ...m.context.holidays, [year]: left });
        break;
      }
      case 'user.dismissesNotice':
        await app.user.click(screen.getByRole('button', { name: 'Dismiss' }));
        break;
    }
    await settle();
  },
  scenarios: [
    {
      name: 'Delete asked, then Cancel: the holiday stays and nothing is sent',
      events: [ev('user.asksToDelete'), ev('user.cancelsDelete')],
    },
    {
      name: 'Delete asked, then Delete: the holiday goes, with its toast and notice',
      events: [ev('user.asksToDelete'), ev('user.confirmsDelete'), ev('server.deletesHoliday')],
    },
  ],
  label: (e) => e.type,
});
