import type { Queryable } from '../db/database.ts';
import type { RestCall, RestResult } from './context.ts';
import { RestError } from './errors.ts';
import { bodySql, contentRange, singularError } from './output.ts';
import type { ReadNode } from './read-plan.ts';
import { rangeHeader, type PlanRequest } from './request-headers.ts';
import { quoteIdent } from './schema-cache.ts';
import { orderSql, pageSql, selectSql, SqlParams, whereSql } from './sql-read.ts';

/** What a read selects from: a table or view, or a function call (whose FROM carries its own params). */
export interface ReadSource {
  /** FROM item including the root alias, e.g. `"public"."t" AS pgrst_0`. */
  from: (params: SqlParams) => string;
  root: ReadNode;
  /** A function returning scalars: the body holds the values of this column, not objects. */
  scalarColumn?: string;
  /** A function returning one row or one value: the body is that value, not an array. */
  singular?: boolean;
  /**
   * A table read whose select is the transaction's only work: the transaction may commit with it
   * (one round trip on Postgres). Not for functions, whose writes must still roll back when the
   * answer turns out to be an error (a singular response with several rows).
   */
  commitsWithSelect?: boolean;
  /**
   * A function call, run once into the CTE `pgrst_call` (MATERIALIZED) that `from` then reads: the
   * page and the exact count read the same rows, and a function that writes runs once.
   */
  call?: (params: SqlParams) => string;
}

/** `WITH pgrst_call AS MATERIALIZED (...)` of a function source, or nothing. */
function callCte(src: ReadSource, params: SqlParams): string {
  return src.call ? `pgrst_call AS MATERIALIZED (${src.call(params)}), ` : '';
}

interface ReadRow {
  total: string | null;
  page: number;
  body: string | null;
}

function bodyExpr(call: RestCall, src: ReadSource): string {
  const value = src.scalarColumn ? `pgrst_source.${quoteIdent(src.scalarColumn)}` : 'pgrst_source';
  return bodySql(call, 'pgrst_source', { singular: src.singular, value });
}

/** The page PostgREST serves: limit/offset of the query string intersected with the Range header, capped by max_rows. */
function page(call: RestCall, root: ReadNode): { offset: number; limit?: number } {
  let offset = root.offset ?? 0;
  let end = root.limit === undefined ? Infinity : offset + root.limit;
  const range = call.method === 'GET' || call.method === 'HEAD' ? rangeHeader(call.req) : null;
  if (range) {
    offset = Math.max(offset, range.offset);
    if (range.limit !== undefined) end = Math.min(end, range.offset + range.limit);
  }
  let limit = end === Infinity ? undefined : Math.max(0, end - offset);
  if (limit === undefined || limit > call.maxRows) limit = call.maxRows;
  return { offset, limit };
}

async function plannedCount(tx: Queryable, src: ReadSource): Promise<number> {
  const params = new SqlParams();
  const cte = callCte(src, params);
  const sql = `EXPLAIN (FORMAT JSON) ${cte ? `WITH ${cte.slice(0, -2)} ` : ''}SELECT 1 FROM ${src.from(params)} WHERE ${whereSql(src.root, null, params)}`;
  const r = await tx.query<{ 'QUERY PLAN': unknown }>(sql, params.values);
  const raw = r.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The request's statement under EXPLAIN (PostgREST's explainF): FORMAT JSON gives one value, FORMAT
 * TEXT one line per row. With ANALYZE the statement runs, as EXPLAIN ANALYZE does.
 */
