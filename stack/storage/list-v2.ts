import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.ts';
import type { Caller } from './auth.ts';
import type { StorageContext } from './context.ts';
import { ERRORS, StorageError } from './errors.ts';
import { optionalInteger, optionalString, readJsonBody, type JsonBody } from './request.ts';
import { iso } from './sql.ts';

/**
 * POST /object/list-v2/{bucket}: Storage's cursor-paged listing (ObjectStorage.listObjectsV2 over
 * search_v2 / list_objects_with_delimiter). Without a delimiter every object under the prefix;
 * with one, the prefix's direct objects and its "folders" (common prefixes ending in '/').
 * A page is `limit` entries (at most 1000); `nextCursor` is Storage's continuation token, base64
 * of `l:<last name>` and, when set, `o:<order>`, `c:<column>`, `a:<last sort value>` lines.
 */
type SortColumn = 'name' | 'created_at' | 'updated_at';

interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

const TOKEN_PARTS: Array<[string, keyof Cursor]> = [
  ['l', 'startAfter'],
  ['o', 'sortOrder'],
  ['c', 'sortColumn'],
  ['a', 'sortColumnAfter'],
];

function invalidCursor(): StorageError {
  return new StorageError(400, 'InvalidParameter', 'Invalid Parameter continuation token', 'InvalidParameter');
}

