import { ERRORS } from './errors.ts';

// Storage's S3-safe character set, widened to Unicode letters and digits as Storage now accepts them.
const KEY_CHARS = /^[\p{L}\p{M}\p{N}_/!\-.*'() &$@=;:+,?]+$/u;
const BUCKET_CHARS = /^[A-Za-z0-9_!\-.*'() &$@=;:+,?]+$/;
const MAX_KEY_BYTES = 1024;
// Objects live on a filesystem: one path segment is one directory or file name.
const MAX_SEGMENT_BYTES = 200;

export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && BUCKET_CHARS.test(name) && name !== '.' && name !== '..';
}

export function mustBeValidBucketName(name: unknown): string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw ERRORS.invalidBucketName();
  return name;
}

/**
 * An object name Storage accepts and the disk can hold without escaping its bucket directory:
 * no empty, `.` or `..` segment, no leading or trailing slash, no control characters.
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key) > MAX_KEY_BYTES || !KEY_CHARS.test(key)) return false;
  return key.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && Buffer.byteLength(s) <= MAX_SEGMENT_BYTES);
}

export function mustBeValidKey(key: string): string {
  if (!isValidKey(key)) throw ERRORS.invalidKey(key);
  return key;
}

/** Decodes one URL-encoded path component; a malformed escape is a bad key, not a crash. */
export function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ERRORS.invalidKey(raw);
  }
}

/** `bucket/a/b.txt` (still URL-encoded) -> bucket and object name, validated. */
export function splitObjectPath(rest: string): { bucket: string; key: string } {
  const slash = rest.indexOf('/');
  if (slash <= 0) throw ERRORS.invalidKey(decodePath(rest));
  const bucket = decodePath(rest.slice(0, slash));
  const key = decodePath(rest.slice(slash + 1));
  if (!isValidBucketName(bucket)) throw ERRORS.noSuchBucket();
  return { bucket, key: mustBeValidKey(key) };
}
