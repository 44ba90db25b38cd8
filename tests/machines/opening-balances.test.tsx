import { fireEvent, within } from '@testing-library/react';
import { openingBalancesMachine } from '../../machines/opening-balances.machine';
import type { ApiError } from '../../src/domain/auth';
import {
  type OpeningEvent,
  type OpeningModel,
  openingBalancesModel,
  processedRefusal,
  REMOVE,
  section,
  YTD,
  ytdForm,
} from '../models/opening-balances.model';
import { admin } from '../views/fixtures';
import { openDialog, type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';
import { allowancesOf, leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * User detail's Opening balances (issue 38 item 6) walked from its test model
 * (tests/models/opening-balances.model.ts): the year's fetch, the year so far edited, saved or refused
 * with the 409 naming the processed months, another year chosen, and Remove after asking. The app's
 * statechart is only followed for coverage.
 */

const user = { ...onboardedStaff, fullName: 'Opening Tan' };
const ytdPath = `/api/users/${user.id}/opening-ytd`;
const leavePath = `/api/users/${user.id}/opening-leave`;
const THIS_YEAR = Number(new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Singapore' }).slice(0, 4));

/**
 * January to June of a citizen aged 30 on $7,400 a month (issue 38's vector): ordinary wages 6 x 7,400 =
 * 44,400; employee CPF 20% = 1,480 a month, 8,880; employer 17% = 1,258 a month, 7,548; SDL 0.25% capped
 * at $11.25 a month, 67.50.
 */
const opening = (year: number, ordinaryWages = 44_400) => ({
  userId: user.id,
  year,
  throughMonth: 6,
  ordinaryWages,
  additionalWages: 0,
  employeeCpf: 8_880,
  employerCpf: 7_548,
  shg: 0,
  sdl: 67.5,
});
const noOpening: ApiError = {
  statusCode: 404,
  error: 'Not Found',
  message: 'No opening year to date is recorded for this employee and year.',
};
const refused = (year: number): ApiError => ({
  statusCode: 409,
  error: 'Conflict',
  message: processedRefusal(year),
  code: 'OPENING_MONTHS_PROCESSED',
  field: 'throughMonth',
});

const events: OpeningEvent[] = [
  { type: 'server.sendsOpening' },
  { type: 'server.sendsNone' },
  { type: 'user.choosesYear', year: THIS_YEAR - 1 },
  { type: 'user.editsYearSoFar' },
  { type: 'user.typesOrdinaryWages', value: '40000.00' },
  { type: 'user.saves' },
  { type: 'user.cancels' },
  { type: 'server.saves' },
  { type: 'server.refusesProcessed' },
  { type: 'user.removes' },
  { type: 'user.cancelsRemove' },
  { type: 'user.confirmsRemove' },
  { type: 'server.removes' },
  { type: 'server.refusesRemove' },
];

type ModelSnapshot = { value: unknown; context: OpeningModel };

/** What the screen offers: Remove and the pencil only once recorded (a new one is typed whole); one year back. */
function canProduce(m: ModelSnapshot, event: OpeningEvent) {
  const c = m.context;
  if (event.type === 'user.removes' || event.type === 'user.editsYearSoFar') return c.stored !== null;
  if (event.type === 'user.choosesYear') return event.year !== c.year && c.fetches < 3;
  if (event.type === 'user.typesOrdinaryWages') return event.value !== c.typed;
  if (event.type === 'user.saves') return c.typed !== c.stored?.toFixed(2);
  return true;
}

const serialize = (m: ModelSnapshot) =>
  JSON.stringify([m.value, m.context.stored, m.context.typed, m.context.refusal, m.context.year]);

async function perform(app: RunningApp, event: OpeningEvent, m: ModelSnapshot) {
  const c = m.context;
  switch (event.type) {
    case 'server.sendsOpening':
      app.server.answerLatest('GET', leavePath, 200, { userId: user.id, year: c.year, balances: [] });
      app.server.answerLatest('GET', ytdPath, 200, opening(c.year));
      break;
    case 'server.sendsNone':
      app.server.answerLatest('GET', leavePath, 200, { userId: user.id, year: c.year, balances: [] });
      app.server.answerLatest('GET', ytdPath, 404, noOpening);
      break;
    case 'user.choosesYear':
      fireEvent.change(within(section()).getByRole('combobox', { name: 'Year' }), {
        target: { value: String(event.year) },
      });
      break;
    case 'user.editsYearSoFar':
      await app.user.click(within(section()).getByRole('button', { name: `Edit ${YTD}` }));
      break;
    case 'user.typesOrdinaryWages':
      fireEvent.change(ytdForm()?.querySelector('input[name="ordinaryWages"]') as HTMLInputElement, {
        target: { value: event.value },
      });
      break;
    case 'user.saves':
      await app.user.click(within(ytdForm() as HTMLElement).getByRole('button', { name: 'Save' }));
      break;
    case 'user.cancels':
      await app.user.click(within(ytdForm() as HTMLElement).getByRole('button', { name: 'Cancel' }));
      break;
    case 'server.saves':
      app.server.answer('PUT', ytdPath, 200, opening(c.year, Number(c.typed)));
      break;
    case 'server.refusesProcessed':
      app.server.answer('PUT', ytdPath, 409, refused(c.year));
      break;
    case 'user.removes':
      await app.user.click(within(section()).getByRole('button', { name: REMOVE }));
      break;
    case 'user.cancelsRemove':
      await app.user.click(
        within(openDialog('alertdialog', `Remove the year so far of ${c.year}?`)).getByRole('button', {
          name: 'Cancel',
        }),
      );
      break;
    case 'user.confirmsRemove':
      await app.user.click(
        within(openDialog('alertdialog', `Remove the year so far of ${c.year}?`)).getByRole('button', {
          name: 'Remove',
        }),
      );
      break;
    case 'server.removes':
      app.server.answer('DELETE', ytdPath, 204);
      break;
    case 'server.refusesRemove':
      app.server.answer('DELETE', ytdPath, 409, refused(c.year));
      break;
  }
  await settle();
}

describeSpecWalk({
  title: "User detail's Opening balances, walked from its test model",
  model: openingBalancesModel,
  starts: [{ name: 'admin opens a staff member', input: { year: THIS_YEAR } }],
  events,
  canProduce: canProduce as never,
  serialize: serialize as never,
  app: { machine: openingBalancesMachine },
  open: async (_path, inspect) => {
    const app = await renderApp({ path: `/admin/users/${user.id}`, storage: signedIn(admin), inspect });
    app.server.answer('GET', `/api/users/${user.id}`, 200, user);
    app.server.answer('GET', '/api/leave-types', 200, leaveTypes);
    app.server.answer('GET', `/api/users/${user.id}/leave-balances`, 200, allowancesOf({ 1: 14, 2: 14 }));
    await settle();
    return app;
  },
  perform: (app, event, model) => perform(app, event, model as unknown as ModelSnapshot),
  label: (event: OpeningEvent) =>
    event.type === 'user.typesOrdinaryWages'
      ? `user.typesOrdinaryWages ('${event.value}')`
      : event.type === 'user.choosesYear'
        ? 'user.choosesYear (last year)'
        : event.type,
  scenarios: [
    {
      name: 'load, edit, save: the new figure shows',
      events: [
        { type: 'server.sendsOpening' },
        { type: 'user.editsYearSoFar' },
        { type: 'user.typesOrdinaryWages', value: '40000.00' },
        { type: 'user.saves' },
        { type: 'server.saves' },
      ],
    },
    {
      name: 'a save refused with 409 names the processed months beside the month field',
      events: [
        { type: 'server.sendsOpening' },
        { type: 'user.editsYearSoFar' },
        { type: 'user.typesOrdinaryWages', value: '40000.00' },
        { type: 'user.saves' },
        { type: 'server.refusesProcessed' },
      ],
    },
    {
      name: 'remove after asking: the year is fetched again, with none recorded',
      events: [
        { type: 'server.sendsOpening' },
        { type: 'user.removes' },
        { type: 'user.confirmsRemove' },
        { type: 'server.removes' },
        { type: 'server.sendsNone' },
      ],
    },
  ],
});
