import { RestError } from './errors.ts';
import type { ColumnItem, Condition, FieldRef, Filter, OrderTerm } from './query-parser.ts';
import { sqlName, type ReadNode } from './read-plan.ts';
import { quoteIdent, type Column, type Table } from './schema-cache.ts';

/** Bound parameters of one statement: every request value goes through here, never into SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** A value typed by the catalog: sent as text, converted by the type's input function (so `eq.abc` on an int is 22P02). */
  typed(value: string, type: string): string {
    return `${this.add(value)}::text::${type}`;
  }
}

export function qualified(t: { schema: string; name: string }): string {
  return `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
}

export function unknownColumn(relation: string, name: string): RestError {
  return new RestError(400, '42703', `column ${relation}.${name} does not exist`);
}

/** A column of a table; `relation` is the name an error quotes (an embedded node's `<table>_<depth>`). */
export function column(table: Table, name: string, relation = table.name): Column {
  const c = table.columns.get(name);
  if (!c) throw unknownColumn(relation, name);
  return c;
}

/**
 * A column or a computed field of a node, as SQL. A computed field is called with the row cast to the
 * relation's type, so that it also applies to a function's result read back from a CTE (whose rows
 * are anonymous records); on a table's own alias the cast changes nothing.
 */
function columnOrComputed(node: ReadNode, name: string): { sql: string; col: Column } {
  const fn = node.table.columns.has(name) ? undefined : node.table.computedFields?.get(name);
  if (!fn) {
    const col = column(node.table, name, sqlName(node));
    return { sql: `${node.alias}.${quoteIdent(col.name)}`, col };
  }
  const col: Column = {
    name,
    type: fn.returnType,
    arrayType: null,
    typeName: fn.returnTypeName,
    nullable: true,
    defaultExpr: null,
    identity: false,
    generated: false,
  };
  return { sql: `${qualified(fn)}(${node.alias}::${qualified(node.table)})`, col };
}

/** A PG array literal: elements double-quoted, so commas, braces and quotes in values stay data. */
export function arrayLiteral(items: string[]): string {
  return '{' + items.map((v) => '"' + v.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"').join(',') + '}';
}

interface Expr {
  sql: string;
  /** Type to cast compared values to, and its array type. */
  type: string;
  arrayType: string;
  isTsvector: boolean;
}

const TEXT = 'pg_catalog.text';

function fieldExpr(node: ReadNode, f: FieldRef, params: SqlParams): Expr {
  const found = columnOrComputed(node, f.name);
  const col = found.col;
  let sql = found.sql;
  if (f.jsonPath.length === 0) {
    return { sql, type: col.type, arrayType: col.arrayType ?? `${TEXT}[]`, isTsvector: col.typeName === 'tsvector' };
  }
  for (const step of f.jsonPath) {
    const key = /^-?\d+$/.test(step.key) ? `${params.add(step.key)}::int` : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  const lastText = f.jsonPath[f.jsonPath.length - 1].arrow === '->>';
  const jsonType = col.typeName === 'json' ? 'pg_catalog.json' : 'pg_catalog.jsonb';
  return lastText
    ? { sql, type: TEXT, arrayType: `${TEXT}[]`, isTsvector: false }
    : { sql, type: jsonType, arrayType: `${jsonType}[]`, isTsvector: false };
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  // nxl: "does not extend to the left of", nxr: "does not extend to the right of" (PostgREST's operator table).
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
};
const TS_FUNCTIONS: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const IS_SQL: Record<string, string> = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' };

function filterSql(node: ReadNode, f: Filter, params: SqlParams): string {
  // `embed=is.null` / `embed=not.is.null`: whether the embedded resource exists (PostgREST's null filtering on embeds).
  const child = node.children.find((c) => c.key === f.field.name);
  if (child && !node.table.columns.has(f.field.name) && f.op === 'is' && f.field.jsonPath.length === 0) {
    const v = String(f.value).toLowerCase();
    if (v === 'null' || v === 'not_null') {
      const exists = existsSql(child, node, params);
      const wantNull = (v === 'null') !== f.negated;
      return wantNull ? `NOT ${exists}` : exists;
    }
  }
  const e = fieldExpr(node, f.field, params);
  const raw = f.value;
  let sql: string;
  if (f.op === 'is') sql = `${e.sql} IS ${IS_SQL[String(raw).toLowerCase()]}`;
  else if (f.op === 'isdistinct') sql = `${e.sql} IS DISTINCT FROM ${params.typed(String(raw), e.type)}`;
  else if (f.op === 'in') sql = `${e.sql} = ANY(${params.typed(arrayLiteral(raw as string[]), e.arrayType)})`;
  else if (f.op in TS_FUNCTIONS) {
    const cfg = f.config ? `${params.add(f.config)}::text::pg_catalog.regconfig, ` : '';
    const vector = e.isTsvector ? e.sql : `to_tsvector(${cfg}${e.sql})`;
    sql = `${vector} @@ ${TS_FUNCTIONS[f.op]}(${cfg}${params.add(String(raw))}::text)`;
  } else {
    const op = COMPARISON[f.op];
    const textual = f.op === 'like' || f.op === 'ilike' || f.op === 'match' || f.op === 'imatch';
    const pattern = (v: string) => (f.op === 'like' || f.op === 'ilike' ? v.replace(/\*/g, '%') : v);
    if (f.quantifier) {
      const items = (raw as string[]).map(pattern);
      const arr = textual ? params.typed(arrayLiteral(items), `${TEXT}[]`) : params.typed(arrayLiteral(items), e.arrayType);
      sql = `${e.sql} ${op} ${f.quantifier.toUpperCase()}(${arr})`;
    } else {
      const value = textual ? `${params.add(pattern(String(raw)))}::text` : params.typed(String(raw), e.type);
      sql = `${e.sql} ${op} ${value}`;
    }
  }
  return f.negated ? `NOT (${sql})` : sql;
}

export function conditionSql(node: ReadNode, c: Condition, params: SqlParams): string {
  if (c.kind === 'filter') return filterSql(node, c, params);
  const parts = c.children.map((child) => conditionSql(node, child, params));
  const joined = `(${parts.join(c.op === 'and' ? ' AND ' : ' OR ')})`;
  return c.negated ? `NOT ${joined}` : joined;
}

/**
 * The FROM item of an embedded node: its table, or for a computed relationship the function called
 * with the parent's row (PostgREST's computed relationships), which needs no join condition.
 */
function fromItem(node: ReadNode, parent: ReadNode): string {
  const fn = node.relation?.computed;
  return fn ? `${qualified(fn)}(${parent.alias}) AS ${node.alias}` : `${qualified(node.table)} AS ${node.alias}`;
}

/** How an embedded node joins its parent. */
function joinSql(node: ReadNode, parent: ReadNode): string {
  const rel = node.relation;
  if (!rel || rel.computed) return 'TRUE';
  if (rel.junction) {
    const j = rel.junction;
    const ja = `${node.alias}_j`;
    const onTarget = j.targetFk.map((c, i) => `${ja}.${quoteIdent(c)} = ${node.alias}.${quoteIdent(j.targetRef[i])}`);
    const onSource = j.sourceFk.map((c, i) => `${ja}.${quoteIdent(c)} = ${parent.alias}.${quoteIdent(j.sourceRef[i])}`);
    return `EXISTS (SELECT 1 FROM ${qualified(j.table)} AS ${ja} WHERE ${[...onTarget, ...onSource].join(' AND ')})`;
  }
  return rel.targetColumns.map((c, i) => `${node.alias}.${quoteIdent(c)} = ${parent.alias}.${quoteIdent(rel.sourceColumns[i])}`).join(' AND ');
}

/** WHERE of a node: its join, its own filters, and the existence of its !inner children. */
export function whereSql(node: ReadNode, parent: ReadNode | null, params: SqlParams): string {
  const parts: string[] = [];
  if (parent) parts.push(joinSql(node, parent));
  for (const c of node.conditions) parts.push(conditionSql(node, c, params));
  for (const child of node.children) if (child.inner) parts.push(existsSql(child, node, params));
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

function existsSql(child: ReadNode, parent: ReadNode, params: SqlParams): string {
  return `EXISTS (SELECT 1 FROM ${fromItem(child, parent)} WHERE ${whereSql(child, parent, params)})`;
}

interface SelectedValue {
  expr: string;
  name: string;
  /** An aggregate call: its function, argument (null: `*`) and result cast, so a to-one spread can hoist it. */
  agg?: { fn: string; arg: string | null; cast: string };
}

function aggregateExpr(agg: NonNullable<SelectedValue['agg']>, arg = agg.arg): string {
  return `pg_catalog.${agg.fn}(${arg ?? '*'})${agg.cast}`;
}

function columnItem(node: ReadNode, item: ColumnItem, params: SqlParams): SelectedValue {
  if (item.aggregate) {
    const star = item.aggregate === 'count' && item.field.name === '*' && item.field.jsonPath.length === 0;
    const arg = star ? null : `${fieldExpr(node, item.field, params).sql}${item.aggregateInputCast ? `::${item.aggregateInputCast}` : ''}`;
    const agg = { fn: item.aggregate, arg, cast: item.cast ? `::${item.cast}` : '' };
    return { expr: aggregateExpr(agg), name: item.alias ?? item.aggregate, agg };
  }
  const e = fieldExpr(node, item.field, params);
  const cast = item.cast ? `::${item.cast}` : '';
  const last = item.field.jsonPath[item.field.jsonPath.length - 1];
  return { expr: `${e.sql}${cast}`, name: item.alias ?? (last ? last.key : item.field.name) };
}

export function orderSql(node: ReadNode, params: SqlParams): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((t: OrderTerm) => {
    let expr: string;
    if (t.relation !== undefined) {
      const child = node.children.find((c) => c.key === t.relation);
      if (!child) throw new RestError(400, 'PGRST108', `'${t.relation}' is not an embedded resource in this request`, null, `Verify that '${t.relation}' is included in the 'select' query parameter.`);
      if (!child.toOne) {
        throw new RestError(400, 'PGRST118', `A related order on '${child.table.name}' is not possible`, `'${node.table.name}' and '${child.table.name}' do not form a many-to-one or one-to-one relationship`);
      }
      expr = `(SELECT ${fieldExpr(child, t.field, params).sql} FROM ${fromItem(child, node)} WHERE ${joinSql(child, node)})`;
    } else expr = fieldExpr(node, t.field, params).sql;
    const dir = t.direction === 'desc' ? ' DESC' : t.direction === 'asc' ? ' ASC' : '';
    const nulls = t.nulls === 'first' ? ' NULLS FIRST' : t.nulls === 'last' ? ' NULLS LAST' : '';
    return expr + dir + nulls;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

export function pageSql(limit: number | undefined, offset: number | undefined, params: SqlParams): string {
  let sql = '';
  if (limit !== undefined) sql += ` LIMIT ${params.add(String(limit))}::bigint`;
  if (offset) sql += ` OFFSET ${params.add(String(offset))}::bigint`;
  return sql;
}

/** The select list of a node: its columns, and each embedded resource as one json value. */
export function selectListSql(node: ReadNode, params: SqlParams): string {
  return selectSql(node, params).list;
}

/**
 * The select list and, when it holds aggregates (PostgREST's db-aggregates-enabled), the GROUP BY of
 * every other selected value, as PostgREST groups automatically. Embedded resources that group are
 * compared as jsonb (json has no equality).
 */
export function selectSql(node: ReadNode, params: SqlParams): { list: string; groupBy: string } {
  let values = selectedValues(node, params);
  const grouped = values.some((v) => v.agg);
  if (grouped) {
    values = values.flatMap((v) =>
      v.name === '*' ? node.table.columnList.map((c) => ({ expr: `${node.alias}.${quoteIdent(c.name)}`, name: c.name })) : [v],
    );
    values = values.map((v) => (!v.agg && node.children.some((c) => c.key === v.name) ? { ...v, expr: `(${v.expr})::jsonb` } : v));
  }
  const list = values.map((v) => (v.name === '*' ? v.expr : `${v.expr} AS ${quoteIdent(v.name)}`)).join(', ');
  const keys = values.filter((v) => !v.agg).map((v) => v.expr);
  return { list, groupBy: grouped && keys.length > 0 ? ` GROUP BY ${keys.join(', ')}` : '' };
}

function selectedValues(node: ReadNode, params: SqlParams): SelectedValue[] {
  const out: SelectedValue[] = [];
  for (const item of node.items) {
    if (item.kind === 'star') out.push({ expr: `${node.alias}.*`, name: '*' });
    else if (item.kind === 'column') out.push(columnItem(node, item, params));
    else if (item.node.countOnly) out.push({ expr: embedSql(item.node, node, params), name: item.node.key });
    else if (item.node.items.length === 0) continue;
    else if (item.node.spread) out.push(...spreadValues(item.node, node, params));
    else out.push({ expr: embedSql(item.node, node, params), name: item.node.key });
  }
  return out;
}

/**
 * `...embed(cols)`: the columns of a to-one resource appear in the parent object. Its aggregates are
 * hoisted to the parent (PostgREST: "as if the aggregate was done in the top-level relationship").
 */
function spreadValues(child: ReadNode, parent: ReadNode, params: SqlParams): SelectedValue[] {
  if (!child.toOne) return toManySpreadValues(child, parent, params);
  const from = `FROM ${fromItem(child, parent)} WHERE ${whereSql(child, parent, params)}`;
  return selectedValues(child, params).flatMap((v): SelectedValue[] => {
    if (v.name === '*') return child.table.columnList.map((c) => ({ expr: `(SELECT ${child.alias}.${quoteIdent(c.name)} ${from})`, name: c.name }));
    if (v.agg) {
      const arg = v.agg.arg === null ? null : `(SELECT ${v.agg.arg} ${from})`;
      const agg = { ...v.agg, arg };
      return [{ expr: aggregateExpr(agg), name: v.name, agg }];
    }
    return [{ expr: `(SELECT ${v.expr} ${from})`, name: v.name }];
  });
}

/**
 * `...embed(cols)` on a to-many resource (PostgREST 13): each column becomes an array of its values
 * over the related rows, all arrays in the same order (the embed's order, else its primary key), `[]`
 * when there are none.
 */
function toManySpreadValues(child: ReadNode, parent: ReadNode, params: SqlParams): SelectedValue[] {
  const order = child.order.length > 0 ? orderSql(child, params) : child.table.primaryKey.length > 0 ? ` ORDER BY ${child.table.primaryKey.map((c) => `${child.alias}.${quoteIdent(c)}`).join(', ')}` : '';
  const rows = `FROM ${fromItem(child, parent)} WHERE ${whereSql(child, parent, params)}${order}${pageSql(child.limit, child.offset, params)}`;
  const values = selectedValues(child, params).flatMap((v) =>
    v.name === '*' ? child.table.columnList.map((c) => ({ expr: `${child.alias}.${quoteIdent(c.name)}`, name: c.name })) : [v],
  );
  return values.map((v) => ({
    expr: `(SELECT coalesce(json_agg(pgrst_spread.v), '[]') FROM (SELECT ${v.expr} AS v ${rows}) AS pgrst_spread)`,
    name: v.name,
  }));
}

function embedSql(node: ReadNode, parent: ReadNode, params: SqlParams): string {
  const row = `${node.alias}_row`;
  if (node.countOnly) {
    const counted = `SELECT pg_catalog.count(*) AS ${quoteIdent(node.countOnly.alias)} FROM ${fromItem(node, parent)} WHERE ${whereSql(node, parent, params)}`;
    return node.toOne ? `(SELECT row_to_json(${row}) FROM (${counted}) AS ${row})` : `(SELECT json_agg(${row}) FROM (${counted}) AS ${row})`;
  }
  const { list, groupBy } = selectSql(node, params);
  const inner = `SELECT ${list} FROM ${fromItem(node, parent)} WHERE ${whereSql(node, parent, params)}${groupBy}`;
  if (node.toOne) return `(SELECT row_to_json(${row}) FROM (${inner} LIMIT 1) AS ${row})`;
  return `(SELECT coalesce(json_agg(${row}), '[]') FROM (${inner}${orderSql(node, params)}${pageSql(node.limit, node.offset, params)}) AS ${row})`;
}
