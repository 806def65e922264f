import { identityParams, isPgError, SET_IDENTITY_SQL, type Database, type Queryable } from '../db/database.ts';
import type { Logger } from '../log.ts';

/**
 * Realtime Authorization as Supabase's Realtime.Tenants.Authorization runs it: in one transaction
 * that is always rolled back, probe rows for the topic are inserted into realtime.messages (as the
 * owner), then the transaction acts as the caller (role, request.jwt.claims, realtime.topic) and
 * - read: selects the probe rows; the rows the select policies show decide broadcast/presence reads;
 * - write: inserts a row per extension in a savepoint; an RLS refusal (42501) means no write.
 */

export interface CallerIdentity {
  role: string;
  claims: Record<string, unknown>;
  headers?: Record<string, string>;
}

export type Extension = 'broadcast' | 'presence';

export interface ReadPolicies {
  broadcast: boolean;
  presence: boolean;
}

/** The policies could not be evaluated (a policy raised, the role does not exist ...). */
export class PolicyError extends Error {}

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

async function rolledBack<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (e) {
    if (e instanceof Rollback) return e.value as T;
    throw e;
  }
  throw new Error('unreachable');
}

async function actAs(tx: Queryable, identity: CallerIdentity, topic: string): Promise<void> {
  await tx.query(SET_IDENTITY_SQL, identityParams({ role: identity.role, claims: identity.claims, headers: identity.headers }));
  await tx.query("select set_config('realtime.topic', $1, true)", [topic]);
}

/** Runs `sql` in a savepoint: true if it returns a row, false if RLS or grants refuse it. */
async function allowed(tx: Queryable, sql: string, params: unknown[], log: Logger): Promise<boolean> {
  await tx.query('savepoint realtime_authorization');
  try {
    const r = await tx.query(sql, params);
    await tx.query('release savepoint realtime_authorization');
    return r.rows.length > 0;
  } catch (e) {
    await tx.query('rollback to savepoint realtime_authorization');
    if (isPgError(e) && e.code === '42501') return false;
    log.error('realtime authorization: RLS policy error', e);
    throw new PolicyError(e instanceof Error ? e.message : String(e));
  }
}

export function readPolicies(db: Database, identity: CallerIdentity, topic: string, log: Logger): Promise<ReadPolicies> {
  return rolledBack(db, async (tx) => {
    const probes = await tx.query<{ id: string; extension: Extension }>(
      "insert into realtime.messages (topic, extension) values ($1, 'broadcast'), ($1, 'presence') returning id::text as id, extension",
      [topic],
    );
    const idOf = (ext: Extension) => probes.rows.find((r) => r.extension === ext)?.id;
    await actAs(tx, identity, topic);
    const read = async (ext: Extension) =>
      allowed(tx, 'select 1 from realtime.messages where topic = $1 and extension = $2 and id = $3::uuid', [topic, ext, idOf(ext)], log);
    return { broadcast: await read('broadcast'), presence: await read('presence') };
  });
}

export function writePolicy(db: Database, identity: CallerIdentity, topic: string, extension: Extension, log: Logger): Promise<boolean> {
  return rolledBack(db, async (tx) => {
    await actAs(tx, identity, topic);
    return allowed(tx, 'insert into realtime.messages (topic, extension) values ($1, $2) returning 1', [topic, extension], log);
  });
}
