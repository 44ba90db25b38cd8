import { fromPromise } from 'xstate';
import { type ListRow, listMachine } from '../../machines/list.machine';
import type { ApiError } from '../domain/auth';
import type { ListPage, ListQuery } from '../domain/list-query';

/** What a list screen gives the list statechart, typed with the screen's own rows. */
export interface ListEffects<Row extends ListRow> {
  fetchRows: (query: ListQuery) => Promise<ListPage<Row>>;
  /** What it answers reaches the list's holder with `list.removed`. */
  removeRow: (row: Row) => Promise<unknown>;
  notifyRemoved: (row: Row) => void;
  notifyRemoveFailed: (row: Row, error: ApiError) => void;
}

/**
 * The list statechart with one screen's effects. The machine holds rows as `ListRow`; the rows it hands back
 * are the ones `fetchRows` gave it, so reading them as `Row` here is safe.
 */
export function provideList<Row extends ListRow>(effects: ListEffects<Row>) {
  return listMachine.provide({
    actors: {
      fetchRows: fromPromise(({ input }) => effects.fetchRows(input)),
      removeRow: fromPromise(({ input }) => effects.removeRow(input as Row)),
    },
    actions: {
      notifyRemoved: (_, { row }) => effects.notifyRemoved(row as Row),
      notifyRemoveFailed: (_, { row, error }) => effects.notifyRemoveFailed(row as Row, error),
    },
  });
}

export type ListLogic = ReturnType<typeof provideList>;
