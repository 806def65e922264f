import { generateApiKey, type GeneratedApiKey } from '../_shared/api_key.ts';
import { preflight } from '../_shared/cors.ts';
import { jsonResponse } from '../_shared/http.ts';
import { isUuid, parseCreate, parseList, parseUpdate, type FieldProblem, type ListInput } from './input.ts';

/**
 * The api-keys function: a tenant's admins manage the keys its systems call the API with.
 *   GET    /api-keys?page=&limit=&search=&tenantId=&userId=&sort=&order=  -> {apiKeys, total}
 *   POST   /api-keys         {name, description, expires_at, tenant_id | user_id} -> 201 {apiKey: {..., api_key}, message}
 *   PUT    /api-keys/{id}    {name, description, expires_at, is_active}            -> {apiKey, message}
 *   DELETE /api-keys/{id}                                                           -> {message}
 * Refusals answer {error: {code, message, details?}}: 400 (malformed), 401 (no session), 403 (not
 * an active admin), 404 (no such key in the caller's tenant), 405, 409 (the key is revoked), 422
 * (a rule refuses, with [{field, message}]), 500.
 *
 * The key is generated here and answered once; only its SHA-256 and visible prefix reach the
 * database, and nothing here logs a request body or an answer. Every read and write runs as the
 * calling admin, so RLS, the database's rules and the audit trail (naming the admin) hold here too.
 */
export interface ApiKeyRow {
  id: string;
  tenant_id: string;
  user_id: string | null;
  name: string;
  description: string;
  key_prefix: string;
  expires_at: string | null;
  is_active: boolean;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewApiKeyRow {
  tenant_id: string;
  user_id: string | null;
  name: string;
  description: string;
  expires_at: string | null;
  key_prefix: string;
  key_hash: string;
}

export type Failure = { ok: false; status: number; code: string; message: string; details?: FieldProblem[] };
export type Result<T> = { ok: true; value: T } | Failure;

/** The caller's view of the tenant's keys: every call runs with the caller's JWT. */
export interface KeyStore {
  list(tenantId: string, input: ListInput): Promise<Result<{ rows: ApiKeyRow[]; total: number }>>;
  get(id: string): Promise<Result<ApiKeyRow | null>>;
  insert(row: NewApiKeyRow): Promise<Result<ApiKeyRow>>;
  update(id: string, patch: { name?: string; description?: string; expires_at?: string | null; is_active?: boolean }): Promise<Result<ApiKeyRow>>;
}

export interface CallerProfile {
  tenantId: string;
  panelType: string;
  status: string;
}

export interface ApiKeysDeps {
  /** The user behind an access token and their own profile, or null when it is no session. */
  resolveCaller(accessToken: string): Promise<{ userId: string; profile: CallerProfile | null } | null>;
  store(accessToken: string): KeyStore;
  generateKey?: () => Promise<GeneratedApiKey>;
  now?: () => Date;
  log?: (message: string, error: unknown) => void;
}

export const NOT_ADMIN = 'Only an active administrator of this business can manage API keys';
export const TENANTLESS = 'You are not associated with any tanent. Please contact your administrator.';
export const KEY_NOT_FOUND = 'API key not found';
export const KEY_INACTIVE = 'Only active API keys can be edited or revoked';
export const GENERATED = 'API key generated successfully';
export const UPDATED = 'API key updated';
export const REVOKED = 'API key revoked successfully';

/** `{error: {code, key?, message, details?}}`: `key` lets the app show the refusal in the user's language. */
function fail(status: number, code: string, message: string, details?: FieldProblem[], headers?: Record<string, string>, key?: string): Response {
  return jsonResponse({ error: { code, ...(key ? { key } : {}), message, ...(details ? { details } : {}) } }, { status, headers });
}

/** The keys of the refusals a failure's code names (a keyed single problem lends its own). */
const FAILURE_KEYS: Record<string, string> = { api_key_not_found: 'api_keys.not_found', forbidden: 'api_keys.not_admin', internal_error: 'server.internal_error' };

function failure(f: Failure): Response {
  return fail(f.status, f.code, f.message, f.details, undefined, (f.details?.length === 1 ? f.details[0].key : undefined) ?? FAILURE_KEYS[f.code]);
}

function invalid(problems: FieldProblem[]): Response {
  const single = problems.length === 1 ? problems[0] : null;
  return fail(problems.some((p) => p.field === 'body') ? 400 : 422, 'validation_failed', single ? single.message : 'Validation failed', problems, undefined, single?.key);
}

function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}

/** The route below the function's name: /functions/v1/api-keys/{id} -> ['{id}']. */
function routeSegments(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'functions' && segments[1] === 'v1') segments.splice(0, 2);
  if (segments[0] === 'api-keys') segments.shift();
  return segments;
}

