import type { Queryable } from '../db/database.ts';
import type { RestCall, RestResult } from './context.ts';
import { RestError } from './errors.ts';
import { contentRange, jsonArrayToCsv, singularError } from './output.ts';
import { parseNameList } from './query-parser.ts';
import type { ReadNode } from './read-plan.ts';
import { quoteIdent, type Table } from './schema-cache.ts';
import { qualified, selectListSql, SqlParams, whereSql } from './sql-read.ts';

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

function insertSql(call: RestCall, table: Table, rows: JsonObject[], cols: string[], bodyText: string, params: SqlParams): string {
  const target = qualified(table);
  const list = cols.map(quoteIdent).join(', ');
  let source: string;
  if (call.prefs.missing === 'default' && rows.length > 1) {
    const body = params.add(bodyText);
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
      conflict = ` ON CONFLICT${on} DO UPDATE SET ${updates.join(', ')}`;
    }
  }
  return `INSERT INTO ${target} AS pgrst_0 (${list}) ${source}${conflict}`;
}

function updateSql(table: Table, root: ReadNode, row: JsonObject, cols: string[], params: SqlParams): string {
  const target = qualified(table);
  const body = params.add(JSON.stringify(row));
  const sets = cols.map((c) => `${quoteIdent(c)} = pgrst_body.${quoteIdent(c)}`).join(', ');
  return `UPDATE ${target} AS ${root.alias} SET ${sets} FROM json_populate_record(NULL::${target}, ${body}::json) AS pgrst_body WHERE ${whereSql(root, null, params)}`;
}

function deleteSql(table: Table, root: ReadNode, params: SqlParams): string {
  return `DELETE FROM ${qualified(table)} AS ${root.alias} WHERE ${whereSql(root, null, params)}`;
}

interface MutationRow {
  page: number;
  body: string | null;
  location: string | null;
}

async function execute(tx: Queryable, call: RestCall, table: Table, root: ReadNode, o: Outcome): Promise<{ count: number; body: string | null; location: string | null }> {
  if (o.shape === 'minimal') {
    const r = await tx.query(o.sql, o.params.values);
    return { count: r.rowCount, body: null, location: null };
  }
  if (o.shape === 'headers') {
    const pk = table.primaryKey.map((c) => `${root.alias}.${quoteIdent(c)}`).join(', ');
    const sql = `WITH pgrst_mut AS (${o.sql} RETURNING ${pk}) SELECT pg_catalog.count(*)::int AS page, NULL::text AS body, (SELECT row_to_json(pgrst_mut)::text FROM pgrst_mut LIMIT 1) AS location FROM pgrst_mut`;
    const row = (await tx.query<MutationRow>(sql, o.params.values)).rows[0];
    return { count: row.page, body: null, location: row.location };
  }
  const list = selectListSql(root, o.params) || `${root.alias}.*`;
  const value = call.accept.media === 'object' ? `(json_agg(pgrst_source)->0)` : `coalesce(json_agg(pgrst_source), '[]')`;
  const body = call.accept.stripNulls ? `json_strip_nulls(${value})` : value;
  const sql = `WITH pgrst_mut AS (${o.sql} RETURNING ${root.alias}.*) SELECT pg_catalog.count(*)::int AS page, ${body}::text AS body, NULL::text AS location FROM (SELECT ${list} FROM pgrst_mut AS ${root.alias}) AS pgrst_source`;
  const row = (await tx.query<MutationRow>(sql, o.params.values)).rows[0];
  return { count: row.page, body: row.body, location: null };
}

/** POST, PATCH, DELETE on a table or view: one statement, the response built by Postgres. */
export async function runWrite(tx: Queryable, call: RestCall, table: Table, root: ReadNode, bodyText: string | null): Promise<RestResult> {
  const params = new SqlParams();
  let sql: string | null = null;
  if (call.method === 'POST') {
    const { rows } = parseRows(bodyText ?? '', true);
    if (rows.length > 0) {
      const cols = payloadColumns(call, table, rows);
      sql = insertSql(call, table, rows, cols, bodyText ?? '', params);
    }
  } else if (call.method === 'PATCH') {
    const { rows } = parseRows(bodyText ?? '', false);
    const cols = payloadColumns(call, table, rows);
    if (cols.length > 0) sql = updateSql(table, root, rows[0], cols, params);
  } else sql = deleteSql(table, root, params);

  const shape = returning(call, table);
  const done = sql === null ? { count: 0, body: shape === 'rows' ? (call.accept.media === 'object' ? null : '[]') : null, location: null } : await execute(tx, call, table, root, { sql, params, shape });

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
  const created = call.method === 'POST';
  if (shape !== 'rows') return { status: created ? 201 : 204, body: null, headers };
  headers['content-type'] = call.accept.contentType;
  const body = call.accept.media === 'csv' ? jsonArrayToCsv(done.body ?? '[]') : done.body;
  return { status: created ? 201 : 200, body, headers };
}
