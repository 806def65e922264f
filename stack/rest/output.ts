import type { RestCall } from './context.ts';
import { RestError } from './errors.ts';

/**
 * PostgREST's CSV, built by Postgres as PostgREST builds it (SqlFragment.asCsvF): a header of the
 * first row's keys, then each row's record text without its parentheses. So every value is in its
 * PostgreSQL text form (jsonb with its spaces, booleans as t/f) and quoted as record output quotes
 * it (values with commas, quotes, spaces or parentheses; empty strings as ""; nulls empty).
 * `source` must be a relation name (a CTE) the header can read again.
 */
export function csvBodySql(source: string): string {
  const header = `(SELECT coalesce(string_agg(pgrst_h.k, ','), '') FROM (SELECT json_object_keys(pgrst_h.r)::text AS k FROM (SELECT row_to_json(pgrst_hh) AS r FROM ${source} AS pgrst_hh LIMIT 1) AS pgrst_h) AS pgrst_h)`;
  const rows = `coalesce(string_agg(substring(${source}::text, 2, length(${source}::text) - 2), E'\\n'), '')`;
  return `(${header} || E'\\n' || ${rows})`;
}

/** The response body as text: a JSON array, one object (`singular`), or CSV, aggregated over `source`. */
export function bodySql(call: RestCall, source: string, opts: { singular?: boolean; value?: string } = {}): string {
  if (call.accept.media === 'csv') return csvBodySql(source);
  const value = opts.value ?? source;
  const agg = opts.singular || call.accept.media === 'object' ? `(json_agg(${value})->0)` : `coalesce(json_agg(${value}), '[]')`;
  return `${call.accept.stripNulls ? `json_strip_nulls(${agg})` : agg}::text`;
}

export function singularError(rows: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

export function contentRange(offset: number, rows: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return rows > 0 ? `${offset}-${offset + rows - 1}/${t}` : `*/${t}`;
}
