import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswer, isCompressible, negotiateEncoding, varyOnEncoding } from './compress.ts';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0.8, *;q=0.9', 'br'],
    ['identity', null],
    ['gzip;q=0', null],
    ['deflate', null],
    ['', null],
    ['gzip ; q=0.001', 'gzip'],
  ])('%j -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('means identity without the header, and chooses among what is available', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
  });
});

describe('isCompressible and varyOnEncoding', () => {
  it('takes text, JSON, XML, JavaScript and SVG, not images, archives or octet streams', () => {
    for (const t of ['application/json; charset=utf-8', 'application/vnd.pgrst.object+json', 'application/openapi+json', 'text/html', 'text/event-stream', 'text/javascript; charset=utf-8', 'image/svg+xml', 'application/vnd.pgrst.plan+text', 'application/xml']) {
      expect(isCompressible(t), t).toBe(true);
    }
    for (const t of [undefined, 'image/png', 'application/octet-stream', 'application/zip', 'application/pdf', 'font/woff2', 'application/wasm', 'application/jsonx']) {
      expect(isCompressible(t), String(t)).toBe(false);
    }
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('Origin, accept-encoding')).toBe('Origin, accept-encoding');
    expect(varyOnEncoding('*')).toBe('*');
  });
});

const BIG = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, code: `WP-${1000 + i}`, status: i % 2 ? 'pending' : 'delivered', note: 'x'.repeat(i % 17) })));
const SMALL = JSON.stringify({ ok: true });

/** Routes of the test server, each answering the way one of the stack's services does. */
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void | Promise<void>> = {
  '/json': (_req, res) => {
    res.setHeader('vary', 'Origin');
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(BIG), etag: '"abc"' });
    res.end(BIG);
  },
  '/small': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(SMALL) });
    res.end(SMALL);
  },
  '/implicit': (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(BIG);
  },
  '/implicit-small': (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(SMALL);
  },
  '/rows-range': (_req, res) => {
    res.writeHead(206, { 'content-type': 'application/json', 'content-range': '0-24/200', 'content-length': Buffer.byteLength(BIG) });
    res.end(BIG);
  },
  '/byte-range': (_req, res) => {
    const part = BIG.slice(0, 2000);
    res.writeHead(206, { 'content-type': 'text/plain', 'content-range': `bytes 0-1999/${BIG.length}`, 'content-length': 2000, 'accept-ranges': 'bytes' });
    res.end(part);
  },
  '/download': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(BIG), 'accept-ranges': 'bytes' });
    res.end(BIG);
  },
  '/png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': Buffer.byteLength(BIG) });
    res.end(BIG);
  },
  '/encoded': (_req, res) => {
    const gz = zlib.gzipSync(BIG);
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': gz.length });
    res.end(gz);
  },
  '/no-transform': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-transform', 'content-length': Buffer.byteLength(BIG) });
    res.end(BIG);
  },
  '/not-modified': (_req, res) => {
    res.writeHead(304, { 'content-type': 'application/json', etag: '"abc"' });
    res.end();
  },
  '/piped': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    Readable.from(
      (function* () {
        for (let i = 0; i < 2_000; i++) yield `line ${i} ${'abcdefghij'.repeat(200)}\n`;
      })(),
    ).pipe(res);
  },
  '/stream': async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: first\n\n');
    await next.promise;
    res.end('data: second\n\n');
  },
};

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
let next = deferred();

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    compressAnswer(req, res);
    void routes[req.url ?? '']?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(a: Answer): string {
  const coding = a.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(a.raw).toString();
  if (coding === 'gzip') return zlib.gunzipSync(a.raw).toString();
  return a.raw.toString();
}

describe('compressAnswer', () => {
  it('compresses a large answer with the preferred coding, without Content-Length, varying on Accept-Encoding', async () => {
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const a = await get('/json', accept);
      expect(a.headers['content-encoding']).toBe(coding);
      expect(a.headers['content-length']).toBeUndefined();
      expect(a.headers.vary).toBe('Origin, Accept-Encoding');
      expect(a.headers.etag).toBe('W/"abc"');
      expect(a.raw.length).toBeLessThan(Buffer.byteLength(BIG) / 3);
      expect(decode(a)).toBe(BIG);
    }
  });

  it('leaves the answer as it is without Accept-Encoding, for identity, and for HEAD', async () => {
    for (const [accept, method] of [
      [undefined, 'GET'],
      ['identity', 'GET'],
      ['br', 'HEAD'],
    ] as const) {
      const a = await get('/json', accept, method);
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(a.headers['content-length']).toBe(String(Buffer.byteLength(BIG)));
      expect(a.headers.etag).toBe('"abc"');
      if (method === 'GET') expect(a.raw.toString()).toBe(BIG);
    }
  });

  it('leaves small answers alone, also when the length comes from end()', async () => {
    for (const path of ['/small', '/implicit-small']) {
      const a = await get(path, 'br, gzip');
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(a.headers['content-length']).toBe(String(Buffer.byteLength(SMALL)));
      expect(a.raw.toString()).toBe(SMALL);
    }
  });

  it('compresses an answer whose headers were set before end()', async () => {
    const a = await get('/implicit', 'gzip');
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(decode(a)).toBe(BIG);
  });

  it('compresses a 206 whose range counts rows (PostgREST), not one of bytes or what offers byte ranges', async () => {
    const rows = await get('/rows-range', 'br');
    expect(rows.status).toBe(206);
    expect(rows.headers['content-encoding']).toBe('br');
    expect(rows.headers['content-range']).toBe('0-24/200');
    expect(decode(rows)).toBe(BIG);

    const bytes = await get('/byte-range', 'br');
    expect(bytes.status).toBe(206);
    expect(bytes.headers['content-encoding']).toBeUndefined();
    expect(bytes.headers['content-length']).toBe('2000');
    expect(bytes.raw.toString()).toBe(BIG.slice(0, 2000));

    const download = await get('/download', 'br');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.headers['content-length']).toBe(String(Buffer.byteLength(BIG)));
  });

  it('leaves media that does not compress, encoded answers, no-transform and 304 alone', async () => {
    const png = await get('/png', 'br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.raw.toString()).toBe(BIG);

    const encoded = await get('/encoded', 'br');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(decode(encoded)).toBe(BIG);

    const noTransform = await get('/no-transform', 'br');
    expect(noTransform.headers['content-encoding']).toBeUndefined();

    const notModified = await get('/not-modified', 'br');
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a piped body of many chunks through backpressure, byte for byte', async () => {
    const a = await get('/piped', 'gzip');
    expect(a.headers['content-encoding']).toBe('gzip');
    const text = decode(a);
    expect(text.split('\n')).toHaveLength(2_001);
    expect(text.startsWith(`line 0 ${'abcdefghij'.repeat(200)}\nline 1 `)).toBe(true);
  });

  it.each(['br', 'gzip'] as const)('flushes each write of a streamed answer (%s): the first event arrives before the answer ends', async (coding) => {
    next = deferred();
    const first = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/stream', headers: { 'accept-encoding': coding } }, (res) => {
        expect(res.headers['content-encoding']).toBe(coding);
        const decoder = coding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
        res.pipe(decoder);
        let text = '';
        decoder.on('data', (c: Buffer) => {
          text += c.toString();
          if (text === 'data: first\n\n') {
            resolve(text);
            next.resolve();
          }
        });
        decoder.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    expect(first).toBe('data: first\n\n');
  });
});
