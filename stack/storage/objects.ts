import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { identityParams, SET_IDENTITY_SQL, type Queryable } from '../db/database.ts';
import { sendJson } from '../http/respond.ts';
import type { Caller } from './auth.ts';
import type { StorageContext } from './context.ts';
import { OBJECT_FOR_DOWNLOAD_SQL, sendObject, toStoredObject } from './download.ts';
import { ERRORS, fromPgError } from './errors.ts';
import { withFileSteps } from './file-transaction.ts';
import { mustBeValidKey } from './names.ts';
import { header, optionalInteger, optionalString, readJsonBody, requiredString } from './request.ts';
import { OBJECT_INFO_JSON, OBJECT_JSON, iso, parseJsonRows } from './sql.ts';
import { storeUpload } from './upload.ts';

const LIST_SORT_COLUMNS = new Set(['name', 'id', 'updated_at', 'created_at', 'last_accessed_at']);

function dbError(e: unknown): unknown {
  return fromPgError(e) ?? e;
}

export async function uploadObject(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  bucket: string,
  key: string,
): Promise<void> {
  // PUT (update) always overwrites; POST does when x-upsert says so.
  const upsert = req.method === 'PUT' || header(req, 'x-upsert') === 'true';
  const { id } = await storeUpload(sc, req, { bucket, key, upsert, owner: caller.owner, ownerId: caller.ownerId, identity: caller.identity });
  sendJson(res, 200, { Id: id, Key: `${bucket}/${key}` });
}

export async function downloadObject(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: Caller,
  bucket: string,
  key: string,
): Promise<void> {
  const found = await sc.stack.db.asRole(caller.identity, (tx) =>
    tx.query<{ version: string | null; metadata: string | null }>(OBJECT_FOR_DOWNLOAD_SQL, [bucket, key]),
  );
  await sendObject(sc, req, res, url, toStoredObject(bucket, key, found.rows[0]));
}

/** Public buckets serve any object to anyone; the bucket must exist and be public. */
export async function downloadPublicObject(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  key: string,
): Promise<void> {
  await mustBePublicBucket(sc, bucket);
  const found = await sc.stack.db.query<{ version: string | null; metadata: string | null }>(OBJECT_FOR_DOWNLOAD_SQL, [bucket, key]);
  await sendObject(sc, req, res, url, toStoredObject(bucket, key, found.rows[0]));
}

export async function mustBePublicBucket(sc: StorageContext, bucket: string): Promise<void> {
  const found = await sc.stack.db.query('select 1 from storage.buckets where id = $1 and public', [bucket]);
  if (found.rows.length === 0) throw ERRORS.noSuchBucket();
}

export async function objectInfo(sc: StorageContext, res: ServerResponse, caller: Caller | null, bucket: string, key: string): Promise<void> {
  const sql = `select ${OBJECT_INFO_JSON} as json from storage.objects where bucket_id = $1 and name = $2`;
  const found = caller
    ? await sc.stack.db.asRole(caller.identity, (tx) => tx.query<{ json: string }>(sql, [bucket, key]))
    : await sc.stack.db.query<{ json: string }>(sql, [bucket, key]);
  if (found.rows.length === 0) throw ERRORS.noSuchKey();
  sendJson(res, 200, parseJsonRows(found.rows)[0]);
}

export async function deleteObject(sc: StorageContext, res: ServerResponse, caller: Caller, bucket: string, key: string): Promise<void> {
  await withFileSteps(sc.stack.log, (steps) =>
    sc.stack.db.asRole(caller.identity, async (tx) => {
      const removed = await tx
        .query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 and name = $2 returning version', [bucket, key])
        .catch((e: unknown) => {
          throw dbError(e);
        });
      const row = removed.rows[0];
      if (!row) throw ERRORS.noSuchKey();
      if (row.version) steps.afterCommit(() => sc.files.remove(bucket, key, row.version as string));
    }),
  );
  sendJson(res, 200, { message: 'Successfully deleted' });
}

