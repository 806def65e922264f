import type { ServerResponse } from 'node:http';

/**
 * The answers Supabase's edge runtime gives when the function itself does not answer, with the
 * bodies and statuses of the CLI's edge-runtime main service (supabase functions serve).
 */

/** Documented corsHeaders, so that a browser can read the stack's own error answers. */
const ERROR_CORS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
};

function send(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...ERROR_CORS, 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendFunctionNotFound(res: ServerResponse): void {
  send(res, 404, 'text/plain', 'Function not found');
}

export type UnauthorizedCode =
  | 'UNAUTHORIZED_NO_AUTH_HEADER'
  | 'UNAUTHORIZED_JWT'
  | 'UNAUTHORIZED_ASYMMETRIC_JWT'
  | 'UNAUTHORIZED_INVALID_JWT_FORMAT'
  | 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM';

export interface Unauthorized {
  code: UnauthorizedCode;
  message: string;
}

export function sendUnauthorized(res: ServerResponse, { code, message }: Unauthorized): void {
  send(res, 401, 'application/json', JSON.stringify({ code, message, msg: message }), {
    'sb-error-code': code,
    'access-control-expose-headers': 'sb-error-code',
  });
}

export type WorkerFailure = 'boot' | 'crash' | 'limit';

const FAILURES: Record<WorkerFailure, { status: number; code: string; message: string }> = {
  boot: { status: 503, code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' },
  crash: { status: 500, code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
  limit: { status: 546, code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' },
};

export function sendWorkerFailure(res: ServerResponse, failure: WorkerFailure): void {
  const { status, code, message } = FAILURES[failure];
  send(res, status, 'application/json', JSON.stringify({ code, message }));
}
