import { corsHeaders } from './cors.ts';

/** A JSON answer with the CORS headers every browser-called function needs. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(corsHeaders)) if (!headers.has(name)) headers.set(name, value);
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(body), { ...init, headers });
}

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

/** A JSON error in the platform's own shape ({code, message}), with optional details (e.g. per-field problems). */
export function errorResponse(status: number, code: string, message: string, details?: unknown): Response {
  if (!Number.isInteger(status) || status < 400 || status > 599) throw new RangeError(`not an error status: ${status}`);
  const body: ErrorBody = details === undefined ? { code, message } : { code, message, details };
  return jsonResponse(body, { status });
}
