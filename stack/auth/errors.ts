import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.ts';

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/** GoTrue's HTTPError: a status, a machine-readable error code and the human message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const unauthorized = (code: string, msg: string) => new AuthError(401, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);
export const tooManyRequests = (code: string, msg: string) => new AuthError(429, code, msg);

/** GoTrue's OAuth-style error, still used by a few grant checks: always 400 {error, error_description}. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** The API version the client asked for: GoTrue answers in the newest format it supports at or below it. */
function requestedVersion(req: IncomingMessage): string | null {
  const raw = req.headers[API_VERSION_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return null;
  return value >= API_VERSION_2024 ? API_VERSION_2024 : null;
}

/** Headers every GoTrue response carries (the version echo makes auth-js read `code` as the error code). */
export function versionHeaders(req: IncomingMessage): Record<string, string> {
  const v = requestedVersion(req);
  return v ? { [API_VERSION_HEADER]: v } : {};
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, err: AuthError | OAuthError): void {
  const headers = versionHeaders(req);
  if (err instanceof OAuthError) {
    sendJson(res, 400, { error: err.error, error_description: err.description }, headers);
    return;
  }
  const modern = headers[API_VERSION_HEADER] !== undefined;
  const body: Record<string, unknown> = modern
    ? { code: err.errorCode, message: err.message }
    : { code: err.status, error_code: err.errorCode, msg: err.message };
  if (err.weakPasswordReasons) body.weak_password = { reasons: err.weakPasswordReasons };
  sendJson(res, err.status, body, headers);
}
