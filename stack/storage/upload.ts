import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { identityParams, SET_IDENTITY_SQL, type RequestIdentity } from '../db/database.ts';
import type { StorageContext } from './context.ts';
import { ERRORS, fromPgError } from './errors.ts';
import { withFileSteps } from './file-transaction.ts';
import { receiveLocalFile, receiveUpload, type ReceivedFile, type UploadRules } from './upload-body.ts';

export interface UploadTarget {
  bucket: string;
  key: string;
  upsert: boolean;
  owner: string | null;
  ownerId: string | null;
  /** Whose policies decide the write; null when the service itself writes (a signed upload, checked at signing). */
  identity: RequestIdentity | null;
}

interface BucketRules {
  limit: string | null;
  mimes: string | null;
}

export async function bucketRules(sc: StorageContext, bucket: string): Promise<{ limit: number; allowedMimeTypes: string[] | null }> {
  const found = await sc.stack.db.query<BucketRules>(
    'select file_size_limit::text as limit, array_to_json(allowed_mime_types)::text as mimes from storage.buckets where id = $1',
    [bucket],
  );
  const row = found.rows[0];
  if (!row) throw ERRORS.noSuchBucket();
  const bucketLimit = row.limit === null ? null : Number(row.limit);
  return {
    limit: bucketLimit !== null && bucketLimit > 0 ? Math.min(bucketLimit, sc.globalLimit) : sc.globalLimit,
    allowedMimeTypes: row.mimes ? (JSON.parse(row.mimes) as string[]) : null,
  };
}

/**
 * Storage's upload: the body is streamed to a temp file (refused past the size limit or on a
 * disallowed type), then one transaction writes the row under the caller's policies and moves the
 * file into place; a refusal leaves no file behind, a failed file write rolls the row back.
 */
export async function storeUpload(sc: StorageContext, req: IncomingMessage, target: UploadTarget): Promise<{ id: string }> {
  return storeReceived(sc, target, (temp, rules) => receiveUpload(req, temp, rules));
}

/** A file of the project's disk stored as an upload of it with these headers is (`supabase seed buckets`). */
export async function storeLocalFile(
  sc: StorageContext,
  target: UploadTarget,
  file: string,
  headers: { contentType: string; cacheControl: string },
  rules?: UploadRules,
): Promise<{ id: string }> {
  return storeReceived(sc, target, (temp, rules) => receiveLocalFile(file, temp, rules, headers), rules);
}

async function storeReceived(
  sc: StorageContext,
  target: UploadTarget,
  receive: (temp: string, rules: UploadRules) => Promise<ReceivedFile>,
  knownRules?: UploadRules,
): Promise<{ id: string }> {
  const rules = knownRules ?? (await bucketRules(sc, target.bucket));
  const temp = await sc.files.tempFile();
  try {
    const received = await receive(temp, rules);
    const version = randomUUID();
    const metadata = {
      eTag: received.eTag,
      size: received.size,
      mimetype: received.mimetype,
      cacheControl: received.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: received.size,
      httpStatusCode: 200,
    };
    return await withFileSteps(sc.stack.log, (steps) =>
      sc.stack.db.transaction(async (tx) => {
        // Read (and lock) the version being replaced before the caller's policies apply: it may be invisible to them.
        const previous = await tx.query<{ id: string; version: string | null }>(
          'select id::text as id, version from storage.objects where bucket_id = $1 and name = $2 for update',
          [target.bucket, target.key],
        );
        const old = previous.rows[0];
        if (target.identity) await tx.query(SET_IDENTITY_SQL, identityParams(target.identity));
        const id = old?.id ?? randomUUID();
        const values = [id, target.bucket, target.key, target.owner, target.ownerId, JSON.stringify(metadata), version, JSON.stringify(received.userMetadata)];
        // No RETURNING: that would also require a select policy, which Storage does not ask of an upload.
        const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version, user_metadata)
          values ($1::uuid, $2, $3, $4::uuid, $5, $6::jsonb, $7, $8::jsonb)`;
        const sql = target.upsert
          ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
               metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata, last_accessed_at = now()`
          : insert;
        await tx.query(sql, values).catch((e: unknown) => {
          const mapped = fromPgError(e);
          throw mapped?.code === 'ResourceAlreadyExists' ? ERRORS.alreadyExists('KeyAlreadyExists') : (mapped ?? e);
        });
        await sc.files.place(temp, target.bucket, target.key, version);
        steps.onRollback(() => sc.files.remove(target.bucket, target.key, version));
        if (old?.version && target.upsert) {
          const replaced = old.version;
          steps.afterCommit(() => sc.files.remove(target.bucket, target.key, replaced));
        }
        return { id };
      }),
    );
  } finally {
    await sc.files.discard(temp);
  }
}
