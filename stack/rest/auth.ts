import type { IncomingMessage } from 'node:http';
import { bearerToken, JwtError, type JwtService } from '../http/jwt.ts';
import { RestError } from './errors.ts';
import type { SchemaCache } from './schema-cache.ts';

export interface Caller {
  role: string;
  claims: Record<string, unknown>;
  /** The claims as JSON, as request.jwt.claims gets them (kept with a remembered caller). */
  claimsText?: string;
}

const ANON_ROLE = 'anon';

function jwtError(e: JwtError): RestError {
  const code = e.failure === 'expired' ? 'PGRST303' : 'PGRST301';
  return new RestError(401, code, e.message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${e.message.replace(/"/g, "'")}"`,
  });
}

/** Remembered callers per token; a client sends the same token (the anon key, a session) with every request. */
const CALLER_CACHE_SIZE = 1000;

/**
 * The callers of tokens already verified against one schema cache (whose roles the check read), so
 * that a request with a known token skips verification and the claims' JSON. A remembered token is
 * still refused once its `exp` has passed: it is dropped and verified again, which answers PGRST303.
 * Built anew with every schema cache (a reload may drop or add roles); bounded, oldest out first.
 */
export class CallerCache {
  private readonly callers = new Map<string, Caller & { expiresAt: number }>();

  get(token: string): Caller | undefined {
    const known = this.callers.get(token);
    if (!known) return undefined;
    if (known.expiresAt <= Date.now()) {
      this.callers.delete(token);
      return undefined;
    }
    return known;
  }

  remember(token: string, caller: Caller): Caller {
    const exp = caller.claims.exp;
    const expiresAt = typeof exp === 'number' ? exp * 1000 : Infinity;
    if (this.callers.size >= CALLER_CACHE_SIZE) this.callers.delete(this.callers.keys().next().value as string);
    const known = { ...caller, claimsText: JSON.stringify(caller.claims), expiresAt };
    this.callers.set(token, known);
    return known;
  }
}

/** PostgREST's authentication: the bearer token (else the apikey the gateway checked) decides the role. */
export async function authenticate(req: IncomingMessage, jwt: JwtService, cache: SchemaCache, callers?: CallerCache): Promise<Caller> {
  const apikey = req.headers['apikey'];
  const token = bearerToken(req.headers.authorization) ?? (typeof apikey === 'string' ? apikey : undefined);
  if (!token) return { role: ANON_ROLE, claims: { role: ANON_ROLE } };
  const known = callers?.get(token);
  if (known) return known;
  let claims: Record<string, unknown>;
  try {
    claims = await jwt.verify(token);
  } catch (e) {
    if (e instanceof JwtError) throw jwtError(e);
    throw e;
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : ANON_ROLE;
  if (!cache.roles.has(role)) {
    throw new RestError(401, '22023', `role "${role}" does not exist`, null, null, { 'www-authenticate': 'Bearer' });
  }
  return callers ? callers.remember(token, { role, claims }) : { role, claims };
}

export function isAuthenticatedRole(role: string): boolean {
  return role !== ANON_ROLE;
}
