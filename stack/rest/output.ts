import { RestError } from './errors.ts';

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

/** PostgREST's CSV: a header line of the selected names, then one line per row. */
export function jsonArrayToCsv(json: string): string {
  const rows = JSON.parse(json) as Array<Record<string, unknown>>;
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]);
  return [keys.map(csvCell).join(','), ...rows.map((r) => keys.map((k) => csvCell(r[k])).join(','))].join('\n');
}

export function singularError(rows: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

export function contentRange(offset: number, rows: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return rows > 0 ? `${offset}-${offset + rows - 1}/${t}` : `*/${t}`;
}
