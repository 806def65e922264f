import pg from 'pg';

/** A statement sent in the same round trip as a query, before or after it: its result is dropped. */
export interface PipelinedStatement {
  text: string;
  values?: unknown[];
  /** Prepared once per connection under this name, then only bound. */
  name?: string;
}

interface Connection {
  parsedStatements: Record<string, string>;
  parse(msg: { text: string; name?: string; types?: unknown[] }): void;
  bind(msg: { portal?: string; statement?: string; values?: unknown[]; valueMapper?: unknown }): void;
  execute(msg: { portal?: string; rows?: number }): void;
  sync(): void;
}

// pg's own value conversion (dates, buffers, arrays, JSON), the one its Query binds with.
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils.prepareValue;
if (typeof prepareValue !== 'function') throw new Error('pg.utils.prepareValue is missing: node-postgres changed its internals');

/**
 * A query sent in one round trip with the statements around it, such as those that open and close
 * its transaction.
 *
 * node-postgres sends one statement per round trip (it waits for ReadyForQuery before the next),
 * so BEGIN, the identity set_config, the request's query and COMMIT would cost four round trips.
 * PostgREST pipelines them. This query does the same within node-postgres: Parse/Bind/Execute of
 * each statement before it, its own Parse/Bind/Describe/Execute, Parse/Bind/Execute of each
 * statement after it, then one Sync, all in one write (the connection is corked while a query is
 * submitted). Every value is still a bound parameter. The backend runs the messages in order; when
 * one fails it skips the rest up to the Sync, so an error anywhere (BEGIN, the identity, the query,
 * COMMIT) rejects this query and no later statement runs; the caller rolls back as it would after a
 * failed statement.
 *
 * Only the query is described (RowDescription): the other statements' data rows and command tags
 * are dropped here, and only the query's result reaches the caller.
 */
export function pipelinedQuery(
  client: pg.PoolClient,
  around: { before?: PipelinedStatement[]; after?: PipelinedStatement[] },
  text: string,
  values: unknown[],
  name?: string,
): Promise<pg.QueryResult> {
  const before = around.before ?? [];
  const after = around.after ?? [];
  return new Promise((resolve, reject) => {
    const config = { text, values, queryMode: 'extended', ...(name ? { name } : {}) } as pg.QueryConfig & { queryMode: string };
    const query = new pg.Query(config, (err, result) =>
      err ? reject(err) : resolve(result as unknown as pg.QueryResult),
    );
    const internals = query as unknown as {
      prepare(connection: Connection): void;
      _getRows(connection: Connection, rows: number | undefined): void;
      handleDataRow(msg: unknown): void;
      handleCommandComplete(msg: unknown, connection: Connection): void;
    };
    const send = (connection: Connection, statements: PipelinedStatement[]) => {
      for (const statement of statements) {
        if (!statement.name) connection.parse({ text: statement.text });
        else if (connection.parsedStatements[statement.name] !== statement.text) {
          connection.parse({ text: statement.text, name: statement.name });
          connection.parsedStatements[statement.name] = statement.text;
        }
        connection.bind({ statement: statement.name, values: statement.values ?? [], valueMapper: prepareValue });
        connection.execute({ rows: 0 });
      }
    };
    // Which statement the backend is answering: the query is number before.length.
    let current = 0;
    const mine = () => current === before.length;
    const prepare = internals.prepare.bind(query);
    internals.prepare = (connection) => {
      send(connection, before);
      prepare(connection);
    };
    // pg's Query sends its Execute and then Sync here (all rows at once: no row count is set);
    // the statements after it go in between.
    internals._getRows = (connection) => {
      connection.execute({ portal: '', rows: 0 });
      send(connection, after);
      connection.sync();
    };
    const handleDataRow = internals.handleDataRow.bind(query);
    internals.handleDataRow = (msg) => {
      if (mine()) handleDataRow(msg);
    };
    const handleCommandComplete = internals.handleCommandComplete.bind(query);
    internals.handleCommandComplete = (msg, connection) => {
      if (mine()) handleCommandComplete(msg, connection);
      current++;
    };
    client.query(query);
  });
}
