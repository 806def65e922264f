import pg from 'pg';

/** A statement that opens the transaction: sent before the query, its result dropped. */
export interface OpeningStatement {
  text: string;
  values?: unknown[];
}

interface Connection {
  parse(msg: { text: string; name?: string; types?: unknown[] }): void;
  bind(msg: { portal?: string; statement?: string; values?: unknown[]; valueMapper?: unknown }): void;
  execute(msg: { portal?: string; rows?: number }): void;
}

// pg's own value conversion (dates, buffers, arrays, JSON), the one its Query binds with.
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils.prepareValue;
if (typeof prepareValue !== 'function') throw new Error('pg.utils.prepareValue is missing: node-postgres changed its internals');

/**
 * A statement sent in one round trip with the statements that open its transaction.
 *
 * node-postgres sends one statement per round trip (it waits for ReadyForQuery before the next),
 * so BEGIN, the identity set_config and the request's query cost three round trips before COMMIT.
 * PostgREST pipelines them. This query does the same within node-postgres: its extended-protocol
 * messages are preceded by Parse/Bind/Execute of each opening statement, all before one Sync and in
 * one write (the connection is corked while a query is submitted). Every value is still a bound
 * parameter. The backend runs the messages in order; when one fails it skips the rest up to the
 * Sync, so an error in BEGIN, in the identity or in the query rejects this query, and the caller
 * rolls back as it would after a failed statement.
 *
 * The opening statements are not described (no RowDescription): their data rows and command tags
 * are dropped here, and only the last statement's result reaches the caller.
 */
export function queryAfterOpening(
  client: pg.PoolClient,
  opening: OpeningStatement[],
  text: string,
  values: unknown[],
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new pg.Query({ text, values, queryMode: 'extended' } as pg.QueryConfig & { queryMode: string }, (err, result) =>
      err ? reject(err) : resolve(result as unknown as pg.QueryResult),
    );
    const internals = query as unknown as {
      prepare(connection: Connection): void;
      handleDataRow(msg: unknown): void;
      handleCommandComplete(msg: unknown, connection: Connection): void;
    };
    let skipping = opening.length;
    const prepare = internals.prepare.bind(query);
    internals.prepare = (connection) => {
      for (const statement of opening) {
        connection.parse({ text: statement.text });
        connection.bind({ values: statement.values ?? [], valueMapper: prepareValue });
        connection.execute({ rows: 0 });
      }
      prepare(connection);
    };
    const handleDataRow = internals.handleDataRow.bind(query);
    internals.handleDataRow = (msg) => {
      if (skipping === 0) handleDataRow(msg);
    };
    const handleCommandComplete = internals.handleCommandComplete.bind(query);
    internals.handleCommandComplete = (msg, connection) => {
      if (skipping > 0) skipping--;
      else handleCommandComplete(msg, connection);
    };
    client.query(query);
  });
}
