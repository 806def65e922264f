import http from 'node:http';
import type { CapturedRequest } from './clients.ts';
import type { OrderRow, OrdersPage } from './orders-query.ts';

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

  fetchPage(): Promise<OrdersPage> {
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
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode !== 200 && res.statusCode !== 206) {
              reject(new Error(`stack answered HTTP ${res.statusCode}: ${body.slice(0, 200)}`));
              return;
            }
            // Content-Range: 0-24/20000 (PostgREST's exact count).
            const total = Number(/\/(\d+)$/.exec(String(res.headers['content-range'] ?? ''))?.[1] ?? NaN);
            if (!Number.isFinite(total)) {
              reject(new Error(`no exact count in Content-Range: ${String(res.headers['content-range'])}`));
              return;
            }
            resolve({ rows: JSON.parse(body) as OrderRow[], total });
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
