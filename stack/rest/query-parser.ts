import { parseError, RestError } from './errors.ts';

/**
 * PostgREST's query-string grammar (select, filters, logic trees, order), parsed into plain data.
 * Nothing here touches the schema: names are checked against the schema cache later.
 */

export interface JsonPathStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  jsonPath: JsonPathStep[];
}

export interface StarItem {
  kind: 'star';
}
export type AggregateName = 'count' | 'sum' | 'avg' | 'max' | 'min';
const AGGREGATES = new Set<string>(['count', 'sum', 'avg', 'max', 'min']);

export interface ColumnItem {
  kind: 'column';
  field: FieldRef;
  alias?: string;
  /** `col::type`, or for an aggregate the cast of its result (`col.avg()::int`). */
  cast?: string;
  /** PostgREST 12's `col.sum()`, `count()`: refused unless aggregates are enabled (db_aggregates_enabled). */
  aggregate?: AggregateName;
  /** `col::type.sum()`: the cast of the aggregated column, before the aggregate. */
  aggregateInputCast?: string;
}
export interface EmbedItem {
  kind: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  joinType?: 'inner' | 'left';
  spread: boolean;
  select: SelectItem[];
}
export type SelectItem = StarItem | ColumnItem | EmbedItem;

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];
const OPERATOR_SET = new Set<string>(OPERATORS);
const QUANTIFIABLE = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

export interface Filter {
  kind: 'filter';
  field: FieldRef;
  negated: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  /** Text search configuration of fts(config). */
  config?: string;
  /** The raw value; for `in` the parsed list. */
  value: string | string[];
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negated: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  /** order=embed(col).desc: a column of an embedded to-one resource. */
  relation?: string;
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const OPERATOR_LIST = 'operator (eq, gt, ...)';

class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t' || this.peek() === '\n') this.pos++;
  }
  fail(expecting: string): never {
    const got = this.done ? 'end of input' : `"${this.peek()}"`;
    throw parseError(this.what, this.text, this.pos + 1, `unexpected ${got} expecting ${expecting}`);
  }
  expect(s: string, expecting = `"${s}"`): void {
    if (!this.startsWith(s)) this.fail(expecting);
    this.pos += s.length;
  }
}

/** PostgREST's unquoted names: letters, digits, `_`, `$` and dashes that do not start a json arrow. */
function isNameChar(c: string, next: string): boolean {
  if (c === '-') return next !== '>';
  return c !== '' && /[\p{L}\p{N}_$]/u.test(c);
}

function quoted(cur: Cursor): string {
  cur.expect('"');
  let out = '';
  while (!cur.done && cur.peek() !== '"') {
    if (cur.peek() === '\\' && cur.pos + 1 < cur.text.length) cur.pos++;
    out += cur.peek();
    cur.pos++;
  }
  cur.expect('"', 'closing quote');
  return out;
}

function name(cur: Cursor, expecting = 'field name (* or [a..z0..9_$])'): string {
  if (cur.peek() === '"') return quoted(cur);
  const start = cur.pos;
  while (isNameChar(cur.peek(), cur.peek(1))) cur.pos++;
  if (cur.pos === start) cur.fail(expecting);
  return cur.text.slice(start, cur.pos);
}

function jsonPath(cur: Cursor): JsonPathStep[] {
  const steps: JsonPathStep[] = [];
  while (cur.startsWith('->')) {
    const arrow = cur.startsWith('->>') ? '->>' : '->';
    cur.pos += arrow.length;
    let key: string;
    if (cur.peek() === '-' && /[0-9]/.test(cur.peek(1))) {
      cur.pos++;
      key = '-' + name(cur, 'json key or index');
    } else key = name(cur, 'json key or index');
    steps.push({ arrow, key });
  }
  return steps;
}

function field(cur: Cursor): FieldRef {
  const n = name(cur);
  return { name: n, jsonPath: jsonPath(cur) };
}

function selectList(cur: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  for (;;) {
    cur.skipSpaces();
    items.push(selectItem(cur));
    cur.skipSpaces();
    if (cur.peek() === ',') {
      cur.pos++;
      continue;
    }
    if (nested && cur.peek() === ')') return items;
    if (!nested && cur.done) return items;
    cur.fail(nested ? '"," or ")"' : '"," or end of input');
  }
}

