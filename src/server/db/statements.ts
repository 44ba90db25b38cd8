import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';

/**
 * The reads every request makes, run straight on the driver: no query builder and no result mapping,
 * and on PostgreSQL a named statement, parsed, planned and described once per connection
 * (`statement-query.ts`). Measured on the bench's authenticated read, a Drizzle prepared query took
 * 65 µs of CPU where the driver alone took 52 (the session check), and the detail join that read every
 * column of four tables 91 where the columns of the answer took 70: CPU is what a busy server runs out of.
 *
 * A statement's text casts what it reads to types every driver answers alike: dates as text, numerics
 * as text (`Number()` them), no timestamps. Inside a transaction, which the driver runner cannot see,
 * the same text runs through Drizzle on the transaction's connection and answers the same rows.
 */
export interface Statement<Row> {
  readonly name: string;
  readonly text: string;
  /** Only carries the row type. */
  readonly row?: Row;
}

export const statement = <Row>(name: string, text: string): Statement<Row> => ({ name, text });

/**
 * A list of ids or status names as one array parameter, '{1,2,3}', which the statement's text casts
 * (`$1::int[]`): inside a transaction a statement runs through Drizzle, which would spread a
 * JavaScript array into a parameter per element. Only for values without commas, quotes or braces.
 */
export const listParam = (values: readonly (number | string)[]): string => `{${values.join(',')}}`;

type Runner = (name: string, text: string, values: unknown[]) => Promise<unknown[]>;
const runners = new WeakMap<Db, Runner>();

/** Called where the database is opened: how this handle's driver runs a statement. */
export function registerRunner(db: Db, runner: Runner) {
  runners.set(db, runner);
}

export async function run<Row>(db: DbOrTx, statement: Statement<Row>, values: unknown[]): Promise<Row[]> {
  const runner = runners.get(db as Db);
  if (runner) return (await runner(statement.name, statement.text, values)) as Row[];
  const result = await db.execute(withValues(statement.text, values));
  return (result as unknown as { rows: Row[] }).rows;
}

/** The text with its $n placeholders bound to values, as Drizzle runs it. */
function withValues(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
}
