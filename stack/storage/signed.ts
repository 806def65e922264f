import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { identityParams, SET_IDENTITY_SQL } from '../db/database.ts';
import { sendJson } from '../http/respond.ts';
import { jwtMessage, type Caller } from './auth.ts';
import type { StorageContext } from './context.ts';
import { OBJECT_FOR_DOWNLOAD_SQL, sendObject, toStoredObject } from './download.ts';
import { ERRORS, fromPgError } from './errors.ts';
import { header, positiveExpiresIn, readJsonBody } from './request.ts';
import { storeUpload } from './upload.ts';

/** Storage's default lifetime of a signed upload URL. */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function verifyToken(sc: StorageContext, url: URL): Promise<Record<string, unknown>> {
  const token = url.searchParams.get('token');
  if (!token) throw ERRORS.validation("querystring must have required property 'token'");
  try {
    return await sc.stack.jwt.verify(token);
  } catch (e) {
    throw ERRORS.invalidJwt(jwtMessage(e));
  }
}

export async function signObjectUrl(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string, key: string): Promise<void> {
  const expiresIn = positiveExpiresIn(await readJsonBody(req));
  const found = await sc.stack.db.asRole(caller.identity, (tx) => tx.query(OBJECT_FOR_DOWNLOAD_SQL, [bucket, key]));
  if (found.rows.length === 0) throw ERRORS.noSuchKey();
  const path = `${bucket}/${key}`;
  const token = await sc.stack.jwt.sign({ url: path }, expiresIn);
  sendJson(res, 200, { signedURL: `/object/sign/${path}?token=${token}` });
}

export async function signObjectUrls(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string): Promise<void> {
  const body = await readJsonBody(req);
  const expiresIn = positiveExpiresIn(body);
  const paths = body.paths;
  if (paths === undefined) throw ERRORS.validation("body must have required property 'paths'");
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) throw ERRORS.validation('body/paths must be array');
  if (paths.length < 1) throw ERRORS.validation('body/paths must NOT have fewer than 1 items');
  const found = await sc.stack.db.asRole(caller.identity, (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, paths]),
  );
  const visible = new Set(found.rows.map((r) => r.name));
  const results = await Promise.all(
    (paths as string[]).map(async (path) => {
      if (!visible.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      const token = await sc.stack.jwt.sign({ url: `${bucket}/${path}` }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` };
    }),
  );
  sendJson(res, 200, results);
}

/** A signed URL carries its own authority: the token's url must name exactly this object. */
export async function downloadSignedObject(sc: StorageContext, req: IncomingMessage, res: ServerResponse, url: URL, bucket: string, key: string): Promise<void> {
  const payload = await verifyToken(sc, url);
  if (payload.url !== `${bucket}/${key}`) throw ERRORS.invalidSignature();
  const found = await sc.stack.db.query<{ version: string | null; metadata: string | null }>(OBJECT_FOR_DOWNLOAD_SQL, [bucket, key]);
  await sendObject(sc, req, res, url, toStoredObject(bucket, key, found.rows[0]));
}

class PermissionProbe extends Error {}

/** Signing an upload checks now what the upload itself will not: the caller's insert (and, to upsert, update) policies. */
export async function signUploadUrl(sc: StorageContext, req: IncomingMessage, res: ServerResponse, caller: Caller, bucket: string, key: string): Promise<void> {
  const upsert = header(req, 'x-upsert') === 'true';
  const bucketFound = await sc.stack.db.query('select 1 from storage.buckets where id = $1', [bucket]);
  if (bucketFound.rows.length === 0) throw ERRORS.noSuchBucket();
  try {
    await sc.stack.db.transaction(async (tx) => {
      await tx.query(SET_IDENTITY_SQL, identityParams(caller.identity));
      const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, version) values ($1::uuid, $2, $3, $4::uuid, $5, $6)`;
      const sql = upsert ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version` : insert;
      await tx.query(sql, [randomUUID(), bucket, key, caller.owner, caller.ownerId, randomUUID()]);
      throw new PermissionProbe();
    });
  } catch (e) {
    if (!(e instanceof PermissionProbe)) {
      const mapped = fromPgError(e);
      throw mapped?.code === 'ResourceAlreadyExists' ? ERRORS.alreadyExists('KeyAlreadyExists') : (mapped ?? e);
    }
  }
  const path = `${bucket}/${key}`;
  const token = await sc.stack.jwt.sign({ owner: caller.ownerId ?? undefined, url: path, upsert }, UPLOAD_URL_SECONDS);
  sendJson(res, 200, { url: `/object/upload/sign/${path}?token=${token}`, token });
}

export async function uploadToSignedUrl(sc: StorageContext, req: IncomingMessage, res: ServerResponse, url: URL, bucket: string, key: string): Promise<void> {
  const payload = await verifyToken(sc, url);
  if (payload.url !== `${bucket}/${key}`) throw ERRORS.invalidSignature();
  const ownerId = typeof payload.owner === 'string' ? payload.owner : null;
  const { id } = await storeUpload(sc, req, {
    bucket,
    key,
    upsert: payload.upsert === true,
    owner: ownerId && UUID.test(ownerId) ? ownerId : null,
    ownerId,
    identity: null,
  });
  sendJson(res, 200, { Id: id, Key: `${bucket}/${key}` });
}
