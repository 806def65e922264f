import { decodeJwt } from 'jose';
import { JwtError, type Claims, type JwtService } from '../http/jwt.ts';

/**
 * Why a channel's access token was refused, with the two texts Supabase Realtime uses: `joinReason`
 * is the join error reason (`<code>: <message>`, RealtimeChannel.Logging.log_error/3), `shutdown`
 * the message of the system event sent before a joined channel is closed (shutdown_response/2).
 */
export class TokenError extends Error {
  constructor(
    readonly joinReason: string,
    readonly shutdown: string,
  ) {
    super(joinReason);
  }
}

export interface VerifiedToken {
  token: string;
  claims: Claims;
  role: string;
  /** Seconds since the epoch. */
  exp: number;
}

const MISSING_CLAIMS = 'Fields `role` and `exp` are required in JWT';

/** RealtimeWeb.ChannelsAuthorization.authorize_conn/3 followed by the channel's confirm_token/1. */
export async function verifyAccessToken(jwt: JwtService, raw: string): Promise<VerifiedToken> {
  // Supabase strips whitespace and URL-decodes the token first (clean_token/1).
  const token = safeDecode(raw).replace(/\s/g, '');
  let claims: Claims;
  try {
    claims = await jwt.verify(token);
  } catch (e) {
    if (!(e instanceof JwtError)) throw e;
    switch (e.failure) {
      case 'expired': {
        const ago = Math.max(0, Math.floor(Date.now() / 1000) - expOf(token));
        const msg = `Token has expired ${ago} seconds ago`;
        throw new TokenError(`InvalidJWTToken: ${msg}`, msg);
      }
      case 'invalid_signature':
      case 'unsupported_alg':
        throw new TokenError('JwtSignatureError: Failed to validate JWT signature', ':signature_error');
      case 'missing_claims':
        throw new TokenError(`InvalidJWTToken: ${MISSING_CLAIMS}`, MISSING_CLAIMS);
      case 'malformed':
        throw new TokenError('MalformedJWT: The token provided is not a valid JWT', 'The token provided is not a valid JWT');
    }
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number' || !Number.isInteger(claims.exp)) {
    throw new TokenError(`InvalidJWTToken: ${MISSING_CLAIMS}`, MISSING_CLAIMS);
  }
  const remaining = claims.exp - Math.floor(Date.now() / 1000);
  if (remaining <= 0) {
    const msg = `Token has expired ${-remaining} seconds ago`;
    throw new TokenError(`InvalidJWTToken: ${msg}`, msg);
  }
  return { token, claims, role: claims.role, exp: claims.exp };
}

function safeDecode(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

function expOf(token: string): number {
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp : 0;
  } catch {
    return 0;
  }
}
