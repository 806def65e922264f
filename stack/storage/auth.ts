import type { IncomingMessage } from 'node:http';
import type { RequestIdentity } from '../db/database.ts';
import { bearerToken, JwtError, type JwtService } from '../http/jwt.ts';
import { headerMap } from '../http/respond.ts';
import { ERRORS, StorageError } from './errors.ts';

export interface Caller {
  identity: RequestIdentity;
  /** storage.objects.owner (uuid) and owner_id: the JWT's sub. */
  owner: string | null;
  ownerId: string | null;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** jsonwebtoken's wording, which Storage passes through. */
export function jwtMessage(e: unknown): string {
  if (!(e instanceof JwtError)) return 'jwt malformed';
  switch (e.failure) {
    case 'expired':
      return 'jwt expired';
    case 'invalid_signature':
      return 'invalid signature';
    case 'unsupported_alg':
      return 'invalid algorithm';
    case 'malformed':
      return 'jwt malformed';
    default:
      return e.message;
  }
}

/** Storage authenticates by itself: the bearer token, else the apikey header, verified with the project secret. */
export async function identify(jwt: JwtService, req: IncomingMessage, path: string): Promise<Caller> {
  const apikey = req.headers['apikey'];
  const token = bearerToken(req.headers.authorization) ?? (Array.isArray(apikey) ? apikey[0] : apikey);
  if (!token) throw ERRORS.accessDenied('jwt must be provided');
  let claims: Record<string, unknown>;
  try {
    claims = await jwt.verify(token);
  } catch (e) {
    if (e instanceof StorageError) throw e;
    throw ERRORS.accessDenied(jwtMessage(e));
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!ROLES.has(role)) throw ERRORS.accessDenied(`role "${role}" is not allowed`);
  const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
  return {
    identity: { role, claims, headers: headerMap(req), method: req.method ?? 'GET', path },
    owner: sub && UUID.test(sub) ? sub : null,
    ownerId: sub,
  };
}
