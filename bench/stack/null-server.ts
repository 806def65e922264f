import http from 'node:http';
import type { RawHttpReplay } from './raw-http.ts';

/** The stack's answer to one request, as it came over the wire: status, the headers a client reads, body. */
export interface CapturedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Framing and connection headers are the server's own business: node:http writes its own. */
const SERVER_OWN_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/** Sends the replay's request once and keeps the answer byte for byte. */
export async function captureAnswer(replay: RawHttpReplay): Promise<CapturedAnswer> {
  const { status, headers, body } = await replay.send();
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !SERVER_OWN_HEADERS.has(name)) kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { status, headers: kept, body };
}

/**
 * A server that does no work: whatever it is asked, it answers the stack's captured answer from
 * memory (same status, headers and bytes), on node:http with keep-alive, as the stack's HTTP server
 * does. A client's latency against it is what the client and the loopback transport cost alone:
 * the least any server, the stack or hosted PostgREST, could add to the direct query for that client.
 */
export class NullServer {
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(answer: CapturedAnswer): Promise<NullServer> {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as { port: number };
    return new NullServer(server, `http://127.0.0.1:${port}`);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
