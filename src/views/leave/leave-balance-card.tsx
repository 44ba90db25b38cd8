import { Card, Heading, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { LeaveBalance } from '../../domain/leave';
import { asBalanceRow, displayBalance, type LeaveBalanceRow } from '../../domain/leave-balance';
import { columnsFor, DataTable } from '../../ui/data-table';
import { type ListActorRef, ListTable } from '../list/list-view';

const balance = columnsFor<LeaveBalanceRow>();

/**
 * One person's balance, wherever it shows (staff dashboard, My profile, user detail, Pay Items, the review
 * sheet): total, taken (approved), pending and available, '-' for no limit; all read from `leaveBalancesOf`.
 */
const figureColumns = [
  balance.accessor('totalDays', { header: 'Total', cell: ({ getValue }) => displayBalance(getValue()) }),
  balance.accessor('approvedDays', { header: 'Taken' }),
  balance.accessor('pendingDays', { header: 'Pending' }),
  balance.accessor('balance', { header: 'Available', cell: ({ getValue }) => displayBalance(getValue()) }),
];

/** Per leave type. */
const leaveBalanceColumns = balance.columns([
  balance.accessor((row) => row.leaveType.name, {
    id: 'leaveType',
    header: 'Leave Type',
    // Long names wrap, so that the table fits a phone without scrolling.
    cell: ({ getValue }) => (
      <Text as="span" whiteSpace="normal">
        {getValue()}
      </Text>
    ),
  }),
  ...figureColumns,
]);

/** One leave type, per year. */
const yearBalanceColumns = balance.columns([balance.accessor('year', { header: 'Year' }), ...figureColumns]);

/**
 * The Leave Balance table wherever it shows (staff dashboard, My profile, user detail, Pay Items), on the
 * list its screen's parent machine spawned (src/actors/leave-balances.actors.ts): a few narrow columns, so it
 * keeps its grid on a phone, and never paged.
 */
export function LeaveBalanceCard({ actor, title }: { actor: ListActorRef; title: string }) {
  return (
    <Card.Root>
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <ListTable
          actor={actor}
          label="Leave Balance"
          columns={leaveBalanceColumns}
          minWidth="0"
          paged={false}
          phoneLayout="table"
        />
      </Card.Body>
    </Card.Root>
  );
}

/**
 * One leave type's balance for each year a request falls in, with the same columns (the review sheet, where
 * the approver sees whether the request fits): the rows its holder fetched, nothing to sort or page.
 */
export function LeaveBalanceOfType({ balances, label }: { balances: LeaveBalance[]; label: string }) {
  const rows = useMemo(() => balances.map(asBalanceRow), [balances]);
  return (
    <DataTable
      label={label}
      columns={yearBalanceColumns}
      rows={rows}
      getRowId={(row) => String(row.year)}
      sorting={noSorting}
      onSortingChange={ignoreSorting}
      loading={false}
      minWidth="0"
      phoneLayout="table"
    />
  );
}
const noSorting: never[] = [];
const ignoreSorting = () => {};
