/**
 * postgres_changes filters exactly as Supabase Realtime parses them (Extensions.PostgresCdcRls.
 * Subscriptions.parse_subscription_params) and as walrus evaluates them
 * (realtime.is_visible_through_filters / check_equality_op), re-done in TypeScript so that a change
 * is matched against every binding without a database round trip.
 */

export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface ParsedFilter {
  column: string;
  op: FilterOp;
  /** As Supabase stores it: `in` values as a Postgres array literal '{a,b}', quotes removed from scalars. */
  value: string;
  negate: boolean;
}

export class FilterParseError extends Error {}

/** Elixir's `inspect` of a list of strings, which Supabase puts in its parse errors. */
function inspectList(items: string[]): string {
  return '[' + items.map((s) => JSON.stringify(s)).join(', ') + ']';
}

/** Splits on commas outside parentheses and outside double quotes (a quote opens after '.', '(' or ','). */
function splitTopLevel(filter: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i];
    if (quoted) {
      if (ch === '\\' && i + 1 < filter.length) {
        current += ch + filter[i + 1];
        prev = filter[i + 1];
        i++;
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
      prev = ch;
      continue;
    }
    if (ch === '"' && (prev === '.' || prev === '(' || prev === ',')) quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      prev = '';
      continue;
    }
    current += ch;
    prev = ch;
  }
  parts.push(current);
  return parts;
}

function unquoteValue(value: string): string {
  if (!value.startsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      out += value[i + 1];
      i++;
    } else if (ch === '"') {
      return i === value.length - 1 ? out : value;
    } else out += ch;
  }
  return value;
}

function parseSegment(segment: string): ParsedFilter {
  const trimmed = segment.trim();
  if (trimmed === '') throw new FilterParseError('filter must not contain empty segments (check for extra commas)');
  const eq = trimmed.indexOf('=');
  if (eq < 0) throw new FilterParseError(inspectList([trimmed]));
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot < 0) throw new FilterParseError(inspectList([rest]));
  const op = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  if (!(FILTER_OPS as readonly string[]).includes(op)) throw new FilterParseError(inspectList([op, raw]));
  if (op === 'in') {
    if (raw.length < 2 || !raw.startsWith('(') || !raw.endsWith(')')) throw new FilterParseError('`in` filter value must be wrapped by parentheses');
    return { column, op, value: '{' + raw.slice(1, -1) + '}', negate };
  }
  return { column, op: op as FilterOp, value: unquoteValue(raw), negate };
}

/** Parses a binding's filter; throws FilterParseError with the text Supabase puts after "Error parsing `filter` params: ". */
export function parseFilter(filter: string | undefined): ParsedFilter[] {
  if (filter === undefined) return [];
  const trimmed = filter.trim();
  if (trimmed === '') return [];
  return splitTopLevel(trimmed).map(parseSegment);
}

/** Elements of a one-dimensional Postgres array literal ('{a,"b,c",NULL}'); NULL becomes null. */
export function parseArrayLiteral(literal: string): (string | null)[] {
  const body = literal.trim().replace(/^\{/, '').replace(/\}$/, '');
  const out: (string | null)[] = [];
  let i = 0;
  while (i <= body.length) {
    while (i < body.length && body[i] === ' ') i++;
    if (body[i] === '"') {
      let v = '';
      i++;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === '\\' && i + 1 < body.length) i++;
        v += body[i];
        i++;
      }
      out.push(v);
      i++;
      while (i < body.length && body[i] !== ',') i++;
    } else {
      let end = body.indexOf(',', i);
      if (end < 0) end = body.length;
      const v = body.slice(i, end).trim();
      if (v === '' && end === body.length && out.length === 0) break;
      out.push(v.toUpperCase() === 'NULL' ? null : v);
      i = end;
    }
    i++;
  }
  return out;
}

const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const TIME_TYPES = new Set(['timestamptz', 'timestamp', 'date']);

