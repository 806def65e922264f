import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { hstore } from '@electric-sql/pglite/contrib/hstore';
import { ltree } from '@electric-sql/pglite/contrib/ltree';
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import {
  identityParams,
  scriptMessage,
  SET_IDENTITY_SQL,
  type Database,
  type OpenOptions,
  type ScriptOutcome,
  type NotificationListener,
  type Queryable,
  type QueryResult,
  type RequestIdentity,
} from './database.ts';
import { splitStatements } from './sql-statements.ts';

/** The extensions Supabase's image offers that PGlite ships: migrations may `create extension` any of them. */
export const PGLITE_EXTENSIONS = {
  pgcrypto,
  uuid_ossp,
  pg_trgm,
  citext,
  btree_gin,
  btree_gist,
  hstore,
  ltree,
  fuzzystrmatch,
  unaccent,
  moddatetime,
};

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(runner: Runner): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const r = await runner.query<T>(sql, params);
      return { rows: r.rows, fields: r.fields, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await runner.exec(sql);
    },
  };
}

/**
 * PGlite is one Postgres session. PGlite's own transaction() holds its lock for the whole
 * transaction, so concurrent requests queue instead of interleaving inside one another's transactions.
 */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly plain: Queryable;
  private readonly listeners = new Map<string, Set<NotificationListener>>();
  private readonly unlisteners = new Map<string, () => Promise<void>>();

  private constructor(readonly pg: PGlite) {
    this.plain = wrap(pg);
  }

  /** dataDir undefined: in memory (tests). */
  static async open(dataDir?: string, options: OpenOptions = {}): Promise<PgliteDatabase> {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const pg = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
    // Query identifiers, as on Supabase (bootstrap/05_query_id.sql): PGlite's single-user backend does
    // not apply role or database settings when it starts, so its one session is given it here.
    await pg.exec('set compute_query_id = on');
    for (const [name, value] of Object.entries(options.sessionSettings ?? {})) await pg.query('select set_config($1, $2, false)', [name, value]);
    return new PgliteDatabase(pg);
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.plain.query<T>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.plain.exec(sql);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.pg.transaction((tx) => fn(wrap(tx)));
  }

  asRole<T>(identity: RequestIdentity, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.transaction(async (tx) => {
      await tx.query(SET_IDENTITY_SQL, identityParams(identity));
      return fn(tx);
    });
  }

  /**
   * PGlite has one session: the script runs in a transaction on it (so as `role` only until it ends),
   * and requests wait for it as for any other transaction. PGlite reports no command tags: the last
   * statement's own keywords stand in for it.
   */
  async runScript(role: string, script: string): Promise<ScriptOutcome> {
    return this.pg.transaction(async (tx) => {
      const pid = (await tx.query<{ pid: number }>("select pg_backend_pid() as pid, set_config('role', $1, true)", [role])).rows[0].pid;
      const results = await tx.exec(script);
      const last = results.at(-1);
      const statement = splitStatements(script).at(-1) ?? '';
      const words = statement.replace(/^(\s|--[^\n]*\n?)+/, '').split(/\s+/, 2).map((w) => w.toUpperCase());
      const command = ['CREATE', 'DROP', 'ALTER'].includes(words[0]) ? words.join(' ') : (words[0] ?? '');
      const returnedRows = (last?.fields.length ?? 0) > 0;
      return { pid, message: scriptMessage(command, returnedRows ? (last?.rows.length ?? 0) : (last?.affectedRows ?? null), returnedRows) };
    });
  }

  async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      // PGlite splices the name into LISTEN as is: quote it, or 'realtime:messages' is a syntax error.
      // Its own unlisten function would splice the unquoted name back, so UNLISTEN the quoted one.
      const quoted = '"' + channel.replace(/"/g, '""') + '"';
      await this.pg.listen(quoted, (payload) => this.deliverNotification(channel, payload));
      this.unlisteners.set(channel, () => this.pg.unlisten(quoted));
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      const unlisten = this.unlisteners.get(channel);
      this.unlisteners.delete(channel);
      if (unlisten && !this.pg.closed) await unlisten();
    };
  }

  /** Whether the stack itself listens on a channel (socket sessions hand those notifications over). */
  isListening(channel: string): boolean {
    return this.listeners.has(channel);
  }

  /**
   * A notification the one session received while a socket client was using it: PGlite only
   * parses notifications of its own queries, so the socket server hands these over.
   */
  deliverNotification(channel: string, payload: string): void {
    for (const l of this.listeners.get(channel) ?? []) l(payload);
  }

  async close(): Promise<void> {
    await this.pg.close();
  }
}
