import { hashApiKey, isApiKeyShaped } from '../_shared/api_key.ts';
import { corsHeaders } from '../_shared/cors.ts';
import type { FieldProblem } from '../_shared/database.ts';
import type { RateLimitDecision } from '../_shared/rate_limit.ts';

/**
 * The public API: a tenant's systems call Waypost with an API key (`Authorization: Bearer wpk_...`).
 *   POST /api/v1/deliveries                  create (Idempotency-Key honoured)      -> 201 {delivery}
 *   GET  /api/v1/deliveries                  list: status, customer_id, created_from, created_to, limit, cursor
 *                                                                                   -> {deliveries, next_cursor}
 *   GET  /api/v1/deliveries/{id or code}     one                                    -> {delivery}
 *   POST /api/v1/deliveries/{id or code}/cancel  {reason}                           -> {delivery}
 *   GET  /api/v1/deliveries/{id or code}/tracking                                   -> {tracking}
 *   GET  /api/v1/stock                       warehouse_id, item_id, sku, limit, cursor -> {stock, next_cursor}
 * Every refusal is {error: {code, message, details?}} with a stable code (ERROR_CODES).
 *
 * A key acts as its owner: every read and write goes to the database as them (see ApiData), so RLS
 * and the database's rules decide what it sees and may do, as in the app. Nothing here logs a key,
 * a request body or an answer.
 */

export type ErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'bad_request'
  | 'validation_failed'
  | 'conflict'
  | 'idempotency_conflict'
  | 'idempotency_in_progress'
  | 'rate_limited'
  | 'internal_error';

export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_conflict: 409,
  idempotency_in_progress: 409,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
};

export type Failure = { ok: false; code: ErrorCode; message: string; details?: FieldProblem[] };
export type Result<T> = { ok: true; value: T } | Failure;

export const MESSAGES = {
  missingKey: 'Send your API key as Authorization: Bearer <key>',
  malformedKey: 'The API key is malformed',
  unknownKey: 'The API key is invalid',
  revokedKey: 'The API key has been revoked',
  expiredKey: 'The API key has expired',
  ownerInactive: "The API key's owner is not active",
  rateLimited: 'Too many requests for this API key: try again later',
  notFound: 'Not found',
  deliveryNotFound: 'Delivery not found',
  idempotencyConflict: 'This Idempotency-Key was already used with a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed',
  internal: 'Something went wrong!',
} as const;

export interface KeyIdentity {
  keyId: string;
  tenantId: string;
  /** Who the key acts as: its business user, or the admin who created a tenant key. */
  ownerId: string;
  userId: string | null;
}

/**
 * A usable key comes with its request counted against the key's rate limit: the count lives in the
 * database (public.authenticate_api_request), so every worker of the function shares it.
 */
export type AuthOutcome =
  | { ok: true; identity: KeyIdentity; rate: RateLimitDecision }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'owner_inactive' };

export type IdempotencyClaim =
  | { state: 'new'; id: string }
  | { state: 'replay'; status: number; body: unknown }
  | { state: 'conflict' }
  | { state: 'in_progress' };

export interface IdempotencyStore {
  begin(keyId: string, idempotencyKey: string, fingerprint: string): Promise<IdempotencyClaim>;
  /** Records the answer; a null status lets the Idempotency-Key go (a server-side failure may be retried). */
  finish(claimId: string, status: number | null, body: unknown): Promise<void>;
}

export interface DeliveryListFilters {
  status: string[];
  customerId: string | null;
  createdFrom: string | null;
  createdTo: string | null;
  limit: number;
  cursor: { createdAt: string; id: string } | null;
}

export interface StockFilters {
  warehouseId: string | null;
  itemId: string | null;
  sku: string | null;
  limit: number;
  cursor: string | null;
}

export type Row = Record<string, unknown>;

/** What the API reads and writes, as the key's owner. */
export interface ApiData {
  createDelivery(tenantId: string, input: Row): Promise<Result<Row>>;
  /** A delivery by id or delivery_code; null when the owner cannot see it. */
  getDelivery(ref: string): Promise<Result<Row | null>>;
  listDeliveries(filters: DeliveryListFilters): Promise<Result<Row[]>>;
  cancelDelivery(id: string, reason: string): Promise<Result<null>>;
  deliveryEvents(id: string): Promise<Result<Row[]>>;
  listStock(filters: StockFilters): Promise<Result<Row[]>>;
}

