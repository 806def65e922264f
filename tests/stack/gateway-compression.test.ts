import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';
import { startStack, type RunningStack } from '../../stack/server.ts';
import { serviceClient, stack, unique } from './clients.ts';

/**
 * Compression at the gateway, as Supabase's hosted gateway does it: answers over 1 kB come br or
 * gzip encoded when the client accepts it, the same bytes once decoded; byte ranges, downloads and
 * streamed answers keep working. Raw node:http requests: fetch would decode and hide the wire.
 */

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

function raw(base: string, pathAndQuery: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(pathAndQuery, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(a: RawAnswer): Buffer {
  const coding = a.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(a.raw);
  if (coding === 'gzip') return zlib.gunzipSync(a.raw);
  if (coding !== undefined) throw new Error(`unexpected content-encoding ${coding}`);
  return a.raw;
}

const keyHeaders = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
const serviceHeaders = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };
/** The API answers at most max_rows (1,000) rows: the fixture's config, as Supabase's default. */
const NUMBERS = `[${Array.from({ length: 1_000 }, (_, i) => i + 1).join(',')}]`;

describe('gateway compression: API answers', () => {
  it.each(['br', 'gzip'] as const)('sends a large REST answer %s encoded when asked, the same JSON once decoded', async (coding) => {
    const a = await raw(stack.url, '/rest/v1/rpc/rest_numbers?n=1000', { ...keyHeaders, 'accept-encoding': coding });
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBe(coding);
    expect(a.headers.vary).toMatch(/accept-encoding/i);
    expect(a.raw.length).toBeLessThan(NUMBERS.length);
    expect(JSON.parse(decoded(a).toString())).toEqual(JSON.parse(NUMBERS));
  });

  it('prefers br when both are accepted alike, and follows q-values', async () => {
    const both = await raw(stack.url, '/rest/v1/rpc/rest_numbers?n=1000', { ...keyHeaders, 'accept-encoding': 'gzip, deflate, br' });
    expect(both.headers['content-encoding']).toBe('br');
    const gzipFirst = await raw(stack.url, '/rest/v1/rpc/rest_numbers?n=1000', { ...keyHeaders, 'accept-encoding': 'br;q=0.5, gzip' });
    expect(gzipFirst.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzipFirst).toString())).toEqual(JSON.parse(NUMBERS));
  });

  it('sends identity without Accept-Encoding, with the length of the answer', async () => {
    const a = await raw(stack.url, '/rest/v1/rpc/rest_numbers?n=1000', keyHeaders);
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(a.raw.toString())).toEqual(JSON.parse(NUMBERS));
    if (a.headers['content-length'] !== undefined) expect(Number(a.headers['content-length'])).toBe(a.raw.length);
  });

  it('leaves a small answer uncompressed', async () => {
    const a = await raw(stack.url, '/rest/v1/rpc/rest_numbers?n=3', { ...keyHeaders, 'accept-encoding': 'br, gzip' });
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(a.raw.toString())).toEqual([1, 2, 3]);
  });

  it('answers a Range download of a stored object with 206 and the exact bytes, uncompressed', async () => {
    const service = serviceClient();
    const bucket = unique('compress');
    expect((await service.storage.createBucket(bucket, { public: false })).error).toBeNull();
    const text = Array.from({ length: 400 }, (_, i) => `line ${i}: the quick brown fox\n`).join('');
    expect((await service.storage.from(bucket).upload('notes/long.txt', text, { contentType: 'text/plain' })).error).toBeNull();
    const objectPath = `/storage/v1/object/${bucket}/notes/long.txt`;

    const part = await raw(stack.url, objectPath, { ...serviceHeaders, 'accept-encoding': 'br, gzip', range: 'bytes=100-1299' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-1299/${Buffer.byteLength(text)}`);
    expect(part.headers['content-length']).toBe('1200');
    expect(part.raw.toString()).toBe(text.slice(100, 1300));

    const whole = await raw(stack.url, objectPath, { ...serviceHeaders, 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(decoded(whole).toString()).toBe(text);
  });

  it('compresses a large storage listing', async () => {
    const service = serviceClient();
    const bucket = unique('compress-list');
    expect((await service.storage.createBucket(bucket, { public: false })).error).toBeNull();
    for (let i = 0; i < 12; i++) expect((await service.storage.from(bucket).upload(`dir/file-${i}.txt`, `file ${i}`, { contentType: 'text/plain' })).error).toBeNull();
    const listing = await new Promise<RawAnswer>((resolve, reject) => {
      const req = request(new URL(`/storage/v1/object/list/${bucket}`, stack.url), { method: 'POST', headers: { ...serviceHeaders, 'content-type': 'application/json', 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ prefix: 'dir', limit: 100, offset: 0 }));
    });
    expect(listing.status).toBe(200);
    expect(listing.headers['content-encoding']).toBe('gzip');
    const names = (JSON.parse(decoded(listing).toString()) as Array<{ name: string }>).map((o) => o.name).sort();
    expect(names).toEqual(Array.from({ length: 12 }, (_, i) => `file-${i}.txt`).sort());
  });

  it.each(['br', 'gzip'] as const)("passes a function's streamed answer on as it comes (%s accepted)", async (coding) => {
    const { first, all } = await new Promise<{ first: string; all: string }>((resolve, reject) => {
      const req = request(new URL('/functions/v1/stream?hold=1500', stack.url), { headers: { ...keyHeaders, 'accept-encoding': coding } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? res.pipe(zlib.createBrotliDecompress()) : encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
        let text = '';
        let firstSeen: string | null = null;
        body.on('data', (c: Buffer) => {
          text += c.toString();
          firstSeen ??= text;
        });
        body.on('end', () => resolve({ first: firstSeen ?? '', all: text }));
        body.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    // The function holds its second event back: had anything buffered the stream, both would come together.
    expect(first.startsWith('data: first')).toBe(true);
    expect(first).not.toContain('second');
    expect(all).toBe(`data: first ${'.'.repeat(2_000)}\n\ndata: second\n\n`);
  });
});

/** The built app's files: a stack of this test's own, serving a dist of the test's making (stack-only). */
const ownStack = stack.target === 'supabase' ? describe.skip : describe;
const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture');

ownStack('gateway compression: the built app (own stack)', { timeout: 60_000 }, () => {
  let own: RunningStack;
  let dir: string;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, label: `row ${i}` })))};\n`;
  const html = `<!doctype html><html><head><title>Waypost</title><script type="module" src="/assets/app-Abc12345.js"></script></head><body>${'<div class="shell"></div>'.repeat(60)}</body></html>`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'waypost-compress-'));
    const projectDir = path.join(dir, 'project');
    const appDir = path.join(dir, 'dist');
    cpSync(fixtureDir, projectDir, { recursive: true });
    mkdirSync(path.join(appDir, 'assets'), { recursive: true });
    writeFileSync(path.join(appDir, 'index.html'), html);
    writeFileSync(path.join(appDir, 'assets', 'app-Abc12345.js'), script);
    writeFileSync(path.join(appDir, 'assets', 'tiny-Abc12345.js'), 'export {};\n');
    const report = await precompressDir(appDir);
    expect(report.files).toBe(2);
    own = await startStack({
      overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_PROJECT_DIR: projectDir, STACK_DATA_DIR: path.join(dir, 'data'), STACK_LOG: 'error' },
      inMemory: true,
      appDir,
    });
  }, 120_000);

  afterAll(async () => {
    await own?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a hashed asset as its brotli or gzip copy by Accept-Encoding, immutable, with its own length', async () => {
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.2, gzip;q=0.9', 'gzip'],
    ] as const) {
      const a = await raw(own.url, '/assets/app-Abc12345.js', { 'accept-encoding': accept });
      expect(a.status).toBe(200);
      expect(a.headers['content-encoding']).toBe(coding);
      expect(a.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(a.headers['content-length']).toBe(String(a.raw.length));
      expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(a.headers.vary).toBe('Accept-Encoding');
      expect(a.raw.length).toBeLessThan(Buffer.byteLength(script) / 3);
      expect(decoded(a).toString()).toBe(script);
    }
  });

  it('serves the file itself to a client that accepts no coding, still varying on Accept-Encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const a = await raw(own.url, '/assets/app-Abc12345.js', headers);
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(a.headers['content-length']).toBe(String(Buffer.byteLength(script)));
      expect(a.headers.vary).toBe('Accept-Encoding');
      expect(a.raw.toString()).toBe(script);
    }
  });

  it('answers HEAD with the headers GET would send', async () => {
    const head = await raw(own.url, '/assets/app-Abc12345.js', { 'accept-encoding': 'br' }, 'HEAD');
    const get = await raw(own.url, '/assets/app-Abc12345.js', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('serves index.html compressed and not cached, for the file and for an app route', async () => {
    for (const route of ['/', '/index.html', '/acme/dispatcher']) {
      const a = await raw(own.url, route, { 'accept-encoding': 'br, gzip' });
      expect(a.status, route).toBe(200);
      expect(a.headers['content-encoding']).toBe('br');
      expect(a.headers['cache-control']).toBe('no-cache');
      expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(decoded(a).toString()).toBe(html);
    }
  });

  it('serves a file under the threshold as it is', async () => {
    const a = await raw(own.url, '/assets/tiny-Abc12345.js', { 'accept-encoding': 'br, gzip' });
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(a.headers.vary).toBeUndefined();
    expect(a.raw.toString()).toBe('export {};\n');
  });

  it('does not serve a compressed copy older than its file', async () => {
    const appDir = path.join(dir, 'dist');
    const changed = script.replace('row 0', 'row zero');
    // A file rewritten after its copies were made (a build stopped half way): the copies are stale.
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(path.join(appDir, 'assets', 'app-Abc12345.js'), changed);
    const a = await raw(own.url, '/assets/app-Abc12345.js', { 'accept-encoding': 'br, gzip' });
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(a.raw.toString()).toBe(changed);
  });
});
