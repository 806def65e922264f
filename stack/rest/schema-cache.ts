import type { Queryable } from '../db/database.ts';
import { viewColumnOrigins } from './view-lineage.ts';

/** What PostgREST's schema cache holds, read from pg_catalog (works on PostgreSQL 15 and PGlite's 18). */

export interface Column {
  name: string;
  /** `"schema"."type"`: safe to splice after `::`, unambiguous whatever the search_path. */
  type: string;
  /** The array type of `type`, for `= any(...)`. */
  arrayType: string | null;
  typeName: string;
  nullable: boolean;
  /** Catalog text of the default expression (never request text). */
  defaultExpr: string | null;
  identity: boolean;
  generated: boolean;
}

export interface Table {
  oid: number;
  schema: string;
  name: string;
  /** r, p, v, m, f, c (a composite type returned by a function). */
  kind: string;
  columns: Map<string, Column>;
  columnList: Column[];
  primaryKey: string[];
  /** Column sets of unique constraints and the primary key. */
  uniques: string[][];
  relationships: Relationship[];
  /**
   * PostgREST's computed fields: functions of one argument of this relation's row type, selected and
   * filtered like columns (Postgres's functional notation `row.fn`), never written.
   */
  computedFields?: Map<string, RoutineInfo>;
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relationship {
  cardinality: Cardinality;
  /** The foreign key is on the source (the embedded row is the one referenced). */
  forward: boolean;
  /** Constraint name (FK) or junction table name (M2M). */
  constraint: string;
  source: Table;
  target: Table;
  /** Columns of the source and the target matched pairwise (FK relationships). */
  sourceColumns: string[];
  targetColumns: string[];
  /** A computed relationship: this function, called with the source's row, gives the target rows. */
  computed?: RoutineInfo;
  junction?: {
    table: Table;
    /** junction.sourceFk[i] = source.sourceRef[i] */
    sourceFk: string[];
    sourceRef: string[];
    targetFk: string[];
    targetRef: string[];
    sourceConstraint: string;
    targetConstraint: string;
  };
}

export interface FunctionArg {
  name: string;
  type: string;
  typeName: string;
  hasDefault: boolean;
}

export interface RoutineInfo {
  oid: number;
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnTypeName: string;
  returnsSet: boolean;
  /** 'composite' returns rows with columns (a table, a composite type, OUT parameters); 'scalar'; 'void'. */
  returnKind: 'composite' | 'scalar' | 'void';
  /** Columns of a composite return; the table when it returns a table's row type (so it embeds). */
  returnTable: Table | null;
  volatility: 'i' | 's' | 'v';
  variadic: boolean;
}

export interface SchemaCache {
  schemas: string[];
  tables: Map<string, Table>;
  functions: Map<string, RoutineInfo[]>;
  /** Roles `authenticator` may switch to. */
  roles: Set<string>;
}

export const tableKey = (schema: string, name: string) => `${schema}.${name}`;

export function quoteIdent(id: string): string {
  return '"' + id.replace(/"/g, '""') + '"';
}

interface TypeRow {
  oid: number;
  nsp: string;
  name: string;
  typarray: number;
  display: string;
}

interface RelRow {
  oid: number;
  nsp: string;
  name: string;
  kind: string;
}

interface ColRow {
  relid: number;
  attnum: number;
  name: string;
  typid: number;
  notnull: boolean;
  def: string | null;
  identity: string;
  generated: string;
}

interface ConRow {
  name: string;
  type: string;
  relid: number;
  cols: string[];
  frelid: number | null;
  fcols: string[] | null;
}

interface ProcRow {
  oid: number;
  nsp: string;
  name: string;
  argnames: string[] | null;
  argmodes: string[] | null;
  argtypes: number[];
  allargtypes: number[] | null;
  ndefaults: number;
  rettype: number;
  retset: boolean;
  volatility: string;
  variadic: number;
  /** Estimated result rows: `rows 1` makes a set-returning computed relationship to-one. */
  rows: number;
}

const TYPES_SQL = `select t.oid::int as oid, n.nspname as nsp, t.typname as name, t.typarray::int as typarray,
  format_type(t.oid, null) as display, t.typtype as typtype, t.typrelid::int as typrelid
  from pg_type t join pg_namespace n on n.oid = t.typnamespace`;

const RELS_SQL = `select c.oid::int as oid, n.nspname as nsp, c.relname as name, c.relkind::text as kind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where (c.relkind in ('r','p','v','m','f') and n.nspname = any($1::text[]))
     or c.oid in (select t.typrelid from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace
                  join pg_type t on t.oid = p.prorettype where pn.nspname = any($1::text[]) and t.typrelid <> 0)`;

const COLS_SQL = `select a.attrelid::int as relid, a.attnum::int as attnum, a.attname as name, a.atttypid::int as typid, a.attnotnull as notnull,
  pg_get_expr(d.adbin, d.adrelid) as def, a.attidentity::text as identity, a.attgenerated::text as generated
  from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
  order by a.attrelid, a.attnum`;

const CONS_SQL = `select c.conname as name, c.contype::text as type, c.conrelid::int as relid,
  array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
  nullif(c.confrelid, 0)::int as frelid,
  case when c.contype = 'f' then array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) end as fcols
  from pg_constraint c where c.contype in ('p','u','f') and c.conrelid = any($1::oid[])`;

const VIEW_RULES_SQL = `select r.ev_class::int as relid, r.ev_action::text as action from pg_rewrite r
  where r.ev_class = any($1::oid[]) and r.rulename = '_RETURN'`;

const ATTNAMES_SQL = `select a.attrelid::int as relid, a.attnum::int as attnum, a.attname as name from pg_attribute a
  where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped`;

const PROCS_SQL = `select p.oid::int as oid, n.nspname as nsp, p.proname as name, p.proargnames as argnames,
  p.proargmodes::text[] as argmodes, p.proargtypes::oid[]::int[] as argtypes, p.proallargtypes::int[] as allargtypes,
  p.pronargdefaults::int as ndefaults, p.prorettype::int as rettype, p.proretset as retset,
  p.provolatile::text as volatility, p.provariadic::int as variadic, p.prorows::float8 as rows
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = any($1::text[]) and p.prokind = 'f'
  order by p.oid`;

const ROLES_SQL = `select r.rolname as name from pg_roles r
  where pg_has_role('authenticator', r.oid, 'member') and r.rolname <> 'authenticator'`;

export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const types = new Map<number, TypeRow & { typtype: string; typrelid: number }>();
  for (const t of (await db.query<TypeRow & { typtype: string; typrelid: number }>(TYPES_SQL)).rows) types.set(t.oid, t);
  const typeRef = (oid: number) => {
    const t = types.get(oid);
    return t ? `${quoteIdent(t.nsp)}.${quoteIdent(t.name)}` : 'pg_catalog.text';
  };
  const arrayRef = (oid: number) => {
    const t = types.get(oid);
    return t && t.typarray ? typeRef(t.typarray) : null;
  };

  const rels = (await db.query<RelRow>(RELS_SQL, [schemas])).rows;
  const byOid = new Map<number, Table>();
  const tables = new Map<string, Table>();
  for (const r of rels) {
    const t: Table = { oid: r.oid, schema: r.nsp, name: r.name, kind: r.kind, columns: new Map(), columnList: [], primaryKey: [], uniques: [], relationships: [] };
    byOid.set(r.oid, t);
    if (r.kind !== 'c') tables.set(tableKey(r.nsp, r.name), t);
  }
  const oids = [...byOid.keys()];
  /** oid -> attnum -> column name, for exposed relations and (later) the base tables of views. */
  const attNames = new Map<number, Map<number, string>>();
  const noteAtt = (relid: number, attnum: number, name: string) => {
    let m = attNames.get(relid);
    if (!m) attNames.set(relid, (m = new Map()));
    m.set(attnum, name);
  };
  for (const c of (await db.query<ColRow>(COLS_SQL, [oids])).rows) {
    const t = byOid.get(c.relid);
    if (!t) continue;
    noteAtt(c.relid, c.attnum, c.name);
    const col: Column = {
      name: c.name,
      type: typeRef(c.typid),
      arrayType: arrayRef(c.typid),
      typeName: types.get(c.typid)?.display ?? 'text',
      nullable: !c.notnull,
      defaultExpr: c.def,
      identity: c.identity !== '',
      generated: c.generated !== '',
    };
    t.columns.set(c.name, col);
    t.columnList.push(col);
  }

  const cons = (await db.query<ConRow>(CONS_SQL, [oids])).rows;
  for (const c of cons) {
    const t = byOid.get(c.relid);
    if (!t) continue;
    if (c.type === 'p') t.primaryKey = c.cols;
    if (c.type === 'p' || c.type === 'u') t.uniques.push(c.cols);
  }
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  const fks: Array<{ name: string; src: Table; dst: Table; cols: string[]; fcols: string[] }> = [];
  const addFk = (name: string, src: Table, dst: Table, cols: string[], fcols: string[], unique: boolean) => {
    src.relationships.push({
      cardinality: unique ? 'one-to-one' : 'many-to-one',
      forward: true,
      constraint: name,
      source: src,
      target: dst,
      sourceColumns: cols,
      targetColumns: fcols,
    });
    dst.relationships.push({
      cardinality: unique ? 'one-to-one' : 'one-to-many',
      forward: false,
      constraint: name,
      source: dst,
      target: src,
      sourceColumns: fcols,
      targetColumns: cols,
    });
  };
  for (const c of cons) {
    if (c.type !== 'f' || c.frelid === null || !c.fcols) continue;
    const src = byOid.get(c.relid);
    const dst = byOid.get(c.frelid);
    if (!src || !dst) continue;
    fks.push({ name: c.name, src, dst, cols: c.cols, fcols: c.fcols });
    addFk(c.name, src, dst, c.cols, c.fcols, src.uniques.some((u) => sameSet(u, c.cols)));
  }
  await addViewRelationships(db, byOid, cons, attNames, addFk);
  // Many-to-many: a junction whose two foreign keys are both part of its primary key, as PostgREST requires.
  for (const j of byOid.values()) {
    const own = fks.filter((f) => f.src === j && f.cols.every((col) => j.primaryKey.includes(col)));
    for (const a of own) {
      for (const b of own) {
        if (a === b) continue;
        a.dst.relationships.push({
          cardinality: 'many-to-many',
          forward: false,
          constraint: j.name,
          source: a.dst,
          target: b.dst,
          sourceColumns: a.fcols,
          targetColumns: b.fcols,
          junction: { table: j, sourceFk: a.cols, sourceRef: a.fcols, targetFk: b.cols, targetRef: b.fcols, sourceConstraint: a.name, targetConstraint: b.name },
        });
      }
    }
  }

  const functions = new Map<string, RoutineInfo[]>();
  const procRows = (await db.query<ProcRow>(PROCS_SQL, [schemas])).rows;
  const routines = new Map<number, RoutineInfo>();
  for (const p of procRows) {
    const routine = toRoutine(p, types, typeRef, byOid);
    routines.set(p.oid, routine);
    if (!callable(routine)) continue;
    const key = tableKey(p.nsp, p.name);
    const list = functions.get(key) ?? [];
    list.push(routine);
    functions.set(key, list);
  }
  // PostgREST orders overloads by their number of parameters (its Routine Ord), which its PGRST203 message lists in.
  for (const list of functions.values()) list.sort((a, b) => a.args.length - b.args.length);
  addComputedRelationships(procRows, routines, types, byOid);
  addComputedFields(procRows, routines, types, byOid);
  const roles = new Set((await db.query<{ name: string }>(ROLES_SQL)).rows.map((r) => r.name));
  return { schemas, tables, functions, roles };
}

/**
 * PostgREST's computed relationships: a function taking one argument of a table's (or view's) row
 * type and returning rows of a table (setof: to-many) or one row (or `setof ... rows 1`: to-one) embeds like a relation
 * named after the function, on the argument's table.
 */
function addComputedRelationships(
  procs: ProcRow[],
  routines: Map<number, RoutineInfo>,
  types: Map<number, TypeRow & { typtype: string; typrelid: number }>,
  byOid: Map<number, Table>,
): void {
  for (const p of procs) {
    if (p.argtypes.length !== 1) continue;
    const source = byOid.get(types.get(p.argtypes[0])?.typrelid ?? 0);
    const routine = routines.get(p.oid);
    const target = routine?.returnTable;
    if (!source || source.kind === 'c' || !routine || routine.args.length !== 1 || !target || target.kind === 'c') continue;
    source.relationships.push({
      cardinality: p.retset && Number(p.rows) !== 1 ? 'one-to-many' : 'many-to-one',
      forward: false,
      constraint: p.name,
      source,
      target,
      sourceColumns: [],
      targetColumns: [],
      computed: routine,
    });
  }
}

/**
 * PostgREST's schema cache holds a function with unnamed parameters only when that is its single
 * parameter and of a type a request body can be (json, jsonb, text, xml, bytea): others cannot be
 * called by name, and are unknown to the API (PGRST202).
 */
function callable(r: RoutineInfo): boolean {
  const unnamed = r.args.filter((a) => a.name === '');
  if (unnamed.length === 0) return true;
  return r.args.length === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamed[0].typeName);
}

