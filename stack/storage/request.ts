import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, readBody } from '../http/respond.ts';
import { ERRORS } from './errors.ts';

const JSON_LIMIT = 1024 * 1024;

export type JsonBody = Record<string, unknown>;

/** A JSON object body; empty means `{}` (storage-js posts `{}` for body-less calls). */
export async function readJsonBody(req: IncomingMessage): Promise<JsonBody> {
  let raw: Buffer;
  try {
    raw = await readBody(req, JSON_LIMIT);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw ERRORS.entityTooLarge();
    throw ERRORS.validation('the request body could not be read');
  }
  if (raw.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw ERRORS.validation('Body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw ERRORS.validation('body must be object');
  return value as JsonBody;
}

// Fastify's schema-validation wording, which Storage answers with.
export function requiredString(body: JsonBody, key: string): string {
  const v = body[key];
  if (v === undefined || v === null) throw ERRORS.validation(`body must have required property '${key}'`);
  if (typeof v !== 'string') throw ERRORS.validation(`body/${key} must be string`);
  return v;
}

export function optionalString(body: JsonBody, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw ERRORS.validation(`body/${key} must be string`);
  return v;
}

export function optionalInteger(body: JsonBody, key: string, min = 0): number | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw ERRORS.validation(`body/${key} must be integer`);
  if (n < min) throw ERRORS.validation(`body/${key} must be >= ${min}`);
  return n;
}

export function positiveExpiresIn(body: JsonBody): number {
  const v = body.expiresIn;
  if (v === undefined || v === null) throw ERRORS.validation("body must have required property 'expiresIn'");
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw ERRORS.validation('body/expiresIn must be integer');
  if (n < 1) throw ERRORS.validation('body/expiresIn must be >= 1');
  return n;
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The request body chunk by chunk, with backpressure. Unlike the stream's own async iterator,
 * stopping early leaves the request intact, so a refusal can still drain it and answer on a
 * connection that stays usable.
 */
export function requestChunks(req: IncomingMessage): AsyncIterable<Buffer> {
  return {
    async *[Symbol.asyncIterator]() {
      const queue: Buffer[] = [];
      let ended = false;
      let failure: Error | null = null;
      let wake: (() => void) | null = null;
      const onData = (chunk: Buffer) => {
        queue.push(chunk);
        req.pause();
        wake?.();
      };
      const onEnd = () => {
        ended = true;
        wake?.();
      };
      const onError = (e: Error) => {
        failure = e;
        wake?.();
      };
      const onClose = () => {
        if (!req.complete) onError(new Error('the client closed the request'));
      };
      req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
      try {
        for (;;) {
          const next = queue.shift();
          if (next) {
            yield next;
            continue;
          }
          if (failure) throw failure;
          if (ended) return;
          const woken = new Promise<void>((resolve) => (wake = resolve));
          req.resume();
          await woken;
          wake = null;
        }
      } finally {
        req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      }
    },
  };
}
