import { corsHeaders } from './cors.ts';

/** A JSON answer with the CORS headers every browser-called function needs. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(corsHeaders)) if (!headers.has(name)) headers.set(name, value);
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(body), { ...init, headers });
}

/**
 * A refusal's body: `code` says what happened to a program, `key` (dotted lower snake, stable) lets
 * the app show it in the user's language, `message` is the English words.
 */
export interface ErrorBody {
  code: string;
  key?: string;
  message: string;
  params?: Record<string, string | number>;
  details?: unknown;
}

/**
 * A JSON error in the platform's own shape ({code, message}), keyed when given words ({code, key,
 * message, params?}), with optional details (e.g. per-field problems).
 */
export function errorResponse(status: number, code: string, said: string | Words, details?: unknown): Response {
  if (!Number.isInteger(status) || status < 400 || status > 599) throw new RangeError(`not an error status: ${status}`);
  const worded = typeof said === 'string' ? { message: said } : { key: said.key, message: said.message, ...(said.params ? { params: said.params } : {}) };
  const body: ErrorBody = { code, ...worded, ...(details === undefined ? {} : { details }) };
  return jsonResponse(body, { status });
}

/**
 * A refusal's words: the stable `key` (dotted lower snake) the app shows in the user's language,
 * the English `message` API clients and the app's fallback read, and the `params` its words name.
 */
export interface Words {
  key: string;
  message: string;
  params?: Record<string, string | number>;
}

/** Words of a refusal (params only when it names values). */
export function words(key: string, message: string, params?: Record<string, string | number>): Words {
  return params ? { key, message, params } : { key, message };
}

/**
 * `{error: {code, key, message, params?, details?}}`: `code` tells a program what happened, `key`
 * and `params` let the app word it in the user's language, `message` stays English.
 */
export function keyedFailure(status: number, code: string, said: Words, options: { headers?: Record<string, string>; details?: unknown } = {}): Response {
  const error = { code, key: said.key, message: said.message, ...(said.params ? { params: said.params } : {}), ...(options.details === undefined ? {} : { details: options.details }) };
  return jsonResponse({ error }, { status, headers: options.headers ?? {} });
}
