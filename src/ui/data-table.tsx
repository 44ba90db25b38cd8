import { Box, Button, Flex, Skeleton, Table, Text } from '@chakra-ui/react';
import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { SortRule } from '../domain/list-query';
import { SortAscendingIcon, SortDescendingIcon, SortIcon } from './icons';

/**
 * The one table of the app (TanStack Table v9 with Chakra's table). It only draws: rows, order and page come
 * from the list statechart, which fetches them (so sorting is `manualSorting`) and decides what a click does.
 */

/** Only the sorting feature: rows arrive already filtered, ordered and cut to a page. */
export const dataTableFeatures = tableFeatures({ rowSortingFeature });
type Features = typeof dataTableFeatures;

// The value type differs per column; `any` is what TanStack's own `helper.columns` uses for a mixed list.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type DataTableColumn<Row extends RowData> = ColumnDef<Features, Row, any>;

/** Typed column definitions for a row type; sortable columns say `enableSorting: true`. */
export const columnsFor = <Row extends RowData>() => createColumnHelper<Features, Row>();

export interface Paging {
  page: number;
  pageCount: number;
  canGoBack: boolean;
  canGoForward: boolean;
  onBack: () => void;
  onForward: () => void;
}

export interface DataTableProps<Row extends RowData> {
  /** Names the table for assistive technology. */
  label: string;
  /** Keep stable (module scope or memoised): a new array rebuilds the table. */
  columns: DataTableColumn<Row>[];
  /** Keep stable: the list statechart's rows are. */
  rows: Row[];
  getRowId: (row: Row) => string;
  sorting: readonly SortRule[];
  onSortingChange: (sorting: SortRule[]) => void;
  /** Skeleton rows replace the rows. */
  loading: boolean;
  /** Shown instead of the rows when they could not be fetched. */
  failure?: ReactNode;
  /** Spec section 2: the table keeps this width and scrolls sideways in narrower cards. */
  minWidth: string;
  caption?: ReactNode;
  /** Previous, Next and 'Page X of Y'; a table shown whole leaves it out. */
  paging?: Paging;
  skeletonRows?: number;
}

const ariaSort = (direction: false | 'asc' | 'desc') =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { columns, rows, sorting, loading, failure, paging } = props;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: props.getRowId,
    state: { sorting: sorting as SortingState },
    onSortingChange: (updater) =>
      props.onSortingChange(typeof updater === 'function' ? updater(sorting as SortingState) : updater),
    manualSorting: true,
    enableMultiSort: false,
    // Ascending first for every column, even when the page is empty.
    sortDescFirst: false,
    defaultColumn: { enableSorting: false },
  });
  const leafCount = columns.length;

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: props.skeletonRows ?? 5 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
      <Table.Row key={i} aria-hidden="true" data-testid="skeleton-row">
        {columns.map((column, j) => (
          <Table.Cell key={column.id ?? j}>
            <Skeleton height="4" />
          </Table.Cell>
        ))}
      </Table.Row>
    ));
  } else if (failure) {
    body = (
      <Table.Row>
        <Table.Cell colSpan={leafCount} py="10" textAlign="center">
          {failure}
        </Table.Cell>
      </Table.Row>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Row>
        <Table.Cell colSpan={leafCount} py="10" textAlign="center">
          No results.
        </Table.Cell>
      </Table.Row>
    );
  } else {
    body = table.getRowModel().rows.map((row) => (
      <Table.Row key={row.id}>
        {row.getAllCells().map((cell) => (
          <Table.Cell key={cell.id}>
            <table.FlexRender cell={cell} />
          </Table.Cell>
        ))}
      </Table.Row>
    ));
  }

  return (
    <Box>
      {/* Positioned, so that absolutely placed content (visually hidden labels) scrolls with the table
          instead of widening the page. */}
      {/* Focusable, so that a keyboard can scroll a table wider than its card (WCAG 2.1.1) even when no row
          holds a button. */}
      <Table.ScrollArea
        borderWidth="1px"
        rounded="md"
        position="relative"
        tabIndex={0}
        role="region"
        aria-label={`${props.label} (scrolls sideways)`}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      >
        <Table.Root size="sm" minWidth={props.minWidth} aria-label={props.label} aria-busy={loading}>
          {props.caption && (
            // Start-aligned: on a phone the centre of a wide table is off screen.
            <Table.Caption captionSide="bottom" color="fg.muted" py="3" px="3" textAlign="start">
              {props.caption}
            </Table.Caption>
          )}
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id} bg="bg.subtle">
                {group.headers.map((header) => {
                  const column = header.column;
                  if (header.isPlaceholder) return <Table.ColumnHeader key={header.id} />;
                  if (!column.getCanSort())
                    return (
                      <Table.ColumnHeader key={header.id}>
                        <table.FlexRender header={header} />
                      </Table.ColumnHeader>
                    );
                  const direction = column.getIsSorted();
                  const Icon =
                    direction === 'asc'
                      ? SortAscendingIcon
                      : direction === 'desc'
                        ? SortDescendingIcon
                        : SortIcon;
                  return (
                    <Table.ColumnHeader key={header.id} aria-sort={ariaSort(direction)} px="1">
                      {/* The button's own padding lines its text up with the cells beneath. */}
                      <Button
                        variant="ghost"
                        size="sm"
                        px="1"
                        fontWeight="inherit"
                        onClick={column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                        <Icon />
                      </Button>
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>{body}</Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {paging && (
        <Flex align="center" justify="flex-end" gap="3" pt="4" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            Page {paging.page} of {paging.pageCount}
          </Text>
          <Button variant="outline" size="sm" disabled={!paging.canGoBack} onClick={paging.onBack}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!paging.canGoForward} onClick={paging.onForward}>
            Next
          </Button>
        </Flex>
      )}
    </Box>
  );
}
