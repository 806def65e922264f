import type { IncomingMessage, ServerResponse } from 'node:http';
import { identityParams, SET_IDENTITY_SQL } from '../db/database.ts';
import { sendJson } from '../http/respond.ts';
import type { Caller } from './auth.ts';
import type { StorageContext } from './context.ts';
import { ERRORS, fromPgError } from './errors.ts';
import { withFileSteps } from './file-transaction.ts';
import { mustBeValidBucketName } from './names.ts';
import { optionalString, readJsonBody, type JsonBody } from './request.ts';
import { parseSize } from './size.ts';
import { BUCKET_JSON, parseJsonRows } from './sql.ts';

const MIME = /^[\w.+-]+\/([\w.+-]+|\*)$/;
const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

/** Maps a Postgres refusal to Storage's error; a duplicate bucket id is BucketAlreadyExists. */
function bucketDbError(e: unknown): unknown {
  const mapped = fromPgError(e);
  if (mapped?.code === 'ResourceAlreadyExists') return ERRORS.alreadyExists('BucketAlreadyExists');
  return mapped ?? e;
}

function fileSizeLimit(body: JsonBody): number | null | undefined {
  const v = body.file_size_limit;
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v !== 'number' && typeof v !== 'string') throw ERRORS.invalidFileSizeLimit();
  const bytes = parseSize(v);
  return bytes === 0 ? null : bytes;
}

function allowedMimeTypes(body: JsonBody): string[] | null | undefined {
  const v = body.allowed_mime_types;
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (!Array.isArray(v) || v.some((m) => typeof m !== 'string')) throw ERRORS.validation('body/allowed_mime_types must be array');
  for (const m of v as string[]) if (!MIME.test(m)) throw ERRORS.invalidMimeType(m);
  return v.length === 0 ? null : (v as string[]);
}

function publicFlag(body: JsonBody): boolean | undefined {
  const v = body.public;
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw ERRORS.validation('body/public must be boolean');
  return v;
}

export async function listBuckets(sc: StorageContext, res: ServerResponse, caller: Caller, url: URL): Promise<void> {
  const q = url.searchParams;
  const column = q.get('sortColumn') ?? 'name';
  const order = (q.get('sortOrder') ?? 'asc').toLowerCase();
  if (!SORT_COLUMNS.has(column)) throw ERRORS.validation('querystring/sortColumn must be equal to one of the allowed values');
  if (order !== 'asc' && order !== 'desc') throw ERRORS.validation('querystring/sortOrder must be equal to one of the allowed values');
  const limit = q.has('limit') ? Number(q.get('limit')) : null;
  const offset = q.has('offset') ? Number(q.get('offset')) : 0;
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0)) throw ERRORS.validation('querystring/limit must be integer');
  if (!Number.isSafeInteger(offset) || offset < 0) throw ERRORS.validation('querystring/offset must be integer');
  const search = q.get('search') ?? '';
  const rows = await sc.stack.db.asRole(caller.identity, (tx) =>
    tx.query<{ json: string }>(
      `select ${BUCKET_JSON} as json from storage.buckets
       where ($1 = '' or name ilike '%' || $1 || '%')
       order by ${column} ${order} limit $2 offset $3`,
      [search, limit, offset],
    ),
  );
  sendJson(res, 200, parseJsonRows(rows.rows));
}

export async function getBucket(sc: StorageContext, res: ServerResponse, caller: Caller, id: string): Promise<void> {
  const rows = await sc.stack.db.asRole(caller.identity, (tx) =>
    tx.query<{ json: string }>(`select ${BUCKET_JSON} as json from storage.buckets where id = $1`, [id]),
  );
  if (rows.rows.length === 0) throw ERRORS.noSuchBucket();
  sendJson(res, 200, parseJsonRows(rows.rows)[0]);
}

export async function createBucket(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
  const body = await readJsonBody(req);
  const name = mustBeValidBucketName(body.name ?? undefined);
  const id = mustBeValidBucketName(optionalString(body, 'id') ?? name);
  const type = optionalString(body, 'type');
  if (type !== undefined && type !== 'STANDARD') throw ERRORS.validation('body/type must be equal to one of the allowed values');
  const params = [id, name, caller.owner, caller.ownerId, publicFlag(body) ?? false, fileSizeLimit(body) ?? null, allowedMimeTypes(body) ?? null];
  try {
    await sc.stack.db.asRole(caller.identity, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3::uuid, $4, $5, $6, $7::text[])`,
        params,
      ),
    );
  } catch (e) {
    throw bucketDbError(e);
  }
  sendJson(res, 200, { name });
}

export async function updateBucket(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller, id: string): Promise<void> {
  const body = await readJsonBody(req);
  const changes: Array<[string, unknown]> = [];
  const isPublic = publicFlag(body);
  if (isPublic !== undefined) changes.push(['public', isPublic]);
  const limit = fileSizeLimit(body);
  if (limit !== undefined) changes.push(['file_size_limit', limit]);
  const mimes = allowedMimeTypes(body);
  if (mimes !== undefined) changes.push(['allowed_mime_types', mimes]);
  const sets = changes.map(([column], i) => `${column} = $${i + 2}`);
  const result = await sc.stack.db
    .asRole(caller.identity, (tx) =>
      tx.query(`update storage.buckets set ${['updated_at = now()', ...sets].join(', ')} where id = $1`, [id, ...changes.map(([, v]) => v)]),
    )
    .catch((e: unknown) => {
      throw bucketDbError(e);
    });
  if (result.rowCount === 0) throw ERRORS.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully updated' });
}

export async function deleteBucket(sc: StorageContext, res: ServerResponse, caller: Caller, id: string): Promise<void> {
  await withFileSteps(sc.stack.log, (steps) =>
    sc.stack.db.transaction(async (tx) => {
      // As Storage does: existence and emptiness are checked by the service itself, the delete by the caller's policies.
      const found = await tx.query('select 1 from storage.buckets where id = $1 for update', [id]);
      if (found.rows.length === 0) throw ERRORS.noSuchBucket();
      const objects = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
      if (objects.rows.length > 0) throw ERRORS.bucketNotEmpty();
      await tx.query(SET_IDENTITY_SQL, identityParams(caller.identity));
      const deleted = await tx.query('delete from storage.buckets where id = $1', [id]).catch((e: unknown) => {
        throw bucketDbError(e);
      });
      if (deleted.rowCount === 0) throw ERRORS.noSuchBucket();
      steps.afterCommit(() => sc.files.removeBucket(id));
    }),
  );
  sendJson(res, 200, { message: 'Successfully deleted' });
}

export async function emptyBucket(sc: StorageContext, res: ServerResponse, caller: Caller, id: string): Promise<void> {
  await withFileSteps(sc.stack.log, (steps) =>
    sc.stack.db.asRole(caller.identity, async (tx) => {
      const found = await tx.query('select 1 from storage.buckets where id = $1', [id]);
      if (found.rows.length === 0) throw ERRORS.noSuchBucket();
      const removed = await tx
        .query<{ name: string; version: string | null }>('delete from storage.objects where bucket_id = $1 returning name, version', [id])
        .catch((e: unknown) => {
          throw fromPgError(e) ?? e;
        });
      for (const row of removed.rows) if (row.version) steps.afterCommit(() => sc.files.remove(id, row.name, row.version as string));
    }),
  );
  // Current Storage empties in the background and answers so at once; here the objects are already gone.
  sendJson(res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}