/** Computed fields of each relation: its row type is the function's only argument, and it returns a value. */
function addComputedFields(
  procs: ProcRow[],
  routines: Map<number, RoutineInfo>,
  types: Map<number, TypeRow & { typtype: string; typrelid: number }>,
  byOid: Map<number, Table>,
): void {
  for (const p of procs) {
    if (p.argtypes.length !== 1) continue;
    const table = byOid.get(types.get(p.argtypes[0])?.typrelid ?? 0);
    const routine = routines.get(p.oid);
    if (!table || table.kind === 'c' || !routine || routine.args.length !== 1 || routine.returnKind === 'void') continue;
    (table.computedFields ??= new Map()).set(p.name, routine);
  }
}

type AddFk = (name: string, src: Table, dst: Table, cols: string[], fcols: string[], unique: boolean) => void;

/**
 * PostgREST's relationships through views: a view column that is a plain column of a base table carries
 * that column's foreign keys, so a view embeds (and is embedded by) what its base table relates to, in
 * both directions, table-view and view-view. The constraint name stays the foreign key's.
 */
async function addViewRelationships(
  db: Queryable,
  byOid: Map<number, Table>,
  cons: ConRow[],
  attNames: Map<number, Map<number, string>>,
  addFk: AddFk,
): Promise<void> {
  const views = [...byOid.values()].filter((t) => t.kind === 'v' || t.kind === 'm');
  if (views.length === 0) return;
  const rules = (await db.query<{ relid: number; action: string }>(VIEW_RULES_SQL, [views.map((v) => v.oid)])).rows;
  const lineage = rules.map((r) => ({ view: byOid.get(r.relid)!, origins: viewColumnOrigins(r.action) })).filter((l) => l.view && l.origins.length > 0);
  if (lineage.length === 0) return;
  // Base tables outside the exposed schemas: their column names and constraints are needed too.
  const hidden = [...new Set(lineage.flatMap((l) => l.origins.map((o) => o.baseOid)))].filter((oid) => !byOid.has(oid));
  let allCons = cons;
  if (hidden.length > 0) {
    for (const a of (await db.query<{ relid: number; attnum: number; name: string }>(ATTNAMES_SQL, [hidden])).rows) {
      let m = attNames.get(a.relid);
      if (!m) attNames.set(a.relid, (m = new Map()));
      m.set(a.attnum, a.name);
    }
    allCons = [...cons, ...(await db.query<ConRow>(CONS_SQL, [hidden])).rows];
  }
  /** base oid -> base column -> [view, view column] */
  const exposedAs = new Map<number, Map<string, Array<{ view: Table; col: string }>>>();
  for (const { view, origins } of lineage) {
    const viewCols = attNames.get(view.oid);
    for (const o of origins) {
      const viewCol = viewCols?.get(o.viewAttnum);
      const baseCol = attNames.get(o.baseOid)?.get(o.baseAttnum);
      if (!viewCol || !baseCol) continue;
      let m = exposedAs.get(o.baseOid);
      if (!m) exposedAs.set(o.baseOid, (m = new Map()));
      const list = m.get(baseCol) ?? [];
      list.push({ view, col: viewCol });
      m.set(baseCol, list);
    }
  }
  const uniques = new Map<number, string[][]>();
  for (const c of allCons) if (c.type === 'p' || c.type === 'u') uniques.set(c.relid, [...(uniques.get(c.relid) ?? []), c.cols]);
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  /** Each relation standing for `oid` with `cols`: the table itself when exposed, and every view exposing all of cols. */
  const standIns = (oid: number, cols: string[]): Array<{ table: Table; cols: string[]; isView: boolean }> => {
    const out: Array<{ table: Table; cols: string[]; isView: boolean }> = [];
    const self = byOid.get(oid);
    if (self && self.kind !== 'c') out.push({ table: self, cols, isView: false });
    const m = exposedAs.get(oid);
    if (!m) return out;
    const byView = new Map<Table, string[][]>();
    for (const [i, c] of cols.entries()) {
      for (const { view, col } of m.get(c) ?? []) {
        const slots = byView.get(view) ?? cols.map(() => []);
        slots[i].push(col);
        byView.set(view, slots);
      }
    }
    for (const [view, slots] of byView) {
      if (slots.some((s) => s.length === 0)) continue;
      // Every combination when a base column appears more than once in the view (as PostgREST does).
      let combos: string[][] = [[]];
      for (const s of slots) combos = combos.flatMap((prefix) => s.map((col) => [...prefix, col])).slice(0, 16);
      for (const combo of combos) out.push({ table: view, cols: combo, isView: true });
    }
    return out;
  };
  for (const c of allCons) {
    if (c.type !== 'f' || c.frelid === null || !c.fcols) continue;
    const unique = (uniques.get(c.relid) ?? []).some((u) => sameSet(u, c.cols));
    const srcs = standIns(c.relid, c.cols);
    const dsts = standIns(c.frelid, c.fcols);
    for (const s of srcs) {
      for (const d of dsts) {
        if (!s.isView && !d.isView) continue; // table-table: already there
        addFk(c.name, s.table, d.table, s.cols, d.cols, unique);
      }
    }
  }
}