function encodeCursor(c: Cursor): string {
  const lines = TOKEN_PARTS.filter(([, k]) => c[k]).map(([p, k]) => `${p}:${c[k]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): Cursor {
  const out: Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const m = /^(\S):(.*)/.exec(part);
    const entry = m ? TOKEN_PARTS.find(([p]) => p === m[1]) : undefined;
    if (!m || !entry) throw invalidCursor();
    out[entry[1]] = m[2];
  }
  return out;
}

function sortOption(body: JsonBody): { column?: SortColumn; order?: string } {
  const s = body.sortBy;
  if (s === undefined || s === null) return {};
  if (typeof s !== 'object' || Array.isArray(s)) throw ERRORS.validation('body/sortBy must be object');
  const { column, order } = s as Record<string, unknown>;
  if (column === undefined) throw ERRORS.validation("body/sortBy must have required property 'column'");
  if (column !== 'name' && column !== 'updated_at' && column !== 'created_at') throw ERRORS.validation('body/sortBy/column must be equal to one of the allowed values');
  if (order !== undefined && order !== 'asc' && order !== 'desc') throw ERRORS.validation('body/sortBy/order must be equal to one of the allowed values');
  return { column, order: order as string | undefined };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Entry {
  json: string;
  name: string;
  folder: boolean;
  sort_value: string | null;
}

export async function listObjectsV2(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string): Promise<void> {
  const body = await readJsonBody(req);
  const prefix = optionalString(body, 'prefix') ?? '';
  const requested = optionalInteger(body, 'limit', 1);
  const token = optionalString(body, 'cursor');
  if (body.with_delimiter !== undefined && typeof body.with_delimiter !== 'boolean') throw ERRORS.validation('body/with_delimiter must be boolean');
  const delimited = body.with_delimiter === true;
  const sortBy = sortOption(body);
  const limit = Math.min(requested || 1000, 1000);
  const cursor = token ? decodeCursor(token) : undefined;
  const order = (cursor?.sortOrder || sortBy.order) === 'desc' ? 'desc' : 'asc';
  const columnName = (cursor?.sortColumn || sortBy.column) as SortColumn | undefined;
  const byTime = columnName === 'created_at' || columnName === 'updated_at' ? columnName : null;
  const op = order === 'asc' ? '>' : '<';

  const values: unknown[] = [bucket, `${escapeLike(prefix)}%`, limit + 1];
  const add = (v: unknown) => `$${values.push(v)}`;
  const conditions: string[] = [];
  if (cursor?.startAfter) {
    if (byTime && cursor.sortColumnAfter) {
      conditions.push(
        `ROW(date_trunc('milliseconds', e.${byTime}), e.name COLLATE "C") ${op} ROW(COALESCE(NULLIF(${add(cursor.sortColumnAfter)}, '')::timestamptz, 'epoch'::timestamptz), ${add(cursor.startAfter)}::text)`,
      );
    } else conditions.push(`e.name COLLATE "C" ${op} ${add(cursor.startAfter)}::text`);
  }
  const orderBy = `${byTime ? `e.${byTime} ${order}, ` : ''}e.name COLLATE "C" ${order}`;
  const fields = `'id', e.id, 'name', e.name, 'metadata', e.metadata, 'updated_at', ${iso('e.updated_at')}, 'created_at', ${iso('e.created_at')}, 'last_accessed_at', ${iso('e.last_accessed_at')}`;
  const sortValue = byTime ? iso(`e.${byTime}`) : 'NULL::text';
  let sql: string;
  if (!delimited) {
    sql = `select json_build_object(${fields})::text as json, e.name, false as folder, ${sortValue} as sort_value
      from storage.objects e where e.bucket_id = $1 and e.name like $2${conditions.map((c) => ` and ${c}`).join('')}
      order by ${orderBy} limit $3`;
  } else {
    // A folder is the common prefix up to the next '/'; with a time sort it sorts by its first object's creation.
    const p = add(prefix);
    const rest = `substring(o.name from length(${p}::text) + 1)`;
    const common = `CASE WHEN position('/' in ${rest}) > 0 THEN left(o.name, length(${p}::text) + position('/' in ${rest})) END`;
    const levels = prefix ? prefix.split('/').length : 1;
    const key = `split_part(e.name, '/', ${add(levels)}::int)`;
    // Sorted by name, search_v2 gives a folder its key and nothing else (list_objects_with_delimiter's NULL columns).
    const folderJson = byTime
      ? `json_build_object('key', ${key}, ${fields})`
      : `json_build_object('key', ${key}, 'name', e.name, 'id', NULL, 'updated_at', NULL, 'created_at', NULL, 'last_accessed_at', NULL, 'metadata', NULL)`;
    sql = `with pgrst_raw as (
        select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, ${common} as common
        from storage.objects o where o.bucket_id = $1 and o.name like $2
      ), e as (
        select common as name, NULL::uuid as id, min(created_at) as updated_at, min(created_at) as created_at,
               NULL::timestamptz as last_accessed_at, NULL::jsonb as metadata, true as folder
        from pgrst_raw where common is not null group by common
        union all
        select name, id, updated_at, created_at, last_accessed_at, metadata, false from pgrst_raw where common is null
      )
      select (case when e.folder then ${folderJson} else json_build_object('key', ${key}, ${fields}) end)::text as json, e.name, e.folder, ${sortValue} as sort_value
      from e${conditions.length ? ` where ${conditions.join(' and ')}` : ''}
      order by ${orderBy} limit $3`;
  }
  const found = await sc.stack.db.asRole(caller.identity, (tx) => tx.query<Entry>(sql, values));
  const rows = found.rows;
  const hasNext = rows.length > limit;
  const page = hasNext ? rows.slice(0, limit) : rows;
  const result: Record<string, unknown> = { hasNext };
  if (hasNext) {
    const last = page[page.length - 1];
    result.nextCursor = encodeCursor({
      startAfter: last.name,
      sortOrder: cursor?.sortOrder || sortBy.order,
      sortColumn: columnName,
      sortColumnAfter: byTime && last.sort_value ? last.sort_value : undefined,
    });
    result.nextCursorKey = last.name;
  }
  result.folders = page.filter((r) => r.folder).map((r) => JSON.parse(r.json) as unknown);
  result.objects = page.filter((r) => !r.folder).map((r) => JSON.parse(r.json) as unknown);
  sendJson(res, 200, result);
}
