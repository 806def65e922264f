import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request, Agent, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { MAX_FIELD_BYTES, readMultipart, type MultipartSink, type PartInfo } from './multipart.ts';
import { receiveUpload } from './upload-body.ts';

async function encode(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? '' };
}

/** Feeds the body in chunks of `size` bytes, so delimiters straddle chunk edges; `pulled` counts bytes handed out. */
function chunks(body: Buffer, size: number) {
  const source = {
    pulled: 0,
    async *[Symbol.asyncIterator]() {
      for (let i = 0; i < body.length; i += size) {
        const chunk = body.subarray(i, i + size);
        source.pulled += chunk.length;
        yield chunk;
      }
    },
  };
  return source;
}

interface Parsed {
  fields: Record<string, string>;
  files: Array<{ info: PartInfo; bytes: Buffer; ended: boolean }>;
}

async function parse(body: Buffer, contentType: string, size: number, limit?: number, hooks: Partial<MultipartSink> = {}): Promise<Parsed> {
  const out: Parsed = { fields: {}, files: [] };
  await readMultipart(
    chunks(body, size),
    contentType,
    {
      field: (name, value) => {
        out.fields[name] = value;
      },
      fileStart: (info) => {
        out.files.push({ info, bytes: Buffer.alloc(0), ended: false });
        hooks.fileStart?.(info);
      },
      fileChunk: async (c) => {
        const file = out.files[out.files.length - 1];
        file.bytes = Buffer.concat([file.bytes, c]);
        await hooks.fileChunk?.(c);
      },
      fileEnd: async () => {
        out.files[out.files.length - 1].ended = true;
      },
    },
    limit,
  );
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<StorageError> {
  const e: unknown = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(StorageError);
  return e as StorageError;
}

const payload = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256));

function storageForm(file: Blob = new Blob([payload], { type: 'image/png' })): FormData {
  const form = new FormData();
  form.append('cacheControl', '3600');
  form.append('metadata', JSON.stringify({ a: 1 }));
  form.append('', file, 'blob');
  return form;
}

describe('readMultipart', () => {
  it.each([1, 7, 64, 100_000])('reads fields and the file exactly with %i-byte chunks', async (size) => {
    const { body, contentType } = await encode(storageForm());
    const { fields, files } = await parse(body, contentType, size);
    expect(fields).toEqual({ cacheControl: '3600', metadata: '{"a":1}' });
    expect(files).toHaveLength(1);
    expect(files[0].info).toMatchObject({ name: '', filename: 'blob', contentType: 'image/png' });
    expect(files[0].ended).toBe(true);
    expect(files[0].bytes.equals(payload)).toBe(true);
  });

  it('reads a file whose bytes look like a delimiter', async () => {
    const { contentType } = await encode(new FormData());
    const boundary = /boundary=(.*)$/.exec(contentType)![1];
    const tricky = Buffer.from(`a\r\n--${boundary.slice(0, -1)}x\r\n\r\n-\r\n--${boundary.slice(0, -1)}`, 'latin1');
    const { body } = await encodeWithBoundary(tricky, boundary);
    for (const size of [1, 7, 64]) expect((await parse(body, contentType, size)).files[0].bytes.equals(tricky)).toBe(true);
  });

  it('reads an empty file', async () => {
    const { body, contentType } = await encode(storageForm(new Blob([], { type: 'text/plain' })));
    const { files } = await parse(body, contentType, 7);
    expect(files).toMatchObject([{ info: { contentType: 'text/plain' }, ended: true }]);
    expect(files[0].bytes.length).toBe(0);
  });

  it('keeps only the first file and still reads the fields after the others', async () => {
    const form = new FormData();
    form.append('', new Blob([payload], { type: 'image/png' }), 'first');
    form.append('', new Blob(['second file']), 'second');
    form.append('cacheControl', '60');
    form.append('', new Blob(['third file']), 'third');
    form.append('metadata', '{}');
    const { body, contentType } = await encode(form);
    for (const size of [1, 64]) {
      const { fields, files } = await parse(body, contentType, size);
      expect(files.map((f) => f.info.filename)).toEqual(['first']);
      expect(files[0].bytes.equals(payload)).toBe(true);
      expect(fields).toEqual({ cacheControl: '60', metadata: '{}' });
    }
  });

  it.each([
    ['in the file', 100],
    ['in a part header', 60],
    ['before the closing delimiter', 4],
  ])('refuses a body truncated %s', async (_, cut) => {
    const form = new FormData();
    form.append('metadata', '{}');
    form.append('', new Blob([payload]), 'blob');
    const { body, contentType } = await encode(form);
    const at = cut === 60 ? body.indexOf('filename') : body.length - cut;
    for (const size of [1, 512]) {
      const e = await refusal(parse(body.subarray(0, at), contentType, size));
      expect(e.body()).toEqual({ statusCode: '400', error: 'Error', message: 'Malformed multipart body: unexpected end of data' });
    }
  });

  it('refuses a malformed part header', async () => {
    const boundary = 'XyZ';
    const body = Buffer.from(`--${boundary}\r\nContent-Disposition form-data; name="a"\r\n\r\nvalue\r\n--${boundary}--\r\n`);
    const e = await refusal(parse(body, `multipart/form-data; boundary=${boundary}`, 7));
    expect(e.message).toBe('Malformed multipart body');
  });

  it('refuses a content type without a boundary', async () => {
    const e = await refusal(parse(Buffer.alloc(0), 'multipart/form-data', 7));
    expect(e.message).toBe('the request is not multipart');
  });

  it('caps field values', async () => {
    const field = (bytes: number) => {
      const form = storageForm();
      form.set('metadata', 'x'.repeat(bytes));
      return encode(form);
    };
    const fits = await field(MAX_FIELD_BYTES);
    expect((await parse(fits.body, fits.contentType, 1000)).fields.metadata).toHaveLength(MAX_FIELD_BYTES);
    const over = await field(MAX_FIELD_BYTES + 1);
    const e = await refusal(parse(over.body, over.contentType, 1000));
    expect(e.message).toBe('multipart field metadata is too large');
  });

  it('accepts a file of exactly the limit and refuses one byte more', async () => {
    const exact = await encode(storageForm());
    expect((await parse(exact.body, exact.contentType, 64, payload.length)).files[0].bytes.equals(payload)).toBe(true);
    const e = await refusal(parse(exact.body, exact.contentType, 64, payload.length - 1));
    expect(e.body()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });

  it('refuses an oversized file as soon as it passes the limit, leaving the rest unread', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 7);
    const { body, contentType } = await encode(storageForm(new Blob([big])));
    const source = chunks(body, 16 * 1024);
    let received = 0;
    const sink: MultipartSink = {
      field: () => {},
      fileStart: () => {},
      fileChunk: async (c) => {
        received += c.length;
      },
      fileEnd: async () => {
        throw new Error('an oversized file must not end');
      },
    };
    const e = await refusal(readMultipart(source, contentType, sink, 100_000));
    expect(e.statusCode).toBe(413);
    expect(received).toBeLessThanOrEqual(100_001);
    expect(source.pulled).toBeLessThan(100_000 + 64 * 1024);
  });

  it('streams: a slow sink holds the source back instead of buffering the file', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 3);
    const { body, contentType } = await encode(storageForm(new Blob([big])));
    const source = chunks(body, 4096);
    let received = 0;
    let ahead = 0;
    await readMultipart(source, contentType, {
      field: () => {},
      fileStart: () => {},
      fileChunk: async (c) => {
        received += c.length;
        ahead = Math.max(ahead, source.pulled - received);
        await new Promise((r) => setImmediate(r));
      },
      fileEnd: async () => {},
    });
    expect(received).toBe(big.length);
    expect(ahead).toBeLessThan(128 * 1024);
  });

  it('stops at a refusal from the sink and calls it no more', async () => {
    const { body, contentType } = await encode(storageForm());
    const refused = new StorageError(415, 'invalid_mime_type', 'nope');
    let calls = 0;
    const sink: MultipartSink = {
      field: () => calls++,
      fileStart: () => {
        throw refused;
      },
      fileChunk: async () => {
        calls++;
      },
      fileEnd: async () => {
        calls++;
      },
    };
    await expect(readMultipart(chunks(body, 7), contentType, sink)).rejects.toBe(refused);
    const before = calls;
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(before);
    expect(calls).toBe(2); // the two fields before the file
  });
});

