/**
 * API keys as Waypost issues them: `wpk_` and 43 characters of base64url (32 random bytes, 256
 * bits), so a key is recognisable in a leaked log or repository and never guessable. Only its
 * SHA-256 (hex) is stored; the first 12 characters (`wpk_` and 8 more) are kept in the clear so
 * people can tell their keys apart. The public API looks a presented key up by the same digest.
 */
export const API_KEY_PREFIX = 'wpk_';
export const VISIBLE_PREFIX_LENGTH = 12;
const KEY_PATTERN = /^wpk_[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The hex SHA-256 of a key: what the database keeps and looks keys up by. */
export async function hashApiKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether a presented string has the shape of a Waypost key (checked before any lookup). */
export function isApiKeyShaped(value: string): boolean {
  return KEY_PATTERN.test(value);
}

export interface GeneratedApiKey {
  /** The key itself: answered once to the admin who asked, never stored or logged. */
  key: string;
  prefix: string;
  hash: string;
}

export async function generateApiKey(): Promise<GeneratedApiKey> {
  const key = API_KEY_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { key, prefix: key.slice(0, VISIBLE_PREFIX_LENGTH), hash: await hashApiKey(key) };
}
