import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, isDialogOpen, openDialog } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { dayMonthYear } from './calendar-words';

/**
 * /admin/public-holidays as issue 17 (part 4) describes it, in the spec's style (section 2's lists and
 * dialogs, section 8's toasts and 'Processing...', section 9's dates): a year's holidays (this year at
 * first, the year chosen after), an Add holiday form, and a delete that asks first ('Delete this public
 * holiday?', Cancel sends nothing, Delete sends it). After an add or a delete the list is fetched again, a
 * toast names the holiday, and a notice says which pending requests changed their days, until dismissed.
 */

export type Holiday = { date: string; name: string };
export interface ChangedRequest {
  id: number;
  user: { id: number; fullName: string };
  leaveType: { id: number; name: string };
  fromDate: string;
  toDate: string;
  daysBefore: number;
  daysAfter: number;
}
export type HolidayChange = Holiday & { changedRequests: ChangedRequest[] };

export interface PublicHolidaysInput {
  year: number;
  /** What the server holds, by year. */
  holidays: Record<number, Holiday[]>;
}

export interface PublicHolidaysModel extends PublicHolidaysInput {
  notice: { change: 'added' | 'deleted'; holiday: HolidayChange } | null;
  toast: 'added' | 'deleted' | null;
  /** The holiday the confirmation asks about. */
  removing: Holiday | null;
  /** The requests to /public-holidays the server has seen, in order (method, year or body). */
  requests: Array<{ method: string; path: string; year: string | null; body: unknown }>;
}

export type PublicHolidaysEvent =
  | { type: 'user.choosesYear'; year: number }
  | { type: 'user.addsHoliday'; holiday: Holiday }
  | { type: 'server.addsHoliday'; change: HolidayChange }
  | { type: 'user.asksToDelete'; holiday: Holiday }
  | { type: 'user.cancelsDelete' }
  | { type: 'user.confirmsDelete' }
  | { type: 'server.deletesHoliday'; change: HolidayChange }
  | { type: 'user.dismissesNotice' };

export const HOLIDAYS = '/api/public-holidays';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const weekday = (iso: string) => WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()];
const CONFIRM = 'Delete this public holiday?';

const fetchOf = (year: number) => ({ method: 'GET', path: HOLIDAYS, year: String(year), body: null });
const sorted = (list: Holiday[]) => [...list].sort((a, b) => a.date.localeCompare(b.date));

const yearShown = () => Number((screen.getByLabelText('Year') as HTMLSelectElement).value);
export const addForm = () => screen.queryByRole('form', { name: 'Add holiday' });
const notice = () => document.querySelector<HTMLElement>('main [role="status"].chakra-alert__root');

