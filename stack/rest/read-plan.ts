import { RestError } from './errors.ts';
import {
  parseCount,
  parseFilter,
  parseLogic,
  parseOrder,
  type ColumnItem,
  type Condition,
  type OrderTerm,
  type SelectItem,
  type StarItem,
} from './query-parser.ts';
import { findRelationship, isToOne } from './relationships.ts';
import type { Relationship, SchemaCache, Table } from './schema-cache.ts';

/** One resource of a read: the root table (or function result) and each embedded resource. */
export interface ReadNode {
  table: Table;
  /** SQL alias, generated: pgrst_0, pgrst_1 ... */
  alias: string;
  /** Key in the JSON output and in `embed.col=` query keys. */
  key: string;
  relation: Relationship | null;
  toOne: boolean;
  inner: boolean;
  spread: boolean;
  items: Array<StarItem | ColumnItem | { kind: 'embed'; node: ReadNode }>;
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  children: ReadNode[];
  /** `embed(count)`: the embedded resource is the count of its rows, `[{"count": n}]`. */
  countOnly?: { alias: string };
  /** 0 for the root, 1 for its embeds, and so on. */
  depth: number;
}

/**
 * The name PostgREST's SQL gives a node's relation, which Postgres's errors quote: the root by its
 * own name, an embedded resource as `<table>_<depth>` (`column clients_1.nope does not exist`).
 */
export function sqlName(node: ReadNode): string {
  return node.depth === 0 ? node.table.name : `${node.table.name}_${node.depth}`;
}

/**
 * PostgREST joins each embedded resource under `<parent table>_<alias or name>_<depth>`: two embeds of
 * one parent under the same name (say `users!first_user(*),users!second_user(*)`, no aliases) reach
 * Postgres as the same table name twice, which it refuses (42712).
 */
function sameNameTwice(parent: ReadNode): RestError | null {
  const seen = new Set<string>();
  for (const child of parent.children) {
    if (seen.has(child.key)) {
      return new RestError(400, '42712', `table name "${parent.table.name}_${child.key}_${child.depth}" specified more than once`);
    }
    seen.add(child.key);
  }
  return null;
}

/** Supabase runs PostgREST without db-aggregates-enabled: `col.sum()`, `count()` ... are refused. */
export function aggregatesNotAllowed(): RestError {
  return new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}

/** `embed(count)` (PostgREST's related count), unless the embedded table has a column named count. */
function relatedCount(table: Table, select: SelectItem[]): { alias: string } | null {
  if (select.length !== 1) return null;
  const item = select[0];
  if (item.kind !== 'column' || item.aggregate || item.cast || item.field.name !== 'count' || item.field.jsonPath.length > 0) return null;
  if (table.columns.has('count')) return null;
  return { alias: item.alias ?? 'count' };
}

export interface QueryParams {
  select: SelectItem[];
  /** Query keys not consumed as select/order/limit/offset/logic/filters (on_conflict, columns, rpc args). */
  rest: Map<string, string>;
}

export const RESERVED_KEYS = new Set(['select', 'columns', 'on_conflict', 'apikey']);

/** Plan-wide state: the alias counter, and whether aggregates are enabled (db-aggregates-enabled). */
export interface PlanState {
  n: number;
  aggregates?: boolean;
}

export function buildNode(cache: SchemaCache, table: Table, select: SelectItem[], counter: PlanState, key = table.name, depth = 0): ReadNode {
  const node: ReadNode = {
    depth,
    table,
    alias: `pgrst_${counter.n++}`,
    key,
    relation: null,
    toOne: false,
    inner: false,
    spread: false,
    items: [],
    conditions: [],
    order: [],
    children: [],
  };
  for (const item of select) {
    if (item.kind !== 'embed') {
      if (item.kind === 'column' && item.aggregate && !counter.aggregates) throw aggregatesNotAllowed();
      node.items.push(item);
      continue;
    }
    const rel = findRelationship(cache, table, item.name, item.hint);
    const count = relatedCount(rel.target, item.select);
    const child = buildNode(cache, rel.target, count ? [] : item.select, counter, item.alias ?? item.name, depth + 1);
    if (count) child.countOnly = count;
    child.relation = rel;
    child.toOne = isToOne(rel);
    child.inner = item.joinType === 'inner';
    child.spread = item.spread;
    node.children.push(child);
    node.items.push({ kind: 'embed', node: child });
  }
  const duplicate = sameNameTwice(node);
  if (duplicate) throw duplicate;
  return node;
}

function notEmbedded(path: string): RestError {
  return new RestError(
    400,
    'PGRST108',
    `'${path}' is not an embedded resource in this request`,
    null,
    `Verify that '${path}' is included in the 'select' query parameter.`,
  );
}

function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const seg of path) {
    const next = node.children.find((c) => c.key === seg);
    if (!next) throw notEmbedded(seg);
    node = next;
  }
  return node;
}

/**
 * Spreads the query string over the plan: filters, logic trees, order, limit and offset, each to the
 * resource its key path names (`order`, `clients.order`, `clients.projects.name`). Keys in `skip`
 * (function arguments) are left alone.
 */
export function applyQueryParams(root: ReadNode, params: URLSearchParams, skip: Set<string> = new Set()): void {
  for (const [key, value] of params) {
    if (RESERVED_KEYS.has(key) || skip.has(key)) continue;
    const segs = key.split('.');
    const last = segs[segs.length - 1];
    if (last === 'order') {
      nodeAt(root, segs.slice(0, -1)).order = parseOrder(value);
    } else if (last === 'limit') {
      nodeAt(root, segs.slice(0, -1)).limit = parseCount('limit', value);
    } else if (last === 'offset') {
      nodeAt(root, segs.slice(0, -1)).offset = parseCount('offset', value);
    } else if (last === 'or' || last === 'and') {
      const negated = segs.length > 1 && segs[segs.length - 2] === 'not';
      const path = segs.slice(0, negated ? -2 : -1);
      nodeAt(root, path).conditions.push(parseLogic(last, negated, value));
    } else {
      nodeAt(root, segs.slice(0, -1)).conditions.push(parseFilter(last, value));
    }
  }
}
