import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { sendJson } from '../http/respond.ts';
import type { StackContext, StackService } from '../http/service.ts';
import type { RealtimeRuntime } from './channel.ts';
import { readRealtimeLimits } from './config.ts';
import { Connection } from './connection.ts';
import { listenDatabaseBroadcasts } from './db-broadcast.ts';
import { TopicHub } from './hub.ts';
import { PostgresChanges } from './postgres-changes.ts';
import { PresenceRegistry } from './presence.ts';
import type { Vsn } from './protocol.ts';
import { handleBroadcastApi } from './rest-broadcast.ts';

const VERSIONS = new Set<string>(['1.0.0', '2.0.0']);

function refuse(socket: Duplex, status: number, reason: string, body: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Supabase Realtime at /realtime/v1: the Phoenix websocket at /websocket (the gateway has checked
 * the apikey before the upgrade), the broadcast REST API, and database broadcasts.
 */
export async function createRealtimeService(ctx: StackContext): Promise<StackService> {
  const limits = readRealtimeLimits(ctx.config.toml.realtime);
  if (!limits.enabled) {
    const noRoute = { message: 'no Route matched with those values' };
    return {
      async handle(_req, res) {
        sendJson(res, 404, noRoute);
      },
      upgrade(_req, socket) {
        refuse(socket, 404, 'Not Found', JSON.stringify(noRoute));
      },
    };
  }
  const hub = new TopicHub();
  const rt: RealtimeRuntime = { ctx, limits, hub, presence: new PresenceRegistry(), changes: new PostgresChanges(ctx) };
  const connections = new Set<Connection>();
  // Frames beyond the payload limit are answered by the channel (payload_size_exceeded); only
  // frames far beyond it are refused by the socket itself (close 1009).
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxPayloadBytes * 2 + 1_000_000,
    // No compression: frames are framed once for every subscriber and written beside ws (ws-frame.ts).
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has('phoenix') ? 'phoenix' : false),
  });
  const stopDbBroadcasts = await listenDatabaseBroadcasts(ctx, hub, limits.maxPayloadBytes);
  let closing = false;

  return {
    async handle(req, res, subpath, url) {
      if (await handleBroadcastApi(rt, req, res, subpath, url)) return;
      sendJson(res, 404, { message: 'Not found' });
    },

    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, subpath: string, url: URL) {
      if (closing) return refuse(socket, 503, 'Service Unavailable', 'Realtime is restarting, please standby');
      if (subpath !== '/websocket' && subpath !== '/websocket/') return refuse(socket, 404, 'Not Found', 'Not Found');
      // Phoenix: no vsn means 1.0.0; a version it does not serve refuses the connection.
      const vsn = url.searchParams.get('vsn') ?? '1.0.0';
      if (!VERSIONS.has(vsn)) return refuse(socket, 403, 'Forbidden', 'Forbidden');
      const header = req.headers['apikey'];
      const apikey = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? '';
      wss.handleUpgrade(req, socket, head, (ws) => {
        if (closing) {
          ws.close(1001);
          return;
        }
        connections.add(new Connection(rt, ws, socket, vsn as Vsn, apikey, (c) => connections.delete(c)));
      });
    },

    async close() {
      if (closing) return;
      closing = true;
      const sockets = [...connections];
      const gone = Promise.all(sockets.map((c) => c.closed));
      for (const c of sockets) c.close(1001, 'server shutting down');
      await gone;
      await stopDbBroadcasts();
      await rt.changes.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