export interface ApiDeps {
  /** Resolves a key by its hash and, for a usable key, counts this request against its rate limit. */
  authenticate(keyHash: string): Promise<AuthOutcome>;
  asOwner(identity: KeyIdentity): Promise<ApiData>;
  idempotency: IdempotencyStore;
  log?: (message: string, error: unknown) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

export const DELIVERY_STATUSES = ['pending', 'assigned', 'accepted', 'picked_up', 'in_transit', 'delivered', 'failed', 'cancelled', 'returned'] as const;
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

/** The fields a delivery is created with; the database validates their values. */
export const DELIVERY_CREATE_FIELDS = {
  customer_id: 'string',
  service_id: 'string',
  pickup_address: 'object',
  pickup_lat: 'number',
  pickup_lng: 'number',
  dropoff_address: 'object',
  dropoff_lat: 'number',
  dropoff_lng: 'number',
  packages: 'array',
  pickup_window_start: 'string',
  pickup_window_end: 'string',
  dropoff_window_start: 'string',
  dropoff_window_end: 'string',
  priority: 'string',
  cod_amount: 'number',
  notes: 'string',
  external_reference_id: 'string',
} as const;
export const DELIVERY_REQUIRED_FIELDS = ['customer_id', 'service_id', 'pickup_address', 'pickup_lat', 'pickup_lng', 'dropoff_address', 'dropoff_lat', 'dropoff_lng', 'packages'] as const;

class ApiError extends Error {
  constructor(readonly failure: Failure, readonly headers: Record<string, string> = {}) {
    super(failure.message);
  }
}

const fail = (code: ErrorCode, message: string, details?: FieldProblem[]): Failure => ({ ok: false, code, message, ...(details ? { details } : {}) });

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers } });
}

export function errorBody(f: Failure): { error: { code: ErrorCode; message: string; details?: FieldProblem[] } } {
  return { error: f.details ? { code: f.code, message: f.message, details: f.details } : { code: f.code, message: f.message } };
}

function failureResponse(f: Failure, headers: Record<string, string> = {}): Response {
  return json(ERROR_STATUS[f.code], errorBody(f), headers);
}

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new ApiError(result);
  return result.value;
}

/** The route below the function's name: /functions/v1/api/v1/deliveries -> ['v1', 'deliveries']. */
export function routeSegments(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  if (segments[0] === 'functions' && segments[1] === 'v1') segments.splice(0, 2);
  if (segments[0] === 'api') segments.shift();
  return segments;
}

function bearer(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}

