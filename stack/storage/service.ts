import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPgError } from '../db/database.ts';
import { sendJson } from '../http/respond.ts';
import type { StackContext, StackService } from '../http/service.ts';
import { identify, type Caller } from './auth.ts';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts';
import type { StorageContext } from './context.ts';
import { ERRORS, fromPgError, StorageError } from './errors.ts';
import { ObjectFiles } from './files.ts';
import { listObjectsV2 } from './list-v2.ts';
import { decodePath, splitObjectPath } from './names.ts';
import {
  copyObject,
  deleteObject,
  downloadObject,
  downloadPublicObject,
  listObjects,
  moveObject,
  mustBePublicBucket,
  objectInfo,
  removeObjects,
  uploadObject,
} from './objects.ts';
import { downloadSignedObject, signObjectUrl, signObjectUrls, signUploadUrl, uploadToSignedUrl } from './signed.ts';
import { parseSize } from './size.ts';

type Handler = () => Promise<void>;

/** /storage/v1: Supabase Storage's bucket and object API over storage.buckets/objects and the data dir. */
export function createStorageService(stack: StackContext): StackService {
  const sc: StorageContext = {
    stack,
    files: new ObjectFiles(stack.config.dataDir),
    globalLimit: parseSize(stack.config.toml.storage?.file_size_limit ?? '50MiB'),
  };

  function route(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Handler | null {
    const method = req.method ?? 'GET';
    const read = method === 'GET' || method === 'HEAD';
    const segs = subpath.split('/').slice(1);
    const as = (fn: (caller: Caller) => Promise<void>): Handler => async () => fn(await identify(stack.jwt, req, `/storage/v1${subpath}`));

    if (segs[0] === 'bucket') {
      if (segs.length === 1 || (segs.length === 2 && segs[1] === '')) {
        if (method === 'GET') return as((c) => listBuckets(sc, res, c, url));
        if (method === 'POST') return as((c) => createBucket(sc, req, res, c));
        return null;
      }
      const id = decodePath(segs[1]);
      if (segs.length === 2) {
        if (method === 'GET') return as((c) => getBucket(sc, res, c, id));
        if (method === 'PUT') return as((c) => updateBucket(sc, req, res, c, id));
        if (method === 'DELETE') return as((c) => deleteBucket(sc, res, c, id));
      }
      if (segs.length === 3 && segs[2] === 'empty' && method === 'POST') return as((c) => emptyBucket(sc, res, c, id));
      return null;
    }

    // Image transformation is not offered: a render URL serves the original image, as a project without transformations would.
    const render = segs[0] === 'render' && segs[1] === 'image';
    if (segs[0] !== 'object' && !render) return null;
    const rest = segs.slice(render ? 2 : 1);
    const objectAt = (from: number) => splitObjectPath(rest.slice(from).join('/'));
    const [head] = rest;

    if (render) {
      if (!read || rest.length < 3) return null;
      if (head === 'authenticated') return as((c) => { const o = objectAt(1); return downloadObject(sc, req, res, url, c, o.bucket, o.key); });
      if (head === 'public') return async () => { const o = objectAt(1); await downloadPublicObject(sc, req, res, url, o.bucket, o.key); };
      if (head === 'sign') return async () => { const o = objectAt(1); await downloadSignedObject(sc, req, res, url, o.bucket, o.key); };
      return null;
    }
    if (head === 'list-v2' && rest.length === 2 && method === 'POST') return as((c) => listObjectsV2(sc, req, res, c, decodePath(rest[1])));
    if (head === 'list' && rest.length === 2 && method === 'POST') return as((c) => listObjects(sc, req, res, c, decodePath(rest[1])));
    if (head === 'move' && rest.length === 1 && method === 'POST') return as((c) => moveObject(sc, req, res, c));
    if (head === 'copy' && rest.length === 1 && method === 'POST') return as((c) => copyObject(sc, req, res, c));
    if (head === 'sign' && rest.length === 2 && method === 'POST') return as((c) => signObjectUrls(sc, req, res, c, decodePath(rest[1])));
    if (head === 'sign' && rest.length >= 3) {
      if (method === 'POST') return as((c) => { const o = objectAt(1); return signObjectUrl(sc, req, res, c, o.bucket, o.key); });
      if (read) return async () => { const o = objectAt(1); await downloadSignedObject(sc, req, res, url, o.bucket, o.key); };
      return null;
    }
    if (head === 'upload' && rest[1] === 'sign' && rest.length >= 4) {
      if (method === 'POST') return as((c) => { const o = objectAt(2); return signUploadUrl(sc, req, res, c, o.bucket, o.key); });
      if (method === 'PUT') return async () => { const o = objectAt(2); await uploadToSignedUrl(sc, req, res, url, o.bucket, o.key); };
      return null;
    }
    if (head === 'public' && rest.length >= 3 && read) return async () => { const o = objectAt(1); await downloadPublicObject(sc, req, res, url, o.bucket, o.key); };
    if (head === 'authenticated' && rest.length >= 3 && read) return as((c) => { const o = objectAt(1); return downloadObject(sc, req, res, url, c, o.bucket, o.key); });
    if (head === 'info' && method === 'GET') {
      if (rest[1] === 'public' && rest.length >= 4)
        return async () => { const o = objectAt(2); await mustBePublicBucket(sc, o.bucket); await objectInfo(sc, res, null, o.bucket, o.key); };
      const from = rest[1] === 'authenticated' && rest.length >= 4 ? 2 : 1;
      if (rest.length >= from + 2) return as((c) => { const o = objectAt(from); return objectInfo(sc, res, c, o.bucket, o.key); });
      return null;
    }
    if (rest.length === 1 && method === 'DELETE') return as((c) => removeObjects(sc, req, res, c, decodePath(rest[0])));
    if (rest.length >= 2) {
      if (read) return as((c) => { const o = objectAt(0); return downloadObject(sc, req, res, url, c, o.bucket, o.key); });
      if (method === 'POST' || method === 'PUT') return as((c) => { const o = objectAt(0); return uploadObject(sc, req, res, c, o.bucket, o.key); });
      if (method === 'DELETE') return as((c) => { const o = objectAt(0); return deleteObject(sc, res, c, o.bucket, o.key); });
    }
    return null;
  }

  function fail(req: IncomingMessage, res: ServerResponse, e: unknown): void {
    // The rest of a refused body is read and discarded (never buffered), so the connection stays usable.
    if (!req.complete) req.resume();
    if (res.headersSent) {
      res.destroy();
      return;
    }
    let error = e instanceof StorageError ? e : fromPgError(e);
    if (!error) {
      stack.log.error(`storage: ${req.method} ${req.url} failed`, e);
      error = isPgError(e) ? new StorageError(500, 'DatabaseError', 'Internal Server Error', 'DatabaseError') : ERRORS.internal();
    }
    sendJson(res, error.httpStatus, error.body());
  }

  return {
    async handle(req, res, subpath, url) {
      try {
        const handler = route(req, res, subpath, url);
        if (!handler) throw ERRORS.routeNotFound(req.method ?? 'GET', subpath);
        await handler();
      } catch (e) {
        fail(req, res, e);
      }
    },
  };
}
