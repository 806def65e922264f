import http from 'node:http';
import type { CapturedRequest } from './clients.ts';
import type { OrderRow, OrdersPage } from './orders-query.ts';

/** One answer as it came over the wire. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Replays supabase-js's own request over node:http with keep-alive sockets. Its latency minus the
 * supabase-js figure is what the client library and fetch cost; minus the floor, what the stack's
 * HTTP server, REST service and transaction cost. That split tells where an overhead comes from.
 * As the throughput phase's load generator it opens one socket per concurrent client.
 */
export class RawHttpReplay {
  private readonly agent: http.Agent;
  private readonly target: URL;

  constructor(
    private readonly request: CapturedRequest,
    sockets = 1,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
    this.target = new URL(request.url);
  }

  /** The request sent once: the answer's status, headers and bytes. */
  send(): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: this.target.hostname,
          port: this.target.port,
          path: this.target.pathname + this.target.search,
          method: this.request.method,
          headers: this.request.headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  async fetchPage(): Promise<OrdersPage> {
    const { status, headers, body } = await this.send();
    const text = body.toString('utf8');
    if (status !== 200 && status !== 206) throw new Error(`stack answered HTTP ${status}: ${text.slice(0, 200)}`);
    // Content-Range: 0-24/20000 (PostgREST's exact count).
    const total = Number(/\/(\d+)$/.exec(String(headers['content-range'] ?? ''))?.[1] ?? NaN);
    if (!Number.isFinite(total)) throw new Error(`no exact count in Content-Range: ${String(headers['content-range'])}`);
    return { rows: JSON.parse(text) as OrderRow[], total };
  }

  close(): void {
    this.agent.destroy();
  }
}
