import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database, Queryable, RequestIdentity } from '../db/database.ts';
import { BodyTooLargeError, headerMap, readBody, sendJson } from '../http/respond.ts';
import type { StackContext, StackService } from '../http/service.ts';
import { authenticate, CallerCache, isAuthenticatedRole, type Caller } from './auth.ts';
import type { RestCall, RestResult } from './context.ts';
import { RestError, toRestError } from './errors.ts';
import { openApiDocument } from './openapi.ts';
import { parseSelect } from './query-parser.ts';
import { applyQueryParams, buildNode } from './read-plan.ts';
import { compileRead, runRead, type ReadSource } from './read.ts';
import { ReadCache, readKey, type PreparedRead } from './read-cache.ts';
import { negotiate, parsePrefer, preferenceApplied } from './request-headers.ts';
import { runRpc, type RpcBody } from './rpc.ts';
import { loadSchemaCache, quoteIdent, tableKey, type SchemaCache } from './schema-cache.ts';
import { qualified } from './sql-read.ts';
import { loadRestSettings, type RestSettings } from './settings.ts';
import { runWrite } from './write.ts';

/** Bodies an RPC takes besides JSON: whole, as the function's single unnamed text, xml or bytea parameter. */
const RPC_BODY_MEDIA: Array<[RegExp, RpcBody['media']]> = [
  [/^text\/plain\b/i, 'text'],
  [/^text\/xml\b/i, 'xml'],
  [/^application\/octet-stream\b/i, 'octet'],
];

/** Larger bodies are refused before they are buffered, as Supabase's gateway does. */
export const REST_BODY_LIMIT = 10 * 1024 * 1024;

class Rollback {
  constructor(readonly result: RestResult) {}
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new RestError(400, 'PGRST125', 'Invalid path specified in request URL');
  }
}

function unknownTable(cache: SchemaCache, schema: string, name: string): RestError {
  const similar = [...cache.tables.values()].find((t) => t.schema === schema && t.name.toLowerCase() === name.toLowerCase());
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    similar ? `Perhaps you meant the table '${schema}.${similar.name}'` : null,
  );
}

