import type { LeaveApi } from '../api/leave.api';
import { asBalanceRow, balanceOwnerOfQuery, type LeaveBalanceRow } from '../domain/leave-balance';
import { wholeListPage } from '../domain/list-query';
import { provideList } from './list.actors';

/**
 * Every Leave Balance table (staff dashboard, My profile, user detail, Pay Items) on the list statechart: GET
 * /users/{id}/leave-balances (of the query's year, this year without one), one row per leave type, the whole
 * list at once. The table has no sorting, search or removal.
 */
export const provideLeaveBalanceList = (leave: Pick<LeaveApi, 'balances'>) =>
  provideList<LeaveBalanceRow>({
    fetchRows: async (query) => {
      const { userId, year } = balanceOwnerOfQuery(query);
      return wholeListPage((await leave.balances(userId, year)).map(asBalanceRow), query, {});
    },
    removeRow: () => Promise.reject(new Error('The Leave Balance table removes nothing')),
  });
