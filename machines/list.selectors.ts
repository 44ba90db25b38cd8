import type { SnapshotFrom } from 'xstate';
import { canGoBack, canGoForward, pageCount } from '../src/domain/list-query';
import type { listMachine } from './list.machine';

export type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** Pure reads of a list's snapshot: list views use these instead of matching states themselves. */
export const isLoadingRows = (s: ListSnapshot) => s.matches({ rows: 'loading' });
export const loadError = (s: ListSnapshot) => (s.matches({ rows: 'failed' }) ? s.context.error : null);

export interface PageInfo {
  page: number;
  pageCount: number;
  canGoBack: boolean;
  canGoForward: boolean;
}

/** 'Page X of Y' and whether Previous and Next may be used; both wait while a page loads. */
export const pageInfo = (s: ListSnapshot): PageInfo => {
  const { page, pageSize } = s.context.query;
  const settled = !isLoadingRows(s);
  return {
    page,
    pageCount: pageCount(s.context.total, pageSize),
    canGoBack: settled && canGoBack(page),
    canGoForward: settled && canGoForward(page, s.context.total, pageSize),
  };
};

/** The row the confirmation dialog asks about, while it is open. */
export const rowToRemove = (s: ListSnapshot) => (s.matches({ removal: 'idle' }) ? null : s.context.removing);
export const isRemoving = (s: ListSnapshot) => s.matches({ removal: 'removing' });

/** A filter or the search (typed, or applied) is in use: the Reset button shows. */
export const isRefined = (s: ListSnapshot) =>
  s.context.searchText.trim() !== '' ||
  s.context.query.search !== '' ||
  Object.values(s.context.query.filters).some((values) => values.length > 0);
