import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

/** The content codings the stack sends, in order of preference when a client accepts both alike. */
export type Coding = 'br' | 'gzip';
export const CODINGS: readonly Coding[] = ['br', 'gzip'];

/**
 * Answers smaller than this go as they are, as gateways leave them (nginx's and Express's 1 kB):
 * below it the coding's framing and the work cost more than the bytes saved.
 */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 section 12.5.3), or null for identity:
 * the one with the highest q-value among `available`, ties going to the earlier one in `available`.
 * A coding the header does not name is acceptable only through `*`; `q=0` refuses; `x-gzip` is gzip.
 * No header means identity, as every server does although the RFC would allow any coding.
 */
export function negotiateEncoding(header: string | string[] | undefined, available: readonly Coding[] = CODINGS): Coding | null {
  if (header === undefined) return null;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let value = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (m) value = Math.min(1, Number(m[1]));
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, value);
  }
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of available) {
    const value = q.get(coding) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = coding;
      bestQ = value;
    }
  }
  return best;
}

/** Media types worth compressing: text, JSON and XML in any of their `+json`/`+xml` forms, JavaScript, SVG. */
const COMPRESSIBLE =
  /^\s*(?:text\/[\w.+-]+|application\/(?:[\w.-]+\+)?(?:json|xml|javascript|ecmascript|x-ndjson|x-javascript)|application\/[\w.-]+\+text|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressible(contentType: string | undefined): boolean {
  return contentType !== undefined && COMPRESSIBLE.test(contentType);
}

/** Adds `Accept-Encoding` to a Vary header's value. */
export function varyOnEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding';
  if (/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}

type HeaderValue = number | string | readonly string[] | undefined;
type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[];
type WriteHead = (statusCode: number, reasonOrHeaders?: string | Headers, headers?: Headers) => ServerResponse;
type Write = (chunk: unknown, encoding?: BufferEncoding | ((e?: Error | null) => void), cb?: (e?: Error | null) => void) => boolean;
type End = (chunk?: unknown, encoding?: BufferEncoding | (() => void), cb?: () => void) => ServerResponse;

function single(value: HeaderValue): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** A header's value from writeHead's object (any case) or, failing that, from setHeader. */
function headerOf(res: ServerResponse, headers: OutgoingHttpHeaders | undefined, name: string): string | undefined {
  if (headers) {
    for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return single(headers[key]);
  }
  return single(res.getHeader(name));
}

/**
 * Whether an answer is compressed, decided once its status and headers are known. Left as they are:
 * answers without a body (1xx, 204, 304), byte ranges and what offers them (`Content-Range: bytes`,
 * `Accept-Ranges: bytes`, a 206 without an item range: Storage's downloads keep their lengths and
 * offsets), answers already encoded, `Cache-Control: no-transform`, media types that do not compress
 * (images, archives, octet streams) and answers of a known length under the threshold.
 * PostgREST's `Content-Range: 0-24/*` counts rows, not bytes: those answers are compressed.
 */
function shouldCompress(status: number, get: (name: string) => string | undefined, threshold: number): boolean {
  if (status < 200 || status === 204 || status === 304) return false;
  const range = get('content-range');
  if (range !== undefined && /^\s*bytes\b/i.test(range)) return false;
  if (status === 206 && range === undefined) return false;
  if (/\bbytes\b/i.test(get('accept-ranges') ?? '')) return false;
  const encoding = get('content-encoding');
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') return false;
  if (/\bno-transform\b/i.test(get('cache-control') ?? '')) return false;
  if (!isCompressible(get('content-type'))) return false;
  const length = get('content-length');
  return length === undefined || Number(length) >= threshold;
}

function compressor(coding: Coding, length: number | undefined): zlib.Gzip | zlib.BrotliCompress {
  if (coding === 'gzip') return zlib.createGzip({ level: 6 });
  // Quality 4 is what CDNs use for answers made on the fly: most of brotli's gain over gzip at
  // gzip's speed; 11, its default, is for files compressed once (the build's assets).
  const params: Record<number, number> = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  };
  if (length !== undefined) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = length;
  return zlib.createBrotliCompress({ params });
}

/**
 * Compresses this request's answer with the coding the client accepts, as Supabase's gateway does for
 * every API behind it, whatever service writes it: the answer's headers decide (see shouldCompress).
 * The body goes through node:zlib's streams, on libuv's thread pool, never the event loop. An answer
 * of unknown length (a function streaming) is flushed after every write, so each piece reaches the
 * client when it is written, as it did uncompressed. HEAD answers and clients that accept no coding
 * get the answer untouched.
 */
