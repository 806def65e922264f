import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { StorageContext } from './context.ts';
import { ERRORS } from './errors.ts';
import { header } from './request.ts';

export interface StoredObject {
  bucket: string;
  name: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
}

/** The row of one object, read by whoever `run` runs as (the caller for RLS, the service for public and signed reads). */
export const OBJECT_FOR_DOWNLOAD_SQL = 'select version, metadata::text as metadata from storage.objects where bucket_id = $1 and name = $2';

export function toStoredObject(bucket: string, name: string, row: { version: string | null; metadata: string | null } | undefined): StoredObject {
  if (!row) throw ERRORS.noSuchKey();
  return { bucket, name, version: row.version, metadata: row.metadata ? (JSON.parse(row.metadata) as Record<string, unknown>) : null };
}

function parseRange(value: string, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m || (m[1] === '' && m[2] === '')) throw ERRORS.invalidRange();
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

function contentDisposition(download: string | null): string | undefined {
  if (download === null) return undefined;
  if (download === '') return 'attachment;';
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`;
}

/** Sends an object's bytes with Storage's headers: type, cache-control, etag, ranges, `?download`. */
export async function sendObject(sc: StorageContext, req: IncomingMessage, res: ServerResponse, url: URL, obj: StoredObject): Promise<void> {
  if (!obj.version) throw ERRORS.noSuchKey();
  const file = sc.files.objectPath(obj.bucket, obj.name, obj.version);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw ERRORS.noSuchKey();
  const meta = obj.metadata ?? {};
  const headers: Record<string, string | number> = {
    'content-type': typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
    'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'accept-ranges': 'bytes',
    'last-modified': (typeof meta.lastModified === 'string' ? new Date(meta.lastModified) : info.mtime).toUTCString(),
  };
  if (typeof meta.eTag === 'string') headers.etag = meta.eTag;
  const disposition = contentDisposition(url.searchParams.get('download'));
  if (disposition) headers['content-disposition'] = disposition;

  const ifNoneMatch = header(req, 'if-none-match');
  if (ifNoneMatch && typeof meta.eTag === 'string' && ifNoneMatch.split(',').some((t) => t.trim() === meta.eTag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const rangeHeader = header(req, 'range');
  let range: { start: number; end: number } | null = null;
  if (rangeHeader) {
    range = parseRange(rangeHeader, info.size);
    if (!range) {
      res.writeHead(416, { ...headers, 'content-range': `bytes */${info.size}` });
      res.end();
      return;
    }
    headers['content-range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  }
  headers['content-length'] = range ? range.end - range.start + 1 : info.size;
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(file, range ? { start: range.start, end: range.end } : {}), res).catch(() => res.destroy());
}