/** JSON with keys in a fixed order, so the same request always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as Row).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Row)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export async function requestFingerprint(method: string, path: string, body: unknown): Promise<string> {
  return await hashApiKey(`${method} ${path}\n${canonical(body)}`);
}

function encodeCursor(parts: unknown): string {
  return btoa(JSON.stringify(parts)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function decodeCursor(raw: string): unknown {
  try {
    return JSON.parse(atob(raw.replaceAll('-', '+').replaceAll('_', '/')));
  } catch {
    return null;
  }
}

function parseLimit(params: URLSearchParams, problems: FieldProblem[]): number {
  const raw = params.get('limit');
  if (raw === null || raw === '') return DEFAULT_LIMIT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_LIMIT) {
    problems.push({ field: 'limit', message: `limit must be an integer from 1 to ${MAX_LIMIT}` });
    return DEFAULT_LIMIT;
  }
  return value;
}

function optionalUuid(params: URLSearchParams, name: string, problems: FieldProblem[]): string | null {
  const value = params.get(name);
  if (value === null || value === '') return null;
  if (!isUuid(value)) problems.push({ field: name, message: `${name} must be a UUID` });
  return value;
}

function optionalTimestamp(params: URLSearchParams, name: string, problems: FieldProblem[]): string | null {
  const value = params.get(name);
  if (value === null || value === '') return null;
  if (Number.isNaN(Date.parse(value))) {
    problems.push({ field: name, message: `${name} must be an ISO 8601 date or date-time` });
    return null;
  }
  return new Date(value).toISOString();
}

function validated<T>(value: T, problems: FieldProblem[]): T {
  if (problems.length > 0) throw new ApiError(fail('validation_failed', problems.length === 1 ? problems[0].message : 'Validation failed', problems));
  return value;
}

export function parseDeliveryFilters(params: URLSearchParams): DeliveryListFilters {
  const problems: FieldProblem[] = [];
  const status = (params.get('status') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = status.filter((s) => !(DELIVERY_STATUSES as readonly string[]).includes(s));
  if (unknown.length > 0) problems.push({ field: 'status', message: `status must be among ${DELIVERY_STATUSES.join(', ')}` });
  const createdFrom = optionalTimestamp(params, 'created_from', problems);
  const createdTo = optionalTimestamp(params, 'created_to', problems);
  let cursor: DeliveryListFilters['cursor'] = null;
  const rawCursor = params.get('cursor');
  if (rawCursor) {
    const parsed = decodeCursor(rawCursor);
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && !Number.isNaN(Date.parse(parsed[0])) && typeof parsed[1] === 'string' && isUuid(parsed[1])) {
      cursor = { createdAt: parsed[0], id: parsed[1] };
    } else problems.push({ field: 'cursor', message: 'cursor is not one this API answered' });
  }
  return validated(
    { status, customerId: optionalUuid(params, 'customer_id', problems), createdFrom, createdTo, limit: parseLimit(params, problems), cursor },
    problems,
  );
}

export function parseStockFilters(params: URLSearchParams): StockFilters {
  const problems: FieldProblem[] = [];
  const rawCursor = params.get('cursor');
  let cursor: string | null = null;
  if (rawCursor) {
    const parsed = decodeCursor(rawCursor);
    if (typeof parsed === 'string' && isUuid(parsed)) cursor = parsed;
    else problems.push({ field: 'cursor', message: 'cursor is not one this API answered' });
  }
  const sku = params.get('sku')?.trim() || null;
  return validated(
    { warehouseId: optionalUuid(params, 'warehouse_id', problems), itemId: optionalUuid(params, 'item_id', problems), sku, limit: parseLimit(params, problems), cursor },
    problems,
  );
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** The create body's shape: known fields of the right JSON type, the required ones present. */
export function parseDeliveryCreate(body: unknown): Row {
  if (typeOf(body) !== 'object') throw new ApiError(fail('bad_request', 'The request body must be a JSON object'));
  const input = body as Row;
  const problems: FieldProblem[] = [];
  for (const field of DELIVERY_REQUIRED_FIELDS) {
    if (input[field] === undefined || input[field] === null) problems.push({ field, message: `${field} is required` });
  }
  const out: Row = {};
  for (const [field, value] of Object.entries(input)) {
    const expected = (DELIVERY_CREATE_FIELDS as Record<string, string>)[field];
    if (!expected) {
      problems.push({ field, message: `${field} is not a field of a delivery` });
      continue;
    }
    if (value === null || value === undefined) continue;
    if (typeOf(value) !== expected) problems.push({ field, message: `${field} must be a JSON ${expected}` });
    else out[field] = value;
  }
  return validated(out, problems);
}

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(fail('bad_request', 'The request body is not valid JSON'));
  }
}

async function findDelivery(data: ApiData, ref: string): Promise<Row> {
  const delivery = unwrap(await data.getDelivery(ref));
  if (!delivery) throw new ApiError(fail('not_found', MESSAGES.deliveryNotFound));
  return delivery;
}

type Answer = { status: number; body: unknown };

async function route(req: Request, segments: string[], identity: KeyIdentity, data: ApiData, body: unknown): Promise<Answer> {
  const params = new URL(req.url).searchParams;
  const [version, collection, ref, action, ...rest] = segments;
  if (version !== 'v1' || rest.length > 0) throw new ApiError(fail('not_found', MESSAGES.notFound));
  const allow = (...methods: string[]) => {
    if (!methods.includes(req.method)) throw new ApiError(fail('method_not_allowed', `Use ${methods.join(' or ')} here`), { Allow: methods.join(', ') });
  };

  if (collection === 'deliveries' && ref === undefined) {
    allow('GET', 'POST');
    if (req.method === 'POST') {
      const created = unwrap(await data.createDelivery(identity.tenantId, parseDeliveryCreate(body)));
      return { status: 201, body: { delivery: created } };
    }
    const filters = parseDeliveryFilters(params);
    const rows = unwrap(await data.listDeliveries(filters));
    const page = rows.slice(0, filters.limit);
    const last = page.at(-1);
    return {
      status: 200,
      body: { deliveries: page, next_cursor: rows.length > filters.limit && last ? encodeCursor([last.created_at, last.id]) : null },
    };
  }
  if (collection === 'deliveries' && action === undefined) {
    allow('GET');
    return { status: 200, body: { delivery: await findDelivery(data, ref) } };
  }
  if (collection === 'deliveries' && action === 'cancel') {
    allow('POST');
    const reason = typeOf(body) === 'object' ? (body as Row).reason : undefined;
    if (typeof reason !== 'string' || reason.trim() === '') {
      throw new ApiError(fail('validation_failed', 'reason is required', [{ field: 'reason', message: 'reason is required' }]));
    }
    const delivery = await findDelivery(data, ref);
    unwrap(await data.cancelDelivery(String(delivery.id), reason.trim()));
    return { status: 200, body: { delivery: await findDelivery(data, String(delivery.id)) } };
  }
  if (collection === 'deliveries' && action === 'tracking') {
    allow('GET');
    const delivery = await findDelivery(data, ref);
    const events = unwrap(await data.deliveryEvents(String(delivery.id)));
    return {
      status: 200,
      body: { tracking: { delivery_id: delivery.id, delivery_code: delivery.delivery_code, status: delivery.status, events } },
    };
  }
  if (collection === 'stock' && ref === undefined) {
    allow('GET');
    const filters = parseStockFilters(params);
    const rows = unwrap(await data.listStock(filters));
    const page = rows.slice(0, filters.limit);
    const last = page.at(-1);
    return { status: 200, body: { stock: page, next_cursor: rows.length > filters.limit && last ? encodeCursor(last.id) : null } };
  }
  throw new ApiError(fail('not_found', MESSAGES.notFound));
}

