import { preflight } from '../_shared/cors.ts';
import { jsonResponse, keyedFailure, words, type Words } from '../_shared/http.ts';
import { parseTenantListQuery, isPlausibleSlug } from './query.ts';
import { type ClientRateLimit, clientKey, type RateLimitDecision } from '../_shared/rate_limit.ts';
import type { PublicTenants } from './tenants.ts';

/**
 * The `public` function: what a visitor without an account may ask.
 *   GET /public/verify-domain/{slug}        -> {data: {tenantId}} | 404
 *   GET /public/tenants?search=&page=&limit= -> {tenants, total}
 * Errors answer {error: {code, key, message, params?}} (`key` and `params` word it in the visitor's language). Each client address is rate-limited; the count lives in
 * the database (public.take_public_rate_limit), so every worker of the function shares it.
 */
export interface PublicDeps {
  tenants: PublicTenants;
  /** Counts a request of a client address (platform.ts: the database's shared counter). */
  limiter: ClientRateLimit;
  log?: (message: string, error: unknown) => void;
}

export type RemoteAddress = string | null;

function fail(status: number, code: string, said: Words, headers: Record<string, string> = {}): Response {
  return keyedFailure(status, code, said, { headers });
}

const UNEXPECTED = words('server.internal_error', 'Something went wrong!');

/** The route below the function's name: /public/tenants -> ['tenants']. */
function routeSegments(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'functions' && segments[1] === 'v1') segments.splice(0, 2);
  if (segments[0] === 'public') segments.shift();
  return segments;
}

export function createPublicHandler(deps: PublicDeps): (req: Request, remoteAddress?: RemoteAddress) => Promise<Response> {
  const log = deps.log ?? ((message, error) => console.error(message, error));

  return async (req, remoteAddress = null) => {
    const cors = preflight(req);
    if (cors) return cors;
    const url = new URL(req.url);
    const segments = routeSegments(url.pathname);
    const known = (segments.length === 2 && segments[0] === 'verify-domain') || (segments.length === 1 && segments[0] === 'tenants');
    if (!known) return fail(404, 'not_found', words('directory.no_such_endpoint', 'No such endpoint: use GET /public/verify-domain/{slug} or GET /public/tenants'));
    if (req.method !== 'GET') {
      return fail(405, 'method_not_allowed', words('requests.method_not_allowed', `Method ${req.method} is not allowed: use GET`, { method: req.method, allowed: 'GET' }), { Allow: 'GET, OPTIONS' });
    }

    let decision: RateLimitDecision;
    try {
      decision = await deps.limiter.hit(clientKey(req.headers, remoteAddress));
    } catch (e) {
      log('public: rate limit failed', e);
      return fail(500, 'unexpected_failure', UNEXPECTED);
    }
    const rateHeaders = { 'RateLimit-Limit': String(decision.limit), 'RateLimit-Remaining': String(decision.remaining) };
    if (!decision.allowed) {
      return fail(429, 'rate_limited', words('directory.rate_limited', `Too many requests: try again in ${decision.retryAfterSeconds} seconds`, { seconds: decision.retryAfterSeconds }), {
        ...rateHeaders,
        'Retry-After': String(decision.retryAfterSeconds),
        'Access-Control-Expose-Headers': 'Retry-After, RateLimit-Limit, RateLimit-Remaining',
      });
    }

    try {
      if (segments[0] === 'verify-domain') {
        let slug: string;
        try {
          slug = decodeURIComponent(segments[1] ?? '');
        } catch {
          slug = '';
        }
        const tenantId = isPlausibleSlug(slug) ? await deps.tenants.findActiveTenantId(slug) : null;
        if (!tenantId) return fail(404, 'business_not_found', words('directory.business_not_found', 'Business not found'), rateHeaders);
        return jsonResponse({ data: { tenantId } }, { headers: rateHeaders });
      }
      const query = parseTenantListQuery(url.searchParams);
      if (!query.ok) return fail(400, 'invalid_query', query, rateHeaders);
      return jsonResponse(await deps.tenants.listActiveTenants(query.value), { headers: rateHeaders });
    } catch (e) {
      log('public: query failed', e);
      return fail(500, 'unexpected_failure', UNEXPECTED, rateHeaders);
    }
  };
}