export const publicHolidaysModel = setup({
  types: {
    context: {} as PublicHolidaysModel,
    events: {} as PublicHolidaysEvent,
    input: {} as PublicHolidaysInput,
  },
}).createMachine({
  id: 'publicHolidaysModel',
  context: ({ input }) => ({
    ...input,
    notice: null,
    toast: null,
    removing: null,
    requests: [fetchOf(input.year)],
  }),
  meta: shows((app, s) => {
    const m = s.context as PublicHolidaysModel;
    const hidden = !s.matches('idle');
    expect(window.location.pathname).toBe('/admin/public-holidays');
    expect(document.querySelector('h1')?.textContent).toBe('Public Holidays');
    expect(yearShown()).toBe(m.year);
    const table = screen.getByRole('table', { name: `Public holidays ${m.year}`, hidden });
    const rows = within(table)
      .getAllByRole('row', { hidden })
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell', { hidden })
          .slice(0, 3)
          .map((cell) => cell.textContent),
      );
    expect(rows, `the holidays of ${m.year}`).toEqual(
      (m.holidays[m.year] ?? []).map((h) => [dayMonthYear(h.date), weekday(h.date), h.name]),
    );
    const seen = app.server.requests
      .filter((r) => r.path.startsWith(HOLIDAYS))
      .map((r) => ({ method: r.method, path: r.path, year: r.query.get('year'), body: r.body ?? null }));
    expect(seen, 'the requests the screen made').toEqual(m.requests);
    const box = notice();
    if (!m.notice) expect(box, 'no notice').toBeNull();
    else {
      expect(box).toHaveTextContent(m.notice.holiday.name);
      const lines = m.notice.holiday.changedRequests;
      // The screen says which pending requests changed: who, which type, the dates, the days before and after.
      if (lines.length === 0) expect(box?.textContent).toMatch(/no pending leave request changed/i);
      expect([...(box?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual(
        lines.map(
          (r) =>
            `${r.user.fullName}, ${r.leaveType.name}, ${dayMonthYear(r.fromDate)} to ${dayMonthYear(r.toDate)}: ${r.daysBefore} → ${r.daysAfter} days`,
        ),
      );
    }
    if (m.toast === 'added') expectToast('Public holiday added', m.notice?.holiday.name);
    if (m.toast === 'deleted') expectToast('Public holiday deleted', m.notice?.holiday.name);
  }),
  initial: 'idle',
  states: {
    idle: {
      meta: shows(() => {
        expect(isDialogOpen('alertdialog', CONFIRM), 'no confirmation open').toBe(false);
        const form = addForm();
        expect(form?.querySelector('button[type="submit"]')?.textContent).toBe('Add holiday');
      }),
      on: {
        'user.choosesYear': {
          actions: assign(({ context, event }) => ({
            year: event.year,
            toast: null,
            requests: [...context.requests, fetchOf(event.year)],
          })),
        },
        'user.addsHoliday': {
          target: 'adding',
          actions: assign(({ context, event }) => ({
            toast: null,
            requests: [
              ...context.requests,
              { method: 'POST', path: HOLIDAYS, year: null, body: event.holiday },
            ],
          })),
        },
        'user.asksToDelete': {
          target: 'confirming',
          actions: assign(({ event }) => ({ removing: event.holiday, toast: null })),
        },
        'user.dismissesNotice': { actions: assign({ notice: null, toast: null }) },
      },
    },
    adding: {
      meta: shows(() => {
        const button = addForm()?.querySelector<HTMLButtonElement>('button[type="submit"]');
        expect(button?.textContent).toBe('Processing...');
        expect(button).toBeDisabled();
      }),
      on: {
        'server.addsHoliday': {
          target: 'idle',
          actions: assign(({ context, event }) => {
            const year = Number(event.change.date.slice(0, 4));
            const { changedRequests: _, ...holiday } = event.change;
            return {
              holidays: { ...context.holidays, [year]: sorted([...(context.holidays[year] ?? []), holiday]) },
              notice: { change: 'added' as const, holiday: event.change },
              toast: 'added' as const,
              requests: [...context.requests, fetchOf(context.year)],
            };
          }),
        },
      },
    },
    confirming: {
      meta: shows((app, s) => {
        const m = s.context as PublicHolidaysModel;
        const dialog = openDialog('alertdialog', CONFIRM);
        const h = m.removing as Holiday;
        expect(dialog).toHaveTextContent(`${h.name} (${dayMonthYear(h.date)}) will no longer be a holiday.`);
        expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
        expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
        expect(app.server.pending('DELETE'), 'nothing sent before Delete').toHaveLength(0);
      }),
      on: {
        'user.cancelsDelete': { target: 'idle', actions: assign({ removing: null }) },
        'user.confirmsDelete': {
          target: 'deleting',
          actions: assign(({ context }) => ({
            requests: [
              ...context.requests,
              { method: 'DELETE', path: `${HOLIDAYS}/${context.removing?.date}`, year: null, body: null },
            ],
          })),
        },
      },
    },
    deleting: {
      meta: shows(() => {
        const dialog = openDialog('alertdialog', CONFIRM);
        expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
        expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
      }),
      on: {
        'server.deletesHoliday': {
          target: 'idle',
          actions: assign(({ context, event }) => {
            const year = Number(event.change.date.slice(0, 4));
            return {
              holidays: {
                ...context.holidays,
                [year]: (context.holidays[year] ?? []).filter((h) => h.date !== event.change.date),
              },
              notice: { change: 'deleted' as const, holiday: event.change },
              toast: 'deleted' as const,
              removing: null,
              requests: [...context.requests, fetchOf(context.year)],
            };
          }),
        },
      },
    },
  },
});
