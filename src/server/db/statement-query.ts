import { createRequire } from 'node:module';
import pg from 'pg';

// pg's own conversion of a JavaScript value to a parameter (dates, arrays, objects, buffers), so a
// statement binds exactly what a pg query would. Not in pg's type declarations, hence the require.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

type Row = Record<string, unknown>;
type Parser = (text: string) => unknown;

/** A statement's columns as one connection described them: names, and pg's parser of each type. */
interface Columns {
  names: string[];
  parsers: Parser[];
}

/** The parts of pg's connection (pg/lib/connection.js) a query submits its messages through. */
interface Connection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(message: { text: string; name: string; types: number[] }): void;
  bind(message: { portal: string; statement: string; values: (string | Buffer | null)[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string; rows: number }): void;
  sync(): void;
}

/** Per connection (the key), the columns of each named statement it has described. */
const describedOn = new WeakMap<object, Map<string, Columns>>();

/**
 * A statement as a pg query object (pg's "submittable": the client calls `submit` when the
 * connection is free, then the handlers with the server's answers). It answers the rows a pg query
 * would, parsed by the same type parsers, and differs in one thing: a named statement has the server
 * describe its columns only the first time it runs on a connection, which remembers them.
 *
 * A pg query describes them on every run, and the server sends them on every run: for the 29 columns
 * of a user's record that was about half of the driver's CPU for the statement, measured (28 against
 * 15 µs a run), and every request runs two statements. PostgreSQL refuses to run a prepared statement
 * whose columns have changed since it was prepared, so what a connection remembers stays true.
 */
export class StatementQuery {
  /** Set by the client (pool.query passes its own). */
  callback?: (error: Error | null, result?: { rows: Row[] }) => void;
  readonly rows: Row[] = [];
  private columns: Columns | undefined;
  private described: Map<string, Columns> | undefined;
  private failure: Error | null = null;
  private answered = false;

  constructor(
    readonly name: string,
    readonly text: string,
    private readonly values: readonly unknown[],
  ) {}

  submit(connection: Connection): Error | null {
    let values: (string | Buffer | null)[];
    try {
      // Before anything is written: a value pg cannot convert leaves the connection as it was.
      values = this.values.map(prepareValue);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
    // An unnamed statement (a list's text built for its filters) is parsed and described on every run.
    const named = this.name !== '';
    if (named) {
      this.described = describedOn.get(connection) ?? new Map();
      describedOn.set(connection, this.described);
      this.columns = this.described.get(this.name);
    }
    // One write for all the messages, as pg's own queries do.
    connection.stream.cork();
    try {
      if (
        !named ||
        (connection.parsedStatements[this.name] === undefined &&
          connection.submittedNamedStatements[this.name] === undefined)
      ) {
        connection.parse({ text: this.text, name: this.name, types: [] });
        if (named) connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ portal: '', statement: this.name, values });
      if (!this.columns) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '', rows: 0 });
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: { fields: { name: string; dataTypeID: number }[] }) {
    this.columns = {
      names: message.fields.map((field) => field.name),
      parsers: message.fields.map((field) => pg.types.getTypeParser(field.dataTypeID, 'text') as Parser),
    };
    this.described?.set(this.name, this.columns);
  }

  handleDataRow(message: { fields: (string | null)[] }) {
    if (this.failure) return;
    const { names, parsers } = this.columns as Columns;
    const row: Row = {};
    try {
      for (let i = 0; i < names.length; i++) {
        const text = message.fields[i];
        row[names[i] as string] = text === null || text === undefined ? null : (parsers[i] as Parser)(text);
      }
    } catch (error) {
      // Answered once the server is ready again, so the connection stays in step.
      this.failure = error instanceof Error ? error : new Error(String(error));
      return;
    }
    this.rows.push(row);
  }

  handleCommandComplete() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}

  handleError(error: Error) {
    this.answer(error);
  }

  handleReadyForQuery() {
    this.answer(this.failure);
  }

  private answer(error: Error | null) {
    if (this.answered) return;
    this.answered = true;
    if (error) this.callback?.(error);
    else this.callback?.(null, { rows: this.rows });
  }
}