export function compressAnswer(req: IncomingMessage, res: ServerResponse, threshold = COMPRESS_THRESHOLD): void {
  if (req.method === 'HEAD') return;
  const coding = negotiateEncoding(req.headers['accept-encoding']);
  if (coding === null) return;
  const writeHead = res.writeHead as WriteHead;
  const write = res.write as Write;
  const end = res.end as End;
  let stream: zlib.Gzip | zlib.BrotliCompress | null = null;
  let streamed = false;
  let ended = false;

  const start = (length: number | undefined) => {
    const z = compressor(coding, length);
    stream = z;
    streamed = length === undefined;
    z.on('data', (chunk: Buffer) => {
      if (!write.call(res, chunk)) z.pause();
    });
    res.on('drain', () => {
      if (!res.writableNeedDrain) z.resume();
    });
    // The writer waits for the response's 'drain' (pipe does): the compressor's input is what fills up.
    z.on('drain', () => res.emit('drain'));
    z.on('error', (e) => res.destroy(e));
    res.once('close', () => z.destroy());
  };

  res.writeHead = function (this: ServerResponse, statusCode: number, reasonOrHeaders?: string | Headers, maybeHeaders?: Headers) {
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
    let headers = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    const object = headers === undefined || Array.isArray(headers) ? undefined : (headers as OutgoingHttpHeaders);
    if (!this.headersSent && !Array.isArray(headers) && shouldCompress(statusCode, (name) => headerOf(this, object, name), threshold)) {
      const length = headerOf(this, object, 'content-length');
      const etag = headerOf(this, object, 'etag');
      const vary = varyOnEncoding(headerOf(this, object, 'vary'));
      const rewritten: OutgoingHttpHeaders = {};
      for (const [key, value] of Object.entries(object ?? {})) {
        if (!['content-length', 'etag', 'vary'].includes(key.toLowerCase())) rewritten[key] = value;
      }
      this.removeHeader('content-length');
      rewritten['content-encoding'] = coding;
      rewritten.vary = vary;
      // The encoded body is another representation: a strong validator of the identity one must not
      // stand for it (RFC 9110 section 8.8.1), so it becomes weak, as nginx makes it.
      if (etag !== undefined) rewritten.etag = etag.startsWith('W/') ? etag : `W/${etag}`;
      headers = rewritten;
      start(length === undefined ? undefined : Number(length));
    }
    return reason === undefined ? writeHead.call(this, statusCode, headers) : writeHead.call(this, statusCode, reason, headers);
  } as ServerResponse['writeHead'];

  res.write = function (this: ServerResponse, chunk: unknown, encoding?: BufferEncoding | ((e?: Error | null) => void), cb?: (e?: Error | null) => void) {
    if (!this.headersSent) this.writeHead(this.statusCode);
    if (!stream) return write.call(this, chunk, encoding, cb);
    if (ended) return false;
    const callback = typeof encoding === 'function' ? encoding : cb;
    const ok = typeof encoding === 'string' ? stream.write(chunk, encoding, callback) : stream.write(chunk, callback);
    if (streamed) stream.flush(coding === 'gzip' ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.BROTLI_OPERATION_FLUSH);
    return ok;
  } as ServerResponse['write'];

  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: BufferEncoding | (() => void), cb?: () => void) {
    const callback = typeof chunk === 'function' ? (chunk as () => void) : typeof encoding === 'function' ? encoding : cb;
    const body = typeof chunk === 'function' ? undefined : chunk;
    const bodyEncoding = typeof encoding === 'string' ? encoding : undefined;
    if (!this.headersSent) {
      // The whole body is here: its length decides, as Node would have sent it.
      if (body !== undefined && body !== null && !this.hasHeader('content-length')) {
        this.setHeader('content-length', typeof body === 'string' ? Buffer.byteLength(body, bodyEncoding) : (body as Uint8Array).byteLength);
      }
      this.writeHead(this.statusCode);
    }
    const z = stream;
    if (!z) return end.call(this, body, bodyEncoding as BufferEncoding, callback);
    if (ended) return this;
    ended = true;
    z.once('end', () => end.call(this, callback));
    if (body !== undefined && body !== null) {
      if (bodyEncoding) z.end(body, bodyEncoding);
      else z.end(body);
    } else z.end();
    return this;
  } as ServerResponse['end'];
}
