import pg from 'pg';
import {
  identityParams,
  scriptMessage,
  SET_IDENTITY_SQL,
  type Database,
  type OpenOptions,
  type ScriptOutcome,
  type NotificationListener,
  type Queryable,
  type QueryOptions,
  type QueryResult,
  type RequestIdentity,
} from './database.ts';
import { pipelinedQuery, type PipelinedStatement } from './pipelined-query.ts';

function toResult<T>(r: pg.QueryResult): QueryResult<T> {
  return {
    rows: r.rows as T[],
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    rowCount: r.rowCount ?? r.rows.length,
  };
}

function wrap(client: pg.PoolClient | pg.Pool): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      return toResult<T>(await client.query(sql, params));
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

const IDENTITY_STATEMENT = 'stack_identity';

/**
 * Names of prepared statements by their text, shared by all connections (each prepares a name the
 * first time it runs it). Bounded: past the limit, new texts run unprepared.
 */
const PREPARED_LIMIT = 2000;
const preparedNames = new Map<string, string>();

function preparedName(sql: string): string | undefined {
  let name = preparedNames.get(sql);
  if (name === undefined && preparedNames.size < PREPARED_LIMIT) {
    name = `stack_${preparedNames.size}`;
    preparedNames.set(sql, name);
  }
  return name;
}

/**
 * After a failed pipeline it is unknown which of its Parse messages the server completed (pg marks
 * a named statement parsed on the first ParseComplete of the round trip): drop them all, so the
 * connection prepares them again rather than binding a statement that does not exist.
 */
async function forgetPrepared(client: pg.PoolClient): Promise<void> {
  await client.query('deallocate all').catch(() => {});
  const connection = (client as unknown as { connection: { parsedStatements: Record<string, string>; submittedNamedStatements: Record<string, string> } }).connection;
  connection.parsedStatements = {};
  connection.submittedNamedStatements = {};
}

/** A real Postgres server (DATABASE_URL) through a pool; LISTEN uses one dedicated connection. */
export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  private listener: pg.Client | null = null;
  private readonly channels = new Map<string, Set<NotificationListener>>();
  private readonly plain: Queryable;

  private constructor(
    readonly pool: pg.Pool,
    private readonly url: string,
    private readonly sessionOptions: string | undefined,
  ) {
    this.plain = wrap(pool);
  }

  static async open(url: string, max = 10, options: OpenOptions = {}): Promise<PostgresDatabase> {
    // PostgREST releases a pooled connection after 30 s unused (`db-pool-max-idletime`), not pg.Pool's
    // 10 s: a client pausing between bursts finds the backends it warmed (caches, compiled functions).
    // Session settings travel in the startup packet (libpq's `options`, -c name=value): each
    // connection has them before its first query, and they are never written to the database.
    const sessionOptions = Object.entries(options.sessionSettings ?? {})
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ') || undefined;
    const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, options: sessionOptions });
    // An idle client's error (server restart) must not crash the stack; the pool replaces it.
    pool.on('error', () => {});
    const client = await pool.connect();
    client.release();
    return new PostgresDatabase(pool, url, sessionOptions);
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.plain.query<T>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.plain.exec(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  /**
   * The per-request transaction in as few round trips and statements as the request allows
   * (pipelined-query.ts). A request whose first statement is also its last (a table read, a write
   * marked last) sends the identity and the statement before one Sync and nothing else: the backend
   * runs the messages up to a Sync as one implicit transaction (commit at the Sync, rollback when a
   * message fails), so the identity's transaction-local settings hold for the statement and end with
   * it, as they would between BEGIN and COMMIT, without those two statements' parse, bind, execute
   * and replies. Otherwise BEGIN and the identity travel with the first statement, and COMMIT with
   * the one marked last (two round trips when none is: COMMIT after it).
   */
  async asRole<T>(identity: RequestIdentity, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // Where the transaction is; an object so that the closures' updates are seen below. `implicit`:
    // the one statement ran in the Sync's implicit transaction, which ended with it either way.
    const t: { state: 'new' | 'open' | 'committed'; failed: boolean; implicit: boolean } = { state: 'new', failed: false, implicit: false };
    const plain = wrap(client);
    const tx: Queryable = {
      async query<R>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<QueryResult<R>> {
        if (t.state === 'committed') throw new Error('asRole: a query after the statement marked last');
        const last = options?.last === true;
        t.implicit = t.state === 'new' && last;
        const before: PipelinedStatement[] = [];
        if (t.state === 'new') {
          if (!t.implicit) before.push({ text: 'begin' });
          before.push({ text: SET_IDENTITY_SQL, values: identityParams(identity), name: IDENTITY_STATEMENT });
        }
        const after = last && !t.implicit ? [{ text: 'commit' }] : [];
        t.state = last ? 'committed' : 'open';
        const name = options?.prepare ? preparedName(sql) : undefined;
        if (before.length === 0 && after.length === 0 && !name) return plain.query<R>(sql, params);
        try {
          return toResult<R>(await pipelinedQuery(client, { before, after }, sql, params, name));
        } catch (e) {
          t.failed = true;
          throw e;
        }
      },
      async exec(sql: string): Promise<void> {
        if (t.state === 'committed') throw new Error('asRole: a statement after the one marked last');
        if (t.state === 'new') await tx.query('select 1');
        await plain.exec(sql);
      },
    };
    try {
      const result = await fn(tx);
      if (t.state === 'open') await client.query('commit');
      return result;
    } catch (e) {
      // Also after a failed statement marked last: COMMIT was skipped and the transaction is aborted.
      // An implicit transaction was already rolled back at its Sync: nothing is open.
      if (t.state !== 'new' && !t.implicit) await client.query('rollback').catch(() => {});
      if (t.failed) await forgetPrepared(client);
      throw e;
    } finally {
      client.release();
    }
  }

  /** pg_cron opens a connection for each run of a job and runs its command there: so does this. */
  async runScript(role: string, script: string): Promise<ScriptOutcome> {
    const client = new pg.Client({ connectionString: this.url, options: this.sessionOptions });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query("select set_config('role', $1, false)", [role]);
      const result = (await client.query(script)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      const returnedRows = (last?.fields.length ?? 0) > 0;
      const pid = (client as unknown as { processID: number }).processID;
      return { pid, message: scriptMessage(last?.command ?? '', last?.rowCount ?? null, returnedRows) };
    } finally {
      await client.end().catch(() => {});
    }
  }

  async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
    if (!this.listener) {
      this.listener = new pg.Client({ connectionString: this.url });
      await this.listener.connect();
      this.listener.on('notification', (n) => {
        for (const l of this.channels.get(n.channel) ?? []) l(n.payload ?? '');
      });
    }
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      await this.listener.query(`listen ${pg.escapeIdentifier(channel)}`);
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size === 0 && this.listener) {
        this.channels.delete(channel);
        await this.listener.query(`unlisten ${pg.escapeIdentifier(channel)}`);
      }
    };
  }

  async close(): Promise<void> {
    await this.listener?.end().catch(() => {});
    await this.pool.end();
  }
}
