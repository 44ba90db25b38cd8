import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type AnyMachineSnapshot, assign, setup, stateIn } from 'xstate';
import type { ApiError } from '../../src/domain/auth';
import type { RecordedRequest } from '../machines/fake-server';
import { isDialogOpen, openDialog, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * A table screen as spec sections 2, 4, 7, 8 and 9 describe it, for every screen that lists rows (All Staff,
 * the leave request lists, Leave Balance, Public Holidays):
 * - the rows load (the table is busy, no rows), then show a page, 'No results.', or the error with Try again;
 * - 'Page X of Y' with Previous disabled on page 1 and Next on the last page;
 * - the search box applies its text 300 ms after the last keystroke and starts again at page 1; so does a new
 *   order; Reset shows only while a search is typed or applied, and brings the list back to its start;
 * - an endpoint that answers the whole list is paged and sorted without asking the server again;
 * - removing a row asks first: Cancel closes the question and sends nothing; the confirm button sends the
 *   removal, both buttons disabled and the confirm reading 'Processing...'; success names the row in a toast
 *   and starts the list over, a refusal says so in a toast and keeps the list as it was.
 */

export interface ListRow {
  id: number;
}

/** What a list's fetch asks for, as the spec's query parameters read it. */
export interface AskedQuery {
  search: string;
  page: number;
  sorted: boolean;
}

/** One screen that shows a list, as its user sees it. */
export interface ListScreen<R extends ListRow> {
  name: string;
  path: string;
  storage: Record<string, string>;
  pageSize: number;
  /** The rows' GET path. */
  endpoint: string;
  /** What the server holds: more than a page where the screen pages. */
  rows: R[];
  /** The server's answer to a fetch of the rows. */
  answer: (request: RecordedRequest, rows: R[]) => unknown;
  /** What a fetch asks for, given the query the screen should be showing. */
  expectAsked: (request: RecordedRequest | undefined, query: AskedQuery) => void;
  /** The table (`hidden`: behind an open dialog). */
  table: (hidden: boolean) => HTMLElement;
  /** The first column headers, as the spec names them. */
  headers: string[];
  /** The cell that tells the rows apart: its column and what it shows. */
  key: { column: number; text: (row: R) => string };
  /** A sortable column; `compare` is its ascending order, for a whole list the screen sorts itself. */
  sortBy?: { header: string; compare?: (a: R, b: R) => number };
  /** The endpoint answers the whole list (spec section 7): paging and sorting it fetch nothing. */
  wholeList?: boolean;
  paged: boolean;
  caption?: (total: number) => string;
  search?: { label: string; placeholder: string; text: string };
  /** A Reset button, shown only while the search is in use (spec section 2). */
  reset?: boolean;
  removal?: {
    title: string;
    /** What the question says about the row (a part of its text). */
    description: (row: R) => string | RegExp;
    confirm: string;
    path: (row: R) => string;
    /** What the server answers a removal with. */
    removed: (row: R) => unknown;
    refusal: ApiError;
    expectRemoved: (row: R) => void;
    expectRefused: (row: R, refusal: ApiError) => void;
  };
  /** The screen's own words and controls. */
  expectChrome: (hidden: boolean) => void;
}

export const serverDown: ApiError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'An unexpected error occurred. Please try again later.',
};

export interface ListModelContext {
  page: number;
  /** The sortable column was clicked once: ascending. */
  sorted: boolean;
  /** The search the rows answer (applied after the pause). */
  search: string;
  /** What the search box shows. */
  typed: string;
  /** Rows are here from a whole list's answer, so paging and sorting cut them again without a fetch. */
  whole: boolean;
  total: number;
  /** The row the question is about. */
  removing: ListRow | null;
  /** What the last step's removal ended in, for its toast. */
  outcome: { kind: 'removed' | 'refused'; row: ListRow } | null;
}

export type ListModelEvent =
  | { type: 'user.types'; text: string }
  | { type: 'clock.pause' }
  | { type: 'user.sorts' }
  | { type: 'user.nextPage' }
  | { type: 'user.retries' }
  | { type: 'user.resets' }
  | { type: 'user.asksRemoval' }
  | { type: 'user.cancels' }
  | { type: 'user.confirms' }
  | { type: 'server.answersRows' }
  | { type: 'server.answersNoRows' }
  | { type: 'server.fails' }
  | { type: 'server.removes' }
  | { type: 'server.refusesRemoval' };

