import * as z from 'zod/mini';
import { leaveTypeSchema, type YearlyLeaveBalanceRow } from './leave';
import type { SortKey } from './list-query';

/**
 * The admin leave balance report (/admin/leave-balance, spec section 2): one row per employee, one sortable
 * column per leave type. Shared by its statechart, the effects that fetch it and its table.
 */

/** A row of the report as the list statechart holds it: its id is the employee's. */
export type BalanceReportRow = YearlyLeaveBalanceRow & { id: number };

/** What a fetch of the year's figures tells the screen beside the rows: the columns and when it was made. */
export const balanceReportFactsSchema = z.object({
  types: z.array(leaveTypeSchema),
  /** ISO timestamp: 'Last fetched'. */
  fetchedAt: z.string(),
});
export type BalanceReportFacts = z.infer<typeof balanceReportFactsSchema>;

/** The balance of one type: 0 when the row has none, null for no limit. */
export const balanceOf = (row: YearlyLeaveBalanceRow, typeId: number): number | null => {
  const entry = row.balances.find((b) => b.leaveTypeId === typeId);
  return entry ? entry.balance : 0;
};

/** The column ids of the report, for sorting: 'employee' and 'type-<id>'; no limit sorts after any number. */
export function balanceSortKeys(types: readonly { id: number }[]) {
  const keys: Record<string, SortKey<YearlyLeaveBalanceRow>> = { employee: (row) => row.user.fullName };
  for (const type of types) keys[`type-${type.id}`] = (row) => balanceOf(row, type.id) ?? Infinity;
  return keys;
}
