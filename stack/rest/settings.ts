import type { Queryable } from '../db/database.ts';

/**
 * PostgREST's in-database configuration: `pgrst.*` settings of the authenticator role
 * (`alter role authenticator [in database d] set pgrst.db_aggregates_enabled = 'true'`), read at
 * start-up and again on `NOTIFY pgrst, 'reload config'`. The database-specific setting wins over
 * the role-wide one, as in PostgREST's queryDbSettings. Only the settings this stack's features
 * depend on are honoured.
 */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

export interface RestSettings {
  /** db-aggregates-enabled: `col.sum()`, `count()` ... in select (PGRST123 otherwise). */
  aggregatesEnabled: boolean;
  /** db-plan-enabled: `Accept: application/vnd.pgrst.plan` (explain()). */
  planEnabled: boolean;
  /** db-max-rows: the most rows a read answers. */
  maxRows: number;
  /** db-tx-end: whether transactions commit, and whether `Prefer: tx=` may override it. */
  txEnd: TxEnd;
}

const TX_ENDS = new Set<string>(['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override']);

const SETTINGS_SQL = `
  with role_setting as (
    select setdatabase as database, unnest(setconfig) as setting
    from pg_catalog.pg_db_role_setting
    where setrole = (select oid from pg_catalog.pg_roles where rolname = 'authenticator')
      and setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_catalog))
  ), kv as (
    select database, substr(setting, 1, strpos(setting, '=') - 1) as k, substr(setting, strpos(setting, '=') + 1) as v
    from role_setting
  )
  select distinct on (k) replace(k, 'pgrst.', '') as key, v as value
  from kv where k like 'pgrst.%' and v is not null
  order by k, database desc`;

function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  const s = v.trim().toLowerCase();
  if (s === 'true' || s === 'on' || s === 'yes' || s === '1') return true;
  if (s === 'false' || s === 'off' || s === 'no' || s === '0') return false;
  return fallback;
}

/** The settings in effect: the in-database ones over `defaults` (config.toml and Supabase's defaults). */
export async function loadRestSettings(db: Queryable, defaults: RestSettings): Promise<RestSettings> {
  const rows = (await db.query<{ key: string; value: string }>(SETTINGS_SQL)).rows;
  const kv = new Map(rows.map((r) => [r.key, r.value]));
  const maxRows = kv.get('db_max_rows');
  const txEnd = kv.get('db_tx_end')?.trim();
  return {
    aggregatesEnabled: bool(kv.get('db_aggregates_enabled'), defaults.aggregatesEnabled),
    planEnabled: bool(kv.get('db_plan_enabled'), defaults.planEnabled),
    maxRows: maxRows !== undefined && /^\s*\d+\s*$/.test(maxRows) ? Number(maxRows) : defaults.maxRows,
    txEnd: txEnd !== undefined && TX_ENDS.has(txEnd) ? (txEnd as TxEnd) : defaults.txEnd,
  };
}
