import type { LeaveBalance } from './leave';
import type { YearDays } from './leave-days';
import type { ListQuery } from './list-query';

/**
 * Balance arithmetic, one rule for every screen, the API and the PDF: what is still available is the
 * year's allowance plus the days carried in from last year (those not expired), less the days already
 * approved and the days waiting for approval. An allowance of null means no limit (Unpaid Leave).
 */
export interface BalanceFigures {
  totalDays: number | null;
  /** Carried-in days still usable (leave-entitlement.ts availableCarriedDays); none when absent. */
  carriedDays?: number;
  approvedDays: number;
  pendingDays: number;
}

/** Days still available, or null when the type has no limit. */
export function availableDays(figures: BalanceFigures): number | null {
  if (figures.totalDays === null) return null;
  return figures.totalDays + (figures.carriedDays ?? 0) - figures.approvedDays - figures.pendingDays;
}

/** The year whose balance a request would overdraw, with what is left there; undefined when it fits. */
export function firstShortfall(
  charges: readonly YearDays[],
  balanceOf: (year: number) => BalanceFigures,
): { year: number; available: number } | undefined {
  for (const { year, days } of charges) {
    const available = availableDays(balanceOf(year));
    if (available !== null && days > available) return { year, available: Math.max(available, 0) };
  }
  return undefined;
}

export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The refusal names the type, the year and what is left, and points to Unpaid Leave. */
export function insufficientBalanceMessage(leaveType: string, year: number, available: number): string {
  return `Not enough ${leaveType} balance for ${year}: ${formatDays(available)} available. Please request Unpaid Leave instead.`;
}

/**
 * The refusal of a change to a closed year (issue 33) that would shrink what it carried into the next
 * below what the next year has already taken of it.
 */
export function carriedTakenMessage(leaveType: string, year: number, short: number): string {
  return `Not enough ${leaveType} balance for ${year}: its unused days were carried into ${year + 1} and are taken there; this would leave ${year + 1} ${formatDays(short)} short.`;
}

/** How a balance reads on screen and in the PDF: a dash for no limit. */
export function displayBalance(balance: number | null): string {
  return balance === null ? '-' : String(balance);
}

/** A balance table's column header: the leave type's name without its last word ('Annual Leave' -> 'Annual'). */
export function leaveTypeColumnName(name: string): string {
  const words = name.trim().split(/\s+/);
  return words.length > 1 ? words.slice(0, -1).join(' ') : name;
}

/** A balance as a table row: keyed by its leave type (a type without an allowance row has no id). */
export type LeaveBalanceRow = LeaveBalance & { id: number };
export const asBalanceRow = (balance: LeaveBalance): LeaveBalanceRow => ({
  ...balance,
  id: balance.leaveType.id,
});

/**
 * The Leave Balance table's query (staff dashboard, My profile, user detail, Pay Items): whose balances and,
 * where the screen names one, which year (this year otherwise), as the list's filters; the spec pages it
 * nowhere, so every leave type is on one page.
 */
export const leaveBalanceQuery = (userId: number, year?: number): Partial<ListQuery> => ({
  filters: { user: [String(userId)], ...(year === undefined ? {} : { year: [String(year)] }) },
  pageSize: Number.MAX_SAFE_INTEGER,
});

/** Whose balances, of which year, a Leave Balance table's query asks for. */
export function balanceOwnerOfQuery(query: ListQuery): { userId: number; year?: number } {
  const year = query.filters.year?.[0];
  return { userId: Number(query.filters.user?.[0]), ...(year === undefined ? {} : { year: Number(year) }) };
}
