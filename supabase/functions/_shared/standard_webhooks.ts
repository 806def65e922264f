/**
 * Standard Webhooks (the specification Svix publishes): a delivery carries `webhook-id` (stable
 * across retries of one event), `webhook-timestamp` (Unix seconds) and `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the base64-decoded part of
 * a `whsec_` secret). Receivers verify with any Standard Webhooks library.
 */
export const SECRET_PREFIX = 'whsec_';
/** What Waypost generates: 32 bytes. */
const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;
/** What the specification signs with: any base64 key. */
const ANY_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function generateSigningSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)));
}

export function isSigningSecret(value: unknown): value is string {
  return typeof value === 'string' && SECRET_PATTERN.test(value);
}

/** The `webhook-signature` value of one message. */
export async function signatureFor(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  if (!ANY_SECRET.test(secret)) throw new TypeError('not a whsec_ signing secret');
  const key = await crypto.subtle.importKey('raw', fromBase64(secret.slice(SECRET_PREFIX.length)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three Standard Webhooks headers of a message. */
export async function signedHeaders(secret: string, id: string, timestamp: number, body: string): Promise<Record<string, string>> {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': await signatureFor(secret, id, timestamp, body) };
}