/** A sortable number for a timestamp/date text: microseconds since the epoch (UTC when no offset). */
function timeKey(text: string): number | null {
  const m = /^(\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(text.trim());
  if (!m) {
    const t = Date.parse(text);
    return Number.isNaN(t) ? null : t * 1000;
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0')) * 60_000;
  }
  return ms * 1000 + Number(frac.padEnd(6, '0') || '0');
}

function parseBool(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (['t', 'true', 'y', 'yes', 'on', '1'].includes(t)) return true;
  if (['f', 'false', 'n', 'no', 'off', '0'].includes(t)) return false;
  return null;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** -1, 0, 1 as Postgres would order the column value and the filter's literal; null when incomparable. */
function compare(type: string, value: unknown, literal: string): number | null {
  if (NUMERIC_TYPES.has(type)) {
    const a = typeof value === 'number' ? value : Number(value);
    const b = Number(literal);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type === 'bool') {
    const b = parseBool(literal);
    if (b === null || typeof value !== 'boolean') return null;
    return value === b ? 0 : value ? 1 : -1;
  }
  if (TIME_TYPES.has(type)) {
    const a = timeKey(asText(value));
    const b = timeKey(literal);
    if (a === null || b === null) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  let a = asText(value);
  let b = literal;
  if (type === 'uuid' || type === 'citext') {
    a = a.toLowerCase();
    b = b.toLowerCase();
  } else if (type === 'bpchar') {
    a = a.trimEnd();
    b = b.trimEnd();
  } else if (type === 'json' || type === 'jsonb') {
    try {
      b = JSON.stringify(JSON.parse(b));
    } catch {
      return null;
    }
  }
  return a === b ? 0 : a < b ? -1 : 1;
}

function likeToRegExp(pattern: string, insensitive: boolean): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) {
      re += pattern[++i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else if (ch === '%') re += '.*';
    else if (ch === '_') re += '.';
    else re += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp('^' + re + '$', insensitive ? 'is' : 's');
}

/** check_equality_op: true, false, or null (SQL NULL). */
function check(f: ParsedFilter, type: string, value: unknown): boolean | null {
  const isNull = value === null || value === undefined;
  if (f.op === 'is') {
    let res: boolean;
    if (f.value === 'null' || f.value === 'unknown') res = isNull;
    else res = value === (f.value === 'true');
    return f.negate ? !res : res;
  }
  if (f.op === 'isdistinct') {
    const res = isNull ? true : compare(type, value, f.value) !== 0;
    return f.negate ? !res : res;
  }
  if (isNull) return null;
  let res: boolean | null;
  switch (f.op) {
    case 'eq':
    case 'neq':
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const c = compare(type, value, f.value);
      if (c === null) return null;
      res = { eq: c === 0, neq: c !== 0, lt: c < 0, lte: c <= 0, gt: c > 0, gte: c >= 0 }[f.op];
      break;
    }
    case 'in': {
      const items = parseArrayLiteral(f.value);
      res = items.some((item) => item !== null && compare(type, value, item) === 0) ? true : items.includes(null) ? null : false;
      break;
    }
    case 'like':
    case 'ilike':
      res = likeToRegExp(f.value, f.op === 'ilike').test(asText(value));
      break;
    case 'match':
    case 'imatch':
      try {
        res = new RegExp(f.value, f.op === 'imatch' ? 'i' : '').test(asText(value));
      } catch {
        res = null;
      }
      break;
  }
  if (res === null) return null;
  return f.negate ? !res : res;
}

/**
 * is_visible_through_filters: every filter must name a column present in the row and hold for its
 * value (a NULL result fails); no filters pass everything.
 */
export function passesFilters(filters: ParsedFilter[], row: Record<string, unknown> | null, types: ReadonlyMap<string, string>): boolean {
  if (filters.length === 0) return true;
  if (!row) return false;
  return filters.every((f) => Object.prototype.hasOwnProperty.call(row, f.column) && check(f, types.get(f.column) ?? 'text', row[f.column]) === true);
}