export async function explain(tx: Queryable, plan: PlanRequest, sql: string, params: SqlParams): Promise<RestResult> {
  const opts = [`FORMAT ${plan.format.toUpperCase()}`, ...plan.options.map((o) => o.toUpperCase())].join(', ');
  const rows = (await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (${opts}) ${sql}`, params.values)).rows;
  const values = rows.map((r) => r['QUERY PLAN']);
  const body = plan.format === 'json' ? (typeof values[0] === 'string' ? values[0] : JSON.stringify(values[0])) : values.join('\n');
  return { status: 200, body, headers: { 'content-type': plan.contentType } };
}

/**
 * A read's statement, built from the request alone: its query string, Prefer, Accept and Range (and
 * the schema cache and settings it was built with). It holds no caller: the same statement serves
 * every role, RLS deciding the rows. The REST service keeps it for the next identical request.
 */
export interface CompiledRead {
  sql: string;
  values: unknown[];
  offset: number;
  /** The select may commit the transaction with it (one round trip on Postgres). */
  last: boolean;
}

export function compileRead(call: RestCall, src: ReadSource): CompiledRead {
  const { root } = src;
  const { offset, limit } = page(call, root);
  const params = new SqlParams();
  const cte = callCte(src, params);
  const from = src.from(params);
  const where = whereSql(root, null, params);
  const { list, groupBy } = selectSql(root, params);
  const main = `SELECT ${list} FROM ${from} WHERE ${where}${groupBy}${orderSql(root, params)}${pageSql(limit, offset, params)}`;
  const exact = call.prefs.count === 'exact' || call.prefs.count === 'estimated';
  // count=estimated counts exactly only up to db-max-rows + 1 rows (PostgREST's limited count query), then
  // the planner's estimate replaces it: a filter matching a million rows never counts them all.
  const countLimit = call.prefs.count === 'estimated' ? ` LIMIT ${call.maxRows + 1}` : '';
  // A function returning one value or row counts as one row (PostgREST's pageCountSelectF).
  const countSql = !exact
    ? 'NULL::text'
    : src.singular
      ? 'pg_catalog.count(*)::text'
      : countLimit
        ? `(SELECT pg_catalog.count(*) FROM (SELECT 1 FROM ${from} WHERE ${where}${countLimit}) pgrst_limited)::text`
        : `(SELECT pg_catalog.count(*) FROM ${from} WHERE ${where})::text`;
  const sql = `WITH ${cte}pgrst_source AS (${main}) SELECT ${countSql} AS total, pg_catalog.count(*)::int AS page, ${bodyExpr(call, src)} AS body FROM pgrst_source`;
  // Unless a planned count follows or the request asked to roll back, nothing else runs in the transaction.
  const last = src.commitsWithSelect === true && !call.rollback && call.prefs.count !== 'planned' && call.prefs.count !== 'estimated';
  return { sql, values: params.values, offset, last };
}

export async function runRead(tx: Queryable, call: RestCall, src: ReadSource, compiled: CompiledRead = compileRead(call, src)): Promise<RestResult & { page: number }> {
  const { sql, values, offset, last } = compiled;
  if (call.accept.plan) {
    const params = new SqlParams();
    params.values.push(...values);
    return { ...(await explain(tx, call.accept.plan, sql, params)), page: 0 };
  }
  const row = (await tx.query<ReadRow>(sql, values, { last, prepare: true })).rows[0];
  let total = row.total === null ? null : Number(row.total);
  if (call.prefs.count === 'planned' || (call.prefs.count === 'estimated' && total !== null && total > call.maxRows)) {
    total = await plannedCount(tx, src);
  }
  const headers: Record<string, string> = { 'content-range': contentRange(offset, row.page, total), 'content-type': call.accept.contentType };
  if (src.singular) return { status: 200, body: call.method === 'HEAD' ? null : (row.body ?? 'null'), headers, page: row.page };
  if (call.accept.media === 'object' && row.page !== 1) throw singularError(row.page);
  if (total !== null && offset > 0 && offset >= total && row.page === 0) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`, null, {
      'content-range': `*/${total}`,
    });
  }
  const status = total !== null && row.page < total ? 206 : 200;
  const body: string | null = row.body ?? '[]';
  return { status, body: call.method === 'HEAD' ? null : body, headers, page: row.page };
}
