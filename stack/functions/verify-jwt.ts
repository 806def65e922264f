import type { JwtService } from '../http/jwt.ts';
import type { Unauthorized } from './responses.ts';

const INVALID_FORMAT: Unauthorized = { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT format' };

/** The `alg` of a compact JWS, or undefined when the protected header cannot be read. */
function protectedHeaderAlg(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 && parts.length !== 5) return undefined;
  try {
    const header: unknown = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    if (typeof header !== 'object' || header === null) return undefined;
    const alg = (header as { alg?: unknown }).alg;
    return typeof alg === 'string' && alg !== '' ? alg : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The edge runtime's verify_jwt check: exactly `Bearer <token>` in Authorization, HS256 tokens
 * verified with the project's secret. Returns why the request is refused, or null to let it through.
 */
export async function checkFunctionJwt(authorization: string | undefined, jwt: JwtService): Promise<Unauthorized | null> {
  if (!authorization) return { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' };
  const parts = authorization.split(' ');
  if (parts[0] !== 'Bearer' || parts.length !== 2 || parts[1] === '') return INVALID_FORMAT;
  const token = parts[1];
  const alg = protectedHeaderAlg(token);
  if (!alg) return INVALID_FORMAT;
  if (alg === 'ES256' || alg === 'RS256') {
    // The stack signs with its HS256 secret only: no key set can vouch for an asymmetric token.
    return { code: 'UNAUTHORIZED_ASYMMETRIC_JWT', message: 'Invalid JWT' };
  }
  if (alg !== 'HS256') return { code: 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM', message: `Unsupported JWT algorithm ${alg}` };
  try {
    await jwt.verify(token);
    return null;
  } catch {
    return { code: 'UNAUTHORIZED_JWT', message: 'Invalid JWT' };
  }
}
