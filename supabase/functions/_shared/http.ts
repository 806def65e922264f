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
  details?: unknown;
}

/** A JSON error in the platform's own shape ({code, message}), with optional details (e.g. per-field problems). */
export function errorResponse(status: number, code: string, message: string, details?: unknown): Response {
  if (!Number.isInteger(status) || status < 400 || status > 599) throw new RangeError(`not an error status: ${status}`);
  const body: ErrorBody = details === undefined ? { code, message } : { code, message, details };
  return jsonResponse(body, { status });
}
