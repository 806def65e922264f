import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { once } from 'node:events';
import { ERRORS, StorageError } from './errors.ts';
import { readMultipart } from './multipart.ts';
import { header, requestChunks } from './request.ts';

export interface ReceivedFile {
  size: number;
  eTag: string;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export interface UploadRules {
  /** Bytes; the file is refused as soon as it grows past this. */
  limit: number;
  allowedMimeTypes: string[] | null;
}

/** Storage's mime check: `type/subtype` must equal an allowed entry or match its `type/*`. */
export function checkMimeType(mimetype: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype] = mimetype.split(';')[0].trim().toLowerCase().split('/');
  if (!type || !subtype) throw ERRORS.invalidMimeType(mimetype);
  for (const entry of allowed) {
    const [t, s] = entry.trim().toLowerCase().split('/');
    if (t === type && (s === '*' || s === subtype)) return;
  }
  throw ERRORS.invalidMimeType(mimetype);
}

function parseUserMetadata(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw ERRORS.validation('metadata must be a JSON object');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw ERRORS.validation('metadata must be a JSON object');
  return value as Record<string, unknown>;
}

/** Writes to the temp file with backpressure, hashing and counting, refusing bytes past the limit. */
class LimitedFileWriter {
  private readonly out: WriteStream;
  private readonly hash = createHash('md5');
  size = 0;

  constructor(
    file: string,
    private readonly limit: number,
  ) {
    this.out = createWriteStream(file, { flags: 'wx' });
    this.out.on('error', () => {});
  }

  async write(chunk: Buffer): Promise<void> {
    this.size += chunk.length;
    if (this.size > this.limit) throw ERRORS.entityTooLarge();
    this.hash.update(chunk);
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  async finish(): Promise<string> {
    this.out.end();
    await once(this.out, 'finish');
    return `"${this.hash.digest('hex')}"`;
  }

  abort(): void {
    this.out.destroy();
  }
}

/**
 * Streams an upload body (raw, or multipart with cacheControl/metadata fields and one file) into
 * `tempFile`, as Storage reads it. Rejections (size, mime type) happen as early as the data allows;
 * the caller discards the temp file on any error.
 */
export async function receiveUpload(req: IncomingMessage, tempFile: string, rules: UploadRules): Promise<ReceivedFile> {
  const contentType = header(req, 'content-type') ?? '';
  const declared = Number(header(req, 'content-length') ?? NaN);

  if (/^multipart\/form-data/i.test(contentType)) {
    const fields = new Map<string, string>();
    let writer: LimitedFileWriter | null = null;
    let mimetype = 'application/octet-stream';
    let eTag: string | null = null;
    try {
      await readMultipart(
        requestChunks(req),
        contentType,
        {
          field: (name, value) => {
            if (!fields.has(name)) fields.set(name, value);
          },
          fileStart: (info) => {
            mimetype = info.contentType;
            checkMimeType(mimetype, rules.allowedMimeTypes);
            writer = new LimitedFileWriter(tempFile, rules.limit);
          },
          fileChunk: (chunk) => (writer as LimitedFileWriter).write(chunk),
          fileEnd: async () => {
            eTag = await (writer as LimitedFileWriter).finish();
          },
        },
        rules.limit,
      );
    } catch (e) {
      (writer as LimitedFileWriter | null)?.abort();
      throw e;
    }
    const done = writer as LimitedFileWriter | null;
    if (!done || eTag === null) throw ERRORS.noContent();
    const cacheTime = fields.get('cacheControl');
    return {
      size: done.size,
      eTag,
      mimetype,
      cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata: parseUserMetadata(fields.get('metadata')),
    };
  }

  const mimetype = contentType || 'application/octet-stream';
  checkMimeType(mimetype, rules.allowedMimeTypes);
  if (Number.isFinite(declared) && declared > rules.limit) throw ERRORS.entityTooLarge();
  const rawMetadata = header(req, 'x-metadata');
  let userMetadata: Record<string, unknown> | null = null;
  if (rawMetadata) userMetadata = parseUserMetadata(Buffer.from(rawMetadata, 'base64').toString('utf8'));
  const writer = new LimitedFileWriter(tempFile, rules.limit);
  try {
    for await (const chunk of requestChunks(req)) await writer.write(chunk);
  } catch (e) {
    writer.abort();
    if (e instanceof StorageError) throw e;
    throw ERRORS.validation('the request body could not be read');
  }
  return {
    size: writer.size,
    eTag: await writer.finish(),
    mimetype,
    cacheControl: header(req, 'cache-control') ?? 'no-cache',
    userMetadata,
  };
}

/**
 * A file of the project's own disk, received as Storage receives a raw upload of it with these
 * Content-Type and Cache-Control headers (what `supabase seed buckets` sends): the same checks of
 * the bucket's mime types and size limit, the same eTag.
 */
export async function receiveLocalFile(
  file: string,
  tempFile: string,
  rules: UploadRules,
  headers: { contentType: string; cacheControl: string },
): Promise<ReceivedFile> {
  checkMimeType(headers.contentType, rules.allowedMimeTypes);
  const writer = new LimitedFileWriter(tempFile, rules.limit);
  try {
    for await (const chunk of createReadStream(file)) await writer.write(chunk as Buffer);
  } catch (e) {
    writer.abort();
    throw e;
  }
  return { size: writer.size, eTag: await writer.finish(), mimetype: headers.contentType, cacheControl: headers.cacheControl, userMetadata: null };
}
