import { Card, Heading, Text } from '@chakra-ui/react';
import { displayBalance, type LeaveBalanceRow } from '../../domain/leave-balance';
import { columnsFor } from '../../ui/data-table';
import { type ListActorRef, ListTable } from '../list/list-view';

const balance = columnsFor<LeaveBalanceRow>();

/**
 * One person's balance per leave type, wherever it shows (My profile, user detail, Pay Items): total,
 * taken (approved), pending and available, '-' for no limit; all read from `leaveBalancesOf`.
 */
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
  balance.accessor('totalDays', { header: 'Total', cell: ({ getValue }) => displayBalance(getValue()) }),
  balance.accessor('approvedDays', { header: 'Taken' }),
  balance.accessor('pendingDays', { header: 'Pending' }),
  balance.accessor('balance', { header: 'Available', cell: ({ getValue }) => displayBalance(getValue()) }),
]);

/**
 * The Leave Balance table wherever it shows (My profile, user detail, Pay Items), on the list its screen's
 * parent machine spawned (src/actors/leave-balances.actors.ts): a few narrow columns, so it keeps its grid on
 * a phone, and never paged.
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