async function readJson(req: Request): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await req.json() };
  } catch {
    return { ok: false };
  }
}

export function createApiKeysHandler(deps: ApiKeysDeps): (req: Request) => Promise<Response> {
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const now = deps.now ?? (() => new Date());
  const generate = deps.generateKey ?? generateApiKey;

  return async (req) => {
    const cors = preflight(req);
    if (cors) return cors;
    const segments = routeSegments(new URL(req.url).pathname);
    const allowed = segments.length === 0 ? 'GET, POST, OPTIONS' : 'PUT, DELETE, OPTIONS';
    if (segments.length > 1) return fail(404, 'not_found', 'No such endpoint: use /api-keys or /api-keys/{id}');
    if ((segments.length === 0 && !['GET', 'POST'].includes(req.method)) || (segments.length === 1 && !['PUT', 'DELETE'].includes(req.method))) {
      return fail(405, 'method_not_allowed', `Method ${req.method} is not allowed here: use ${allowed.replace(', OPTIONS', '')}`, undefined, { Allow: allowed });
    }

    const token = bearerToken(req);
    const resolved = token ? await deps.resolveCaller(token).catch((e: unknown) => (log('api-keys: getUser failed', e), null)) : null;
    if (!token || !resolved) return fail(401, 'no_session', 'No active session', undefined, undefined, 'auth.no_session');
    const profile = resolved.profile;
    if (!profile || profile.status !== 'active') return fail(403, 'no_tenant', TENANTLESS, undefined, undefined, 'account.no_tenant');
    if (profile.panelType !== 'admin') return fail(403, 'not_admin', NOT_ADMIN, undefined, undefined, 'api_keys.not_admin');
    const store = deps.store(token);

    try {
      if (segments.length === 0 && req.method === 'GET') {
        const parsed = parseList(new URL(req.url).searchParams);
        if (!parsed.ok) return fail(400, 'validation_failed', parsed.problems[0].message, parsed.problems);
        // Another tenant's keys are as good as none: nothing says whether it has any.
        if (parsed.value.tenant_id && parsed.value.tenant_id !== profile.tenantId) return jsonResponse({ apiKeys: [], total: 0 });
        const listed = await store.list(profile.tenantId, parsed.value);
        if (!listed.ok) return failure(listed);
        return jsonResponse({ apiKeys: listed.value.rows, total: listed.value.total });
      }

      if (segments.length === 0) {
        const body = await readJson(req);
        if (!body.ok) return fail(400, 'invalid_request', 'Send a JSON object with name, description, expires_at and tenant_id or user_id');
        const parsed = parseCreate(body.body, now());
        if (!parsed.ok) return invalid(parsed.problems);
        const input = parsed.value;
        if (input.tenant_id && input.tenant_id !== profile.tenantId) return fail(403, 'forbidden', NOT_ADMIN, undefined, undefined, 'api_keys.not_admin');
        const key = await generate();
        const inserted = await store.insert({
          tenant_id: profile.tenantId,
          user_id: input.user_id,
          name: input.name,
          description: input.description,
          expires_at: input.expires_at,
          key_prefix: key.prefix,
          key_hash: key.hash,
        });
        if (!inserted.ok) return failure(inserted);
        return jsonResponse({ apiKey: { ...inserted.value, api_key: key.key }, message: GENERATED }, { status: 201 });
      }

      const id = segments[0];
      if (!isUuid(id)) return fail(404, 'api_key_not_found', KEY_NOT_FOUND, undefined, undefined, 'api_keys.not_found');
      const current = await store.get(id);
      if (!current.ok) return failure(current);
      if (!current.value) return fail(404, 'api_key_not_found', KEY_NOT_FOUND, undefined, undefined, 'api_keys.not_found');
      if (!current.value.is_active) return fail(409, 'api_key_inactive', KEY_INACTIVE, [{ field: 'is_active', key: 'api_keys.inactive', message: KEY_INACTIVE }], undefined, 'api_keys.inactive');

      if (req.method === 'DELETE') {
        const revoked = await store.update(id, { is_active: false });
        if (!revoked.ok) return failure(revoked);
        return jsonResponse({ message: REVOKED });
      }

      const body = await readJson(req);
      if (!body.ok) return fail(400, 'invalid_request', 'Send a JSON object with name, description, expires_at and is_active');
      const parsed = parseUpdate(body.body, now(), current.value.expires_at);
      if (!parsed.ok) return invalid(parsed.problems);
      const patch = parsed.value;
      const updated = await store.update(id, patch);
      if (!updated.ok) return failure(updated);
      return jsonResponse({ apiKey: updated.value, message: UPDATED });
    } catch (e) {
      log('api-keys: failed', e);
      return fail(500, 'internal_error', 'Something went wrong!', undefined, undefined, 'server.internal_error');
    }
  };
}
