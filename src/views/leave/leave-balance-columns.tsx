import { Text } from '@chakra-ui/react';
import { displayBalance, type LeaveBalanceRow } from '../../domain/leave-balance';
import { columnsFor } from '../../ui/data-table';

const balance = columnsFor<LeaveBalanceRow>();

/**
 * One person's balance per leave type, wherever it shows (My profile, user detail, Pay Items): total,
 * taken (approved), pending and available, '-' for no limit; all read from `leaveBalancesOf`.
 */
export const leaveBalanceColumns = balance.columns([
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
