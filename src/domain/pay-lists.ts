import * as z from 'zod/mini';
import type { ListQuery } from './list-query';
import { PAY_LIST_PAGE_SIZE, type PayslipAggregate, payTotalsSchema, type UnprocessedRow } from './payslips';

/**
 * The Unprocessed and Processed Lists of Process Pay and View Processed Records, each the one list statechart
 * with the period as its query's `year` and `month` filters. Shared by the payroll-period statechart, the
 * effects that fetch them and their tables.
 */

/** A row of the Unprocessed List as the list statechart holds it: its id is the employee's (selection). */
export type UnprocessedListRow = UnprocessedRow & { id: number };
/** A row of the Processed List: its id is the payslip's. */
export type ProcessedListRow = PayslipAggregate & { id: number };

/** What a fetch of the Unprocessed List tells beside its page: every employee of the period (Select all). */
export const unprocessedAboutSchema = z.object({ userIds: z.array(z.number()) });
/**
 * What a fetch of the Processed List tells beside its page: the period's paid staff (Email payslips) and
 * every processed payslip of the period added up (the totals row, whatever page shows).
 */
export const processedAboutSchema = z.object({
  staff: z.array(z.object({ id: z.number(), name: z.string() })),
  totals: payTotalsSchema,
});
export type UnprocessedAbout = z.infer<typeof unprocessedAboutSchema>;
export type ProcessedAbout = z.infer<typeof processedAboutSchema>;

/** The filters that name a period in a pay list's query. */
export const periodFilters = (year: number, month: number) => ({
  year: [String(year)],
  month: [String(month)],
});

/** The period a pay list's query asks for. */
export const periodOfQuery = (query: ListQuery) => ({
  year: Number(query.filters.year?.[0]),
  month: Number(query.filters.month?.[0]),
});

/** The Processed List sorts by Employee only (spec section 2). */
export const processedSortKeys = { employee: (row: PayslipAggregate) => row.userDetails.name };

/**
 * My Payslips (/staff/payslips): one person's processed payslips of a year, the whole year in one answer, 10 a
 * page (the table's default, spec section 9). A row's id is the payslip's.
 */
export type StaffPayslipRow = PayslipAggregate & { id: number };

/** The list's query for a person's year: whose payslips and which year, as its filters. */
export const staffPayslipsOfYear = (userId: number, year: number) => ({
  filters: { user: [String(userId)], year: [String(year)] },
  pageSize: PAY_LIST_PAGE_SIZE,
});

/**
 * The staff record's Payslips section (issue 34): every processed payslip of one person, newest first as the
 * server answers them, 10 a page.
 */
export const payslipsOfUser = (userId: number) => ({
  filters: { user: [String(userId)] },
  pageSize: PAY_LIST_PAGE_SIZE,
});

/** Whose payslips, of which year (every year when the query names none), the list's query asks for. */
export const ownerOfPayslipsQuery = (query: ListQuery) => {
  const year = query.filters.year?.[0];
  return { userId: Number(query.filters.user?.[0]), year: year === undefined ? undefined : Number(year) };
};

/** What a fetch of My Payslips tells beside its page: how many payslips the year has (IR8A is offered for one). */
export const yearOfPayslipsSchema = z.object({ count: z.number().check(z.int()) });
