import type { Queryable } from '../db/database.ts';
import type { RestCall, RestResult } from './context.ts';
import { RestError } from './errors.ts';
import type { SelectItem } from './query-parser.ts';
import { applyQueryParams, buildNode, RESERVED_KEYS } from './read-plan.ts';
import { runRead } from './read.ts';
import { quoteIdent, tableKey, type Column, type RoutineInfo, type Table } from './schema-cache.ts';
import { qualified, SqlParams } from './sql-read.ts';
import { invalidJson } from './write.ts';

const JSON_TYPES = new Set(['json', 'jsonb']);
const FILTER_KEYS = new Set(['order', 'limit', 'offset', 'or', 'and', 'not.or', 'not.and']);

/** How the function receives its arguments. */
type Binding =
  | { kind: 'named'; names: string[]; from: 'body' | 'query' }
  /** The whole JSON body as the one json/jsonb argument (unnamed param, or Prefer: params=single-object). */
  | { kind: 'body' };

function notFound(call: RestCall, name: string, keys: string[]): RestError {
  const fn = `${call.schema}.${name}`;
  const sorted = [...keys].sort();
  const similar = [...call.cache.functions.values()]
    .flat()
    .find((r) => r.schema === call.schema && r.name !== name && r.name.toLowerCase() === name.toLowerCase());
  return new RestError(
    404,
    'PGRST202',
    sorted.length ? `Could not find the function ${fn}(${sorted.join(', ')}) in the schema cache` : `Could not find the function ${fn} without parameters in the schema cache`,
    sorted.length
      ? `Searched for the function ${fn} with parameters ${sorted.join(', ')} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`
      : `Searched for the function ${fn} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    similar ? `Perhaps you meant to call the function ${call.schema}.${similar.name}` : null,
  );
}

function accepts(r: RoutineInfo, keys: string[]): boolean {
  const names = new Set(r.args.map((a) => a.name));
  return keys.every((k) => names.has(k)) && r.args.every((a) => a.hasDefault || keys.includes(a.name));
}

function singleJsonArg(r: RoutineInfo): boolean {
  return r.args.length === 1 && JSON_TYPES.has(r.args[0].typeName);
}

/** PostgREST's overload choice: arguments by name; the body as one json argument as the fallback. */
function resolve(call: RestCall, name: string, body: unknown): { routine: RoutineInfo; binding: Binding } {
  const overloads = call.cache.functions.get(tableKey(call.schema, name)) ?? [];
  const readOnly = call.method === 'GET' || call.method === 'HEAD';
  if (readOnly) {
    const keys = [...new Set([...call.url.searchParams.keys()])].filter((k) => !RESERVED_KEYS.has(k) && !FILTER_KEYS.has(k) && !k.includes('.'));
    const fits = overloads
      .map((r) => ({ r, matched: keys.filter((k) => r.args.some((a) => a.name === k)) }))
      .filter(({ r, matched }) => r.args.every((a) => a.hasDefault || matched.includes(a.name)))
      // Keys that are no argument filter the result, so only functions returning rows may leave some over.
      .filter(({ r, matched }) => matched.length === keys.length || r.returnKind === 'composite' || r.returnsSet);
    fits.sort((a, b) => b.matched.length - a.matched.length);
    if (fits.length === 0) throw notFound(call, name, keys);
    if (fits.length > 1 && fits[0].matched.length === fits[1].matched.length) throw ambiguous(call, name, fits.map((f) => f.r));
    return { routine: fits[0].r, binding: { kind: 'named', names: fits[0].matched, from: 'query' } };
  }
  if (call.prefs.params === 'single-object') {
    const r = overloads.find(singleJsonArg);
    if (r) return { routine: r, binding: { kind: 'body' } };
  }
  const keys = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : null;
  const fits = keys ? overloads.filter((r) => accepts(r, keys)) : [];
  if (fits.length === 1) return { routine: fits[0], binding: { kind: 'named', names: keys ?? [], from: 'body' } };
  if (fits.length > 1) throw ambiguous(call, name, fits);
  const unnamed = overloads.find((r) => singleJsonArg(r) && r.args[0].name === '');
  if (unnamed) return { routine: unnamed, binding: { kind: 'body' } };
  throw notFound(call, name, keys ?? []);
}

function ambiguous(call: RestCall, name: string, routines: RoutineInfo[]): RestError {
  const sigs = routines.map((r) => `${call.schema}.${name}(${r.args.map((a) => `${a.name} => ${a.typeName}`).join(', ')})`);
  return new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${sigs.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** The function call as a FROM item; argument values are bound, their types come from the catalog. */
function callSql(call: RestCall, r: RoutineInfo, binding: Binding, bodyText: string, params: SqlParams): string {
  const fn = qualified(r);
  if (binding.kind === 'body') {
    const arg = r.args[0];
    const value = params.typed(bodyText, arg.type);
    return arg.name ? `${fn}(${quoteIdent(arg.name)} := ${value})` : `${fn}(${value})`;
  }
  const args = r.args.filter((a) => binding.names.includes(a.name));
  if (binding.from === 'query') {
    const list = args.map((a) => `${quoteIdent(a.name)} := ${params.typed(call.url.searchParams.get(a.name) ?? '', a.type)}`);
    return `${fn}(${list.join(', ')})`;
  }
  if (args.length === 0) return `${fn}()`;
  const defs = args.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ');
  const list = args.map((a) => `${quoteIdent(a.name)} := pgrst_args.${quoteIdent(a.name)}`).join(', ');
  return `json_to_record(${params.add(bodyText)}::json) AS pgrst_args(${defs}), ${fn}(${list})`;
}

function scalarTable(r: RoutineInfo): Table {
  const col: Column = {
    name: r.name,
    type: r.returnType,
    arrayType: null,
    typeName: r.returnTypeName,
    nullable: true,
    defaultExpr: null,
    identity: false,
    generated: false,
  };
  return { oid: 0, schema: r.schema, name: r.name, kind: 'c', columns: new Map([[r.name, col]]), columnList: [col], primaryKey: [], uniques: [], relationships: [] };
}

export async function runRpc(tx: Queryable, call: RestCall, name: string, select: SelectItem[], bodyText: string | null): Promise<RestResult> {
  let body: unknown = {};
  if (call.method === 'POST' && bodyText !== null && bodyText.trim() !== '') {
    try {
      body = JSON.parse(bodyText);
    } catch {
      throw invalidJson();
    }
  }
  const { routine, binding } = resolve(call, name, body);
  const readOnly = call.method === 'GET' || call.method === 'HEAD';
  // PostgREST runs GET in a read-only transaction: a volatile function that writes fails with 25006 (405).
  if (readOnly && routine.volatility === 'v') await tx.query('SET TRANSACTION READ ONLY');
  const text = bodyText && bodyText.trim() !== '' ? bodyText : '{}';
  const table = routine.returnKind === 'composite' && routine.returnTable ? routine.returnTable : scalarTable(routine);
  const scalar = routine.returnKind !== 'composite';
  const root = buildNode(call.cache, table, scalar ? [{ kind: 'column', field: { name: routine.name, jsonPath: [] } }] : select, { n: 0, aggregates: call.settings.aggregatesEnabled });
  applyQueryParams(root, call.url.searchParams, new Set(binding.kind === 'named' && binding.from === 'query' ? binding.names : []));
  const fnFrom = (params: SqlParams) => {
    const fnCall = callSql(call, routine, binding, text, params);
    return scalar ? `${fnCall} AS ${root.alias}(${quoteIdent(routine.name)})` : `${fnCall} AS ${root.alias}`;
  };
  if (routine.returnKind === 'void') {
    if (strictMaxAffected(call)) throw maxAffectedNeedsSet();
    const params = new SqlParams();
    await tx.query(`SELECT 1 FROM ${fnFrom(params)}`, params.values);
    return { status: 204, body: null, headers: {} };
  }
  if (strictMaxAffected(call) && !routine.returnsSet) throw maxAffectedNeedsSet();
  const result = await runRead(tx, call, {
    call: (params) => `SELECT ${root.alias}.* FROM ${fnFrom(params)}`,
    from: () => `pgrst_call AS ${root.alias}`,
    root,
    scalarColumn: scalar ? routine.name : undefined,
    singular: !routine.returnsSet,
  });
  // max-affected counts the rows the function returned (PostgREST: "the number of rows returned in the result set").
  const max = call.prefs.maxAffected;
  if (strictMaxAffected(call) && max !== undefined && result.page > max) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${result.page} rows`);
  }
  if (call.prefs.return === 'minimal') return { status: 204, body: null, headers: { 'content-range': result.headers['content-range'] } };
  return { status: result.status, body: result.body, headers: result.headers };
}

function strictMaxAffected(call: RestCall): boolean {
  return call.prefs.handling === 'strict' && call.prefs.maxAffected !== undefined;
}

function maxAffectedNeedsSet(): RestError {
  return new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
}
