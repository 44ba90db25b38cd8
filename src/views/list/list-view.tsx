import { Button, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ListRow, listMachine } from '../../../machines/list.machine';
import {
  isLoadingRows,
  isRefined,
  isRemoving,
  type ListSnapshot,
  loadError,
  pageInfo,
  rowToRemove,
} from '../../../machines/list.selectors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { CloseIcon, SearchIcon } from '../../ui/icons';
import { type FilterOption, MultiSelectFilter } from '../../ui/multi-select-filter';

/** The parts every list screen is made of, each connected to the screen's list actor (machines/list.machine.ts). */

export type ListActorRef = ActorRefFrom<typeof listMachine>;

/** The search box; the rows follow 300 ms after the last keystroke. */
export function ListSearch({
  actor,
  label,
  placeholder,
}: {
  actor: ListActorRef;
  label: string;
  placeholder: string;
}) {
  const text = useSelector(actor, (s) => s.context.searchText);
  return (
    <InputGroup startElement={<SearchIcon color="fg.muted" />} maxW={{ md: 'sm' }}>
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        maxLength={200}
        value={text}
        onChange={(event) => actor.send({ type: 'list.search', text: event.target.value })}
      />
    </InputGroup>
  );
}

/** The rows are the ones this screen's `fetchRows` returned, so they are the screen's row type. */
const rowsOf = <Row extends ListRow>(s: ListSnapshot) => s.context.rows as unknown as Row[];
const rowId = (row: ListRow) => String(row.id);

export interface ListTableProps<Row extends ListRow> {
  actor: ListActorRef;
  label: string;
  columns: DataTableColumn<Row>[];
  minWidth: string;
  /** Shown under the rows once they are fetched, e.g. 'A total of N staff members.' */
  caption?: (total: number) => ReactNode;
  /** false for a list that is never paged (a leave balance). */
  paged?: boolean;
  /** See `DataTable`: a card per row on a phone, or the table for a few narrow columns. */
  phoneLayout?: 'cards' | 'table';
  /** See `DataTable`: the columns' footers as a totals row. */
  footer?: boolean;
}

/** The list's rows in the DataTable: sorting and paging go to the statechart, a failure offers Try again. */
export function ListTable<Row extends ListRow>({
  actor,
  label,
  columns,
  minWidth,
  caption,
  paged = true,
  phoneLayout,
  footer,
}: ListTableProps<Row>) {
  const rows = useSelector(actor, rowsOf<Row>);
  const sorting = useSelector(actor, (s) => s.context.query.sorting);
  const total = useSelector(actor, (s) => s.context.total);
  const loading = useSelector(actor, isLoadingRows);
  const error = useSelector(actor, loadError);
  const paging = useSelector(actor, pageInfo, shallowEqual);
  const pageSize = useSelector(actor, (s) => s.context.query.pageSize);

  const failure = error && (
    <Stack align="center" gap="3">
      <Text role="alert" color="fg.error">
        {error.message}
      </Text>
      <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'list.reload' })}>
        Try again
      </Button>
    </Stack>
  );

  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      getRowId={rowId}
      sorting={sorting}
      onSortingChange={(next) => actor.send({ type: 'list.change', change: { sorting: next } })}
      loading={loading}
      failure={failure}
      minWidth={minWidth}
      caption={!loading && !error && caption ? caption(total) : undefined}
      skeletonRows={Math.min(pageSize, 5)}
      phoneLayout={phoneLayout}
      footer={footer}
      paging={
        paged
          ? {
              ...paging,
              onBack: () => actor.send({ type: 'list.change', change: { page: paging.page - 1 } }),
              onForward: () => actor.send({ type: 'list.change', change: { page: paging.page + 1 } }),
            }
          : undefined
      }
    />
  );
}

/** The confirmation before a row is removed; the statechart closes it when the removal ends either way. */
export function RemovalDialog({
  actor,
  title,
  description,
}: {
  actor: ListActorRef;
  title: string;
  description: string;
}) {
  const open = useSelector(actor, (s) => rowToRemove(s) !== null);
  const busy = useSelector(actor, isRemoving);
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={title}
      description={description}
      onConfirm={() => actor.send({ type: 'removal.confirm' })}
      onCancel={() => actor.send({ type: 'removal.cancel' })}
    />
  );
}

const NO_VALUES: readonly string[] = [];

/**
 * A multi-select filter of the list's query (`filters[name]`); a change sends `list.change` with every other
 * filter kept, so the rows start again at page 1.
 */
export function ListFilter({
  actor,
  name,
  title,
  options,
}: {
  actor: ListActorRef;
  name: string;
  title: string;
  options: readonly FilterOption[];
}) {
  const selected = useSelector(actor, (s) => s.context.query.filters[name] ?? NO_VALUES);
  return (
    <MultiSelectFilter
      title={title}
      options={options}
      selected={selected}
      onChange={(values) => {
        const filters = { ...actor.getSnapshot().context.query.filters, [name]: values };
        if (values.length === 0) delete filters[name];
        actor.send({ type: 'list.change', change: { filters } });
      }}
    />
  );
}

/** Reset: shown only while a filter or the search is in use; back to the list's first query. */
export function ListReset({ actor }: { actor: ListActorRef }) {
  const active = useSelector(actor, isRefined);
  if (!active) return null;
  return (
    <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'list.reset' })}>
      Reset
      <CloseIcon />
    </Button>
  );
}
