import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import type { PublicHoliday } from '../src/domain/holidays';
import type { LeaveType } from '../src/domain/leave';
import { type CalendarMonth, type LeaveCalendarEntry, shiftMonth } from '../src/domain/leave-calendar';

import { notProvided } from './effects';

/**
 * The team calendar (issue 17, part 5): one month of who is away, approved and pending, with the month's
 * public holidays, filtered by one leave type or none. Previous, Next and the month and year pickers
 * change the month; a newer month replaces the one in flight. Everyone's requests on /admin/leave-calendar,
 * one's own on /staff (the screen provides `loadMonth` and says whose in the input). An entry opens the
 * screen's details sheet, which is the screen's other machine; after a change there the screen's parent
 * sends `calendar.reload`, and the month shows again with its figures kept until the new ones arrive.
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
  error: ApiError | null;
}

export type LeaveCalendarEvent =
  | { type: 'calendar.previous' }
  | { type: 'calendar.next' }
  | { type: 'calendar.show'; month: CalendarMonth }
  | { type: 'calendar.filter'; leaveTypeId: number | null }
  | { type: 'calendar.reload' }
  | { type: 'calendar.retry' };

/** A new month or leave type: what showed belongs to the old one. */
const cleared = { entries: [], holidays: [], error: null };

export const leaveCalendarMachine = setup({
  types: {
    input: {} as LeaveCalendarInput,
    context: {} as LeaveCalendarContext,
    events: {} as LeaveCalendarEvent,
  },
  actors: {
    loadMonth: fromPromise<LeaveCalendarMonth, LeaveCalendarQueryInput>(
      notProvided('leave-calendar', 'loadMonth'),
    ),
  },
}).createMachine({
  id: 'leaveCalendar',
  description: 'A month of who is away (approved and pending), its public holidays, one leave type or all.',
  context: ({ input }) => ({
    month: { year: input.year, month: input.month },
    leaveTypeId: null,
    userId: input.userId ?? null,
    entries: [],
    holidays: [],
    leaveTypes: [],
    error: null,
  }),
  on: {
    'calendar.previous': {
      target: '.loading',
      reenter: true,
      description: 'Previous: the month before.',
      actions: assign(({ context }) => ({ ...cleared, month: shiftMonth(context.month, -1) })),
    },
    'calendar.next': {
      target: '.loading',
      reenter: true,
      description: 'Next: the month after.',
      actions: assign(({ context }) => ({ ...cleared, month: shiftMonth(context.month, 1) })),
    },
    'calendar.show': {
      target: '.loading',
      reenter: true,
      description: 'The month or year picker.',
      actions: assign(({ event }) => {
        assertEvent(event, 'calendar.show');
        return { ...cleared, month: event.month };
      }),
    },
    'calendar.filter': {
      target: '.loading',
      reenter: true,
      description: 'The Leave Type filter (null: every type).',
      actions: assign(({ event }) => {
        assertEvent(event, 'calendar.filter');
        return { ...cleared, leaveTypeId: event.leaveTypeId };
      }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The month's requests, holidays and leave types are fetched; the grid says it is loading.",
      invoke: {
        id: 'loadMonth',
        src: 'loadMonth',
        input: ({ context }) => ({
          ...context.month,
          leaveTypeId: context.leaveTypeId,
          userId: context.userId,
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ ...event.output, error: null })),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => toApiError(event.error) }),
        },
      },
    },
    ready: {
      description: 'The month shows: each date with who is away, half days as halves, pending marked.',
      on: {
        'calendar.reload': {
          target: 'loading',
          description: 'A request changed elsewhere on the screen (decided, created, deleted).',
        },
      },
    },
    failed: {
      description: 'The month could not be fetched: the error and Try again show.',
      on: {
        'calendar.retry': { target: 'loading', description: 'Try again.' },
        'calendar.reload': { target: 'loading', description: 'A request changed elsewhere on the screen.' },
      },
    },
  },
});
