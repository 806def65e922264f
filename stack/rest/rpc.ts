import type { Queryable } from '../db/database.ts';
import type { RestCall, RestResult } from './context.ts';
import { RestError } from './errors.ts';
import { fuzzyClosest } from './fuzzy.ts';
import { OPERATORS, parseNameList, type SelectItem } from './query-parser.ts';
import { applyQueryParams, buildNode, RESERVED_KEYS } from './read-plan.ts';
import { runRead } from './read.ts';
import { quoteIdent, tableKey, type Column, type RoutineInfo, type Table } from './schema-cache.ts';
import { qualified, SqlParams } from './sql-read.ts';
import { invalidJson } from './write.ts';

/** The request body of a POST to /rpc: JSON (named arguments), or text, xml or bytes for a single unnamed parameter. */
export interface RpcBody {
  media: 'json' | 'text' | 'xml' | 'octet';
  bytes: Buffer | null;
}

/** Which type a single unnamed parameter must have to receive a body of each media type (PostgREST's hasSingleUnnamedParam). */
const UNNAMED_PARAM_TYPES: Record<RpcBody['media'], string[]> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], octet: ['bytea'] };
const UNNAMED_PARAM_WORDS: Record<RpcBody['media'], string> = { json: 'json/jsonb', text: 'text', xml: 'xml', octet: 'bytea' };

/** How the function receives its arguments. */
type Binding =
  | { kind: 'named'; names: string[]; from: 'body' | 'query' }
  /** The whole body as the one unnamed json/jsonb/text/xml/bytea argument (or Prefer: params=single-object). */
  | { kind: 'body' };

/**
 * PGRST202 as PostgREST words it. Its hint is a fuzzy match (PostgREST's noRpcHint): among the
 * parameter lists of the function's overloads when it has some, else among the schema's function
 * names; none for a body only a single unnamed parameter could take.
 */
