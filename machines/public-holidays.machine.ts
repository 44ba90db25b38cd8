import { type ActorRefFrom, assign, sendTo, setup, stopChild } from 'xstate';
import { type PublicHolidayChange, publicHolidayChangeSchema } from '../src/domain/holidays';
import { holidayToasts } from '../src/domain/messages/holidays';
import { type HolidayNotice, holidayYears, type PublicHolidayRow } from '../src/domain/public-holiday-rows';
import { childNews } from './effects';
import { type ListInput, listMachine, listToasts } from './list.machine';
import { publicHolidayFormMachine } from './public-holiday-form.machine';

/**
 * /admin/public-holidays (issue 17, part 4; decision 0009) as one machine: it spawns the year's holidays
 * (the one list statechart, made again for each year so that its first query is that year's) and the Add
 * holiday form (made again, empty, after each add), and routes between them: an add reloads the list, and
 * an add or a delete (the list's removal) leaves a notice of the pending requests whose days changed.
 */

export interface PublicHolidaysInput {
  /** `YYYY-MM-DD` in the company's time zone: the year selector starts at its year. */
  today: string;
}

export interface PublicHolidaysContext {
  year: number;
  years: number[];
  holidays: ActorRefFrom<typeof listMachine>;
  form: ActorRefFrom<typeof publicHolidayFormMachine>;
  /** What the last add or delete did; null until one, or once dismissed. */
  notice: HolidayNotice | null;
}

export type PublicHolidaysEvent =
  | { type: 'year.change'; year: number }
  | { type: 'notice.dismiss' }
  /** The list removed a holiday (it emits it, with the server's answer). */
  | { type: 'holiday.removed'; change: PublicHolidayChange }
  | { type: 'xstate.done.actor.holidayForm'; output: PublicHolidayChange };

/** A holiday's deletion (spec section 8). */
const removalToasts = listToasts<PublicHolidayRow>({
  removed: (row) => holidayToasts.removed(row.name),
  removeFailed: (_row, error) => holidayToasts.removeFailed(error),
});

/** The list's first query for a year: its holidays, all on one page; and what a deletion's toasts say. */
export const holidaysOfYear = (year: number): ListInput => ({
  query: { filters: { year: [String(year)] }, pageSize: 366 },
  toasts: removalToasts,
});

const noticeOf = (change: HolidayNotice['change'], answer: PublicHolidayChange): HolidayNotice => ({
  change,
  holiday: { date: answer.date, name: answer.name },
  changedRequests: answer.changedRequests,
});

export const publicHolidaysMachine = setup({
  types: {
    context: {} as PublicHolidaysContext,
    events: {} as PublicHolidaysEvent,
    input: {} as PublicHolidaysInput,
  },
  actors: {
    holidays: listMachine,
    holidayForm: publicHolidayFormMachine,
    /** Hears the list's removals (it emits them) and passes the server's answer to this machine. */
    removals: childNews<{ holidays: ActorRefFrom<typeof listMachine> }>((input, tell) => [
      input.holidays.on('list.removed', (event) =>
        tell({ type: 'holiday.removed', change: publicHolidayChangeSchema.parse(event.result) }),
      ),
    ]),
  },
}).createMachine({
  id: 'publicHolidays',
  description: "The Public Holidays screen: a year's holidays, Add holiday, and what a change recounted.",
  context: ({ input, spawn }) => {
    const year = Number(input.today.slice(0, 4));
    return {
      year,
      years: holidayYears(year),
      // Made again for another year and after an add, so both have an id and no systemId.
      holidays: spawn('holidays', { id: 'holidays', input: holidaysOfYear(year) }),
      form: spawn('holidayForm', { id: 'holidayForm', input: { params: {} } }),
      notice: null,
    };
  },
  initial: 'showing',
  states: {
    showing: {
      description: 'The list and the form run on their own; this machine routes between them.',
      invoke: { src: 'removals', input: ({ context }) => ({ holidays: context.holidays }) },
      on: {
        'year.change': {
          target: 'showing',
          reenter: true,
          description: "Another year: that year's holidays are fetched.",
          actions: [
            stopChild(({ context }) => context.holidays),
            assign(({ event, spawn }) => ({
              year: event.year,
              holidays: spawn('holidays', { id: 'holidays', input: holidaysOfYear(event.year) }),
            })),
          ],
        },
        'xstate.done.actor.holidayForm': {
          description:
            'Added: the list is fetched again, the notice names the pending requests whose days changed, and the form starts empty.',
          actions: [
            assign({ notice: ({ event }) => noticeOf('added', event.output) }),
            sendTo(({ context }) => context.holidays, { type: 'list.reload' }),
            stopChild(({ context }) => context.form),
            assign({
              form: ({ spawn }) => spawn('holidayForm', { id: 'holidayForm', input: { params: {} } }),
            }),
          ],
        },
        'holiday.removed': {
          description:
            'Deleted (after its confirmation): the notice names the pending requests whose days changed.',
          actions: assign({ notice: ({ event }) => noticeOf('deleted', event.change) }),
        },
        'notice.dismiss': {
          description: 'The notice is closed.',
          actions: assign({ notice: null }),
        },
      },
    },
  },
});