function selectItem(cur: Cursor): SelectItem {
  if (cur.peek() === '*') {
    cur.pos++;
    return { kind: 'star' };
  }
  let spread = false;
  if (cur.startsWith('...')) {
    spread = true;
    cur.pos += 3;
  }
  let first = name(cur);
  let alias: string | undefined;
  if (cur.peek() === ':' && cur.peek(1) !== ':') {
    cur.pos++;
    alias = first;
    first = name(cur);
  }
  if (!spread && first === 'count' && cur.startsWith('()')) {
    cur.pos += 2;
    return { kind: 'column', field: { name: '*', jsonPath: [] }, alias, cast: castSuffix(cur), aggregate: 'count' };
  }
  if (cur.peek() === '!' || cur.peek() === '(') {
    let hint: string | undefined;
    let joinType: 'inner' | 'left' | undefined;
    while (cur.peek() === '!') {
      cur.pos++;
      const h = name(cur, 'hint or join type');
      if (h === 'inner' || h === 'left') joinType = h;
      else if (hint === undefined) hint = h;
      else cur.fail('"(" after the hint');
    }
    cur.expect('(');
    cur.skipSpaces();
    const select: SelectItem[] = cur.peek() === ')' ? [] : selectList(cur, true);
    cur.expect(')');
    return { kind: 'embed', name: first, alias, hint, joinType, spread, select };
  }
  if (spread) cur.fail('"(" after a spread resource');
  const path = jsonPath(cur);
  const cast = castSuffix(cur);
  const agg = /^\.([a-z]+)\(\)/.exec(cur.text.slice(cur.pos));
  if (agg && AGGREGATES.has(agg[1])) {
    cur.pos += agg[0].length;
    const outer = castSuffix(cur);
    const item: ColumnItem = { kind: 'column', field: { name: first, jsonPath: path }, alias, cast: outer, aggregate: agg[1] as AggregateName };
    if (cast) item.aggregateInputCast = cast;
    return item;
  }
  return { kind: 'column', field: { name: first, jsonPath: path }, alias, cast };
}

function castSuffix(cur: Cursor): string | undefined {
  if (!cur.startsWith('::')) return undefined;
  cur.pos += 2;
  const start = cur.pos;
  while (/[A-Za-z0-9_]/.test(cur.peek())) cur.pos++;
  if (cur.pos === start) cur.fail('type name for the cast');
  return cur.text.slice(start, cur.pos);
}

export function parseSelect(text: string): SelectItem[] {
  const cur = new Cursor(text, 'select parameter');
  if (text.trim() === '') return [{ kind: 'star' }];
  return selectList(cur, false);
}

/** `[not.]op[(mod)].value` for a field given by the query key. */
export function parseFilter(fieldText: string, value: string): Filter {
  const fcur = new Cursor(fieldText, 'filter');
  const f = field(fcur);
  if (!fcur.done) fcur.fail('end of field');
  return parseOperation(new Cursor(value, 'filter'), f, false);
}

function parseOperation(cur: Cursor, f: FieldRef, inLogic: boolean): Filter {
  let negated = false;
  if (cur.startsWith('not.')) {
    negated = true;
    cur.pos += 4;
  }
  const start = cur.pos;
  while (/[a-z]/.test(cur.peek())) cur.pos++;
  const op = cur.text.slice(start, cur.pos);
  if (!OPERATOR_SET.has(op)) {
    cur.pos = start;
    cur.fail(negated ? OPERATOR_LIST : `"not" or ${OPERATOR_LIST}`);
  }
  let quantifier: 'any' | 'all' | undefined;
  let config: string | undefined;
  if (cur.peek() === '(') {
    cur.pos++;
    const mStart = cur.pos;
    while (!cur.done && cur.peek() !== ')') cur.pos++;
    const mod = cur.text.slice(mStart, cur.pos);
    cur.expect(')');
    if (FTS.has(op) && /^[A-Za-z0-9_]+$/.test(mod)) config = mod;
    else if (QUANTIFIABLE.has(op) && (mod === 'any' || mod === 'all')) quantifier = mod;
    else {
      cur.pos = mStart;
      cur.fail(FTS.has(op) ? 'text search configuration' : '"any" or "all"');
    }
  }
  cur.expect('.');
  const raw = inLogic ? logicValue(cur) : cur.text.slice(cur.pos);
  if (!inLogic) cur.pos = cur.text.length;
  const filter: Filter = { kind: 'filter', field: f, negated, op: op as Operator, value: raw };
  if (quantifier) {
    filter.quantifier = quantifier;
    filter.value = parseList(raw, '{', '}', cur);
  }
  if (config) filter.config = config;
  if (op === 'in') filter.value = parseList(raw, '(', ')', cur);
  if (op === 'is' && !IS_VALUES.has(raw.toLowerCase())) {
    throw parseError(cur.what, cur.text, cur.pos + 1, 'unexpected value expecting null or trilean value (unknown, true, false)');
  }
  return filter;
}

