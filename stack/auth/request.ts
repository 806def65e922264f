import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import { bearerToken, JwtError, type Claims } from '../http/jwt.ts';
import { BodyTooLargeError, readBody } from '../http/respond.ts';
import type { AuthDeps } from './deps.ts';
import { AuthError, badRequest, forbidden, tooManyRequests, unauthorized } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { ClientInfo } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

const BODY_LIMIT = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMIN_ROLES = ['service_role', 'supabase_admin'];

export const isUuid = (s: string) => UUID.test(s);

/** The JSON body checked against `schema`; GoTrue answers 400 bad_json to anything it cannot decode. */
export async function readJson<S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.infer<S>> {
  let raw: Buffer;
  try {
    raw = await readBody(req, BODY_LIMIT);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw new AuthError(413, 'request_too_large', 'Request body too large');
    throw e;
  }
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch (e) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(e as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: json: cannot unmarshal into a request object');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest('bad_json', `Could not parse request body as JSON: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * The caller's address as GoTrue's GetIPAddress takes it: the first valid address in
 * X-Forwarded-For (GoTrue runs behind the API gateway, which sets it), else the socket's.
 */
export function clientIp(req: Pick<IncomingMessage, 'headers' | 'socket'>): string {
  const header = req.headers['x-forwarded-for'];
  const forwarded = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of forwarded.split(',')) {
    const candidate = part.trim().replace(/^::ffff:/, '');
    if (isIP(candidate)) return candidate;
  }
  return req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
}

export function clientInfo(req: IncomingMessage): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: clientIp(req), userAgent: (Array.isArray(ua) ? ua[0] : ua) ?? '' };
}

export function limit(limiter: RateLimiter, req: IncomingMessage): void {
  if (!limiter.take(clientInfo(req).ip)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
}

const JWT_REASONS: Record<JwtError['failure'], string> = {
  expired: 'token has invalid claims: token is expired',
  invalid_signature: 'token signature is invalid: signature is invalid',
  malformed: 'token is malformed: could not base64 decode header',
  unsupported_alg: 'token is unverifiable: error while executing keyfunc: unexpected signing method',
  missing_claims: 'token has invalid claims',
};

/** GoTrue's requireAuthentication up to the verified claims. */
export async function requireClaims(deps: AuthDeps, req: IncomingMessage): Promise<{ token: string; claims: Claims }> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return { token, claims: await deps.ctx.jwt.verify(token) };
  } catch (e) {
    if (e instanceof JwtError) throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${JWT_REASONS[e.failure]}`);
    throw e;
  }
}

export interface Caller {
  user: UserRow;
  sessionId: string | null;
  claims: Claims;
}

/** A signed-in user: the JWT's subject must exist, and so must its session. */
export async function requireUser(deps: AuthDeps, req: IncomingMessage, tx: Queryable): Promise<Caller> {
  const { claims } = await requireClaims(deps, req);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(tx, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let sessionId: string | null = null;
  if (typeof claims.session_id === 'string' && claims.session_id !== '') {
    if (!isUuid(claims.session_id)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const s = await tx.query('select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid', [claims.session_id, sub]);
    if (s.rows.length === 0) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = claims.session_id;
  }
  return { user, sessionId, claims };
}

/** GoTrue's requireAdmin: a JWT whose role is one of the admin roles (the service role key). */
export async function requireAdmin(deps: AuthDeps, req: IncomingMessage): Promise<Claims> {
  const { claims } = await requireClaims(deps, req);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.includes(claims.role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}

/** GoTrue's email check: a plausible address of at most 255 characters. */
export function validateEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed.length > 255 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
    throw badRequest('email_address_invalid', `Unable to validate email address: invalid format`);
  }
  return trimmed.toLowerCase();
}

export const MetaSecurity = z.object({ captcha_token: z.string().nullish() }).passthrough().nullish();
export const JsonObject = z.record(z.string(), z.unknown());

/** Go's JSON decoding takes null for an absent value: so do these. */
export const optString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
export const optBool = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);