function toRoutine(
  p: ProcRow,
  types: Map<number, TypeRow & { typtype: string; typrelid: number }>,
  typeRef: (oid: number) => string,
  byOid: Map<number, Table>,
): RoutineInfo {
  const modes = p.argmodes ?? p.argtypes.map(() => 'i');
  const allTypes = p.allargtypes ?? p.argtypes;
  const names = p.argnames ?? [];
  const inArgs: FunctionArg[] = [];
  const outCols: Column[] = [];
  allTypes.forEach((oid, i) => {
    const mode = modes[i] ?? 'i';
    const col = { name: names[i] ?? '', type: typeRef(oid), typeName: types.get(oid)?.display ?? 'text' };
    if (mode === 'i' || mode === 'b' || mode === 'v') inArgs.push({ ...col, hasDefault: false });
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outCols.push({ ...col, arrayType: null, nullable: true, defaultExpr: null, identity: false, generated: false });
    }
  });
  for (let i = inArgs.length - p.ndefaults; i < inArgs.length; i++) if (i >= 0) inArgs[i].hasDefault = true;
  const ret = types.get(p.rettype);
  let returnKind: RoutineInfo['returnKind'] = 'scalar';
  let returnTable: Table | null = null;
  if (p.rettype === 2278) returnKind = 'void';
  else if (ret && ret.typrelid && byOid.has(ret.typrelid)) {
    returnKind = 'composite';
    returnTable = byOid.get(ret.typrelid) ?? null;
  } else if (ret && ret.name === 'record' && outCols.length > 0) {
    returnKind = 'composite';
    returnTable = {
      oid: 0,
      schema: p.nsp,
      name: p.name,
      kind: 'c',
      columns: new Map(outCols.map((c) => [c.name, c])),
      columnList: outCols,
      primaryKey: [],
      uniques: [],
      relationships: [],
    };
  }
  return {
    oid: p.oid,
    schema: p.nsp,
    name: p.name,
    args: inArgs,
    returnType: typeRef(p.rettype),
    returnTypeName: ret?.display ?? 'text',
    returnsSet: p.retset,
    returnKind,
    returnTable,
    volatility: p.volatility as RoutineInfo['volatility'],
    variadic: p.variadic !== 0,
  };
}