/** One transaction as the caller; with `rollback`, its result is answered and the transaction rolled back. */
async function runAs(db: Database, identity: RequestIdentity, rollback: boolean, fn: (tx: Queryable) => Promise<RestResult>): Promise<RestResult> {
  if (!rollback) return db.asRole(identity, fn);
  try {
    await db.asRole(identity, async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (e) {
    if (e instanceof Rollback) return e.result;
    throw e;
  }
  throw new Error('unreachable: a rolled back transaction always throws');
}

/**
 * What a request's answer depends on apart from its caller, as loaded: the schema cache, the
 * in-database settings, and what was derived from them (remembered callers, prepared reads). A
 * reload replaces the whole object, so a request keeps what it started with and never stores into
 * the new caches what it derived from the old ones.
 */
interface Loaded {
  cache: SchemaCache;
  settings: RestSettings;
  callers: CallerCache;
  reads: ReadCache;
}

function send(req: IncomingMessage, res: ServerResponse, result: RestResult, extra: Record<string, string>): void {
  const headers: Record<string, string> = { ...extra, ...result.headers };
  if (result.body === null) {
    res.writeHead(result.status, headers);
    res.end();
    return;
  }
  headers['content-type'] ??= 'application/json; charset=utf-8';
  headers['content-length'] = String(Buffer.byteLength(result.body));
  res.writeHead(result.status, headers);
  res.end(req.method === 'HEAD' ? undefined : result.body);
}

export async function createRestService(ctx: StackContext): Promise<StackService> {
  const api = ctx.config.toml.api;
  const schemas = api.schemas ?? ['public', 'graphql_public'];
  const extraSearchPath = api.extra_search_path ?? ['public', 'extensions'];
  // Supabase's PostgREST: aggregates and explain() off, db-max-rows from config.toml, Prefer: tx honoured.
  const defaults: RestSettings = { aggregatesEnabled: false, planEnabled: false, maxRows: api.max_rows ?? 1000, txEnd: 'commit-allow-override' };
  let loaded: Loaded = {
    cache: await loadSchemaCache(ctx.db, schemas),
    settings: await loadRestSettings(ctx.db, defaults),
    callers: new CallerCache(),
    reads: new ReadCache(),
  };

  // search_path per schema: the target schema, then extra_search_path, as PostgREST lists them (a schema
  // named in both appears twice, as explain({ settings: true }) shows).
  const searchPaths = new Map(schemas.map((schema) => [schema, [schema, ...extraSearchPath].map(quoteIdent).join(', ')]));

  function identityOf(req: IncomingMessage, caller: Caller, method: string, url: URL, schema: string): RequestIdentity {
    return { role: caller.role, claims: caller.claims, claimsText: caller.claimsText, headers: headerMap(req), method, path: url.pathname, searchPath: searchPaths.get(schema) };
  }

  /** A table read prepared before for the same request: only the caller's transaction is new. */
  async function servePrepared(req: IncomingMessage, res: ServerResponse, url: URL, method: string, schema: string, profile: string | undefined, now: Loaded, caller: Caller, read: PreparedRead): Promise<void> {
    const call: RestCall = { req, url, method, schema, cache: now.cache, prefs: read.prefs, accept: read.accept, maxRows: now.settings.maxRows, settings: now.settings, rollback: read.rollback };
    const result = await runAs(ctx.db, identityOf(req, caller, method, url, schema), read.rollback, (tx) => runRead(tx, call, read.src, read.compiled));
    const extra: Record<string, string> = profile ? { 'content-profile': schema } : {};
    if (read.applied) extra['preference-applied'] = read.applied;
    send(req, res, result, extra);
  }

  async function serve(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL, state: { role: string }): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const readOnly = method === 'GET' || method === 'HEAD';
    const profile = header(req, readOnly ? 'accept-profile' : 'content-profile');
    const schema = profile ?? schemas[0];
    if (!schemas.includes(schema)) {
      throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`);
    }
    const loadedNow = loaded;
    const current = loadedNow.cache;
    const caller = await authenticate(req, ctx.jwt, current, loadedNow.callers);
    state.role = caller.role;
    const key = readOnly ? readKey(req, method, schema, subpath, url.search) : null;
    const prepared = key === null ? undefined : loadedNow.reads.get(key);
    if (prepared) return servePrepared(req, res, url, method, schema, profile, loadedNow, caller, prepared);

    const segments = subpath.split('/').filter(Boolean).map(decodeSegment);
    const extra: Record<string, string> = profile ? { 'content-profile': schema } : {};

    if (segments.length === 0) {
      if (!readOnly) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      sendJson(res, 200, openApiDocument(current, schema, header(req, 'host') ?? ''), { 'content-type': 'application/openapi+json; charset=utf-8' });
      return;
    }
    const isRpc = segments[0] === 'rpc' && segments.length === 2;
    if (!isRpc && segments.length !== 1) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');

    const now = loadedNow.settings;
    const prefs = parsePrefer(req);
    // db-tx-end: Prefer: tx= only counts (and is reported) where the setting allows an override.
    if (!now.txEnd.endsWith('allow-override')) delete prefs.tx;
    const rollback = prefs.tx === 'rollback' || (prefs.tx === undefined && now.txEnd.startsWith('rollback'));
    const accept = negotiate(req);
    // explain() only where db-plan-enabled is on; otherwise the plan media type is one PostgREST cannot produce.
    if (accept.plan && !now.planEnabled) {
      throw new RestError(406, 'PGRST107', `None of these media types are available: ${header(req, 'accept') ?? ''}`);
    }
    let bodyText: string | null = null;
    let body: RpcBody = { media: 'json', bytes: null };
    if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
      const type = header(req, 'content-type') ?? 'application/json';
      const rpcMedia = isRpc ? RPC_BODY_MEDIA.find(([re]) => re.test(type))?.[1] : undefined;
      if (!rpcMedia && !/^application\/(json|vnd\.pgrst\.[a-z+]+)|^\s*$/i.test(type)) {
        throw new RestError(415, 'PGRST107', `None of these media types are available: ${type}`);
      }
      const bytes = await readBody(req, REST_BODY_LIMIT);
      bodyText = bytes.toString('utf8');
      body = { media: rpcMedia ?? 'json', bytes };
    }
    const call: RestCall = { req, url, method, schema, cache: current, prefs, accept, maxRows: now.maxRows, settings: now, rollback };
    const identity = identityOf(req, caller, method, url, schema);
    const run = (fn: (tx: Queryable) => Promise<RestResult>) => runAs(ctx.db, identity, rollback, fn);

    const select = parseSelect(url.searchParams.get('select') ?? '*');
    let result: RestResult;
    if (isRpc) {
      if (!readOnly && method !== 'POST') throw new RestError(405, 'PGRST101', 'Only GET, HEAD or POST requests are allowed for RPC');
      result = await run((tx) => runRpc(tx, call, segments[1], select, bodyText, body));
    } else {
      const table = current.tables.get(tableKey(schema, segments[0]));
      if (!table) throw unknownTable(current, schema, segments[0]);
      const root = buildNode(current, table, select, { n: 0, aggregates: now.aggregatesEnabled });
      applyQueryParams(root, url.searchParams);
      if (readOnly) {
        const src: ReadSource = { from: () => `${qualified(table)} AS ${root.alias}`, root, commitsWithSelect: true };
        const compiled = compileRead(call, src);
        if (key !== null) loadedNow.reads.set(key, { src, prefs, accept, rollback, compiled, applied: preferenceApplied(prefs, 'read') });
        result = await run((tx) => runRead(tx, call, src, compiled));
      } else if (method === 'POST' || method === 'PATCH' || method === 'DELETE' || method === 'PUT') result = await run((tx) => runWrite(tx, call, table, root, bodyText));
      else throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    if (readOnly || isRpc) {
      const applied = preferenceApplied(prefs, isRpc ? 'rpc' : 'read');
      if (applied) extra['preference-applied'] = applied;
    }
    send(req, res, result, extra);
  }

  return {
    async handle(req, res, subpath, url) {
      const state = { role: 'anon' };
      try {
        await serve(req, res, subpath, url, state);
      } catch (e) {
        if (e instanceof BodyTooLargeError) {
          sendJson(res, 413, { message: 'Request size limit exceeded' });
          return;
        }
        const err = toRestError(e, isAuthenticatedRole(state.role));
        if (err.status >= 500) ctx.log.error(`REST ${req.method} ${url.pathname} failed`, e);
        if (res.headersSent) res.destroy();
        else sendJson(res, err.status, err.body(), err.headers);
      }
    },
    async onSchemaChange() {
      const cache = await loadSchemaCache(ctx.db, schemas);
      loaded = { ...loaded, cache, callers: new CallerCache(), reads: new ReadCache() };
    },
    async onConfigReload() {
      const settings = await loadRestSettings(ctx.db, defaults);
      loaded = { ...loaded, settings, reads: new ReadCache() };
    },
  };
}
