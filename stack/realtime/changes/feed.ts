import type { Database } from '../../db/database.ts';
import { isPgError } from '../../db/database.ts';
import type { StackContext } from '../../http/service.ts';
import type { Logger } from '../../log.ts';
import { FilterParseError, parseFilter, passesFilters, type ParsedFilter } from './filters.ts';
import { ChangeBindingError, type CapturedChange, type ChangeFeed, type ChangeSubscription } from './types.ts';

/** The channel the capture trigger (stack/db/bootstrap/40_realtime_changes.sql) notifies on. */
const CHANGES_CHANNEL = 'realtime_changes';
/** walrus' max_record_bytes default: beyond it a record keeps only values of at most 64 bytes. */
const MAX_RECORD_BYTES = 1024 * 1024;
const MAX_VALUE_BYTES_WHEN_TOO_LARGE = 64;
const BATCH = 500;
/**
 * Captured rows are read, never deleted by the reader, so that several stacks on one Postgres
 * (`npm start` beside a test run) each see every change; they are pruned once this old.
 */
const KEEP_FOR = '1 minute';
const PRUNE_EVERY_MS = 10_000;
const CACHE_MS = 5_000;

/** One statement for every subscriber of a change: one round trip, one (implicit) transaction. */
const VISIBLE_TO_SQL = 'select array_to_json(_stack_realtime.visible_to($1, $2, $3::jsonb, $4::jsonb))::text as visible';

const ROLES_SQL = `select r.rolname::text as name from pg_roles r
  where pg_has_role('authenticator', r.oid, 'member') and r.rolname <> 'authenticator'`;

interface ColumnMeta {
  name: string;
  type: string;
  /** format_type(): catalog text, safe to splice after `::`. */
  sqlType: string;
  pk: boolean;
  /** Part of the replica identity index (REPLICA IDENTITY USING INDEX). */
  ri: boolean;
}

interface ChangeRow {
  id: string;
  relid: string;
  schema: string;
  table: string;
  type: CapturedChange['type'];
  commit_timestamp: string;
  record: string | null;
  old_record: string | null;
  rls: boolean;
  replident: string;
  columns: string;
  pk: string | null;
}

/** What a change keeps for matches() and visibleTo() beyond what the client sees. */
interface ChangeMeta {
  relid: string;
  rls: boolean;
  /** The primary key columns with their values as text (int8 keys keep every digit). */
  pk: { name: string; sqlType: string; value: string | null }[];
  /** The old replica identity before RLS cuts a DELETE down to its key: DELETE filters see this. */
  oldIdentity: Record<string, unknown> | null;
  types: Map<string, string>;
}

const FETCH_SQL = `with d as (
    select id, relid, schema_name, table_name, type, committed_at, record, old_record
    from _stack_realtime.changes where id = any (string_to_array($1, ',')::bigint[])
  )
  select d.id::text as id, d.relid::text as relid, d.schema_name::text as schema, d.table_name::text as "table", d.type,
    to_char(d.committed_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp,
    d.record::text as record, d.old_record::text as old_record,
    coalesce(c.relrowsecurity, false) as rls, coalesce(c.relreplident::text, 'd') as replident,
    coalesce((
      select json_agg(json_build_object('name', a.attname, 'type', t.typname, 'sqlType', format_type(a.atttypid, null),
          'pk', coalesce(a.attnum = any (pk.indkey), false), 'ri', coalesce(a.attnum = any (ri.indkey), false)) order by a.attnum)
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = d.relid and a.attnum > 0 and not a.attisdropped
    ), '[]')::text as columns,
    (
      select jsonb_object_agg(a.attname, coalesce(d.record, d.old_record) ->> a.attname::text)
      from pg_attribute a where a.attrelid = d.relid and a.attnum = any (pk.indkey)
    )::text as pk
  from d
  left join pg_class c on c.oid = d.relid
  left join pg_index pk on pk.indrelid = d.relid and pk.indisprimary
  left join pg_index ri on ri.indrelid = d.relid and ri.indisreplident`;

