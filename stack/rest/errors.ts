import { isPgError } from '../db/database.ts';

/** PostgREST's error body: every field always present, null when absent. */
export interface RestErrorBody {
  code: string | null;
  message: string;
  details: unknown;
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PostgREST's SQLSTATE -> HTTP status table (docs: references/errors). */
export function statusForSqlState(code: string, authenticated: boolean, message: string): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
  }
  const c2 = code.slice(0, 2);
  switch (c2) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    case 'PT': {
      const n = Number(code.slice(2));
      return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
    }
  }
  return 400;
}

/** `raise sqlstate 'PGRST' using message = '{json}', detail = '{json}'`: the function picks status, headers and body. */
function fromPgrstRaise(message: string, detail: string | undefined): RestError | null {
  try {
    const body = JSON.parse(message) as Record<string, unknown>;
    const meta = detail ? (JSON.parse(detail) as { status?: number; headers?: Record<string, string> }) : {};
    return new RestError(
      typeof meta.status === 'number' ? meta.status : 400,
      String(body.code ?? ''),
      String(body.message ?? ''),
      body.details ?? null,
      (body.hint as string | undefined) ?? null,
      meta.headers ?? {},
    );
  } catch {
    return null;
  }
}

/** Any thrown value -> the PostgREST error a client would see. */
export function toRestError(e: unknown, authenticated: boolean): RestError {
  if (e instanceof RestError) return e;
  if (isPgError(e) && e.code) {
    if (e.code === 'PGRST') {
      const custom = fromPgrstRaise(e.message, e.detail);
      if (custom) return custom;
      return new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', e.message);
    }
    const status = statusForSqlState(e.code, authenticated, e.message);
    const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
    return new RestError(status, e.code, e.message, e.detail ?? null, e.hint ?? null, headers);
  }
  return new RestError(500, 'PGRST000', e instanceof Error ? e.message : String(e));
}

export function parseError(what: string, input: string, column: number, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details);
}
