import { assertEvent, assign, sendTo, setup } from 'xstate';
import type { PublicHoliday } from '../src/domain/holidays';
import type { LeaveType } from '../src/domain/leave';
import { type CalendarMonth, type LeaveCalendarEntry, shiftMonth } from '../src/domain/leave-calendar';
import { childNews } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * The team calendar (issue 17, part 5): one month of who is away, approved and pending, with the month's
 * public holidays, filtered by one leave type or none. Previous, Next and the month and year pickers
 * change the month; a newer month replaces the one in flight. Everyone's requests on /admin/leave-calendar,
 * one's own on /staff (the screen provides the month's load, machines/load.machine.ts, and says whose in the
 * input). An entry opens the screen's details sheet, which is the screen's other machine; after a change
 * there the screen's parent sends `load.reload`, and the month shows again with its figures kept until the
 * new ones arrive.
 */

export interface LeaveCalendarInput extends CalendarMonth {
  /** Whose requests: one person's (the staff dashboard), or null for everyone's. */
  userId?: number | null;
}

/** What the screen fetches for a month. */
export interface LeaveCalendarMonth {
  entries: LeaveCalendarEntry[];
  holidays: PublicHoliday[];
  leaveTypes: LeaveType[];
}

export interface LeaveCalendarQueryInput extends CalendarMonth {
  leaveTypeId: number | null;
  userId: number | null;
}

export interface LeaveCalendarContext extends LeaveCalendarMonth {
  month: CalendarMonth;
  leaveTypeId: number | null;
  userId: number | null;
  /** The month's fetch (its query is the month, the leave type and whose): its spinner, failure and Try again. */
  load: LoadActorRef;
}

export type LeaveCalendarEvent =
  | { type: 'calendar.previous' }
  | { type: 'calendar.next' }
  | { type: 'calendar.show'; month: CalendarMonth }
  | { type: 'calendar.filter'; leaveTypeId: number | null }
  /** A request changed elsewhere on the screen: the holder asks for the month again. */
  | { type: 'load.reload' }
  | { type: 'month.loaded'; month: LeaveCalendarMonth };

/** A new month or leave type: what showed belongs to the old one (the filter keeps its leave types). */
const cleared = { entries: [], holidays: [] };

const queryOf = (context: Pick<LeaveCalendarContext, 'month' | 'leaveTypeId' | 'userId'>) => ({
  ...context.month,
  leaveTypeId: context.leaveTypeId,
  userId: context.userId,
});

export const leaveCalendarMachine = setup({
  types: {
    input: {} as LeaveCalendarInput,
    context: {} as LeaveCalendarContext,
    events: {} as LeaveCalendarEvent,
  },
  actors: {
    month: loadMachine,
    /** Hears the month's fetch and passes what arrived to this machine. */
    monthNews: childNews<{ load: LoadActorRef }>((input, tell) =>
      loadNews<LeaveCalendarMonth>(input.load, {
        loaded: (month) => tell({ type: 'month.loaded', month }),
      }),
    ),
  },
  actions: {
    /** Asks the month's load for the month and leave type the context now holds. */
    askForMonth: sendTo(
      ({ context }) => context.load,
      ({ context }) => ({ type: 'load.change' as const, query: queryOf(context) }),
    ),
  },
}).createMachine({
  id: 'leaveCalendar',
  description: 'A month of who is away (approved and pending), its public holidays, one leave type or all.',
  context: ({ input, spawn }) => {
    const chosen = {
      month: { year: input.year, month: input.month },
      leaveTypeId: null,
      userId: input.userId ?? null,
    };
    return {
      ...chosen,
      entries: [],
      holidays: [],
      leaveTypes: [],
      load: spawn('month', { id: 'month', input: { query: queryOf(chosen) } }),
    };
  },
  invoke: { src: 'monthNews', input: ({ context }) => ({ load: context.load }) },
  on: {
    'calendar.previous': {
      description: 'Previous: the month before is fetched.',
      actions: [
        assign(({ context }) => ({ ...cleared, month: shiftMonth(context.month, -1) })),
        'askForMonth',
      ],
    },
    'calendar.next': {
      description: 'Next: the month after is fetched.',
      actions: [
        assign(({ context }) => ({ ...cleared, month: shiftMonth(context.month, 1) })),
        'askForMonth',
      ],
    },
    'calendar.show': {
      description: 'The month or year picker.',
      actions: [
        assign(({ event }) => {
          assertEvent(event, 'calendar.show');
          return { ...cleared, month: event.month };
        }),
        'askForMonth',
      ],
    },
    'calendar.filter': {
      description: 'The Leave Type filter (null: every type).',
      actions: [
        assign(({ event }) => {
          assertEvent(event, 'calendar.filter');
          return { ...cleared, leaveTypeId: event.leaveTypeId };
        }),
        'askForMonth',
      ],
    },
    'load.reload': {
      description:
        'A request changed elsewhere on the screen (decided, created, deleted): the month is fetched again, shown as it was until then.',
      actions: sendTo(({ context }) => context.load, { type: 'load.reload' }),
    },
    'month.loaded': {
      description: 'The month arrived: each date with who is away, half days as halves, pending marked.',
      actions: assign(({ event }) => {
        assertEvent(event, 'month.loaded');
        return event.month;
      }),
    },
  },
});
