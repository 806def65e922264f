import { words, type Words } from '../_shared/http.ts';

/**
 * The `path` of an upload: `{tenantId}/{filename}`, exactly one folder (the tenant) and a plain
 * file name. Anything that could name another place is refused, never repaired: traversal
 * (`..`), more folders, absolute paths, backslashes, control characters and percent-encoding
 * (which storage or a proxy could decode into any of those).
 */
export type ParsedPath =
  | { ok: true; tenantId: string; filename: string }
  | ({ ok: false } & Words);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_FILENAME = 200;

export function parseUploadPath(path: string): ParsedPath {
  const invalid = (key: string, why: string, params?: Record<string, number>): ParsedPath => ({ ok: false, ...words(key, `Invalid file path: ${why}`, params) });
  if (path.length === 0 || path.length > 300) return invalid('uploads.path_shape', 'expected {tenantId}/{filename}');
  if (CONTROL.test(path)) return invalid('uploads.path_control_characters', 'control characters are not allowed');
  if (path.includes('\\') || path.includes('%')) return invalid('uploads.path_encoded', 'backslashes and percent-encoding are not allowed');
  if (path.startsWith('/')) return invalid('uploads.path_absolute', 'an absolute path is not allowed');
  const segments = path.split('/');
  if (segments.length !== 2) return invalid('uploads.path_folders', 'expected {tenantId}/{filename}, with no other folders');
  const [tenantId, filename] = segments;
  if (!UUID.test(tenantId)) return invalid('uploads.path_not_business_folder', 'the folder must be your business id');
  if (filename === '' || filename.startsWith('.')) return invalid('uploads.path_name_empty', 'the file name cannot be empty or start with a dot');
  if (filename.length > MAX_FILENAME) return invalid('uploads.path_name_too_long', `the file name is longer than ${MAX_FILENAME} characters`, { max: MAX_FILENAME });
  return { ok: true, tenantId, filename };
}

/**
 * The name the file is stored under: a random prefix (uploads never overwrite each other, and a
 * stored name is not guessable from the original) and the original name reduced to URL-safe
 * characters, its extension lower-cased.
 */
export function storedFileName(filename: string, randomId: string): string {
  const dot = filename.lastIndexOf('.');
  const stem = dot > 0 ? filename.slice(0, dot) : filename;
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, '') : '';
  const safeStem = stem.normalize('NFKD').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'file';
  return `${randomId}-${safeStem}${ext ? `.${ext}` : ''}`;
}