export async function removeObjects(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string): Promise<void> {
  const body = await readJsonBody(req);
  const prefixes = body.prefixes;
  if (prefixes === undefined) throw ERRORS.validation("body must have required property 'prefixes'");
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) throw ERRORS.validation('body/prefixes must be array');
  if (prefixes.length < 1) throw ERRORS.validation('body/prefixes must NOT have fewer than 1 items');
  if (prefixes.length > 1000) throw ERRORS.validation('body/prefixes must NOT have more than 1000 items');
  const deleted = await withFileSteps(sc.stack.log, (steps) =>
    sc.stack.db.asRole(caller.identity, async (tx) => {
      const removed = await tx
        .query<{ json: string; name: string; version: string | null }>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_JSON} as json, name, version`,
          [bucket, prefixes],
        )
        .catch((e: unknown) => {
          throw dbError(e);
        });
      for (const row of removed.rows) if (row.version) steps.afterCommit(() => sc.files.remove(bucket, row.name, row.version as string));
      return parseJsonRows(removed.rows);
    }),
  );
  sendJson(res, 200, deleted);
}

export async function listObjects(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string): Promise<void> {
  const body = await readJsonBody(req);
  let prefix = requiredString(body, 'prefix');
  const limit = optionalInteger(body, 'limit', 1) ?? 100;
  const offset = optionalInteger(body, 'offset') ?? 0;
  const search = optionalString(body, 'search') ?? '';
  const sortBy = (body.sortBy ?? {}) as Record<string, unknown>;
  if (typeof sortBy !== 'object' || sortBy === null || Array.isArray(sortBy)) throw ERRORS.validation('body/sortBy must be object');
  const column = sortBy.column ?? 'name';
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (typeof column !== 'string' || !LIST_SORT_COLUMNS.has(column)) throw ERRORS.validation('body/sortBy/column must be equal to one of the allowed values');
  if (order !== 'asc' && order !== 'desc') throw ERRORS.validation('body/sortBy/order must be equal to one of the allowed values');
  // Storage treats the prefix as a folder.
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const levels = prefix.split('/').length;
  const found = await sc.stack.db.asRole(caller.identity, (tx) =>
    tx.query<{ json: string }>(
      `select json_build_object('name', s.name, 'id', s.id, 'updated_at', ${iso('s.updated_at')}, 'created_at', ${iso('s.created_at')},
              'last_accessed_at', ${iso('s.last_accessed_at')}, 'metadata', s.metadata)::text as json
       from storage.search($1, $2, $3, $4, $5, $6, $7, $8) with ordinality as s(name, id, updated_at, created_at, last_accessed_at, metadata, n)
       order by s.n`,
      [prefix, bucket, limit, levels, offset, search, column, order],
    ),
  );
  sendJson(res, 200, parseJsonRows(found.rows));
}

interface SourceRow {
  id: string;
  version: string | null;
  metadata: string | null;
  user_metadata: string | null;
}

function transferBody(body: Record<string, unknown>): { bucket: string; from: string; to: string; toBucket: string } {
  const bucket = requiredString(body, 'bucketId');
  const from = requiredString(body, 'sourceKey');
  const to = requiredString(body, 'destinationKey');
  const toBucket = optionalString(body, 'destinationBucket') ?? bucket;
  mustBeValidKey(to);
  return { bucket, from, to, toBucket };
}

async function lockSource(tx: Queryable, bucket: string, key: string): Promise<SourceRow> {
  const found = await tx.query<SourceRow>(
    'select id::text as id, version, metadata::text as metadata, user_metadata::text as user_metadata from storage.objects where bucket_id = $1 and name = $2 for update',
    [bucket, key],
  );
  const row = found.rows[0];
  if (!row) throw ERRORS.noSuchKey();
  return row;
}

async function mustExistBucket(tx: Queryable, bucket: string): Promise<void> {
  const found = await tx.query('select 1 from storage.buckets where id = $1', [bucket]);
  if (found.rows.length === 0) throw ERRORS.noSuchBucket();
}

/** Move = the caller may see the source and update it into its new name and bucket. */
export async function moveObject(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
  const { bucket, from, to, toBucket } = transferBody(await readJsonBody(req));
  await withFileSteps(sc.stack.log, (steps) =>
    sc.stack.db.transaction(async (tx) => {
      const source = await lockSource(tx, bucket, from);
      await mustExistBucket(tx, toBucket);
      await tx.query(SET_IDENTITY_SQL, identityParams(caller.identity));
      const visible = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, from]);
      if (visible.rows.length === 0) throw ERRORS.noSuchKey();
      const moved = await tx
        .query(
          `update storage.objects set bucket_id = $3, name = $4, owner = $5::uuid, owner_id = $6, last_accessed_at = now()
           where bucket_id = $1 and name = $2`,
          [bucket, from, toBucket, to, caller.owner, caller.ownerId],
        )
        .catch((e: unknown) => {
          throw dbError(e);
        });
      if (moved.rowCount === 0) throw ERRORS.noSuchKey();
      if (source.version) {
        const version = source.version;
        await sc.files.move({ bucket, key: from, version }, { bucket: toBucket, key: to, version });
        steps.onRollback(() => sc.files.move({ bucket: toBucket, key: to, version }, { bucket, key: from, version }));
      }
    }),
  );
  sendJson(res, 200, { message: 'Successfully moved' });
}

/** Copy = the caller may see the source and insert (with x-upsert: also update) the destination. */
export async function copyObject(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
  const body = await readJsonBody(req);
  const { bucket, from, to, toBucket } = transferBody(body);
  const copyMetadata = body.copyMetadata !== false;
  const upsert = header(req, 'x-upsert') === 'true';
  const result = await withFileSteps(sc.stack.log, (steps) =>
    sc.stack.db.transaction(async (tx) => {
      const source = await lockSource(tx, bucket, from);
      await mustExistBucket(tx, toBucket);
      const existing = await tx.query<{ id: string; version: string | null }>(
        'select id::text as id, version from storage.objects where bucket_id = $1 and name = $2 for update',
        [toBucket, to],
      );
      const old = existing.rows[0];
      await tx.query(SET_IDENTITY_SQL, identityParams(caller.identity));
      const visible = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, from]);
      if (visible.rows.length === 0) throw ERRORS.noSuchKey();
      const id = old?.id ?? randomUUID();
      const version = randomUUID();
      const metadata = source.metadata ? { ...(JSON.parse(source.metadata) as object), lastModified: new Date().toISOString() } : null;
      const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version, user_metadata)
        values ($1::uuid, $2, $3, $4::uuid, $5, $6::jsonb, $7, $8::jsonb)`;
      const sql = upsert
        ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
             metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata`
        : insert;
      await tx
        .query(sql, [id, toBucket, to, caller.owner, caller.ownerId, JSON.stringify(metadata), version, copyMetadata ? source.user_metadata : null])
        .catch((e: unknown) => {
          const mapped = fromPgError(e);
          throw mapped?.code === 'ResourceAlreadyExists' ? ERRORS.alreadyExists('KeyAlreadyExists') : (mapped ?? e);
        });
      if (source.version) {
        await sc.files.copy({ bucket, key: from, version: source.version }, { bucket: toBucket, key: to, version });
        steps.onRollback(() => sc.files.remove(toBucket, to, version));
      }
      if (old?.version && upsert) {
        const replaced = old.version;
        steps.afterCommit(() => sc.files.remove(toBucket, to, replaced));
      }
      return { id };
    }),
  );
  sendJson(res, 200, { Id: result.id, Key: `${toBucket}/${to}` });
}