export const pagesOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The rows a page shows: a whole list sorted and cut here; a paged endpoint's page as the server cut it. */
export function rowsShown<R extends ListRow>(list: ListScreen<R>, m: ListModelContext): R[] {
  const compare = list.sortBy?.compare;
  const ordered = list.wholeList && m.sorted && compare ? [...list.rows].sort(compare) : list.rows;
  const start = (m.page - 1) * list.pageSize;
  return ordered.slice(start, start + list.pageSize);
}

const ctx = (m: AnyMachineSnapshot) => m.context as ListModelContext;
const dialogOpen = (m: AnyMachineSnapshot) => !m.matches({ removal: 'idle' });
/** Spec section 2: the search is in use, typed or applied. */
export const refined = (m: ListModelContext) => m.typed.trim() !== '' || m.search !== '';

export function createListModel<R extends ListRow>(list: ListScreen<R>) {
  const hiddenIn = (m: AnyMachineSnapshot) => dialogOpen(m);
  const table = (m: AnyMachineSnapshot) => list.table(hiddenIn(m));
  const dataRows = (m: AnyMachineSnapshot) =>
    within(table(m))
      .getAllByRole('row', { hidden: hiddenIn(m) })
      .filter((row) => row.getAttribute('aria-hidden') !== 'true')
      .slice(1);
  /** The table with its pager (the staff dashboard's calendar has a Previous and Next of its own). */
  const withPager = (m: AnyMachineSnapshot) => {
    let box = table(m).parentElement;
    while (box && within(box).queryAllByRole('button', { name: 'Previous', hidden: true }).length === 0)
      box = box.parentElement;
    return within(box ?? document.body);
  };
  const pendingFetch = (app: RunningApp) => app.server.pending('GET', list.endpoint).at(-1);

  /** Every step clears the toast of the one before. */
  const quiet = { outcome: null } as const;
  /** Back to where the screen started: page 1, no order, no search (Reset, or after a removal). */
  const start = { page: 1, sorted: false, search: '', typed: '', whole: false } as const;

  return setup({
    types: { context: {} as ListModelContext, events: {} as ListModelEvent },
    guards: {
      inUse: ({ context }) => refined(context),
      notSorted: ({ context }) => !context.sorted,
      sortsInPlace: ({ context }) => !context.sorted && context.whole,
      morePages: ({ context }) => context.page < pagesOf(context.total, list.pageSize),
    },
  }).createMachine({
    id: 'listModel',
    type: 'parallel',
    context: { ...start, total: 0, removing: null, outcome: null },
    meta: shows((_app, m) => {
      const hidden = hiddenIn(m);
      const c = ctx(m);
      expect(window.location.pathname).toBe(list.path);
      list.expectChrome(hidden);
      if (list.search) {
        const box = screen.getByRole('searchbox', { name: list.search.label, hidden });
        expect(box).toHaveAttribute('placeholder', list.search.placeholder);
        expect(box).toHaveValue(c.typed);
      }
      if (list.reset)
        expect(screen.queryByRole('button', { name: 'Reset', hidden }) !== null, 'Reset shows').toBe(
          refined(c),
        );
      const headers = within(table(m))
        .getAllByRole('columnheader', { hidden })
        .map((th) => th.textContent);
      expect(headers.slice(0, list.headers.length)).toEqual(list.headers);
      if (list.sortBy)
        expect(
          within(table(m)).getByRole('columnheader', { name: list.sortBy.header, hidden }),
        ).toHaveAttribute('aria-sort', c.sorted ? 'ascending' : 'none');
      if (list.paged && !m.matches({ rows: 'loading' })) {
        const last = pagesOf(c.total, list.pageSize);
        const pager = withPager(m);
        expect(pager.getByText(`Page ${c.page} of ${last}`)).toBeInTheDocument();
        expect(pager.getByRole('button', { name: 'Previous', hidden })).toHaveProperty(
          'disabled',
          c.page <= 1,
        );
        expect(pager.getByRole('button', { name: 'Next', hidden })).toHaveProperty(
          'disabled',
          c.page >= last,
        );
      }
      if (!m.matches({ rows: 'failed' }))
        expect(within(table(m)).queryByRole('button', { name: 'Try again', hidden })).toBeNull();
    }),
    on: list.reset
      ? {
          'user.resets': {
            guard: 'inUse',
            target: ['.search.idle', '.rows.loading'],
            actions: assign({ ...quiet, ...start }),
          },
        }
      : {},
    states: {
      rows: {
        initial: 'loading',
        on: list.sortBy
          ? {
              // A new order starts at page 1. A whole list already here is sorted in place: nothing is
              // fetched; otherwise the rows are asked for again.
              'user.sorts': list.wholeList
                ? [
                    { guard: 'sortsInPlace', actions: assign({ ...quiet, sorted: true, page: 1 }) },
                    {
                      guard: 'notSorted',
                      target: '.loading',
                      actions: assign({ ...quiet, sorted: true, page: 1, whole: false }),
                    },
                  ]
                : {
                    guard: 'notSorted',
                    target: '.loading',
                    actions: assign({ ...quiet, sorted: true, page: 1, whole: false }),
                  },
            }
          : {},
        states: {
          loading: {
            meta: shows((app, m) => {
              const c = ctx(m);
              expect(table(m)).toHaveAttribute('aria-busy', 'true');
              expect(dataRows(m)).toEqual([]);
              list.expectAsked(pendingFetch(app), { search: c.search, page: c.page, sorted: c.sorted });
            }),
            on: {
              'server.answersRows': {
                target: 'ready',
                actions: assign({ ...quiet, total: list.rows.length, whole: Boolean(list.wholeList) }),
              },
              'server.answersNoRows': {
                target: 'empty',
                actions: assign({ ...quiet, total: 0, whole: Boolean(list.wholeList) }),
              },
              'server.fails': { target: 'failed', actions: assign({ ...quiet, total: 0, whole: false }) },
            },
          },
          ready: {
            meta: shows((app, m) => {
              const c = ctx(m);
              expect(table(m)).toHaveAttribute('aria-busy', 'false');
              expect(pendingFetch(app), 'nothing more is fetched').toBeUndefined();
              const keys = dataRows(m).map(
                (row) =>
                  within(row).getAllByRole('cell', { hidden: hiddenIn(m) })[list.key.column]?.textContent,
              );
              expect(keys).toEqual(rowsShown(list, c).map(list.key.text));
              if (list.caption) expect(screen.getByText(list.caption(c.total))).toBeInTheDocument();
            }),
            on: list.paged
              ? {
                  // A whole list shows its next page at once; a paged endpoint is asked for it.
                  'user.nextPage': list.wholeList
                    ? {
                        guard: 'morePages',
                        actions: assign({ ...quiet, page: ({ context }) => context.page + 1 }),
                      }
                    : {
                        guard: 'morePages',
                        target: 'loading',
                        actions: assign({ ...quiet, page: ({ context }) => context.page + 1, whole: false }),
                      },
                }
              : {},
          },
          empty: {
            meta: shows((app, m) => {
              expect(table(m)).toHaveAttribute('aria-busy', 'false');
              expect(pendingFetch(app)).toBeUndefined();
              expect(
                within(table(m)).getByRole('cell', { name: 'No results.', hidden: hiddenIn(m) }),
              ).toBeInTheDocument();
              if (list.caption) expect(screen.getByText(list.caption(0))).toBeInTheDocument();
            }),
          },
          failed: {
            meta: shows((app, m) => {
              expect(table(m)).toHaveAttribute('aria-busy', 'false');
              expect(pendingFetch(app)).toBeUndefined();
              expect(within(table(m)).getByRole('alert', { hidden: hiddenIn(m) })).toHaveTextContent(
                serverDown.message,
              );
              expect(
                within(table(m)).getByRole('button', { name: 'Try again', hidden: hiddenIn(m) }),
              ).toBeEnabled();
            }),
            on: { 'user.retries': { target: 'loading', actions: assign(quiet) } },
          },
        },
      },
      search: {
        initial: 'idle',
        on: list.search
          ? {
              'user.types': {
                target: '.typing',
                actions: assign(({ event }) => ({ ...quiet, typed: event.text })),
              },
            }
          : {},
        states: {
          idle: {},
          typing: {
            on: list.search
              ? {
                  // Spec section 9: 300 ms after the last keystroke the search applies, from page 1.
                  'clock.pause': {
                    target: ['idle', '#listModel.rows.loading'],
                    actions: assign(({ context }) => ({
                      ...quiet,
                      search: context.typed.trim(),
                      page: 1,
                      whole: false,
                    })),
                  },
                }
              : {},
          },
        },
      },
      removal: {
        initial: 'idle',
        states: {
          idle: {
            meta: shows((_app, m) => {
              const c = ctx(m);
              if (!list.removal) return;
              expect(isDialogOpen('alertdialog', list.removal.title), 'the question is closed').toBe(false);
              if (c.outcome?.kind === 'removed') list.removal.expectRemoved(c.outcome.row as R);
              if (c.outcome?.kind === 'refused')
                list.removal.expectRefused(c.outcome.row as R, list.removal.refusal);
            }),
            on: list.removal
              ? {
                  'user.asksRemoval': {
                    guard: stateIn({ rows: 'ready' }),
                    target: 'asking',
                    actions: assign(({ context }) => ({
                      ...quiet,
                      removing: rowsShown(list, context)[0] ?? null,
                    })),
                  },
                }
              : {},
          },
          asking: {
            meta: shows((app, m) => {
              const removal = list.removal;
              if (!removal) return;
              const dialog = openDialog('alertdialog', removal.title);
              expect(dialog).toHaveTextContent(removal.description(ctx(m).removing as R));
              expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
              expect(within(dialog).getByRole('button', { name: removal.confirm })).toBeEnabled();
              expect(app.server.pending('DELETE'), 'nothing is removed before the answer').toEqual([]);
            }),
            on: list.removal
              ? {
                  'user.cancels': { target: 'idle', actions: assign({ ...quiet, removing: null }) },
                  'user.confirms': { target: 'removing', actions: assign(quiet) },
                }
              : {},
          },
          removing: {
            meta: shows((app, m) => {
              const removal = list.removal;
              if (!removal) return;
              const dialog = openDialog('alertdialog', removal.title);
              // Spec section 8: while the request is out, the buttons are disabled and read 'Processing...'.
              expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
              expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
              expect(app.server.pending('DELETE').map((r) => r.path)).toEqual([
                removal.path(ctx(m).removing as R),
              ]);
            }),
            on: list.removal
              ? {
                  // The list starts over: its first page, no order, no search.
                  'server.removes': {
                    target: ['idle', '#listModel.rows.loading', '#listModel.search.idle'],
                    actions: assign(({ context }) => ({
                      ...start,
                      removing: null,
                      outcome: { kind: 'removed' as const, row: context.removing as ListRow },
                    })),
                  },
                  'server.refusesRemoval': {
                    target: 'idle',
                    actions: assign(({ context }) => ({
                      removing: null,
                      outcome: { kind: 'refused' as const, row: context.removing as ListRow },
                    })),
                  },
                }
              : {},
          },
        },
      },
    },
  });
}

/** Behind the open question only its buttons can be used; the rest of what a user can do, by state. */
export function canProduceOn<R extends ListRow>(list: ListScreen<R>) {
  return (m: AnyMachineSnapshot, event: ListModelEvent): boolean => {
    switch (event.type) {
      case 'user.types':
        return Boolean(list.search) && !dialogOpen(m);
      case 'user.sorts':
        return Boolean(list.sortBy) && !dialogOpen(m);
      case 'user.nextPage':
        return list.paged && !dialogOpen(m);
      case 'user.retries':
        return !dialogOpen(m);
      case 'user.resets':
        return Boolean(list.reset) && !dialogOpen(m);
      case 'user.asksRemoval':
        return Boolean(list.removal);
      default:
        return true;
    }
  };
}