const PUBLISHED_SQL = `select pt.schemaname::text as schema, pt.tablename::text as "table",
    format('%I.%I', pt.schemaname, pt.tablename)::regclass::oid::text as relid
  from pg_publication_tables pt
  where pt.pubname = 'supabase_realtime' and pt.schemaname <> '_stack_realtime'
    and ($1 = '*' or pt.schemaname = $1) and ($2 = '*' or pt.tablename = $2)
  order by 1, 2`;

const FILTER_COLUMNS_SQL = `select a.attname::text as name, format_type(a.atttypid, null) as sql_type, t.typname::text as type,
    exists (select 1 from pg_operator o where o.oprname = '~~' and o.oprleft = a.atttypid) as likeable,
    exists (select 1 from pg_operator o where o.oprname = '~' and o.oprleft = a.atttypid and o.oprright = a.atttypid) as matchable
  from pg_attribute a join pg_type t on t.oid = a.atttypid
  where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped`;

/** Postgrex' names for the SQLSTATEs a filter check can raise; its messages read `ERROR <code> (<name>) <message>`. */
const SQLSTATE_NAMES: Record<string, string> = {
  P0001: 'raise_exception',
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22003': 'numeric_value_out_of_range',
  '2201B': 'invalid_regular_expression',
  '22023': 'invalid_parameter_value',
  '42704': 'undefined_object',
};

function pgErrorText(e: unknown): string {
  if (isPgError(e) && e.code) return `ERROR ${e.code} (${SQLSTATE_NAMES[e.code] ?? 'error'}) ${e.message}`;
  return (e as Error).message;
}

class RaisedError extends Error {
  readonly code = 'P0001';
}

function paramsToLog(sub: ChangeSubscription, filters: ParsedFilter[]): string {
  const f = filters.map((x) => `{${JSON.stringify(x.column)}, ${JSON.stringify(x.op)}, ${JSON.stringify(x.value)}, ${x.negate}}`).join(', ');
  return `event: ${sub.event}, schema: ${sub.schema}, table: ${sub.table}, filters: [${f}], select: nil`;
}

function pick(row: Record<string, unknown>, names: Iterable<string>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const n of names) {
    if (Object.prototype.hasOwnProperty.call(row, n)) {
      out[n] = row[n];
      any = true;
    }
  }
  return any ? out : null;
}

function withoutLargeValues(row: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (Buffer.byteLength(JSON.stringify(v) ?? 'null') <= MAX_VALUE_BYTES_WHEN_TOO_LARGE) out[k] = v;
  }
  return out;
}

/**
 * One reader per database: it LISTENs, reads each notified row and hands the change to every feed
 * opened on that database. Reading rows by the notified
 * ids, in notification order, is what keeps commit order: ids come from a sequence, so a later id
 * may commit first.
 */
class ChangeReader {
  readonly listeners = new Set<(change: CapturedChange) => void>();
  readonly meta = new WeakMap<CapturedChange, ChangeMeta>();
  private readonly pending: string[] = [];
  private draining: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;
  refs = 0;

  constructor(
    readonly db: Database,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => {
      if (!/^\d+$/.test(payload)) return;
      this.pending.push(payload);
      void this.drain();
    });
    await this.sync();
    this.pruneTimer = setInterval(() => {
      this.db.query(`delete from _stack_realtime.changes where committed_at < now() - interval '${KEEP_FOR}'`).catch((e: unknown) => {
        if (!this.closed) this.log.error('realtime: pruning captured changes failed', e);
      });
    }, PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  /** Installs or removes capture triggers so they match the supabase_realtime publication. */
  async sync(): Promise<void> {
    await this.db.query('select _stack_realtime.sync_capture()');
  }

  drain(): Promise<void> {
    this.draining ??= this.readAll().finally(() => {
      this.draining = null;
      if (this.pending.length > 0 && !this.closed) void this.drain();
    });
    return this.draining;
  }

  private async readAll(): Promise<void> {
    while (this.pending.length > 0 && !this.closed) {
      const ids = this.pending.splice(0, BATCH);
      let rows: ChangeRow[];
      try {
        rows = (await this.db.query<ChangeRow>(FETCH_SQL, [ids.join(',')])).rows;
      } catch (e) {
        if (this.closed) return;
        this.log.error('realtime: reading captured changes failed; retrying', e);
        this.pending.unshift(...ids);
        this.retryTimer ??= setTimeout(() => {
          this.retryTimer = null;
          void this.drain();
        }, 200);
        return;
      }
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of ids) {
        const row = byId.get(id);
        if (row) this.emit(this.build(row));
      }
    }
  }

