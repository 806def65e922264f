/**
 * JSON built in SQL, so PGlite and node-postgres answer byte for byte alike; timestamps in the
 * ISO form Storage's JavaScript Date serialisation gives. Column names here are ours, never a request's.
 */
export const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const BUCKET_JSON = `json_build_object(
  'id', id, 'name', name, 'owner', coalesce(owner_id, owner::text, ''), 'public', public, 'type', type,
  'file_size_limit', file_size_limit, 'allowed_mime_types', allowed_mime_types,
  'created_at', ${iso('created_at')}, 'updated_at', ${iso('updated_at')})::text`;

export const OBJECT_JSON = `json_build_object(
  'bucket_id', bucket_id, 'name', name, 'id', id, 'owner', owner, 'owner_id', owner_id, 'version', version,
  'metadata', metadata, 'user_metadata', user_metadata, 'created_at', ${iso('created_at')},
  'updated_at', ${iso('updated_at')}, 'last_accessed_at', ${iso('last_accessed_at')})::text`;

export const OBJECT_INFO_JSON = `json_build_object(
  'id', id, 'name', name, 'version', version, 'bucket_id', bucket_id,
  'size', (metadata->>'size')::bigint, 'content_type', metadata->>'mimetype', 'cache_control', metadata->>'cacheControl',
  'etag', metadata->>'eTag', 'metadata', coalesce(nullif(user_metadata, 'null'::jsonb), '{}'::jsonb), 'last_modified', metadata->>'lastModified',
  'created_at', ${iso('created_at')})::text`;

/** Rows of one `json` text column -> parsed values. */
export function parseJsonRows<T>(rows: Array<{ json: string }>): T[] {
  return rows.map((r) => JSON.parse(r.json) as T);
}
