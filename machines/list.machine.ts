import { assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import {
  applyListChange,
  initialListQuery,
  type ListChange,
  type ListPage,
  type ListQuery,
  onlyRecuts,
} from '../src/domain/list-query';
import { notProvided, type ToastParams } from './effects';

/**
 * Every table screen (All Staff, the leave request lists, the payroll lists) runs this one statechart: its
 * rows, its search box and the removal of a row, side by side. The screen provides how a page is fetched
 * (`fetchRows`), how a row is removed (`removeRow`) and how a toast shows (`notify`); what the toasts say
 * comes with its input (`toasts`). See docs/guides/build-a-list.md.
 */

/** Rows are the screen's own records; the machine needs only their id. */
export interface ListRow {
  readonly id: number;
}

/** What the toasts of a removal say, made from the row (the spec's words differ per screen). */
export interface ListToasts<Row extends ListRow = ListRow> {
  removed: (row: Row) => ToastParams;
  removeFailed: (row: Row, error: ApiError) => ToastParams;
}

/**
 * A screen's toasts typed with its own rows. The machine holds rows as `ListRow`, but the rows it hands back
 * are the ones the screen's `fetchRows` gave it, so reading them as `Row` is safe.
 */
export const listToasts = <Row extends ListRow>(toasts: ListToasts<Row>): ListToasts =>
  toasts as unknown as ListToasts;

export interface ListInput {
  /** The query the screen starts with and returns to after a change (defaults: page 1 of 10, no search). */
  query?: Partial<ListQuery>;
  /** What a removal's toasts say; a list without them removes nothing, so it shows none. */
  toasts?: ListToasts;
}

export interface ListContext {
  query: ListQuery;
  initialQuery: ListQuery;
  /** What the search box shows; it becomes the query's search 300 ms after the last keystroke. */
  searchText: string;
  rows: ListRow[];
  total: number;
  error: ApiError | null;
  /** The row the confirmation dialog asks about. */
  removing: ListRow | null;
  /** A whole list's answer, able to cut itself for another page or order (null while fetching). */
  repage: ListPage<ListRow>['repage'] | null;
  /** The input's toasts, kept for the removals. */
  toasts: ListToasts | null;
}

export type ListEvent =
  | { type: 'list.search'; text: string }
  | { type: 'list.change'; change: ListChange }
  | { type: 'list.reload' }
  | { type: 'list.reset' }
  | { type: 'removal.request'; row: ListRow }
  | { type: 'removal.cancel' }
  | { type: 'removal.confirm' };

/**
 * Told to whoever holds the list (a screen's parent machine). `list.removed`: so what else shows the row can
 * follow; `result` is what the removal answered (the Public Holidays screen lists the requests a deletion
 * recounted). `list.loaded` and `list.failed`: each fetch's outcome, so the holder can take what the whole
 * result says (`about`) or say that it failed.
 */
export type ListEmitted =
  | { type: 'list.removed'; row: ListRow; result: unknown }
  | { type: 'list.loaded'; about: unknown }
  | { type: 'list.failed'; error: ApiError };

/** Spec section 9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
    emitted: {} as ListEmitted,
  },
  actors: {
    fetchRows: fromPromise<ListPage<ListRow>, ListQuery>(notProvided('list', 'fetchRows')),
    removeRow: fromPromise<unknown, ListRow>(notProvided('list', 'removeRow')),
  },
  actions: {
    tellLoaded: emit((_, params: { page: ListPage<ListRow> }) => ({
      type: 'list.loaded' as const,
      about: params.page.about,
    })),
    notify: notProvided('list', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    isEmptyPage: (_, params: { page: ListPage<ListRow> }) => params.page.rows.length === 0,
    /** The rows shown are a whole list's and the change is only another page or order of them. */
    isRecut: ({ context }, params: { change: ListChange }) =>
      context.repage != null && onlyRecuts(params.change),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'list',
  description: 'A table screen: its rows, its search box and the removal of a row, side by side.',
  type: 'parallel',
  context: ({ input }) => {
    const query = initialListQuery(input.query);
    return {
      query,
      initialQuery: query,
      searchText: query.search,
      rows: [],
      total: 0,
      error: null,
      removing: null,
      repage: null,
      toasts: input.toasts ?? null,
    };
  },
  states: {
    rows: {
      description: 'The rows of the current query.',
      initial: 'loading',
      on: {
        'list.change': [
          {
            guard: { type: 'isRecut', params: ({ event }) => ({ change: event.change }) },
            description:
              'Another page or order of a whole list already here: it is cut again, nothing is fetched.',
            actions: assign(({ context, event }) => {
              const query = applyListChange(context.query, event.change);
              const page = context.repage?.(query) ?? { rows: context.rows, total: context.total };
              return { query, rows: page.rows, total: page.total };
            }),
          },
          {
            target: '.loading',
            description:
              'Sorting, page or filters changed (the search box sends its text here after the pause).',
            actions: assign({
              query: ({ context, event }) => applyListChange(context.query, event.change),
            }),
          },
        ],
        'list.reload': {
          target: '.loading',
          description: 'Try again, or another screen changed the data: fetch the same query again.',
        },
        'list.reset': {
          target: '.loading',
          description: 'Back to the first query: after a removal, or the Reset button.',
          actions: assign({ query: ({ context }) => context.initialQuery }),
        },
      },
      states: {
        loading: {
          description: 'The query is fetched; skeleton rows show. A newer query replaces one in flight.',
          entry: assign({ repage: null }),
          invoke: {
            id: 'fetchRows',
            src: 'fetchRows',
            input: ({ context }) => context.query,
            onDone: [
              {
                guard: { type: 'isEmptyPage', params: ({ event }) => ({ page: event.output }) },
                target: 'empty',
                actions: [
                  assign(({ event }) => ({
                    rows: [],
                    total: event.output.total,
                    error: null,
                    repage: event.output.repage ?? null,
                  })),
                  { type: 'tellLoaded', params: ({ event }) => ({ page: event.output }) },
                ],
              },
              {
                target: 'ready',
                actions: [
                  assign(({ event }) => ({
                    rows: event.output.rows,
                    total: event.output.total,
                    error: null,
                    repage: event.output.repage ?? null,
                  })),
                  { type: 'tellLoaded', params: ({ event }) => ({ page: event.output }) },
                ],
              },
            ],
            onError: {
              target: 'failed',
              actions: [
                assign({ rows: [], total: 0, error: ({ event }) => toApiError(event.error) }),
                emit(({ event }) => ({ type: 'list.failed' as const, error: toApiError(event.error) })),
              ],
            },
          },
        },
        ready: { description: "The page's rows, with Previous, Next and 'Page X of Y'." },
        empty: { description: "Nothing matches: 'No results.'" },
        failed: { description: 'The rows could not be fetched: the error and Try again show.' },
      },
    },
    search: {
      description: 'The search box: typing waits for a pause before the rows follow.',
      initial: 'idle',
      on: {
        'list.search': {
          target: '.typing',
          description: 'Every keystroke restarts the pause.',
          actions: assign({ searchText: ({ event }) => event.text }),
        },
        'list.reset': {
          target: '.idle',
          actions: assign({ searchText: ({ context }) => context.initialQuery.search }),
        },
      },
      states: {
        idle: { description: 'The rows show what the box says.' },
        typing: {
          description: 'Waiting 300 ms after the last keystroke.',
          after: {
            searchDebounce: {
              target: 'idle',
              description: 'Search from page 1.',
              actions: raise(({ context }) => ({
                type: 'list.change' as const,
                change: { search: context.searchText.trim() },
              })),
            },
          },
        },
      },
    },
    removal: {
      description: 'Removing a row asks first; the list starts over after it.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No confirmation is open.',
          on: {
            'removal.request': {
              target: 'confirming',
              actions: assign({ removing: ({ event }) => event.row }),
            },
          },
        },
        confirming: {
          description: "'Are you absolutely sure?' with Cancel and Continue.",
          on: {
            'removal.cancel': { target: 'idle', actions: assign({ removing: null }) },
            'removal.confirm': 'removing',
          },
        },
        removing: {
          description: "The delete request is in flight; the buttons are disabled and read 'Processing...'.",
          invoke: {
            id: 'removeRow',
            src: 'removeRow',
            input: ({ context }) => {
              if (!context.removing) throw new Error('list machine: nothing to remove');
              return context.removing;
            },
            onDone: {
              target: 'idle',
              description:
                'The dialog closes, a toast names the row, the list starts over and its holder hears of it.',
              actions: [
                enqueueActions(({ context, enqueue }) => {
                  const toast = context.toasts?.removed(context.removing as ListRow);
                  if (toast) enqueue({ type: 'notify', params: toast });
                }),
                emit(({ context, event }) => ({
                  type: 'list.removed' as const,
                  row: context.removing as ListRow,
                  result: event.output,
                })),
                assign({ removing: null }),
                raise({ type: 'list.reset' }),
              ],
            },
            onError: {
              target: 'idle',
              description: 'The dialog closes and a toast says the removal failed.',
              actions: [
                enqueueActions(({ context, event, enqueue }) => {
                  const toast = context.toasts?.removeFailed(
                    context.removing as ListRow,
                    toApiError(event.error),
                  );
                  if (toast) enqueue({ type: 'notify', params: toast });
                }),
                assign({ removing: null }),
              ],
            },
          },
        },
      },
    },
  },
});