async function authenticate(req: Request, deps: ApiDeps): Promise<{ identity: KeyIdentity; rate: RateLimitDecision }> {
  const key = bearer(req);
  if (!key) throw new ApiError(fail('unauthorized', MESSAGES.missingKey), { 'WWW-Authenticate': 'Bearer' });
  if (!isApiKeyShaped(key)) throw new ApiError(fail('unauthorized', MESSAGES.malformedKey), { 'WWW-Authenticate': 'Bearer' });
  const outcome = await deps.authenticate(await hashApiKey(key));
  if (outcome.ok) return { identity: outcome.identity, rate: outcome.rate };
  const message = { unknown: MESSAGES.unknownKey, revoked: MESSAGES.revokedKey, expired: MESSAGES.expiredKey, owner_inactive: MESSAGES.ownerInactive }[outcome.reason];
  throw new ApiError(fail('unauthorized', message), { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
}

/** The public API's handler; `extra` answers routes outside /v1 (the OpenAPI document) before any key is asked for. */
export function createApiHandler(deps: ApiDeps, extra?: (req: Request, segments: string[]) => Response | null): (req: Request) => Promise<Response> {
  const log = deps.log ?? ((message, error) => console.error(message, error instanceof Error ? error.message : error));
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    const segments = routeSegments(new URL(req.url).pathname);
    const answeredElsewhere = extra?.(req, segments);
    if (answeredElsewhere) return answeredElsewhere;
    let claimId: string | null = null;
    try {
      const { identity, rate: decision } = await authenticate(req, deps);
      const limitHeaders = { 'RateLimit-Limit': String(decision.limit), 'RateLimit-Remaining': String(decision.remaining) };
      if (!decision.allowed) {
        throw new ApiError(fail('rate_limited', MESSAGES.rateLimited), { ...limitHeaders, 'Retry-After': String(decision.retryAfterSeconds) });
      }
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      const idempotencyKey = req.method === 'POST' ? req.headers.get('idempotency-key')?.trim() : undefined;
      if (idempotencyKey !== undefined && idempotencyKey !== null) {
        if (idempotencyKey.length < 1 || idempotencyKey.length > 255) {
          throw new ApiError(fail('validation_failed', 'Idempotency-Key must be 1 to 255 characters', [{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 characters' }]));
        }
        const claim = await deps.idempotency.begin(identity.keyId, idempotencyKey, await requestFingerprint(req.method, segments.join('/'), body));
        if (claim.state === 'conflict') throw new ApiError(fail('idempotency_conflict', MESSAGES.idempotencyConflict));
        if (claim.state === 'in_progress') throw new ApiError(fail('idempotency_in_progress', MESSAGES.idempotencyInProgress));
        if (claim.state === 'replay') return json(claim.status, claim.body, { ...limitHeaders, 'Idempotent-Replayed': 'true' });
        claimId = claim.id;
      }
      let answer: Answer;
      try {
        answer = await route(req, segments, identity, await deps.asOwner(identity), body);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        answer = { status: ERROR_STATUS[e.failure.code], body: errorBody(e.failure) };
        if (claimId) await deps.idempotency.finish(claimId, answer.status >= 500 ? null : answer.status, answer.body);
        return failureResponse(e.failure, { ...limitHeaders, ...e.headers });
      }
      if (claimId) await deps.idempotency.finish(claimId, answer.status, answer.body);
      return json(answer.status, answer.body, limitHeaders);
    } catch (e) {
      if (e instanceof ApiError) return failureResponse(e.failure, e.headers);
      log('api: request failed', e);
      if (claimId) await deps.idempotency.finish(claimId, null, null).catch(() => undefined);
      return failureResponse(fail('internal_error', MESSAGES.internal));
    }
  };
}
