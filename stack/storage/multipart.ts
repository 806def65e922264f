import busboy from 'busboy';
import type { Readable } from 'node:stream';
import { ERRORS, type StorageError } from './errors.ts';

export interface PartInfo {
  name: string;
  filename?: string;
  /** `type/subtype` as busboy reads it: parameters dropped, `text/plain` when the part names none. */
  contentType: string;
}

export interface MultipartSink {
  /** A non-file field, its value at most `MAX_FIELD_BYTES`. */
  field(name: string, value: string): void;
  /** Start of the file part; only the first file is read (Storage keeps only the first file). May throw to refuse it. */
  fileStart(info: PartInfo): void;
  fileChunk(chunk: Buffer): Promise<void>;
  fileEnd(): Promise<void>;
}

export const MAX_FIELD_BYTES = 64 * 1024;

/** busboy's errors for a malformed or truncated body, worded as Storage's validation error. */
function malformed(e: Error): StorageError {
  return /^Unexpected end/.test(e.message)
    ? ERRORS.validation('Malformed multipart body: unexpected end of data')
    : ERRORS.validation('Malformed multipart body');
}

/**
 * Reads a multipart/form-data body with busboy, feeding it one source chunk at a time and waiting
 * until the file's bytes reach the sink before pulling the next, so nothing beyond one network chunk
 * and the small fields is ever held in memory. A file past `fileSizeLimit` bytes is refused as soon
 * as the chunk that passes it arrives. On any refusal the source is left unread, for the caller to
 * drain; the sink is never called after this settles.
 */
export async function readMultipart(source: AsyncIterable<Buffer>, contentType: string, sink: MultipartSink, fileSizeLimit = Infinity): Promise<void> {
  let form: busboy.Busboy;
  try {
    // busboy flags a value that merely reaches its cap; one byte more lets exactly the limit through.
    form = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fileSize: fileSizeLimit + 1, fieldSize: MAX_FIELD_BYTES + 1 } });
  } catch {
    throw ERRORS.validation('the request is not multipart');
  }

  // The first failure wins and ends whichever wait is current, so a stalled parser or file can't hang the upload.
  let failure: { error: unknown } | null = null;
  let interrupt: ((e: unknown) => void) | null = null;
  const fail = (error: unknown) => {
    if (failure) return;
    failure = { error };
    interrupt?.(error);
  };
  const until = (start: (done: () => void) => void) =>
    new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure.error);
      interrupt = reject;
      start(resolve);
    });
  let file = null as Readable | null;
  let fileDone: Promise<void> = Promise.resolve();

  form.on('error', (e: Error) => fail(malformed(e)));
  form.on('field', (name, value, info) => {
    if (info.valueTruncated) return fail(ERRORS.validation(`multipart field ${name ?? ''} is too large`));
    try {
      sink.field(name ?? '', value);
    } catch (e) {
      fail(e);
    }
  });
  form.on('file', (name, stream, info) => {
    file = stream;
    stream.on('limit', () => fail(ERRORS.entityTooLarge()));
    // Registered before the reader's own listener, so a body cut off mid-file fails as malformed.
    stream.on('error', (e) => fail(malformed(e)));
    fileDone = (async () => {
      sink.fileStart({ name: name ?? '', filename: info.filename, contentType: info.mimeType });
      for await (const chunk of stream) await sink.fileChunk(chunk as Buffer);
      await sink.fileEnd();
    })();
    fileDone.catch(fail);
  });

  try {
    // busboy holds a write's callback while the file stream is full: that is what paces the source.
    for await (const chunk of source) await until((done) => form.write(chunk, (e) => (e ? fail(malformed(e)) : done())));
    await until((done) => form.once('finish', done).end());
    const last = fileDone;
    await until((done) => void last.then(done, () => {}));
  } catch (e) {
    form.destroy();
    file?.destroy();
    await fileDone.catch(() => {});
    throw e;
  }
}
