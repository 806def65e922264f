/**
 * The short-lived access token an API key's requests reach PostgREST with: the claims of a signed-in
 * session of the key's owner (sub, role authenticated), signed HS256 with the project's JWT secret
 * as Auth signs its own, so RLS and the database's rules decide exactly as for the owner in the app.
 * Valid for a minute: long enough for one request, useless if it ever leaked.
 */
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export const OWNER_TOKEN_SECONDS = 60;

export async function signOwnerToken(secret: string, ownerId: string, now: Date = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const payload = base64url(
    encoder.encode(JSON.stringify({ sub: ownerId, role: 'authenticated', aud: 'authenticated', iat, exp: iat + OWNER_TOKEN_SECONDS, amr: [{ method: 'api_key', timestamp: iat }] })),
  );
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${header}.${payload}`)));
  return `${header}.${payload}.${base64url(signature)}`;
}

/** The Supabase CLI's local JWT secret, public by design: what a local stack signs with unless told otherwise. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host) || host === 'kong' || host.endsWith('.localhost');
  } catch {
    return false;
  }
}

/**
 * The secret to sign with: API_JWT_SECRET (a hosted project sets it with `supabase secrets set` to
 * its JWT secret; the platform gives functions no such variable), else, only when the project URL is
 * this machine (the local stack or `supabase start`), the CLI's well-known local secret.
 */
export function jwtSecretFromEnv(projectUrl: string, configured: string | undefined): string {
  if (configured) return configured;
  if (isLoopbackUrl(projectUrl)) return LOCAL_JWT_SECRET;
  throw new Error('API_JWT_SECRET must be set to the project\'s JWT secret (supabase secrets set API_JWT_SECRET=...)');
}