/** A value inside a logic tree ends at a top-level "," or ")"; quotes and brackets nest. */
function logicValue(cur: Cursor): string {
  if (cur.peek() === '"') return quoted(cur);
  const start = cur.pos;
  let depth = 0;
  let inQuote = false;
  while (!cur.done) {
    const c = cur.peek();
    if (inQuote) {
      if (c === '\\') cur.pos++;
      else if (c === '"') inQuote = false;
    } else if (c === '"') inQuote = true;
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
    } else if (c === ',' && depth === 0) break;
    cur.pos++;
  }
  return cur.text.slice(start, cur.pos);
}

/** `(a,"b,c",d)` / `{a,b}` -> items, double quotes protecting reserved characters. */
export function parseList(raw: string, open: string, close: string, at: Cursor | null = null): string[] {
  if (!raw.startsWith(open) || !raw.endsWith(close) || raw.length < 2) {
    throw parseError(at?.what ?? 'filter', at?.text ?? raw, (at?.pos ?? 0) + 1, `unexpected value expecting "${open}"`);
  }
  const inner = raw.slice(1, -1);
  if (inner === '') return [];
  const out: string[] = [];
  let i = 0;
  while (i <= inner.length) {
    if (inner[i] === '"') {
      let v = '';
      i++;
      while (i < inner.length && inner[i] !== '"') {
        if (inner[i] === '\\' && i + 1 < inner.length) i++;
        v += inner[i];
        i++;
      }
      i++;
      out.push(v);
      while (i < inner.length && inner[i] !== ',') i++;
    } else {
      let j = i;
      while (j < inner.length && inner[j] !== ',') j++;
      out.push(inner.slice(i, j).trim());
      i = j;
    }
    i++;
  }
  return out;
}

/** `(cond,cond,...)` for the value of or=, and=, not.or=, embed.and= ... */
export function parseLogic(op: 'and' | 'or', negated: boolean, value: string): LogicTree {
  const cur = new Cursor(value, 'logic tree');
  const tree = logicBody(cur, op, negated);
  if (!cur.done) cur.fail('end of input');
  return tree;
}

function logicBody(cur: Cursor, op: 'and' | 'or', negated: boolean): LogicTree {
  cur.expect('(');
  const children: Condition[] = [];
  for (;;) {
    cur.skipSpaces();
    children.push(logicItem(cur));
    cur.skipSpaces();
    if (cur.peek() === ',') {
      cur.pos++;
      continue;
    }
    cur.expect(')', '"," or ")"');
    return { kind: 'logic', op, negated, children };
  }
}

function logicItem(cur: Cursor): Condition {
  let negated = false;
  const save = cur.pos;
  if (cur.startsWith('not.')) {
    negated = true;
    cur.pos += 4;
  }
  for (const op of ['and', 'or'] as const) {
    if (cur.startsWith(op + '(')) {
      cur.pos += op.length;
      return logicBody(cur, op, negated);
    }
  }
  cur.pos = save;
  const f = field(cur);
  cur.expect('.', '"." after the field name');
  return parseOperation(cur, f, true);
}

export function parseOrder(text: string): OrderTerm[] {
  const cur = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    cur.skipSpaces();
    const first = name(cur);
    const term: OrderTerm = { field: { name: first, jsonPath: [] } };
    if (cur.peek() === '(') {
      cur.pos++;
      term.relation = first;
      term.field = field(cur);
      cur.expect(')');
    } else term.field.jsonPath = jsonPath(cur);
    while (cur.peek() === '.') {
      cur.pos++;
      const start = cur.pos;
      while (/[a-z]/.test(cur.peek())) cur.pos++;
      const mod = cur.text.slice(start, cur.pos);
      if ((mod === 'asc' || mod === 'desc') && !term.direction && !term.nulls) term.direction = mod;
      else if ((mod === 'nullsfirst' || mod === 'nullslast') && !term.nulls) term.nulls = mod === 'nullsfirst' ? 'first' : 'last';
      else {
        cur.pos = start;
        cur.fail('"asc", "desc", "nullsfirst" or "nullslast"');
      }
    }
    terms.push(term);
    cur.skipSpaces();
    if (cur.done) return terms;
    cur.expect(',', '"," or end of input');
  }
}

/** limit / offset: non-negative integers. */
export function parseCount(key: string, value: string): number {
  if (!/^\d+$/.test(value)) {
    throw new RestError(400, 'PGRST100', `"failed to parse ${key} (${value})" (line 1, column 1)`, 'unexpected value expecting a non-negative integer');
  }
  return Number(value);
}

/** `on_conflict` and `columns`: a comma-separated list of (optionally quoted) names. */
export function parseNameList(what: string, text: string): string[] {
  const cur = new Cursor(text, what);
  const out: string[] = [];
  for (;;) {
    cur.skipSpaces();
    out.push(name(cur, 'column name'));
    cur.skipSpaces();
    if (cur.done) return out;
    cur.expect(',', '"," or end of input');
  }
}
