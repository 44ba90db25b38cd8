import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { monthName } from './calendar-words';
import { buttonsIn, hasHeading } from './leave-dom';

/**
 * 'Your Leave Calendar' on /staff (issue 17, part 5; the spec's staff dashboard, section 2, with the
 * spec's AM/PM half days and statuses): one month at a time, Previous and Next and a month picker, a
 * Leave Type filter, each of one's approved and pending requests on the dates it takes (a morning as an AM
 * half, a pending one marked so), weekends and public holidays marked; a failed month says why and offers
 * Try again; deleting a request in the table above fetches the month again. The month is kept by the
 * model's own arithmetic and named by the model.
 */

export const FAILURE = 'The database is unavailable.';
/** The two entries of March 2026 the server holds: a morning (approved) and two pending days. */
export const MORNING = 'Annual Leave, Tuesday 10 March AM half day, Approved';
export const PENDING_SICK = 'Medical Leave, Tuesday 17 March whole day, Pending';
export const MEDICAL_TYPE_ID = 2;

export interface CalendarInput {
  year: number;
  month: number;
  userId: number;
}

export interface CalendarContext extends CalendarInput {
  leaveTypeId: number | null;
  /** The leave types came with a month, so the filter offers them. */
  typesKnown: boolean;
}

export type CalendarEvent =
  | { type: 'user.previous' }
  | { type: 'user.next' }
  | { type: 'user.picksMonth'; month: number }
  | { type: 'user.filters'; leaveTypeId: number | null }
  | { type: 'user.deletesARequest' }
  | { type: 'user.retries' }
  | { type: 'server.answers' }
  | { type: 'server.fails' };

type Snapshot = { context: CalendarContext };
const ctx = (m: unknown) => (m as Snapshot).context;

export function calendarCard(): HTMLElement {
  const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Your Leave Calendar');
  expect(heading, 'Your Leave Calendar').toBeDefined();
  return heading?.closest('.chakra-card__root') as HTMLElement;
}
export const select = (label: string) => within(calendarCard()).getByLabelText(label) as HTMLSelectElement;
const entryButton = (name: string) =>
  calendarCard().querySelector<HTMLElement>(`button[aria-label="${name}"]`) ??
  within(calendarCard()).queryByRole('button', { name });

const move = (c: CalendarContext, delta: number) => {
  const index = c.year * 12 + c.month - 1 + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

export const leaveCalendarModel = setup({
  types: { input: {} as CalendarInput, context: {} as CalendarContext, events: {} as CalendarEvent },
  guards: { typesKnown: ({ context }) => context.typesKnown },
}).createMachine({
  id: 'leaveCalendarModel',
  context: ({ input }) => ({ ...input, leaveTypeId: null, typesKnown: false }),
  meta: shows((app: RunningApp, m) => {
    const c = ctx(m);
    expect(hasHeading(`${monthName(c.month)} ${c.year}`), `${monthName(c.month)} ${c.year}`).toBe(true);
    // The last question to the server was for the month and type shown, and only for oneself.
    const asked = app.server.requests
      .filter((r) => r.method === 'GET' && r.path === '/api/leave-calendar')
      .at(-1);
    expect(asked?.query.get('year')).toBe(String(c.year));
    expect(asked?.query.get('month')).toBe(String(c.month));
    expect(asked?.query.get('leaveTypeId') ?? null).toBe(
      c.leaveTypeId === null ? null : String(c.leaveTypeId),
    );
    expect(asked?.query.get('userId')).toBe(String(c.userId));
    expect(select('Month').value).toBe(String(c.month));
    expect(select('Leave Type').value).toBe(String(c.leaveTypeId ?? ''));
  }),
  on: {
    'user.previous': { target: '.loading', actions: assign(({ context }) => move(context, -1)) },
    'user.next': { target: '.loading', actions: assign(({ context }) => move(context, 1)) },
    'user.picksMonth': { target: '.loading', actions: assign({ month: ({ event }) => event.month }) },
    'user.filters': {
      guard: 'typesKnown',
      target: '.loading',
      actions: assign({ leaveTypeId: ({ event }) => event.leaveTypeId }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      meta: shows((_app, m) => {
        const c = ctx(m);
        const grid = calendarCard().querySelector('table');
        expect(grid?.getAttribute('aria-busy'), 'the grid says it is loading').toBe('true');
        expect(grid?.getAttribute('aria-label')).toBe(`Leave calendar, ${monthName(c.month)} ${c.year}`);
      }),
      on: {
        'server.answers': { target: 'ready', actions: assign({ typesKnown: true }) },
        'server.fails': { target: 'failed' },
      },
    },
    ready: {
      meta: shows((_app, m) => {
        const c = ctx(m);
        const card = calendarCard();
        expect(buttonsIn(card, 'Try again')).toHaveLength(0);
        const grid = card.querySelector('table') as HTMLTableElement;
        expect(grid.getAttribute('aria-busy')).toBe('false');
        const march = c.year === 2026 && c.month === 3;
        expect(Boolean(entryButton(MORNING)), 'the approved morning').toBe(
          march && c.leaveTypeId !== MEDICAL_TYPE_ID,
        );
        expect(Boolean(entryButton(PENDING_SICK)), 'the pending days').toBe(march);
        if (march) {
          const cell = (date: string) => grid.querySelector(`[data-date="${date}"]`) as HTMLElement;
          // The pending request takes both its days, and says it is pending.
          expect(
            within(cell('2026-03-18')).getByRole('button', { name: /Medical Leave, Wednesday 18 March/ }),
          );
          expect(within(cell('2026-03-11')).queryByRole('button')).toBeNull();
          expect(entryButton(PENDING_SICK)?.getAttribute('data-status')).toBe('PENDING');
          if (c.leaveTypeId !== MEDICAL_TYPE_ID) {
            // The morning is an AM half.
            const half = entryButton(MORNING) as HTMLElement;
            expect(half.getAttribute('data-part')).toBe('AM');
            expect(half.parentElement?.textContent).toBe('AMAnnual Leave');
          }
          expect(cell('2026-03-07').getAttribute('data-weekend')).toBe('true');
          expect(cell('2026-03-09').getAttribute('data-weekend')).toBeNull();
        }
        if (c.year === 2026 && c.month === 4) {
          const goodFriday = grid.querySelector('[data-date="2026-04-03"]') as HTMLElement;
          expect(goodFriday.getAttribute('data-holiday')).toBe('Good Friday');
          expect(goodFriday).toHaveTextContent('Good Friday');
        }
      }),
      on: { 'user.deletesARequest': { target: 'loading' } },
    },
    failed: {
      meta: shows(() => {
        const card = calendarCard();
        expect(card.querySelector('[role="alert"]')).toHaveTextContent(FAILURE);
        expect(card.querySelector('table'), 'no grid').toBeNull();
        expect(buttonsIn(card, 'Try again')).toHaveLength(1);
      }),
      on: {
        'user.retries': { target: 'loading' },
        'user.deletesARequest': { target: 'loading' },
      },
    },
  },
});
