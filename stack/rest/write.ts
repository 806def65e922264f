import type { Queryable } from '../db/database.ts';
import type { RestCall, RestResult } from './context.ts';
import { RestError } from './errors.ts';
import { bodySql, contentRange, singularError } from './output.ts';
import { parseNameList } from './query-parser.ts';
import type { ReadNode } from './read-plan.ts';
import { explain } from './read.ts';
import { preferenceApplied } from './request-headers.ts';
import { quoteIdent, type Table } from './schema-cache.ts';
import { column, orderSql, pageSql, qualified, selectSql, SqlParams, whereSql } from './sql-read.ts';

export function invalidJson(details: string | null = null): RestError {
  return new RestError(400, 'PGRST102', 'Empty or invalid json', details);
}

function missingColumn(table: Table, name: string): RestError {
  return new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`);
}

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Payload columns: `columns=` when given, else the keys of the (first) object; all must exist. */
function payloadColumns(call: RestCall, table: Table, rows: JsonObject[]): string[] {
  const param = call.url.searchParams.get('columns');
  let cols: string[];
  if (param !== null) cols = parseNameList('columns', param);
  else {
    cols = Object.keys(rows[0] ?? {});
    const key = cols.slice().sort().join('\u0000');
    if (rows.some((r) => Object.keys(r).sort().join('\u0000') !== key)) throw invalidJson('All object keys must match');
  }
  for (const c of cols) if (!table.columns.has(c)) throw missingColumn(table, c);
  return [...new Set(cols)];
}

/** Rows of a POST/PATCH body: an object or an array of objects. */
export function parseRows(text: string, allowArray: boolean): { rows: JsonObject[]; wasArray: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidJson();
  }
  if (isObject(value)) return { rows: [value], wasArray: false };
  if (allowArray && Array.isArray(value) && value.every(isObject)) return { rows: value as JsonObject[], wasArray: true };
  throw invalidJson();
}

/**
 * The columns a representation reads from the mutated rows, as PostgREST's inferColsEmbedNeeds: the
 * root's selected columns, the columns embedded resources join on (FK columns of this table, or the
 * columns referenced by the embedded table's FK, or the junction's source columns) and the primary key.
 * `null` when the representation needs the whole row (`select=*`). Only these are RETURNed, so a table
 * protected by column grants answers as PostgREST does: a representation of granted columns succeeds,
 * `*` is refused with 42501.
 */
export function representationColumns(table: Table, root: ReadNode): string[] | null {
  if (root.items.some((i) => i.kind === 'star')) return null;
  // A computed field or a computed relationship is called with the whole row (cast to the table's
  // type): PostgREST returns every column for a computed relationship, and a computed field in its
  // RETURNING list (functional notation) reads the whole row too.
  const computed = (name: string) => !table.columns.has(name) && table.computedFields?.has(name) === true;
  if (root.items.some((i) => i.kind === 'column' && computed(i.field.name))) return null;
  if (root.children.some((c) => c.relation?.computed)) return null;
  const cols: string[] = [];
  for (const item of root.items) if (item.kind === 'column' && !(item.aggregate && item.field.name === '*')) cols.push(item.field.name);
  for (const child of root.children) {
    const rel = child.relation;
    if (rel) cols.push(...(rel.junction ? rel.junction.sourceRef : rel.sourceColumns));
  }
  cols.push(...table.primaryKey);
  const out = [...new Set(cols)];
  for (const c of out) column(table, c);
  return out;
}

/** `RETURNING` list of the representation's columns: quoted, checked, or the whole row. */
function returningList(alias: string, cols: string[] | null): string {
  return cols === null ? `${alias}.*` : cols.map((c) => `${alias}.${quoteIdent(c)}`).join(', ');
}

interface Outcome {
  sql: string;
  params: SqlParams;
  /** 'minimal': no RETURNING, the driver's row count; 'headers': primary key for Location; 'rows': the representation. */
  shape: 'minimal' | 'headers' | 'rows';
}

function returning(call: RestCall, table: Table): Outcome['shape'] {
  const r = call.prefs.return;
  if (r === 'representation') return 'rows';
  if (r === 'headers-only' && call.method === 'POST' && table.primaryKey.length > 0) return 'headers';
  return 'minimal';
}

/**
 * How many rows an upsert inserted, counted as PostgREST counts them: the source row bumps the
 * transaction-local `pgrst.inserted` and the DO UPDATE branch takes it back. Unlike `xmax`, a system
 * column that needs table-wide SELECT, this works on tables protected by column grants.
 */
const INSERTED_SETTING = "nullif(current_setting('pgrst.inserted', true), '')";
const countInserted = (add: boolean): string =>
  `set_config('pgrst.inserted', (coalesce(${INSERTED_SETTING}::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`;

/** An upsert whose response status depends on whether it inserted (PostgREST's POST with merge-duplicates). */
function mergesDuplicates(call: RestCall, table: Table): boolean {
  return call.method === 'POST' && call.prefs.resolution === 'merge-duplicates' && (table.primaryKey.length > 0 || call.url.searchParams.has('on_conflict'));
}

function insertSql(call: RestCall, table: Table, rows: JsonObject[], cols: string[], params: SqlParams): string {
  const target = qualified(table);
  const list = cols.map(quoteIdent).join(', ');
  let source: string;
  const missingKeys = rows.some((r) => cols.some((c) => !(c in r)));
  if (call.prefs.missing === 'default' && missingKeys) {
    const body = params.add(JSON.stringify(rows));
    const values = cols.map((c) => {
      const col = table.columns.get(c)!;
      const fallback = col.defaultExpr ?? (col.identity ? `nextval(pg_get_serial_sequence(${params.add(target)}::text, ${params.add(c)}::text))` : 'NULL');
      return `CASE WHEN pgrst_e.j ? ${params.add(c)}::text THEN pgrst_r.${quoteIdent(c)} ELSE ${fallback} END`;
    });
    source = `SELECT ${values.join(', ')} FROM jsonb_array_elements(${body}::jsonb) AS pgrst_e(j), jsonb_populate_record(NULL::${target}, pgrst_e.j) AS pgrst_r`;
  } else {
    const body = params.add(JSON.stringify(rows));
    source = `SELECT ${list} FROM json_populate_recordset(NULL::${target}, ${body}::json) AS pgrst_body`;
  }
  // merge-duplicates answers 200 when no row was inserted: each source row counts, each update takes it back.
  const counting = mergesDuplicates(call, table);
  if (counting) source += ` WHERE ${countInserted(true)}`;
  let conflict = '';
  if (call.prefs.resolution) {
    const param = call.url.searchParams.get('on_conflict');
    const target = param !== null ? parseNameList('on_conflict', param) : table.primaryKey;
    for (const c of target) if (!table.columns.has(c)) throw new RestError(400, '42703', `column ${table.name}.${c} does not exist`);
    const on = target.length ? ` (${target.map(quoteIdent).join(', ')})` : '';
    const updates = cols.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`);
    if (call.prefs.resolution === 'ignore-duplicates' || updates.length === 0) conflict = ` ON CONFLICT${on} DO NOTHING`;
    else {
      if (!on) throw new RestError(400, 'PGRST100', 'on_conflict is required when the table has no primary key', null);
      conflict = ` ON CONFLICT${on} DO UPDATE SET ${updates.join(', ')}${counting ? ` WHERE ${countInserted(false)}` : ''}`;
    }
  }
  return `INSERT INTO ${target} AS pgrst_0 (${list}) ${source}${conflict}`;
}

/**
 * WHERE of a PATCH/DELETE. With limit/offset (PostgREST 12's limited update/delete) the rows are the
 * first ones of the filtered, ordered set: chosen by primary key, else by ctid, in a subquery.
 */
function mutationWhere(table: Table, root: ReadNode, params: SqlParams): string {
  const where = whereSql(root, null, params);
  if (root.limit === undefined && !root.offset) return where;
  const key = table.primaryKey.length > 0 ? table.primaryKey.map((c) => `${root.alias}.${quoteIdent(c)}`) : [`${root.alias}.ctid`];
  const tuple = key.length === 1 ? key[0] : `(${key.join(', ')})`;
  const pick = `SELECT ${key.join(', ')} FROM ${qualified(table)} AS ${root.alias} WHERE ${where}${orderSql(root, params)}${pageSql(root.limit, root.offset, params)}`;
  return `${tuple} IN (${pick})`;
}

function updateSql(table: Table, root: ReadNode, row: JsonObject, cols: string[], params: SqlParams): string {
  const target = qualified(table);
  const body = params.add(JSON.stringify(row));
  const sets = cols.map((c) => `${quoteIdent(c)} = pgrst_body.${quoteIdent(c)}`).join(', ');
  return `UPDATE ${target} AS ${root.alias} SET ${sets} FROM json_populate_record(NULL::${target}, ${body}::json) AS pgrst_body WHERE ${mutationWhere(table, root, params)}`;
}

function deleteSql(table: Table, root: ReadNode, params: SqlParams): string {
  return `DELETE FROM ${qualified(table)} AS ${root.alias} WHERE ${mutationWhere(table, root, params)}`;
}

/**
 * PUT: PostgREST's single-row upsert. The query string must filter every primary key column with `eq`
 * and nothing else (PGRST105); limit/offset are refused (PGRST114); the body's key must match the URL's
 * (else no row is written and PGRST115).
 */
function checkPut(table: Table, root: ReadNode, url: URL): void {
  if (root.limit !== undefined || root.offset !== undefined || url.searchParams.has('limit') || url.searchParams.has('offset')) {
    throw new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  }
  const names = root.conditions.map((c) => (c.kind === 'filter' && c.op === 'eq' && !c.negated && !c.quantifier && c.field.jsonPath.length === 0 ? c.field.name : null));
  const pk = table.primaryKey;
  const ok = pk.length > 0 && names.length === pk.length && names.every((n) => n !== null && pk.includes(n)) && new Set(names).size === pk.length;
  if (!ok) throw new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
}

function putSql(table: Table, root: ReadNode, rows: JsonObject[], cols: string[], params: SqlParams): string {
  const target = qualified(table);
  const list = cols.map(quoteIdent).join(', ');
  const body = params.add(JSON.stringify(rows));
  // CASE: the row is counted only once it passed the URL's primary key filter.
  const where = `CASE WHEN ${whereSql(root, null, params)} THEN ${countInserted(true)} ELSE false END`;
  const source = `SELECT ${cols.map((c) => `${root.alias}.${quoteIdent(c)}`).join(', ')} FROM json_populate_recordset(NULL::${target}, ${body}::json) AS ${root.alias} WHERE ${where}`;
  const updates = cols.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`).join(', ');
  return `INSERT INTO ${target} AS ${root.alias} (${list}) ${source} ON CONFLICT (${table.primaryKey.map(quoteIdent).join(', ')}) DO UPDATE SET ${updates} WHERE ${countInserted(false)}`;
}

async function runPut(tx: Queryable, call: RestCall, table: Table, root: ReadNode, bodyText: string | null): Promise<RestResult> {
  checkPut(table, root, call.url);
  const { rows } = parseRows(bodyText ?? '', true);
  if (rows.length !== 1) throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  const cols = payloadColumns(call, table, rows);
  const params = new SqlParams();
  const sql = putSql(table, root, rows, cols, params);
  const representation = call.prefs.return === 'representation';
  let returned = '1';
  let list = `1 FROM pgrst_mut AS ${root.alias}`;
  let body = 'NULL::text';
  if (representation) {
    const { list: selected, groupBy } = selectSql(root, params);
    list = `${selected || `${root.alias}.*`} FROM pgrst_mut AS ${root.alias}${groupBy}`;
    returned = returningList(root.alias, selected ? representationColumns(table, root) : null);
    body = bodySql(call, 'pgrst_source');
  }
  // The aggregate reads every row of pgrst_mut before the setting is read, as in PostgREST's query.
  const full = `WITH pgrst_mut AS (${sql} RETURNING ${returned}), pgrst_source AS (SELECT ${list})
    SELECT pg_catalog.count(*)::int AS page, ${body} AS body, coalesce(${INSERTED_SETTING}::int, 0) > 0 AS inserted
    FROM pgrst_source`;
  const row = (await tx.query<{ page: number; body: string | null; inserted: boolean }>(full, params.values)).rows[0];
  if (row.page !== 1) throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  const headers: Record<string, string> = {};
  const applied = preferenceApplied(call.prefs, 'upsert-single');
  if (applied) headers['preference-applied'] = applied;
  if (!representation) return { status: 204, body: null, headers };
  headers['content-type'] = call.accept.contentType;
  return { status: row.inserted ? 201 : 200, body: row.body ?? '[]', headers };
}

/** The representation of no rows (an empty bulk insert), as the aggregate would give it. */
function emptyBody(call: RestCall): string | null {
  if (call.accept.media === 'csv') return '\n';
  return call.accept.media === 'object' ? null : '[]';
}

interface MutationRow {
  page: number;
  body: string | null;
  location: string | null;
  inserted: number | null;
}

interface Executed {
  count: number;
  body: string | null;
  location: string | null;
  /** Rows an upsert inserted (merge-duplicates only), read after every row of the statement was written. */
  inserted: number | null;
}

async function execute(tx: Queryable, call: RestCall, table: Table, root: ReadNode, o: Outcome, counting: boolean): Promise<Executed> {
  const inserted = counting ? `coalesce(${INSERTED_SETTING}::int, 0)` : 'NULL::int';
  if (o.shape === 'minimal' && !counting) {
    const r = await tx.query(o.sql, o.params.values);
    return { count: r.rowCount, body: null, location: null, inserted: null };
  }
  if (o.shape === 'minimal') {
    const sql = `WITH pgrst_mut AS (${o.sql} RETURNING 1) SELECT pg_catalog.count(*)::int AS page, NULL::text AS body, NULL::text AS location, ${inserted} AS inserted FROM pgrst_mut`;
    const row = (await tx.query<MutationRow>(sql, o.params.values)).rows[0];
    return { count: row.page, body: null, location: null, inserted: row.inserted };
  }
  if (o.shape === 'headers') {
    const pk = table.primaryKey.map((c) => `${root.alias}.${quoteIdent(c)}`).join(', ');
    const sql = `WITH pgrst_mut AS (${o.sql} RETURNING ${pk}) SELECT pg_catalog.count(*)::int AS page, NULL::text AS body, (SELECT row_to_json(pgrst_mut)::text FROM pgrst_mut LIMIT 1) AS location, ${inserted} AS inserted FROM pgrst_mut`;
    const row = (await tx.query<MutationRow>(sql, o.params.values)).rows[0];
    return { count: row.page, body: null, location: row.location, inserted: row.inserted };
  }
  const { list: selected, groupBy } = selectSql(root, o.params);
  const list = selected || `${root.alias}.*`;
  const returned = returningList(root.alias, selected ? representationColumns(table, root) : null);
  const sql = `WITH pgrst_mut AS (${o.sql} RETURNING ${returned}), pgrst_source AS (SELECT ${list} FROM pgrst_mut AS ${root.alias}${groupBy}) SELECT pg_catalog.count(*)::int AS page, ${bodySql(call, 'pgrst_source')} AS body, NULL::text AS location, ${inserted} AS inserted FROM pgrst_source`;
  const row = (await tx.query<MutationRow>(sql, o.params.values)).rows[0];
  return { count: row.page, body: row.body, location: null, inserted: row.inserted };
}

/** POST, PATCH, DELETE on a table or view: one statement, the response built by Postgres. */
export async function runWrite(tx: Queryable, call: RestCall, table: Table, root: ReadNode, bodyText: string | null): Promise<RestResult> {
  if (call.method === 'PUT') return runPut(tx, call, table, root, bodyText);
  const params = new SqlParams();
  let sql: string | null = null;
  if (call.method === 'POST') {
    const { rows } = parseRows(bodyText ?? '', true);
    if (rows.length > 0) {
      const cols = payloadColumns(call, table, rows);
      sql = insertSql(call, table, rows, cols, params);
    }
  } else if (call.method === 'PATCH') {
    const { rows } = parseRows(bodyText ?? '', false);
    const cols = payloadColumns(call, table, rows);
    if (cols.length > 0) sql = updateSql(table, root, rows[0], cols, params);
  } else sql = deleteSql(table, root, params);

  if (call.accept.plan && sql !== null) {
    // explain(): the plan of the statement with its representation, as PostgREST explains mainWrite.
    const { list: selected, groupBy } = selectSql(root, params);
    const returned = returningList(root.alias, selected ? representationColumns(table, root) : null);
    const full = `WITH pgrst_mut AS (${sql} RETURNING ${returned}), pgrst_source AS (SELECT ${selected || `${root.alias}.*`} FROM pgrst_mut AS ${root.alias}${groupBy}) SELECT pg_catalog.count(*)::int AS page, ${bodySql(call, 'pgrst_source')} AS body FROM pgrst_source`;
    return explain(tx, call.accept.plan, full, params);
  }
  const shape = returning(call, table);
  const counting = mergesDuplicates(call, table);
  const done: Executed =
    sql === null
      ? { count: 0, body: shape === 'rows' ? emptyBody(call) : null, location: null, inserted: counting ? 0 : null }
      : await execute(tx, call, table, root, { sql, params, shape }, counting);

  if (call.accept.media === 'object' && done.count !== 1) throw singularError(done.count);
  if (call.prefs.handling === 'strict' && call.prefs.maxAffected !== undefined && done.count > call.prefs.maxAffected) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${done.count} rows`);
  }
  const total = call.prefs.count ? done.count : null;
  const headers: Record<string, string> = {
    'content-range': call.method === 'POST' ? `*/${total ?? '*'}` : contentRange(0, done.count, total),
  };
  if (done.location) {
    const pk = JSON.parse(done.location) as Record<string, unknown>;
    const query = Object.entries(pk).map(([k, v]) => `${k}=eq.${v === null ? 'null' : String(v)}`);
    headers.location = `/${table.name}?${query.join('&')}`;
  }
  const action = call.method === 'POST' ? 'create' : call.method === 'PATCH' ? 'update' : 'delete';
  const resolution = table.primaryKey.length > 0 || call.url.searchParams.has('on_conflict');
  const applied = preferenceApplied(call.prefs, action, { resolution });
  if (applied) headers['preference-applied'] = applied;
  // POST answers 201, except a merge-duplicates upsert that inserted nothing: 200 (PostgREST's Response.hs).
  const created = call.method === 'POST' && !(done.inserted !== null && done.inserted <= 0);
  const status = call.method === 'POST' ? (created ? 201 : 200) : shape === 'rows' ? 200 : 204;
  if (shape !== 'rows') return { status, body: null, headers };
  headers['content-type'] = call.accept.contentType;
  return { status, body: done.body, headers };
}
