/**
 * The one contract every stack service uses to reach Postgres, whether PGlite (one embedded session,
 * requests serialized) or a real server through a pool.
 *
 * Row values are whatever the driver parses, and the two drivers differ (int8, timestamps, numeric):
 * a service that returns rows to a client builds its JSON in SQL and reads it as one text column, so
 * both backends answer byte for byte the same.
 */
export interface QueryField {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  fields: QueryField[];
  /** Rows touched by INSERT/UPDATE/DELETE, when the driver reports it. */
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Inside asRole: this is the transaction's last statement, so the transaction may commit in the
   * same round trip (Postgres pipelines COMMIT behind it). A later query on that transaction throws.
   * Never set it where the transaction may still have to roll back (Prefer: tx=rollback).
   */
  last?: boolean;
  /**
   * Keep the statement prepared on the connection (Postgres), as PostgREST's prepared statements:
   * later requests of the same shape skip parsing and planning. Only for statements whose result
   * columns never change (a schema change re-plans them, and must not change their result type).
   */
  prepare?: boolean;
}

export interface Queryable {
  /** One statement, bound parameters ($1, $2, ...). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

/** Who a request runs as: the PostgREST view of a caller. */
export interface RequestIdentity {
  /** The database role to switch to: anon, authenticated, service_role (checked by the caller). */
  role: string;
  /** The verified JWT payload, exposed as `request.jwt.claims`. */
  claims: Record<string, unknown>;
  /** `claims` as JSON already (a caller remembered with its token); else they are serialized here. */
  claimsText?: string;
  /** Lower-cased request headers, exposed as `request.headers`. */
  headers?: Record<string, string>;
  method?: string;
  path?: string;
  /** search_path for the transaction (PostgREST: the target schema, then extra_search_path); empty keeps the session's. */
  searchPath?: string;
}

export type NotificationListener = (payload: string) => void;

/** What opening a database sets up besides the connection. */
export interface OpenOptions {
  /** Settings every session starts with (the vault's root key): PGlite's one session, each Postgres connection. */
  sessionSettings?: Record<string, string>;
}

/** The last result of a script run on a session of its own: the statement's command tag and rows. */
export interface ScriptOutcome {
  /** pg_cron's return_message: 'N rows' after a query, else the command tag ('INSERT 0 1'). */
  message: string;
  /** The backend's process id, pg_cron's job_pid. */
  pid: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** BEGIN ... COMMIT around fn; ROLLBACK when it throws. Use savepoints inside to survive a caught error. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * One transaction run as the caller, exactly as PostgREST does it: role and request.* settings are
   * set locally, so RLS, auth.uid() and auth.jwt() see the caller.
   */
  asRole<T>(identity: RequestIdentity, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs a script (one or more statements, simple query protocol) as `role`, the way pg_cron runs a
   * job's command: on Postgres on a connection of its own, opened for the run, so a long script holds
   * no pooled connection; on PGlite in a transaction on the one session, which requests wait for.
   */
  runScript(role: string, script: string): Promise<ScriptOutcome>;
  /** LISTEN on a channel; resolves to an unlisten function. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The statement that makes a transaction act as the caller; shared by both adapters. num_nulls
 * evaluates every argument (each set_config, in order) and answers one small integer: the row that
 * comes back is one column, not the eight values set (the claims and headers JSON among them) that
 * every request would otherwise receive and decode only to drop.
 */
export const SET_IDENTITY_SQL =
  "select num_nulls(set_config('role', $1, true), set_config('request.jwt.claims', $2, true), " +
  "set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true), " +
  "set_config('request.headers', $4, true), set_config('request.method', $5, true), set_config('request.path', $6, true), " +
  "set_config('search_path', coalesce(nullif($7, ''), current_setting('search_path')), true))";

export function identityParams(identity: RequestIdentity): unknown[] {
  const sub = typeof identity.claims.sub === 'string' ? identity.claims.sub : '';
  return [
    identity.role,
    identity.claimsText ?? JSON.stringify(identity.claims),
    sub,
    JSON.stringify(identity.headers ?? {}),
    identity.method ?? '',
    identity.path ?? '',
    identity.searchPath ?? '',
  ];
}

/** Postgres errors carry SQLSTATE and friends; both drivers expose these fields. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  column?: string;
  table?: string;
  schema?: string;
}

/** pg_cron's wording of a statement's outcome: a row count after a query, else the command tag. */
export function scriptMessage(command: string, rowCount: number | null, returnedRows: boolean): string {
  if (returnedRows) return `${rowCount ?? 0} row${rowCount === 1 ? '' : 's'}`;
  if (command === 'INSERT') return `INSERT 0 ${rowCount ?? 0}`;
  if (rowCount !== null && ['UPDATE', 'DELETE', 'MERGE', 'COPY', 'FETCH', 'MOVE'].includes(command)) return `${command} ${rowCount}`;
  return command;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}