  private build(row: ChangeRow): CapturedChange {
    const cols = JSON.parse(row.columns) as ColumnMeta[];
    const types = new Map(cols.map((c) => [c.name, c.type]));
    const pkNames = cols.filter((c) => c.pk).map((c) => c.name);
    let record = row.record ? (JSON.parse(row.record) as Record<string, unknown>) : null;
    const oldFull = row.old_record ? (JSON.parse(row.old_record) as Record<string, unknown>) : null;
    const identityNames =
      row.replident === 'f'
        ? cols.map((c) => c.name)
        : row.replident === 'i'
          ? cols.filter((c) => c.ri).map((c) => c.name)
          : row.replident === 'n'
            ? []
            : pkNames;
    const oldIdentity = oldFull ? pick(oldFull, identityNames) : null;
    let oldRecord = row.type === 'DELETE' && row.rls && oldIdentity ? pick(oldIdentity, pkNames) : oldIdentity;
    const errors: string[] = [];
    const size = Buffer.byteLength(row.record ?? '') + Buffer.byteLength(row.old_record ?? '');
    if (size > MAX_RECORD_BYTES) {
      errors.push('Error 413: Payload Too Large');
      record = withoutLargeValues(record);
      oldRecord = withoutLargeValues(oldRecord);
    }
    let columns = cols.map((c) => ({ name: c.name, type: c.type }));
    if (row.type !== 'DELETE' && pkNames.length === 0) {
      // walrus answers a keyless INSERT/UPDATE with an error and nothing of the row.
      errors.splice(0, errors.length, 'Error 400: Bad Request, no primary key');
      record = null;
      oldRecord = null;
      columns = [];
    }
    const change: CapturedChange = {
      schema: row.schema,
      table: row.table,
      type: row.type,
      commit_timestamp: row.commit_timestamp,
      columns,
      record: row.type === 'DELETE' ? null : (record ?? {}),
      old_record: row.type === 'INSERT' ? null : oldRecord,
      ...(errors.length > 0 ? { errors } : {}),
    };
    const pkValues = row.pk ? (JSON.parse(row.pk) as Record<string, string | null>) : {};
    const pk = cols.filter((c) => c.pk).map((c) => ({ name: c.name, sqlType: c.sqlType, value: pkValues[c.name] ?? null }));
    this.meta.set(change, { relid: row.relid, rls: row.rls, pk, oldIdentity, types });
    return change;
  }

