import { Box, Button, Flex, type HTMLChakraProps, Skeleton, Table, Text } from '@chakra-ui/react';
import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import type { SortRule } from '../domain/list-query';
import { SortAscendingIcon, SortDescendingIcon, SortIcon } from './icons';
import { useIsMobile } from './use-is-mobile';

/**
 * The one table of the app (TanStack Table v9 with Chakra's table). It only draws: rows, order and page come
 * from the list statechart, which fetches them (so sorting is `manualSorting`) and decides what a click does.
 *
 * On a phone (below the spec's 768px) a wide table would hide most columns off screen, so each row becomes a
 * card: the first column with a text header is the card's title, controls without a text header (a row's
 * checkbox, its menu) sit beside the title, and every other column is a 'label  value' line. Only CSS
 * changes: the elements stay the table's rows, cells and headers, and the sortable headers (and a
 * select-all box) stay as a bar of buttons above the cards. The elements also state their roles (role="row",
 * "cell"...), since some browsers (Safari) stop exposing a table's structure once CSS changes the display
 * of its parts. A table whose columns fit a phone can keep its grid instead (`phoneLayout="table"`).
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
  /** Spec section 2: the table keeps this width and scrolls sideways in narrower cards (from 768px up). */
  minWidth: string;
  caption?: ReactNode;
  /** Previous, Next and 'Page X of Y'; a table shown whole leaves it out. */
  paging?: Paging;
  skeletonRows?: number;
  /** Below 768px: a card per row (the default), or the table itself for a few narrow columns that fit. */
  phoneLayout?: 'cards' | 'table';
  /** Draws the columns' `footer`s as a row under the rows (a totals row), while rows show. */
  footer?: boolean;
}

/** Where a column's cell goes in a row's phone card. */
type PhonePart = 'lead' | 'title' | 'field' | 'trail';

/**
 * The first column with a text header is the title; other text-headed columns are lines labelled with their
 * header; columns headed otherwise (a checkbox, a visually hidden 'Actions') are controls, placed before or
 * after the title as they come before or after it.
 */
function phoneParts<Row extends RowData>(columns: readonly DataTableColumn<Row>[]) {
  const title = columns.findIndex((column) => typeof column.header === 'string');
  return columns.map((column, i): { part: PhonePart; label?: string } => {
    if (i === title) return { part: 'title' };
    if (typeof column.header === 'string') return { part: 'field', label: column.header };
    return { part: title === -1 || i < title ? 'lead' : 'trail' };
  });
}

/** A cell's place in its card, read by the phone styles below. */
const phoneCell = (parts: ReturnType<typeof phoneParts>, index: number) => {
  const part = parts[index];
  return part ? { 'data-phone': part.part, 'data-label': part.label } : {};
};

/** Each row a card (see the top of this file); applies below the md breakpoint only. */
const cardsOnPhone: HTMLChakraProps<'table'>['css'] = {
  mdDown: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: '0',
    // The scroll area keeps a wide table's cells on one line; a card's lines wrap instead.
    whiteSpace: 'normal',
    '& > caption': { order: 1, px: '1' },
    '& > thead': { display: 'block' },
    '& > thead > tr': { display: 'block', bg: 'transparent' },
    '& > thead > tr[data-phone-bar]': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: '1',
      px: '3',
      py: '1',
      mb: '3',
      bg: 'bg.subtle',
      rounded: 'md',
    },
    // Generated text that assistive technology skips (the `/ ""`): the buttons say what they sort.
    '& > thead > tr[data-phone-sort]::before': {
      content: '"Sort by" / ""',
      color: 'fg.muted',
      fontSize: 'xs',
      marginInlineEnd: '1',
    },
    '& > thead > tr > th': { display: 'block', border: '0', p: '0' },
    '& > thead > tr > th button': { h: '8', textStyle: 'xs' },
    '& > thead > tr > th:not([data-phone-show])': { srOnly: true },
    '& > tbody': { display: 'flex', flexDirection: 'column', gap: '3' },
    // A totals row is one more card, set apart.
    '& > tfoot': { display: 'block', mt: '3', bg: 'bg.subtle', rounded: 'md' },
    '& > :is(tbody, tfoot) > tr': {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      alignItems: 'center',
      rowGap: '1.5',
      p: '3',
      borderWidth: '1px',
      rounded: 'md',
    },
    '& > :is(tbody, tfoot) > tr > td': {
      display: 'block',
      gridColumn: '1 / -1',
      border: '0',
      p: '0',
      overflowWrap: 'anywhere',
    },
    // 'No results.' and a failure span the row.
    '& > :is(tbody, tfoot) > tr > td[colspan]': { py: '6' },
    '& > :is(tbody, tfoot) > tr > td[data-phone="lead"]': {
      gridColumn: '1',
      gridRow: '1',
      marginInlineEnd: '3',
    },
    '& > :is(tbody, tfoot) > tr > td[data-phone="title"]': {
      gridColumn: '2',
      gridRow: '1',
      fontWeight: 'semibold',
      textStyle: 'md',
    },
    '& > :is(tbody, tfoot) > tr > td[data-phone="trail"]': {
      gridColumn: '3',
      gridRow: '1',
      justifySelf: 'end',
      marginInlineStart: '3',
    },
    '& > :is(tbody, tfoot) > tr > td[data-phone="field"]': {
      display: 'grid',
      gridTemplateColumns: 'minmax(6.5rem, 35%) minmax(0, 1fr)',
      columnGap: '3',
      alignItems: 'baseline',
      // A badge keeps its own width instead of stretching to the line's end.
      justifyItems: 'start',
    },
    // The column's header beside its value; assistive technology has the real header already.
    '& > :is(tbody, tfoot) > tr > td[data-phone="field"]::before': {
      content: 'attr(data-label) / ""',
      color: 'fg.muted',
    },
    // A totals card lists only the columns that have a total, not empty labels.
    '& > tfoot > tr > td[data-no-footer]': { display: 'none' },
  },
};

