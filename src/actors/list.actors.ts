import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { type ListRow, listMachine } from '../../machines/list.machine';
import type { ListPage, ListQuery } from '../domain/list-query';

/** What a list screen gives the list statechart, typed with the screen's own rows. */
export interface ListEffects<Row extends ListRow> {
  fetchRows: (query: ListQuery) => Promise<ListPage<Row>>;
  /** What it answers reaches the list's holder with `list.removed`. */
  removeRow: (row: Row) => Promise<unknown>;
  /** Shows the toasts of a removal; a list that removes nothing has none to show. */
  notify?: (toast: ToastParams) => void;
}

/**
 * The list statechart with one screen's effects. The machine holds rows as `ListRow`; the rows it hands back
 * are the ones `fetchRows` gave it, so reading them as `Row` here is safe.
 */
export function provideList<Row extends ListRow>({ fetchRows, removeRow, notify }: ListEffects<Row>) {
  return listMachine.provide({
    actors: {
      fetchRows: fromPromise(({ input }) => fetchRows(input)),
      removeRow: fromPromise(({ input }) => removeRow(input as Row)),
    },
    // Left unprovided without `notify`, so a toast with nowhere to show fails loudly.
    actions: notify ? { notify: (_, toast) => notify(toast) } : {},
  });
}

export type ListLogic = ReturnType<typeof provideList>;
