import { preflight } from '../_shared/cors.ts';
import { problem } from '../_shared/database.ts';
import { jsonResponse, keyedFailure, words, type Words } from '../_shared/http.ts';
import { RefusedAddressError } from '../_shared/net_guard.ts';
import { generateSigningSecret, isSigningSecret, signedHeaders } from '../_shared/standard_webhooks.ts';
import { isUuid, parseSubscription, parseTest, type Endpoint, type FieldProblem } from './input.ts';

/**
 * The webhooks function: a tenant's admins configure each person's subscriptions, one per module.
 *   GET  /webhooks?userId=&limit=100  -> {subscriptions}: one entry per module of the catalogue, without id where none is configured
 *   POST /webhooks/test   {webhook_url, secret_header_key, secret_header_value, subscription_id?, signing_secret?}
 *                          -> {success, message, status_code?, signing_secret?}: a test event signed as every delivery is
 *   POST /webhooks        {module_id, webhook_url, secret_header_key, secret_header_value, is_active, user_id, signing_secret?}
 *                          -> 201 {subscription, signing_secret, message}
 *   PUT  /webhooks/{id}   the same body (rotate_secret: true for a new secret) -> {subscription, message, signing_secret?}
 * Refusals answer {error: {code, message, details?}}. Reads and writes run as the calling admin
 * (RLS, the database's rules, the audit trail); only the stored signing secret is read with the
 * service role, since it is not readable through the API.
 *
 * A test is signed with the subscription's own secret, or with a draft secret for a subscription
 * not saved yet: the draft is answered so the card can send it back when it saves, and the
 * receiver can verify the test and every later delivery with the same secret.
 */
export interface SubscriptionRow {
  id: string;
  tenant_id: string;
  user_id: string;
  module_id: string;
  webhook_url: string;
  secret_header_key: string | null;
  secret_header_value: string | null;
  is_active: boolean;
  /** Why the dispatcher turned it off (410 Gone, failing for 5 days); cleared when it is turned on again. */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface ModuleRow {
  id: string;
  name: string;
  event_types: string[];
}

export type Failure = { ok: false; status: number; code: string; key?: string; message: string; details?: FieldProblem[] };
export type Result<T> = { ok: true; value: T } | Failure;

export interface WebhookStore {
  modules(): Promise<Result<ModuleRow[]>>;
  listFor(userId: string, limit: number): Promise<Result<SubscriptionRow[]>>;
  get(id: string): Promise<Result<SubscriptionRow | null>>;
  insert(row: Omit<SubscriptionRow, 'id' | 'disabled_reason' | 'created_at' | 'updated_at'> & { signing_secret: string }): Promise<Result<SubscriptionRow>>;
  update(id: string, patch: Partial<Endpoint & { is_active: boolean; signing_secret: string }>): Promise<Result<SubscriptionRow>>;
}

export interface WebhooksDeps {
  resolveCaller(accessToken: string): Promise<{ userId: string; profile: { tenantId: string; panelType: string; status: string } | null } | null>;
  store(accessToken: string): WebhookStore;
  /** The stored signing secret of a subscription the caller may read (service role). */
  signingSecretOf(id: string): Promise<string | null>;
  /** An outgoing request through the address guard, with the delivery timeout. */
  send(url: string, init: RequestInit): Promise<Response>;
  now?: () => Date;
  newMessageId?: () => string;
  log?: (message: string, error: unknown) => void;
}

export const MESSAGES = {
  fetchFailed: 'Failed to fetch webhooks',
  testFailed: 'Failed to test webhook',
  testCompleted: 'Webhook test completed',
  testSuccessful: 'Webhook test successful',
  notFound: 'Webhook not found',
  saveFailed: 'Failed to save webhook',
  saved: 'Webhook saved successfully',
} as const;
export const NOT_ADMIN = 'Only an active administrator of this business can manage webhooks';
export const TENANTLESS = 'You are not associated with any tanent. Please contact your administrator.';

/** `{error: {code, key, message, params?, details?}}`: `key` and `params` let the app word it in the user's language. */
function fail(status: number, code: string, said: Words, details?: FieldProblem[], headers?: Record<string, string>): Response {
  return keyedFailure(status, code, said, { headers, details });
}

const NOT_FOUND = words('webhooks.not_found', MESSAGES.notFound);

function failure(f: Failure): Response {
  return f.key ? fail(f.status, f.code, words(f.key, f.message), f.details) : jsonResponse({ error: { code: f.code, message: f.message, ...(f.details ? { details: f.details } : {}) } }, { status: f.status });
}

/** A refusal of the input: one problem is the refusal's own words, several are 'Validation failed'. */
function invalid(problems: FieldProblem[]): Response {
  const [only] = problems;
  const said = problems.length === 1 && only.key ? words(only.key, only.message, only.params) : words('webhooks.validation_failed', 'Validation failed');
  return fail(problems.some((p) => p.field === 'body') ? 400 : 422, 'validation_failed', said, problems);
}

function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}

