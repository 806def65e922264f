import type { Duplex } from 'node:stream';
import { WebSocket, type RawData } from 'ws';
import { ChannelSession, type ChannelTransport, type RealtimeRuntime } from './channel.ts';
import { decodeBinary, decodeText, encodeReply, MalformedFrameError, type Frame, type InboundMessage, type Vsn } from './protocol.ts';

/** Close codes: 1011 is what a Phoenix socket whose process crashed (undecodable frame) gets. */
const CLOSE_NORMAL = 1000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_INTERNAL_ERROR = 1011;
/** How long a closing socket may take to answer the close frame before it is cut. */
const CLOSE_GRACE_MS = 1000;

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * One websocket (Phoenix.Socket + RealtimeWeb.UserSocket): decodes frames, answers heartbeats,
 * routes events to its channels, and applies the per-connection limits. Frames are handled one
 * after the other, as the Phoenix socket process handles its mailbox.
 */
export class Connection implements ChannelTransport {
  private readonly channels = new Map<string, ChannelSession>();
  private queue: Promise<void> = Promise.resolve();
  private lastSeen = Date.now();
  private idleTimer: NodeJS.Timeout;
  private rate = { start: 0, count: 0 };
  private ended = false;
  private corked = false;
  /** Resolves once the socket is closed (after the close handshake, or cut after a grace period). */
  readonly closed: Promise<void>;

  constructor(
    private readonly rt: RealtimeRuntime,
    private readonly ws: WebSocket,
    /** The upgraded TCP socket under ws, corked while frames are sent in one turn of the event loop. */
    private readonly socket: Duplex,
    readonly vsn: Vsn,
    readonly apikey: string,
    private readonly onEnd: (conn: Connection) => void,
  ) {
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data, isBinary) => this.onFrame(toBuffer(data), isBinary));
    ws.on('close', () => this.end());
    ws.on('error', (e) => {
      rt.ctx.log.debug(`realtime: socket error: ${e.message}`);
      this.end();
    });
    this.idleTimer = this.armIdleTimer(rt.limits.heartbeatTimeoutMs);
  }

  /** Phoenix's websocket timeout: a socket that sends nothing (not even heartbeats) for that long is closed. */
  private armIdleTimer(ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      const idle = Date.now() - this.lastSeen;
      const timeout = this.rt.limits.heartbeatTimeoutMs;
      if (idle >= timeout) this.close(CLOSE_NORMAL, 'heartbeat timeout');
      else this.idleTimer = this.armIdleTimer(timeout - idle);
    }, ms);
    timer.unref();
    return timer;
  }

  /**
   * Frames sent in the same turn of the event loop (a batch of database broadcasts, a presence
   * state, replies) leave in one write: the socket is corked at the first and uncorked once the
   * turn's synchronous work is done. Each frame still goes through ws, whole and in order; only the
   * syscalls are shared, so a fan-out of n messages to a subscriber costs one write, not n.
   */
  send(frame: Frame): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.cork();
    this.ws.send(frame);
  }

  /**
   * A frame framed once for many sockets, written beside ws: ws writes every frame to the socket as
   * soon as it is sent (no permessage-deflate, no queue: see service.ts), so frames written here
   * and frames sent through ws reach the client in the order they were sent.
   */
  sendWire(wire: Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.cork();
    this.socket.write(wire);
  }

  private cork(): void {
    if (this.corked) return;
    this.corked = true;
    this.socket.cork();
    process.nextTick(this.uncork);
  }

  private readonly uncork = (): void => {
    this.corked = false;
    this.socket.uncork();
  };

  detach(channel: ChannelSession): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    if (this.ended) return;
    this.lastSeen = Date.now();
    let msg: InboundMessage;
    try {
      msg = isBinary ? decodeBinary(data, this.vsn) : decodeText(data.toString('utf8'), this.vsn);
    } catch (e) {
      if (!(e instanceof MalformedFrameError)) throw e;
      this.rt.ctx.log.debug(`realtime: closing a socket after a malformed frame: ${e.message}`);
      this.close(CLOSE_INTERNAL_ERROR, 'malformed frame');
      return;
    }
    this.queue = this.queue
      .then(() => (this.ended ? undefined : this.handle(msg, data.length)))
      .catch((e: unknown) => {
        this.rt.ctx.log.error('realtime: message handling failed', e);
        this.close(CLOSE_INTERNAL_ERROR, 'internal error');
      });
  }

  private reply(msg: InboundMessage, joinRef: string | null, status: 'ok' | 'error', response: unknown): void {
    this.send(encodeReply(this.vsn, joinRef, msg.ref, msg.topic, status, response));
  }

  private async handle(msg: InboundMessage, size: number): Promise<void> {
    if (msg.topic === 'phoenix' && msg.event === 'heartbeat') return this.reply(msg, null, 'ok', {});
    if (msg.event === 'phx_join') return this.join(msg);
    const channel = this.channels.get(msg.topic);
    if (!channel) return this.reply(msg, null, 'error', { reason: 'unmatched topic' });
    switch (msg.event) {
      case 'phx_leave':
        return channel.leave(msg.ref);
      case 'access_token':
        return channel.accessToken(msg.payload);
      case 'broadcast':
        if (this.countEvent()) await channel.broadcast(msg.ref, msg.payload, size);
        return;
      case 'presence':
        if (this.countEvent()) await channel.presence(msg.ref, msg.payload, size);
        return;
      default:
        // Supabase logs unexpected events and answers nothing.
        this.countEvent();
    }
  }

  private async join(msg: InboundMessage): Promise<void> {
    if (!msg.topic.startsWith('realtime:')) return this.reply(msg, msg.joinRef, 'error', { reason: 'unmatched topic' });
    // A second join of a joined topic replaces the channel (Phoenix closes the existing one).
    this.channels.get(msg.topic)?.close(true);
    const result = await ChannelSession.join(this.rt, this, msg, this.channels.size);
    if (this.ended) return;
    if (typeof result === 'string') return this.reply(msg, msg.joinRef, 'error', { reason: result });
    this.channels.set(msg.topic, result);
    this.reply(msg, msg.joinRef, 'ok', result.replyPayload);
    result.started();
  }

  /** max_events_per_second: past it every channel of the socket is shut down, as Supabase does. */
  private countEvent(): boolean {
    const now = Date.now();
    if (now - this.rate.start >= 1000) this.rate = { start: now, count: 0 };
    if (++this.rate.count <= this.rt.limits.maxEventsPerSecond) return true;
    for (const channel of [...this.channels.values()]) channel.shutdown('Too many messages per second');
    return false;
  }

  close(code: number = CLOSE_GOING_AWAY, reason = ''): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.close(code, reason);
      setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS).unref();
    }
    this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idleTimer);
    for (const channel of [...this.channels.values()]) channel.close(false);
    this.channels.clear();
    this.onEnd(this);
  }
}
