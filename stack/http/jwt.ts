import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export type JwtFailure = 'expired' | 'invalid_signature' | 'malformed' | 'unsupported_alg' | 'missing_claims';

export class JwtError extends Error {
  constructor(
    readonly failure: JwtFailure,
    message: string,
  ) {
    super(message);
  }
}

export type Claims = JWTPayload & Record<string, unknown>;

export interface JwtService {
  /** HS256 only, signature and exp checked: `alg: none` and other algorithms are refused. */
  verify(token: string): Promise<Claims>;
  sign(payload: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
}

/** Verified tokens kept until they expire: clients send the same token with every request. */
const VERIFIED_CACHE_SIZE = 5000;

export function createJwtService(secret: string): JwtService {
  const key = new TextEncoder().encode(secret);
  // Signature checks go through WebCrypto (a thread-pool hop each); a token verified once needs
  // only its expiry checked again.
  const verified = new Map<string, Claims>();
  const remember = (token: string, claims: Claims) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
  };
  return {
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (typeof known.exp === 'number' && known.exp * 1000 <= Date.now()) {
          verified.delete(token);
          throw new JwtError('expired', 'JWT expired');
        }
        return { ...known };
      }
      if (token.split('.').length !== 3) throw new JwtError('malformed', 'Expected 3 parts in JWT; got ' + token.split('.').length);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        remember(token, payload as Claims);
        return { ...payload } as Claims;
      } catch (e) {
        if (e instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        if (e instanceof joseErrors.JOSEAlgNotAllowed || e instanceof joseErrors.JOSENotSupported)
          throw new JwtError('unsupported_alg', 'Wrong or unknown algorithm');
        if (e instanceof joseErrors.JWSSignatureVerificationFailed) throw new JwtError('invalid_signature', 'JWSError JWSInvalidSignature');
        if (e instanceof joseErrors.JWTClaimValidationFailed) throw new JwtError('missing_claims', e.message);
        throw new JwtError('malformed', 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)');
      }
    },
    async sign(payload, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(key);
    },
  };
}

/** The bearer token of a request, if any. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const m = /^bearer\s+(.+)$/i.exec(authorization.trim());
  return m ? m[1].trim() : undefined;
}