function notFound(call: RestCall, name: string, keys: string[], body: RpcBody): RestError {
  const fn = `${call.schema}.${name}`;
  const sorted = [...keys].sort();
  const post = call.method === 'POST';
  // A text, xml or bytes body can only go to a single unnamed parameter: PostgREST names no parameters then.
  const onlyUnnamed = post && body.media !== 'json';
  const params = sorted.length === 0 ? ' without parameters' : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${onlyUnnamed ? '' : sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${fn}${onlyUnnamed ? ` with a single unnamed ${UNNAMED_PARAM_WORDS[body.media]} parameter` : post ? `${params} or with a single unnamed json/jsonb parameter` : params}, but no matches were found in the schema cache.`,
    onlyUnnamed ? null : noRpcHint(call, name, sorted),
  );
}

/**
 * A function's name is suggested only when it scores at least 0.75, so that the hint does not reveal
 * the names of unrelated functions (PostgREST's getFuzzyHint since 14); parameter lists at 0.33.
 */
const FUNCTION_NAME_MIN_SCORE = 0.75;

function noRpcHint(call: RestCall, name: string, sortedKeys: string[]): string | null {
  const overloads = call.cache.functions.get(tableKey(call.schema, name)) ?? [];
  const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const match =
    overloads.length === 0
      ? fuzzyClosest(
          [...call.cache.functions.values()].flatMap((rs) => (rs[0]?.schema === call.schema ? [rs[0].name] : [])),
          name,
          FUNCTION_NAME_MIN_SCORE,
        )
      : fuzzyClosest(
          overloads.map((r) => list(r.args.map((a) => a.name))),
          list(sortedKeys),
        );
  if (match === null) return null;
  return `Perhaps you meant to call the function ${call.schema}.${overloads.length === 0 ? match : name + match}`;
}

/**
 * PostgREST's matchesParams: the argument names sent must be the required parameters plus any of
 * the optional ones; a function without parameters takes no arguments (and no text/xml/bytes body).
 */
function matchesParams(r: RoutineInfo, keys: Set<string>, call: RestCall, body: RpcBody): boolean {
  if (r.args.length === 0) return keys.size === 0 && !(call.method === 'POST' && body.media !== 'json');
  const required = new Set(r.args.filter((a) => !a.hasDefault).map((a) => a.name));
  const optional = new Set(r.args.filter((a) => a.hasDefault).map((a) => a.name));
  for (const k of keys) if (!required.has(k) && !optional.has(k)) return false;
  for (const k of required) if (!keys.has(k)) return false;
  return true;
}

function singleUnnamedParam(r: RoutineInfo, call: RestCall, body: RpcBody): boolean {
  return call.method === 'POST' && r.args.length === 1 && r.args[0].name === '' && UNNAMED_PARAM_TYPES[body.media].includes(r.args[0].typeName);
}

/** A GET argument is a query key whose value is no filter (`a=1`, not `a=eq.1`), outside select/order/limit/... */
const OPERATOR_VALUE = new RegExp(`^(not\\.)?(${OPERATORS.join('|')})(\\([^)]*\\))?\\.`);
const RESERVED_ENDINGS = new Set(['order', 'limit', 'offset', 'and', 'or']);

function queryArguments(url: URL): string[] {
  const keys: string[] = [];
  for (const [k, v] of url.searchParams) {
    if (RESERVED_KEYS.has(k) || RESERVED_ENDINGS.has(k.split('.').pop() ?? '') || v === '') continue;
    if (!OPERATOR_VALUE.test(v) && !keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** PostgREST's findProc: functions whose parameters the argument names fit, else the one taking the whole body. */
function resolve(call: RestCall, name: string, parsed: unknown, body: RpcBody): { routine: RoutineInfo; binding: Binding } {
  const overloads = call.cache.functions.get(tableKey(call.schema, name)) ?? [];
  const readOnly = call.method === 'GET' || call.method === 'HEAD';
  if (!readOnly && call.prefs.params === 'single-object') {
    const r = overloads.find((o) => o.args.length === 1 && UNNAMED_PARAM_TYPES.json.includes(o.args[0].typeName));
    if (r) return { routine: r, binding: { kind: 'body' } };
  }
  let keys: string[];
  if (readOnly) keys = queryArguments(call.url);
  else if (call.url.searchParams.has('columns')) keys = parseNameList('columns', call.url.searchParams.get('columns') ?? '');
  else if (body.media !== 'json') keys = [];
  else if (Array.isArray(parsed)) keys = parsed.length > 0 && typeof parsed[0] === 'object' && parsed[0] !== null ? Object.keys(parsed[0] as object) : [];
  else keys = parsed !== null && typeof parsed === 'object' ? Object.keys(parsed) : [];
  const keySet = new Set(keys);
  const matched = overloads.filter((r) => matchesParams(r, keySet, call, body));
  const fallback = overloads.filter((r) => !matched.includes(r) && singleUnnamedParam(r, call, body));
  if (matched.length === 1) {
    // A function whose one parameter is unnamed is called with the whole body, however its argument was named (`{"": ...}`).
    const r = matched[0];
    if (!readOnly && r.args.length === 1 && r.args[0].name === '') return { routine: r, binding: { kind: 'body' } };
    return { routine: r, binding: { kind: 'named', names: keys, from: readOnly ? 'query' : 'body' } };
  }
  if (matched.length > 1) throw ambiguous(call, name, matched);
  if (fallback.length === 1) return { routine: fallback[0], binding: { kind: 'body' } };
  if (fallback.length > 1) throw ambiguous(call, name, fallback);
  throw notFound(call, name, keys, body);
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
function callSql(call: RestCall, r: RoutineInfo, binding: Binding, bodyText: string, body: RpcBody, params: SqlParams): string {
  const fn = qualified(r);
  if (binding.kind === 'body') {
    const arg = r.args[0];
    // Bytes go as hex, so that any byte (not only valid UTF-8) reaches the bytea parameter.
    const value = body.media === 'octet' ? `decode(${params.add((body.bytes ?? Buffer.alloc(0)).toString('hex'))}::text, 'hex')` : params.typed(bodyText, arg.type);
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

export async function runRpc(tx: Queryable, call: RestCall, name: string, select: SelectItem[], bodyText: string | null, body: RpcBody): Promise<RestResult> {
  let parsed: unknown = {};
  if (call.method === 'POST' && body.media === 'json' && bodyText !== null && bodyText.trim() !== '') {
    try {
      parsed = JSON.parse(bodyText);
    } catch {
      throw invalidJson();
    }
  }
  const { routine, binding } = resolve(call, name, parsed, body);
  const readOnly = call.method === 'GET' || call.method === 'HEAD';
  // PostgREST runs GET in a read-only transaction: a volatile function that writes fails with 25006 (405).
  if (readOnly && routine.volatility === 'v') await tx.query('SET TRANSACTION READ ONLY');
  const text = body.media !== 'json' ? (bodyText ?? '') : bodyText && bodyText.trim() !== '' ? bodyText : '{}';
  const table = routine.returnKind === 'composite' && routine.returnTable ? routine.returnTable : scalarTable(routine);
  const scalar = routine.returnKind !== 'composite';
  const root = buildNode(call.cache, table, scalar ? [{ kind: 'column', field: { name: routine.name, jsonPath: [] } }] : select, { n: 0, aggregates: call.settings.aggregatesEnabled });
  applyQueryParams(root, call.url.searchParams, new Set(binding.kind === 'named' && binding.from === 'query' ? binding.names : []));
  const fnFrom = (params: SqlParams) => {
    const fnCall = callSql(call, routine, binding, text, body, params);
    return scalar ? `${fnCall} AS ${root.alias}(${quoteIdent(routine.name)})` : `${fnCall} AS ${root.alias}`;
  };
  if (routine.returnKind === 'void') {
    if (strictMaxAffected(call)) throw maxAffectedNeedsSet();
    const params = new SqlParams();
    await tx.query(`SELECT 1 FROM ${fnFrom(params)}`, params.values);
    return withResponseSettings(tx, { status: 204, body: null, headers: {} });
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
  if (call.prefs.return === 'minimal') return withResponseSettings(tx, { status: 204, body: null, headers: { 'content-range': result.headers['content-range'] } });
  return withResponseSettings(tx, { status: result.status, body: result.body, headers: result.headers });
}

/**
 * PostgREST's response GUCs (references/transactions: response headers and status): a function may
 * `set_config('response.status', '404', true)` and `set_config('response.headers', '[{"Cache-Control": "no-store"}]', true)`;
 * the answer takes that status and those headers, and the transaction still commits (so what the
 * function wrote, a rate limit's count say, is kept). An invalid status is PGRST112, invalid headers PGRST111.
 */
async function withResponseSettings(tx: Queryable, result: RestResult): Promise<RestResult> {
  const { rows } = await tx.query<{ status: string | null; headers: string | null }>(
    "SELECT nullif(current_setting('response.status', true), '') AS status, nullif(current_setting('response.headers', true), '') AS headers",
  );
  const status = rows[0]?.status ?? null;
  const headers = rows[0]?.headers ?? null;
  if (status === null && headers === null) return result;
  const out: RestResult = { ...result, headers: { ...result.headers } };
  if (status !== null) {
    const n = Number(status.trim());
    if (!/^\s*\d+\s*$/.test(status) || n < 100 || n > 599) throw new RestError(500, 'PGRST112', 'Status code must be a positive integer');
    out.status = n;
  }
  if (headers !== null) {
    let list: unknown;
    try {
      list = JSON.parse(headers);
    } catch {
      list = null;
    }
    const valid =
      Array.isArray(list) &&
      list.every((h) => h !== null && typeof h === 'object' && !Array.isArray(h) && Object.values(h as object).every((v) => typeof v === 'string'));
    if (!valid) throw new RestError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value');
    for (const h of list as Record<string, string>[]) for (const [k, v] of Object.entries(h)) out.headers[k.toLowerCase()] = v;
  }
  return out;
}

function strictMaxAffected(call: RestCall): boolean {
  return call.prefs.handling === 'strict' && call.prefs.maxAffected !== undefined;
}

function maxAffectedNeedsSet(): RestError {
  return new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
}
