/**
 * What a list screen asks for (search, filters, sorting, page) and what it gets back, shared by the list
 * statechart, the effects that fetch pages and the tables that show them. Pages count from 1 (spec section 7).
 */

export interface SortRule {
  /** The column id. */
  id: string;
  desc: boolean;
}

export interface ListQuery {
  /** Applied search text (the box's text, 300 ms after the last keystroke). */
  search: string;
  /** Multi-select filters by name, e.g. { type: ['Annual Leave'] }. */
  filters: Readonly<Record<string, readonly string[]>>;
  sorting: readonly SortRule[];
  page: number;
  pageSize: number;
}

/** One change a user makes to the query; several fields may change at once. */
export type ListChange = Partial<Pick<ListQuery, 'search' | 'filters' | 'sorting' | 'page'>>;

/** One page of rows and the number of rows in the whole result. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  /**
   * What the whole result tells the list's holder beside the page, e.g. the leave types the balance report's
   * columns are, or every row id a select-all takes; it reaches the holder with `list.loaded`.
   */
  about?: unknown;
  /**
   * An endpoint that answers the whole list: the same answer cut for another page or order, so paging and
   * sorting it ask the server nothing (a month of 7,000 payslips is fetched once, not on every Next).
   */
  repage?: (query: ListCut) => ListPage<Row>;
}

/** What cutting a whole list needs of a query. */
export type ListCut = Pick<ListQuery, 'sorting' | 'page' | 'pageSize'>;

/** A change that only cuts the same rows differently: another page or another order. */
export const onlyRecuts = (change: ListChange) =>
  Object.keys(change).every((key) => key === 'page' || key === 'sorting');

/** Spec section 9: the table library's default page size. */
export const DEFAULT_PAGE_SIZE = 10;

export function initialListQuery(overrides: Partial<ListQuery> = {}): ListQuery {
  return { search: '', filters: {}, sorting: [], page: 1, pageSize: DEFAULT_PAGE_SIZE, ...overrides };
}

/**
 * The query after a change. A new search, filter or order starts again at page 1 (spec section 4: changing
 * filters or search resets the page), unless the change names its page.
 */
export function applyListChange(query: ListQuery, change: ListChange): ListQuery {
  const refines = change.search !== undefined || change.filters !== undefined || change.sorting !== undefined;
  return { ...query, ...change, page: change.page ?? (refines ? 1 : query.page) };
}

/** At least one page, so an empty result reads 'Page 1 of 1'. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Spec section 9: Previous is disabled at page 1 or lower; Next at or past the last page. */
export const canGoBack = (page: number) => page > 1;
export const canGoForward = (page: number, total: number, pageSize: number) =>
  page < pageCount(total, pageSize);

/** How a column's values compare when a whole list is sorted here rather than by the server. */
export type SortKey<Row> = (row: Row) => string | number;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * For endpoints that answer the whole list: orders it by the query's sorting and cuts out the query's page.
 * The sort is stable, so rows with equal keys keep the server's order.
 */
export function pageOfList<Row>(
  all: readonly Row[],
  query: ListCut,
  sortKeys: Readonly<Record<string, SortKey<Row>>>,
): ListPage<Row> {
  const rules = query.sorting.flatMap((rule) => {
    const key = sortKeys[rule.id];
    return key ? [{ key, sign: rule.desc ? -1 : 1 }] : [];
  });
  const sorted = rules.length
    ? [...all].sort((a, b) => {
        for (const { key, sign } of rules) {
          const x = key(a);
          const y = key(b);
          const order =
            typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
          if (order !== 0) return order * sign;
        }
        return 0;
      })
    : [...all];
  const start = (query.page - 1) * query.pageSize;
  return { rows: sorted.slice(start, start + query.pageSize), total: all.length };
}

/** A whole list's page that can cut itself again for another page or order (see `ListPage.repage`). */
export function wholeListPage<Row>(
  all: readonly Row[],
  query: ListCut,
  sortKeys: Readonly<Record<string, SortKey<Row>>>,
): ListPage<Row> {
  const cut = (next: ListCut): ListPage<Row> => ({ ...pageOfList(all, next, sortKeys), repage: cut });
  return cut(query);
}