function routeSegments(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'functions' && segments[1] === 'v1') segments.splice(0, 2);
  if (segments[0] === 'webhooks') segments.shift();
  return segments;
}

async function readJson(req: Request): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await req.json() };
  } catch {
    return { ok: false };
  }
}

/** The body of a test event: what a receiver gets to check its endpoint and signature. */
export function testEvent(now: Date, webhookUrl: string): string {
  return JSON.stringify({ type: 'webhook.test', timestamp: now.toISOString(), data: { message: 'This is a test event from Waypost', webhook_url: webhookUrl } });
}

export function createWebhooksHandler(deps: WebhooksDeps): (req: Request) => Promise<Response> {
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const now = deps.now ?? (() => new Date());
  const newMessageId = deps.newMessageId ?? (() => `msg_${crypto.randomUUID().replaceAll('-', '')}`);

  /**
   * A test's outcome: `message` and `error` are English for API clients; `error_key` (and
   * `error_params`) say why it failed so the app words it in the user's language.
   */
  async function runTest(
    endpoint: Endpoint,
    secret: string,
  ): Promise<{ success: boolean; message: string; status_code?: number; error?: string; error_key?: string; error_params?: Record<string, string | number> }> {
    const at = now();
    const body = testEvent(at, endpoint.webhook_url);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Waypost-Webhooks/1', ...(await signedHeaders(secret, newMessageId(), Math.floor(at.getTime() / 1000), body)) };
    if (endpoint.secret_header_key && endpoint.secret_header_value) headers[endpoint.secret_header_key] = endpoint.secret_header_value;
    try {
      const res = await deps.send(endpoint.webhook_url, { method: 'POST', headers, body });
      await res.body?.cancel();
      if (res.ok) return { success: true, message: MESSAGES.testSuccessful, status_code: res.status };
      return { success: false, message: MESSAGES.testCompleted, status_code: res.status, error: `The receiver answered ${res.status}`, error_key: 'webhooks.receiver_answered', error_params: { status: res.status } };
    } catch (e) {
      const why =
        e instanceof RefusedAddressError ? words('webhooks.receiver_refused', `Refused: ${e.message}`, { reason: e.message })
        : e instanceof DOMException && e.name === 'TimeoutError' ? words('webhooks.receiver_timeout', 'The receiver did not answer within 15 seconds', { seconds: 15 })
        : words('webhooks.receiver_unreachable', 'The receiver could not be reached');
      return { success: false, message: MESSAGES.testFailed, error: why.message, error_key: why.key, ...(why.params ? { error_params: why.params } : {}) };
    }
  }

  return async (req) => {
    const cors = preflight(req);
    if (cors) return cors;
    const segments = routeSegments(new URL(req.url).pathname);
    const route =
      segments.length === 0 && req.method === 'GET' ? 'list'
      : segments.length === 0 && req.method === 'POST' ? 'create'
      : segments.length === 1 && segments[0] === 'test' && req.method === 'POST' ? 'test'
      : segments.length === 1 && segments[0] !== 'test' && req.method === 'PUT' ? 'update'
      : null;
    if (!route) {
      if (segments.length > 1) return fail(404, 'not_found', words('webhooks.no_such_endpoint', 'No such endpoint: use /webhooks, /webhooks/test or /webhooks/{id}'));
      const allow = segments.length === 0 ? 'GET, POST, OPTIONS' : segments[0] === 'test' ? 'POST, OPTIONS' : 'PUT, OPTIONS';
      return fail(405, 'method_not_allowed', words('requests.method_not_allowed_here', `Method ${req.method} is not allowed here`, { method: req.method }), undefined, { Allow: allow });
    }

    const token = bearerToken(req);
    const resolved = token ? await deps.resolveCaller(token).catch((e: unknown) => (log('webhooks: getUser failed', e), null)) : null;
    if (!token || !resolved) return fail(401, 'no_session', words('auth.no_session', 'No active session'));
    const profile = resolved.profile;
    if (!profile || profile.status !== 'active') return fail(403, 'no_tenant', words('account.no_tenant', TENANTLESS));
    if (profile.panelType !== 'admin') return fail(403, 'not_admin', words('webhooks.not_admin', NOT_ADMIN));
    const store = deps.store(token);

    try {
      if (route === 'list') {
        const params = new URL(req.url).searchParams;
        const userId = params.get('userId');
        if (!isUuid(userId)) {
          const bad = words('webhooks.user_id_invalid', 'userId must be a uuid');
          return fail(400, 'validation_failed', bad, [problem('userId', bad.key, bad.message)]);
        }
        const limit = Math.min(Math.max(Number(params.get('limit') ?? 100) || 100, 1), 100);
        const [modules, subscriptions] = await Promise.all([store.modules(), store.listFor(userId.toLowerCase(), limit)]);
        if (!modules.ok) return failure(modules);
        if (!subscriptions.ok) return failure(subscriptions);
        const byModule = new Map(subscriptions.value.map((s) => [s.module_id, s]));
        return jsonResponse({
          subscriptions: modules.value.map((m) => {
            const s = byModule.get(m.id);
            const entry = { module_id: m.id, module_name: m.name, event_types: m.event_types };
            return s ? { ...s, ...entry } : { ...entry, user_id: userId.toLowerCase(), webhook_url: '', secret_header_key: null, secret_header_value: null, is_active: false, disabled_reason: null };
          }),
        });
      }

      const body = await readJson(req);
      if (!body.ok) return fail(400, 'invalid_request', words('webhooks.json_required', 'Send a JSON object'));

      if (route === 'test') {
        const parsed = parseTest(body.body);
        if (!parsed.ok) return invalid(parsed.problems);
        const input = parsed.value;
        let secret: string;
        let draft: string | null = null;
        if (input.subscription_id && !input.signing_secret) {
          const current = await store.get(input.subscription_id);
          if (!current.ok) return failure(current);
          if (!current.value) return fail(404, 'webhook_not_found', NOT_FOUND);
          const stored = await deps.signingSecretOf(input.subscription_id);
          if (!stored) return fail(404, 'webhook_not_found', NOT_FOUND);
          secret = stored;
        } else {
          draft = input.signing_secret && isSigningSecret(input.signing_secret) ? input.signing_secret : generateSigningSecret();
          secret = draft;
        }
        const result = await runTest(input, secret);
        return jsonResponse(draft ? { ...result, signing_secret: draft } : result);
      }

      const parsed = parseSubscription(body.body);
      if (!parsed.ok) return invalid(parsed.problems);
      const input = parsed.value;
      const endpoint: Endpoint = { webhook_url: input.webhook_url, secret_header_key: input.secret_header_key, secret_header_value: input.secret_header_value };

      if (route === 'create') {
        const signing_secret = input.signing_secret && isSigningSecret(input.signing_secret) ? input.signing_secret : generateSigningSecret();
        const inserted = await store.insert({ tenant_id: profile.tenantId, user_id: input.user_id, module_id: input.module_id, is_active: input.is_active, signing_secret, ...endpoint });
        if (!inserted.ok) return failure(inserted);
        return jsonResponse({ subscription: inserted.value, signing_secret, message: MESSAGES.saved }, { status: 201 });
      }

      const id = segments[0];
      if (!isUuid(id)) return fail(404, 'webhook_not_found', NOT_FOUND);
      const current = await store.get(id);
      if (!current.ok) return failure(current);
      if (!current.value || current.value.user_id !== input.user_id || current.value.module_id !== input.module_id) return fail(404, 'webhook_not_found', NOT_FOUND);
      const newSecret = input.rotate_secret ? generateSigningSecret() : input.signing_secret && isSigningSecret(input.signing_secret) ? input.signing_secret : null;
      const updated = await store.update(id, { ...endpoint, is_active: input.is_active, ...(newSecret ? { signing_secret: newSecret } : {}) });
      if (!updated.ok) return failure(updated);
      return jsonResponse({ subscription: updated.value, message: MESSAGES.saved, ...(newSecret ? { signing_secret: newSecret } : {}) });
    } catch (e) {
      log('webhooks: failed', e);
      return fail(500, 'internal_error', words('server.internal_error', 'Something went wrong!'));
    }
  };
}
