import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Database } from '../db/database.ts';
import type { Logger } from '../log.ts';
import type { NetGuard } from './net-guard.ts';

/** pg_net's worker: at most this many requests in flight (its curl multi handle's share). */
const CONCURRENCY = 32;
/** pg_net.batch_size: requests taken from the queue at a time. */
const BATCH_SIZE = 200;
/** Bytes of a response body kept in net._http_response.content. */
const MAX_CONTENT = 10 * 1024 * 1024;

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: string | null;
  body: string | null;
  timeout_milliseconds: number;
}

interface Answer {
  status: number | null;
  contentType: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timedOut: boolean;
  error: string | null;
}

/**
 * The stack's pg_net worker (stack/db/bootstrap/51_pg_net.sql): woken by net.wake()'s notification,
 * which Postgres delivers at COMMIT, it takes committed requests off net.http_request_queue, sends
 * them asynchronously (the event loop and the database are free while they travel), and stores each
 * answer in net._http_response, whose rows older than pg_net.ttl (6 hours by default) it deletes as
 * pg_net does. Requests queued while the stack was down are sent when it starts.
 */
export class NetWorker {
  private inFlight = new Set<Promise<void>>();
  private readonly aborts = new Set<AbortController>();
  private draining: Promise<void> | null = null;
  private wakeAgain = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | null = null;

  private constructor(
    private readonly db: Database,
    private readonly guard: NetGuard,
    private readonly log: Logger,
  ) {}

  static async start(db: Database, guard: NetGuard, log: Logger): Promise<NetWorker> {
    const worker = new NetWorker(db, guard, log);
    worker.unlisten = await db.listen('stack_net_wake', () => worker.wake());
    worker.wake();
    return worker;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain()
      .catch((e: unknown) => this.log.error('pg_net: reading the request queue failed', e))
      .finally(() => {
        this.draining = null;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    await this.db.query(
      "delete from net._http_response where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval",
    );
    for (;;) {
      if (this.stopped) return;
      const room = Math.min(BATCH_SIZE, CONCURRENCY - this.inFlight.size);
      if (room <= 0) {
        // Full: the next request to finish makes room, then the queue is read again.
        await Promise.race(this.inFlight);
        continue;
      }
      const { rows } = await this.db.query<QueuedRequest>(
        `delete from net.http_request_queue where id in (
           select id from net.http_request_queue order by id limit $1 for update skip locked)
         returning id::text as id, method::text as method, url, headers::text as headers,
           encode(body, 'base64') as body, timeout_milliseconds`,
        [room],
      );
      if (rows.length === 0) return;
      for (const request of rows) {
        const p: Promise<void> = this.send(request).finally(() => this.inFlight.delete(p));
        this.inFlight.add(p);
      }
    }
  }

  private async send(request: QueuedRequest): Promise<void> {
    const answer = await this.fetch(request);
    if (this.stopped && answer.error === 'stopped') return;
    try {
      await this.db.query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
         values ($1::bigint, $2, $3, $4::jsonb, $5, $6, $7)`,
        [request.id, answer.status, answer.contentType, answer.headers ? JSON.stringify(answer.headers) : null, answer.content, answer.timedOut, answer.error],
      );
    } catch (e) {
      this.log.error(`pg_net: storing the answer to request ${request.id} failed`, e);
    }
  }

  private fetch(request: QueuedRequest): Promise<Answer> {
    const failed = (error: string, timedOut = false): Answer => ({ status: null, contentType: null, headers: null, content: null, timedOut, error });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return Promise.resolve(failed(`URL using bad/illegal format or missing URL: ${request.url}`));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve(failed(`Unsupported protocol: ${url.protocol.replace(/:$/, '')}`));
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal)) {
      const why = this.guard.refusal(literal);
      if (why) return Promise.resolve(failed(`Refused: ${why}`));
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(request.headers ? (JSON.parse(request.headers) as Record<string, unknown>) : {})) {
      headers[k] = typeof v === 'string' ? v : JSON.stringify(v);
    }
    const body = request.body === null ? null : Buffer.from(request.body, 'base64');
    if (body) headers['Content-Length'] = String(body.length);
    const abort = new AbortController();
    this.aborts.add(abort);
    const timeoutMs = request.timeout_milliseconds;
    const started = Date.now();
    return new Promise<Answer>((resolve) => {
      let settled = false;
      const finish = (a: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.aborts.delete(abort);
        resolve(a);
      };
      // pg_net's wording of a timeout (curl's CURLE_OPERATION_TIMEDOUT), over the whole exchange.
      const timer = setTimeout(() => {
        finish(failed(`Timeout of ${timeoutMs} ms reached. Total time: ${Date.now() - started} ms`, true));
        abort.abort();
      }, timeoutMs);
      abort.signal.addEventListener('abort', () => finish(failed('stopped')));
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, { method: request.method.toUpperCase(), headers, lookup: this.guard.lookup, signal: abort.signal }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_CONTENT) chunks.push(c);
          size += c.length;
        });
        res.on('error', (e) => finish(failed(e.message)));
        res.on('end', () => {
          const answerHeaders: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) answerHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
          }
          finish({
            status: res.statusCode ?? null,
            contentType: res.headers['content-type'] ?? null,
            headers: answerHeaders,
            content: Buffer.concat(chunks).subarray(0, MAX_CONTENT).toString('utf8'),
            timedOut: false,
            error: null,
          });
        });
      });
      req.on('error', (e: Error & { code?: string }) => {
        if (e.code === 'EREFUSED_BY_GUARD') finish(failed(e.message));
        else finish(failed(`Couldn't connect to server: ${e.message}`));
      });
      req.end(body ?? undefined);
    });
  }

  /** Stops taking requests; requests still in flight are abandoned (pg_net loses them too when stopped). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.unlisten?.();
    for (const a of this.aborts) a.abort();
    await this.draining?.catch(() => {});
    await Promise.allSettled([...this.inFlight]);
  }
}
