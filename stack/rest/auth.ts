import type { IncomingMessage } from 'node:http';
import { bearerToken, JwtError, type JwtService } from '../http/jwt.ts';
import { RestError } from './errors.ts';
import type { SchemaCache } from './schema-cache.ts';

export interface Caller {
  role: string;
  claims: Record<string, unknown>;
}

const ANON_ROLE = 'anon';

function jwtError(e: JwtError): RestError {
  const code = e.failure === 'expired' ? 'PGRST303' : 'PGRST301';
  return new RestError(401, code, e.message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${e.message.replace(/"/g, "'")}"`,
  });
}

/** PostgREST's authentication: the bearer token (else the apikey the gateway checked) decides the role. */
export async function authenticate(req: IncomingMessage, jwt: JwtService, cache: SchemaCache): Promise<Caller> {
  const apikey = req.headers['apikey'];
  const token = bearerToken(req.headers.authorization) ?? (typeof apikey === 'string' ? apikey : undefined);
  if (!token) return { role: ANON_ROLE, claims: { role: ANON_ROLE } };
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
  return { role, claims };
}

export function isAuthenticatedRole(role: string): boolean {
  return role !== ANON_ROLE;
}