  private emit(change: CapturedChange): void {
    for (const l of this.listeners) {
      try {
        l(change);
      } catch (e) {
        this.log.error('realtime: a change listener failed', e);
      }
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.unlisten?.().catch(() => {});
    await this.draining?.catch(() => {});
  }
}

const readers = new WeakMap<Database, Promise<ChangeReader>>();

async function acquireReader(db: Database, log: Logger): Promise<ChangeReader> {
  let p = readers.get(db);
  if (!p) {
    p = (async () => {
      const reader = new ChangeReader(db, log);
      await reader.start();
      return reader;
    })();
    readers.set(db, p);
    p.catch(() => readers.delete(db));
  }
  const reader = await p;
  reader.refs++;
  return reader;
}

async function releaseReader(reader: ChangeReader): Promise<void> {
  reader.refs--;
  if (reader.refs > 0) return;
  readers.delete(reader.db);
  await reader.stop();
}

/**
 * postgres_changes change capture for the realtime server: validate bindings, stream committed
 * changes, match them against bindings and check each subscriber's RLS, as Supabase's walrus does.
 */
export async function createChangeFeed(ctx: StackContext): Promise<ChangeFeed> {
  const reader = await acquireReader(ctx.db, ctx.log);
  const own = new Set<(change: CapturedChange) => void>();
  const parsed = new Map<string, ParsedFilter[]>();
  let closed = false;

  const filtersOf = (filter: string | undefined): ParsedFilter[] => {
    const key = filter ?? '';
    let f = parsed.get(key);
    if (!f) {
      f = parseFilter(filter);
      if (parsed.size > 1000) parsed.clear();
      parsed.set(key, f);
    }
    return f;
  };

  async function checkFilters(relid: string, filters: ParsedFilter[]): Promise<void> {
    if (filters.length === 0) return;
    const cols = new Map(
      (await ctx.db.query<{ name: string; sql_type: string; type: string; likeable: boolean; matchable: boolean }>(FILTER_COLUMNS_SQL, [relid])).rows.map(
        (c) => [c.name, c],
      ),
    );
    for (const f of filters) {
      const col = cols.get(f.column);
      if (!col) throw new RaisedError(`invalid column for filter ${f.column}`);
      if (f.op === 'in') {
        const n = (await ctx.db.query<{ n: number | null }>(`select cardinality($1::text::${col.sql_type}[]) as n`, [f.value])).rows[0]?.n ?? 0;
        if (n > 100) throw new RaisedError('too many values for `in` filter. Maximum 100');
      } else if (f.op === 'is') {
        if (!['null', 'true', 'false', 'unknown'].includes(f.value)) throw new RaisedError('invalid value for is filter: must be null, true, false, or unknown');
        if (f.value !== 'null' && col.type !== 'bool') throw new RaisedError(`is ${f.value} filter requires a boolean column, got ${col.sql_type}`);
      } else if (f.op === 'like' || f.op === 'ilike') {
        if (!col.likeable) throw new RaisedError(`operator ${f.op} requires a text-compatible column type, got ${col.sql_type}`);
      } else if (f.op === 'match' || f.op === 'imatch') {
        if (!col.matchable) throw new RaisedError(`operator ${f.op} requires a text-compatible column type, got ${col.sql_type}`);
        try {
          await ctx.db.query("select '' ~ $1::text", [f.value]);
        } catch (e) {
          throw new RaisedError(`invalid regular expression for ${f.op} filter: ${(e as Error).message}`);
        }
      } else {
        await ctx.db.query(`select $1::text::${col.sql_type}`, [f.value]);
      }
    }
  }

  /** Only the roles PostgREST may switch to (members of authenticator): a claim can never make us superuser. */
  let roles: { at: number; names: Set<string> } | null = null;
  async function roleAllowed(role: string): Promise<boolean> {
    if (!roles || (!roles.names.has(role) && Date.now() - roles.at > CACHE_MS)) {
      const r = await ctx.db.query<{ name: string }>(ROLES_SQL);
      roles = { at: Date.now(), names: new Set(r.rows.map((x) => x.name)) };
    }
    return roles.names.has(role);
  }

  /** Without RLS walrus only asks for SELECT on the key columns; grants rarely change, so cache briefly. */
  const privileges = new Map<string, { at: number; value: boolean }>();
  async function keyReadable(role: string, meta: ChangeMeta): Promise<boolean> {
    const key = `${role}\u0000${meta.relid}`;
    const hit = privileges.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const r = await ctx.db.query<{ ok: boolean | null }>(
      "select bool_and(has_column_privilege($1, $2::oid, c, 'SELECT')) as ok from unnest($3::text[]) c",
      [role, meta.relid, meta.pk.map((c) => c.name)],
    );
    const value = r.rows[0]?.ok === true;
    privileges.set(key, { at: Date.now(), value });
    return value;
  }

  const visibleToMany: ChangeFeed['visibleToMany'] = async (identities, change) => {
    if (identities.length === 0) return [];
    if (change.type === 'DELETE') return identities.map(() => true);
    const meta = reader.meta.get(change);
    if (!meta) return identities.map(() => false);
    if (meta.pk.length === 0) return identities.map(() => true);
    const verdicts: boolean[] = identities.map(() => false);
    try {
      const allowed = new Map<string, boolean>();
      for (const { role } of identities) if (!allowed.has(role)) allowed.set(role, await roleAllowed(role));
      const checked = identities.map((identity, i) => ({ identity, i })).filter((x) => allowed.get(x.identity.role));
      if (checked.length === 0) return verdicts;
      if (!meta.rls) {
        for (const { identity, i } of checked) verdicts[i] = await keyReadable(identity.role, meta);
        return verdicts;
      }
      // walrus' check: the committed row, looked up by its key under each subscriber's role and
      // claims, all in one statement (stack/db/bootstrap/41_realtime_visibility.sql).
      const pk = Object.fromEntries(meta.pk.map((c) => [c.name, c.value]));
      const r = await ctx.db.query<{ visible: string | null }>(VISIBLE_TO_SQL, [
        change.schema,
        change.table,
        JSON.stringify(pk),
        JSON.stringify(checked.map(({ identity }) => ({ role: identity.role, claims: identity.claims }))),
      ]);
      const answers = JSON.parse(r.rows[0]?.visible ?? '[]') as unknown[];
      checked.forEach(({ i }, k) => {
        verdicts[i] = answers[k] === true;
      });
      return verdicts;
    } catch (e) {
      // A table renamed since, a database going away: nothing to see.
      ctx.log.debug(`realtime: visibility check failed: ${(e as Error).message}`);
      return identities.map(() => false);
    }
  };

  return {
    async prepare(sub) {
      let filters: ParsedFilter[];
      try {
        filters = filtersOf(sub.filter);
      } catch (e) {
        if (e instanceof FilterParseError) throw new ChangeBindingError(`Error parsing \`filter\` params: ${e.message}`);
        throw e;
      }
      await reader.sync();
      const tables = (await ctx.db.query<{ schema: string; table: string; relid: string }>(PUBLISHED_SQL, [sub.schema, sub.table])).rows;
      if (tables.length === 0) {
        throw new ChangeBindingError(
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${paramsToLog(sub, filters)}]`,
        );
      }
      try {
        for (const t of tables) await checkFilters(t.relid, filters);
      } catch (e) {
        throw new ChangeBindingError(
          `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${paramsToLog(sub, filters)}]. Exception: ${pgErrorText(e)}`,
        );
      }
    },

    onChange(listener) {
      const wrapped = (change: CapturedChange) => listener(change);
      own.add(wrapped);
      reader.listeners.add(wrapped);
      return () => {
        own.delete(wrapped);
        reader.listeners.delete(wrapped);
      };
    },

    matches(sub, change) {
      if (sub.schema !== '*' && sub.schema !== change.schema) return false;
      if (sub.table !== '*' && sub.table !== change.table) return false;
      if (sub.event !== '*' && sub.event !== change.type) return false;
      let filters: ParsedFilter[];
      try {
        filters = filtersOf(sub.filter);
      } catch {
        return false;
      }
      if (filters.length === 0) return true;
      const meta = reader.meta.get(change);
      const types = meta?.types ?? new Map(change.columns.map((c) => [c.name, c.type]));
      // walrus filters a DELETE on its old replica identity (all columns with FULL, else the key):
      // a filter on a column the identity lacks cannot hold.
      const row = change.type === 'DELETE' ? (meta ? meta.oldIdentity : change.old_record) : change.record;
      return passesFilters(filters, row, types);
    },

    async visibleTo(identity, change) {
      return (await visibleToMany([identity], change))[0] === true;
    },

    visibleToMany,

    async close() {
      if (closed) return;
      closed = true;
      for (const l of own) reader.listeners.delete(l);
      own.clear();
      await releaseReader(reader);
    },
  };
}
