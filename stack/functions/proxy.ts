import { request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { sendWorkerFailure } from './responses.ts';
import type { FunctionWorker } from './worker.ts';

/** Set by the worker bootstrap when the user's handler threw or returned no Response. */
const WORKER_ERROR_HEADER = 'x-stack-worker-error';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

function forwardedHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const headers = withoutHopByHop(req.headers);
  delete headers[WORKER_ERROR_HEADER];
  const client = req.socket.remoteAddress ?? '127.0.0.1';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${client}` : client;
  headers['x-forwarded-host'] ??= req.headers.host ?? 'localhost';
  headers['x-forwarded-proto'] ??= 'http';
  return headers;
}

export interface ProxyOptions {
  /** The path and query the function sees: /<name>/... as on Supabase. */
  target: string;
  timeoutMs: number;
  /** The request ran out of wall clock: the worker must go. */
  onTimeout(): void;
}

/**
 * Streams the request to the worker and its response back, status and headers untouched.
 * Resolves once the exchange is over, however it ended; never rejects.
 */
export function proxyToWorker(req: IncomingMessage, res: ServerResponse, worker: FunctionWorker, options: ProxyOptions): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      resolve();
      return true;
    };
    const upstream = request({
      agent: worker.agent,
      socketPath: worker.socketPath,
      method: req.method,
      path: options.target,
      headers: forwardedHeaders(req),
    });
    const timer = setTimeout(() => {
      if (!settle()) return;
      sendWorkerFailure(res, 'limit');
      upstream.destroy();
      options.onTimeout();
    }, options.timeoutMs);

    upstream.on('response', (upstreamRes) => {
      if (settled) {
        upstreamRes.resume();
        return;
      }
      if (upstreamRes.headers[WORKER_ERROR_HEADER]) {
        upstreamRes.resume();
        if (settle()) sendWorkerFailure(res, 'crash');
        return;
      }
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, withoutHopByHop(upstreamRes.headers));
      upstreamRes.pipe(res);
      upstreamRes.on('end', () => settle());
      upstreamRes.on('error', () => {
        if (settle()) res.destroy();
      });
    });
    upstream.on('error', () => {
      // The worker died under the request (process exit, unhandled rejection, killed).
      if (settle()) sendWorkerFailure(res, 'crash');
    });
    res.on('close', () => {
      if (settled) return;
      settle();
      upstream.destroy();
    });
    req.pipe(upstream);
  });
}
