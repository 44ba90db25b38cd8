import { PayrollInputError } from './errors';

/** A calendar month as `YYYY-MM`; string order is calendar order, which the dated tables rely on. */
export type PeriodKey = `${number}-${number}`;

export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

export const assertPeriod = (year: unknown, month: unknown): void => {
  if (typeof year !== 'number' || !Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new PayrollInputError(
      `year must be an integer from ${MIN_YEAR} to ${MAX_YEAR}, got ${String(year)}`,
    );
  }
  if (typeof month !== 'number' || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new PayrollInputError(`month must be an integer from 1 to 12, got ${String(month)}`);
  }
};

export const periodKey = (year: number, month: number): PeriodKey => {
  assertPeriod(year, month);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}` as PeriodKey;
};

/** Months since year 0, for month arithmetic (age bands). */
export const monthIndex = (year: number, month: number): number => year * 12 + (month - 1);

/** Rows of a dated table: each covers `from` to `to`, both inclusive. */
export interface Dated {
  readonly from: PeriodKey;
  readonly to: PeriodKey;
}

export const covers = (row: Dated, period: PeriodKey): boolean => row.from <= period && period <= row.to;

export const nextPeriod = (period: PeriodKey): PeriodKey => {
  const [year = 0, month = 0] = period.split('-').map(Number);
  return month === 12 ? periodKey(year + 1, 1) : periodKey(year, month + 1);
};

/** "2023-01 to 2026-12" for error messages; touching rows are merged, gaps stay visible. */
export const describeCoverage = (rows: readonly Dated[]): string => {
  const ranges: { from: PeriodKey; to: PeriodKey }[] = [];
  for (const row of [...rows].sort((a, b) => (a.from < b.from ? -1 : 1))) {
    const last = ranges.at(-1);
    if (last && nextPeriod(last.to) === row.from) last.to = row.to;
    else ranges.push({ from: row.from, to: row.to });
  }
  return ranges.length === 0 ? 'no period' : ranges.map((range) => `${range.from} to ${range.to}`).join(', ');
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A month's first and last day, YYYY-MM-DD (here, without zod, so the PDF worker may read them). */
export const firstDayOf = (year: number, month: number) => `${year}-${pad(month)}-01`;
export const lastDayOf = (year: number, month: number) =>
  `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