async function encodeWithBoundary(file: Buffer, boundary: string): Promise<{ body: Buffer }> {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

describe('receiveUpload over a kept-alive connection', () => {
  let server: Server;
  let dir: string;
  let port: number;
  let n = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'multipart-test-'));
    server = createServer((req, res) => {
      const file = join(dir, `upload-${n++}`);
      receiveUpload(req, file, { limit: 10_000, allowedMimeTypes: ['image/*'] }).then(
        async (got) => res.end(JSON.stringify({ ...got, bytes: (await readFile(file)).length })),
        (e: StorageError) => {
          // As the storage service does: drain the refused body, then answer.
          if (!req.complete) req.resume();
          res.end(JSON.stringify(e.body()));
        },
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function post(agent: Agent, body: Buffer, contentType: string) {
    const req = request({ port, host: '127.0.0.1', method: 'POST', agent, headers: { 'content-type': contentType } });
    req.end(body);
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    let text = '';
    for await (const c of res) text += String(c);
    return { reused: req.reusedSocket, json: JSON.parse(text) as Record<string, unknown> };
  }

  it('answers refusals and keeps the connection usable', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = await encode(storageForm(new Blob([Buffer.alloc(1024 * 1024, 1)], { type: 'image/png' })));
      expect((await post(agent, big.body, big.contentType)).json).toMatchObject({ statusCode: '413' });

      const pdf = await encode(storageForm(new Blob(['%PDF'], { type: 'application/pdf' })));
      const refused = await post(agent, pdf.body, pdf.contentType);
      expect(refused).toMatchObject({ reused: true, json: { statusCode: '415' } });

      const ok = await encode(storageForm());
      const stored = await post(agent, ok.body, ok.contentType);
      expect(stored).toMatchObject({
        reused: true,
        json: { size: payload.length, bytes: payload.length, mimetype: 'image/png', cacheControl: 'max-age=3600', userMetadata: { a: 1 } },
      });

      const cut = await post(agent, ok.body.subarray(0, 300), ok.contentType);
      expect(cut.json).toMatchObject({ statusCode: '400', message: 'Malformed multipart body: unexpected end of data' });
    } finally {
      agent.destroy();
    }
  });
});