/** A few narrow columns: the table stays, without its minimum width and with closer cells, so it fits. */
const tableOnPhone: HTMLChakraProps<'table'>['css'] = {
  mdDown: {
    minWidth: '0',
    '& th, & td': { px: '1' },
  },
  // The narrowest phones (360px) need smaller text as well.
  '@media screen and (max-width: 23.99rem)': { textStyle: 'xs' },
};

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
  const cards = (props.phoneLayout ?? 'cards') === 'cards';
  const parts = useMemo(() => phoneParts(columns), [columns]);
  const stacked = useIsMobile() && cards;

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: props.skeletonRows ?? 5 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
      <Table.Row key={i} role="row" aria-hidden="true" data-testid="skeleton-row">
        {columns.map((column, j) => (
          <Table.Cell key={column.id ?? j} role="cell" {...phoneCell(parts, j)}>
            <Skeleton height="4" />
          </Table.Cell>
        ))}
      </Table.Row>
    ));
  } else if (failure) {
    body = (
      <Table.Row role="row">
        <Table.Cell role="cell" colSpan={leafCount} py="10" textAlign="center">
          {failure}
        </Table.Cell>
      </Table.Row>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Row role="row">
        <Table.Cell role="cell" colSpan={leafCount} py="10" textAlign="center">
          No results.
        </Table.Cell>
      </Table.Row>
    );
  } else {
    body = table.getRowModel().rows.map((row) => (
      <Table.Row key={row.id} role="row">
        {row.getAllCells().map((cell, j) => (
          <Table.Cell key={cell.id} role="cell" {...phoneCell(parts, j)}>
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
          holds a button; a phone's cards never scroll sideways, so there it is a plain box. */}
      <Table.ScrollArea
        borderWidth={cards ? { base: '0', md: '1px' } : '1px'}
        rounded="md"
        position="relative"
        {...(stacked
          ? {}
          : {
              tabIndex: 0,
              role: 'region',
              'aria-label': `${props.label} (scrolls sideways)`,
            })}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      >
        <Table.Root
          size="sm"
          minWidth={props.minWidth}
          aria-label={props.label}
          aria-busy={loading}
          css={cards ? cardsOnPhone : tableOnPhone}
          role="table"
        >
          {props.caption && (
            // Start-aligned: on a phone the centre of a wide table is off screen.
            <Table.Caption captionSide="bottom" color="fg.muted" py="3" px="3" textAlign="start">
              {props.caption}
            </Table.Caption>
          )}
          <Table.Header role="rowgroup">
            {table.getHeaderGroups().map((group) => {
              // On a phone the headers show only as the buttons they hold: sorting, and a select-all box.
              const shown = group.headers.map(
                (header, j) => header.column.getCanSort() || parts[j]?.part === 'lead',
              );
              const sortable = group.headers.some((header) => header.column.getCanSort());
              return (
                <Table.Row
                  key={group.id}
                  role="row"
                  bg="bg.subtle"
                  data-phone-bar={shown.some(Boolean) || undefined}
                  data-phone-sort={sortable || undefined}
                >
                  {group.headers.map((header, j) => {
                    const column = header.column;
                    const phoneShow = shown[j] || undefined;
                    if (header.isPlaceholder)
                      return <Table.ColumnHeader key={header.id} role="columnheader" />;
                    if (!column.getCanSort())
                      return (
                        <Table.ColumnHeader key={header.id} role="columnheader" data-phone-show={phoneShow}>
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
                      <Table.ColumnHeader
                        key={header.id}
                        role="columnheader"
                        aria-sort={ariaSort(direction)}
                        px="1"
                        data-phone-show={phoneShow}
                      >
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
              );
            })}
          </Table.Header>
          <Table.Body role="rowgroup">{body}</Table.Body>
          {props.footer && !loading && !failure && rows.length > 0 && (
            <Table.Footer role="rowgroup">
              {table.getFooterGroups().map((group) => (
                <Table.Row key={group.id} role="row" fontWeight="semibold">
                  {group.headers.map((header, j) => (
                    <Table.Cell
                      key={header.id}
                      role="cell"
                      {...phoneCell(parts, j)}
                      data-no-footer={header.column.columnDef.footer === undefined ? '' : undefined}
                    >
                      <table.FlexRender footer={header} />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Footer>
          )}
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
