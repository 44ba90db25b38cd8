import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, isDialogOpen, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * User detail's Opening balances as issue 38 tells it: item 3 (PUT /users/{id}/opening-ytd {year,
 * throughMonth, ordinaryWages, additionalWages, employeeCpf, employerCpf, shg?, sdl?}, ADMIN: the year so
 * far from before the company used the product), item 6 ("Screens: ... opening balances on the staff
 * record"), and the brief's reading of them: for a chosen year (this year first) the year-so-far figures,
 * editable by the administrator, a refusal (409 naming the processed months) shown beside the field it is
 * about and in a toast, and Remove after asking. Words the screen must show are written here, not taken
 * from the app.
 */

export const SECTION = 'Opening balances';
export const YTD = 'Year so far';
export const REMOVE = 'Remove year so far';
export const NONE = 'None recorded';

export interface OpeningModel {
  year: number;
  /** The ordinary wages the server holds, in dollars; null when no year so far is recorded. */
  stored: number | null;
  /** What the ordinary wages field holds while editing. */
  typed: string;
  /** GET opening-ytd fetches sent (each year chosen, and again after Remove). */
  fetches: number;
  puts: number;
  deletes: number;
  /** The server's refusal showing beside the month field (a save) or beside Remove. */
  refusal: 'save' | 'remove' | null;
  toast: 'saved' | 'saveRefused' | 'removed' | 'removeRefused' | null;
}

export type OpeningEvent =
  | { type: 'server.sendsOpening' }
  | { type: 'server.sendsNone' }
  | { type: 'user.choosesYear'; year: number }
  | { type: 'user.editsYearSoFar' }
  | { type: 'user.typesOrdinaryWages'; value: string }
  | { type: 'user.saves' }
  | { type: 'user.cancels' }
  | { type: 'server.saves' }
  | { type: 'server.refusesProcessed' }
  | { type: 'user.removes' }
  | { type: 'user.cancelsRemove' }
  | { type: 'user.confirmsRemove' }
  | { type: 'server.removes' }
  | { type: 'server.refusesRemove' };

/** The refusal the server gives once a month of the year is processed (names the months). */
export const processedRefusal = (year: number) =>
  `Opening Tan already has processed payslips in ${year} (July ${year}): their CPF was worked out without this opening year to date. Revert them first, then process them again.`;

export const dollars = (amount: number) =>
  amount.toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const section = () =>
  screen.getByRole('heading', { name: SECTION }).closest('.chakra-card__root') as HTMLElement;
export const ytdForm = () => screen.queryByRole('form', { name: YTD });
const ytdPanel = () =>
  within(section()).getByRole('heading', { name: YTD }).closest('.chakra-card__body') as HTMLElement;
const button = (text: string, inside: ParentNode) =>
  [...inside.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) ?? null;
const sent = (app: RunningApp, method: string, path: string) =>
  app.server.requests.filter((r) => r.method === method && r.path.endsWith(path));

export const openingBalancesModel = setup({
  types: {
    context: {} as OpeningModel,
    events: {} as OpeningEvent,
    input: {} as { year: number },
  },
  guards: {
    changed: ({ context }) => context.typed !== String(context.stored?.toFixed(2)),
  },
}).createMachine({
  id: 'openingBalancesModel',
  context: ({ input }) => ({
    year: input.year,
    stored: null,
    typed: '',
    fetches: 1,
    puts: 0,
    deletes: 0,
    refusal: null,
    toast: null,
  }),
  meta: shows((app, m) => {
    const c = m.context as OpeningModel;
    expect(sent(app, 'GET', '/opening-ytd'), 'year-so-far fetches').toHaveLength(c.fetches);
    expect(sent(app, 'GET', '/opening-ytd').at(-1)?.query.get('year'), 'the year asked').toBe(String(c.year));
    expect(sent(app, 'PUT', '/opening-ytd'), 'saves sent').toHaveLength(c.puts);
    expect(sent(app, 'DELETE', '/opening-ytd'), 'removals sent').toHaveLength(c.deletes);
    if (c.toast === 'saved') expectToast('Opening year to date saved');
    if (c.toast === 'saveRefused')
      expectToast('Failed to save the opening year to date', processedRefusal(c.year));
    if (c.toast === 'removed') expectToast('Opening year to date removed');
    if (c.toast === 'removeRefused')
      expectToast('Failed to remove the opening year to date', processedRefusal(c.year));
    // The year chosen shows in the picker.
    expect((within(section()).getByRole('combobox', { name: 'Year' }) as HTMLSelectElement).value).toBe(
      String(c.year),
    );
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: shows(() => {
        expect(within(section()).queryByRole('heading', { name: YTD }), 'no panel yet').toBeNull();
      }),
      on: {
        'server.sendsOpening': {
          target: 'reading',
          actions: assign({ stored: 44_400, refusal: null }),
        },
        'server.sendsNone': { target: 'reading', actions: assign({ stored: null, refusal: null }) },
      },
    },
    reading: {
      meta: shows((_app, m) => {
        const c = m.context as OpeningModel;
        expect(ytdForm(), 'read-only').toBeNull();
        if (c.stored === null) {
          expect(ytdPanel()).toHaveTextContent(NONE);
          expect(button(REMOVE, section()), 'Remove only once recorded').toBeNull();
        } else {
          // The month it covers and the figures in dollars.
          expect(ytdPanel()).toHaveTextContent('June');
          expect(ytdPanel()).toHaveTextContent(dollars(c.stored));
          expect(ytdPanel()).toHaveTextContent(dollars(8_880));
          expect(button(REMOVE, section())?.disabled).toBe(false);
        }
        expect(section().textContent?.includes(processedRefusal(c.year)), 'the refusal beside Remove').toBe(
          c.refusal === 'remove',
        );
        expect(isDialogOpen('alertdialog', `Remove the year so far of ${c.year}?`)).toBe(false);
      }),
      on: {
        'user.choosesYear': {
          target: 'loading',
          actions: assign(({ context, event }) => ({
            year: event.year,
            fetches: context.fetches + 1,
            refusal: null,
            toast: null,
          })),
        },
        'user.editsYearSoFar': {
          target: 'editing',
          actions: assign(({ context }) => ({ typed: context.stored?.toFixed(2) ?? '', toast: null })),
        },
        'user.removes': { target: 'confirming', actions: assign({ toast: null }) },
      },
    },
    editing: {
      meta: shows((_app, m) => {
        const c = m.context as OpeningModel;
        const f = ytdForm() as HTMLElement;
        expect(f, 'the form is open').not.toBeNull();
        expect((f.querySelector('input[name="ordinaryWages"]') as HTMLInputElement).value).toBe(c.typed);
        expect(button('Save', f)?.disabled, 'Save once something changed').toBe(
          c.typed === c.stored?.toFixed(2),
        );
        // A refused save: its reason beside the month field, which is marked invalid.
        const month = f.querySelector('select[name="throughMonth"]') as HTMLSelectElement;
        expect(month.getAttribute('aria-invalid') === 'true', 'the month field marked').toBe(
          c.refusal === 'save',
        );
        expect(f.textContent?.includes(processedRefusal(c.year)), 'the refusal in the form').toBe(
          c.refusal === 'save',
        );
      }),
      on: {
        'user.typesOrdinaryWages': { actions: assign({ typed: ({ event }) => event.value }) },
        'user.saves': {
          guard: 'changed',
          target: 'saving',
          actions: assign(({ context }) => ({ puts: context.puts + 1, refusal: null, toast: null })),
        },
        'user.cancels': {
          target: 'reading',
          actions: assign({ refusal: null, toast: null }),
        },
      },
    },
    saving: {
      meta: shows((app, m) => {
        const c = m.context as OpeningModel;
        const f = ytdForm() as HTMLElement;
        expect(button('Cancel', f)?.disabled, 'Cancel waits for the save').toBe(true);
        // Item 3's body in dollars: the year chosen, and the other figures as stored.
        expect(app.server.pending('PUT').at(-1)?.body).toEqual({
          year: c.year,
          throughMonth: 6,
          ordinaryWages: Number(c.typed),
          additionalWages: 0,
          employeeCpf: 8_880,
          employerCpf: 7_548,
          shg: 0,
          sdl: 67.5,
        });
      }),
      on: {
        'server.saves': {
          target: 'reading',
          actions: assign(({ context }) => ({ stored: Number(context.typed), toast: 'saved' as const })),
        },
        'server.refusesProcessed': {
          target: 'editing',
          actions: assign({ refusal: 'save', toast: 'saveRefused' }),
        },
      },
    },
    confirming: {
      meta: shows((_app, m) => {
        const c = m.context as OpeningModel;
        expect(isDialogOpen('alertdialog', `Remove the year so far of ${c.year}?`)).toBe(true);
      }),
      on: {
        'user.cancelsRemove': 'reading',
        'user.confirmsRemove': {
          target: 'removing',
          actions: assign(({ context }) => ({ deletes: context.deletes + 1 })),
        },
      },
    },
    removing: {
      meta: shows((app, m) => {
        const c = m.context as OpeningModel;
        expect(app.server.pending('DELETE').at(-1)?.query.get('year')).toBe(String(c.year));
      }),
      on: {
        // Removed: the year is fetched again, with nothing recorded.
        'server.removes': {
          target: 'loading',
          actions: assign(({ context }) => ({
            fetches: context.fetches + 1,
            refusal: null,
            toast: 'removed' as const,
          })),
        },
        'server.refusesRemove': {
          target: 'reading',
          actions: assign({ refusal: 'remove', toast: 'removeRefused' }),
        },
      },
    },
  },
});
