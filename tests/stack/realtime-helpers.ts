import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import { stack } from './clients.ts';
import { signJwt } from './rest-helpers.ts';

/** Whether the suite runs against the local stack (tests that start their own stack need it). */
export const isLocalStack = stack.target !== 'supabase';

/**
 * The connections of one test file, released after each of its tests: `client` makes a realtime
 * client (its channels are left), `socket` opens a raw socket (closed).
 */
export function connectionsPerTest(): { client(token?: string): Promise<SupabaseClient>; socket(): Promise<RawSocket> } {
  const clients: SupabaseClient[] = [];
  const sockets: RawSocket[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
    for (const s of sockets.splice(0)) s.close();
  });
  return {
    async client(token) {
      const c = await realtimeClient(token);
      clients.push(c);
      return c;
    },
    async socket() {
      const s = await RawSocket.open();
      sockets.push(s);
      return s;
    },
  };
}

/** A supabase-js client whose realtime connection uses `token` (a user's JWT) when given. */
export async function realtimeClient(token?: string, url = stack.url): Promise<SupabaseClient> {
  const client = createClient(url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws, heartbeatIntervalMs: 5_000 },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
  if (token) await client.realtime.setAuth(token);
  return client;
}

const ws = WebSocket as unknown as WebSocketLikeConstructor;

export interface TestUser {
  id: string;
  token: string;
}

/** A signed-in user as the stack and Supabase see one (role and aud authenticated). */
export async function testUser(expiresIn = 3600): Promise<TestUser> {
  const id = randomUUID();
  const token = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email: `${id}@realtime.test` }, { expiresIn });
  return { id, token };
}

/** Resolves on SUBSCRIBED; rejects with the channel error (its message is Supabase's reason). */
export function subscribed(channel: RealtimeChannel, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR') reject(err ?? new Error(status));
      else if (status === 'TIMED_OUT') reject(new Error(status));
    }, timeoutMs);
  });
}

/** Collects values and waits for the ones a test expects. */
export class Inbox<T> {
  readonly items: T[] = [];
  private waiters: Array<() => void> = [];

  push = (item: T): void => {
    this.items.push(item);
    for (const w of [...this.waiters]) w();
  };

  /** Waits until `count` items match (default: 1), and returns the matching ones. */
  async waitFor(predicate: (item: T) => boolean = () => true, count = 1, timeoutMs = 10_000): Promise<T[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.items.filter(predicate);
      if (found.length >= count) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${count} item(s); got ${JSON.stringify(this.items).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(t);
          this.waiters = this.waiters.filter((w) => w !== done);
          resolve();
        };
        const t = setTimeout(done, left);
        this.waiters.push(done);
      });
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function websocketUrl(params: Record<string, string>, url = stack.url): string {
  const base = url.replace(/^http/, 'ws') + '/realtime/v1/websocket';
  return `${base}?${new URLSearchParams(params).toString()}`;
}

export type RawFrame = { text: string; json: unknown } | { binary: Buffer };

/** A bare websocket speaking the Phoenix protocol, for what realtime-js never sends. */
export class RawSocket {
  readonly frames = new Inbox<RawFrame>();
  readonly closed: Promise<{ code: number; reason: string }>;
  private ref = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      if (isBinary) this.frames.push({ binary: buf });
      else this.frames.push({ text: buf.toString('utf8'), json: JSON.parse(buf.toString('utf8')) });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static open(params: { vsn?: string; apikey?: string } = {}, url = stack.url): Promise<RawSocket> {
    const ws = new WebSocket(websocketUrl({ apikey: params.apikey ?? stack.anonKey, vsn: params.vsn ?? '2.0.0' }, url));
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)));
      ws.once('error', reject);
    });
  }

  nextRef(): string {
    return String(++this.ref);
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  /** phx_join (vsn 2.0.0) and its reply. */
  async join(topic: string, payload: Record<string, unknown> = { config: {} }): Promise<{ joinRef: string; reply: unknown[] }> {
    const joinRef = this.nextRef();
    this.send([joinRef, joinRef, topic, 'phx_join', payload]);
    const [reply] = await this.arrays((m) => m[1] === joinRef && m[3] === 'phx_reply');
    return { joinRef, reply };
  }

  /** JSON array frames (vsn 2.0.0) matching `predicate`, waiting for `count` of them. */
  async arrays(predicate: (m: unknown[]) => boolean, count = 1, timeoutMs = 10_000): Promise<unknown[][]> {
    const frames = await this.frames.waitFor((f) => 'json' in f && Array.isArray(f.json) && predicate(f.json), count, timeoutMs);
    return frames.map((f) => ('json' in f ? (f.json as unknown[]) : []));
  }

  async heartbeat(): Promise<void> {
    const ref = this.nextRef();
    this.send([null, ref, 'phoenix', 'heartbeat', {}]);
    await this.arrays((m) => m[1] === ref && m[2] === 'phoenix');
  }

  close(): void {
    this.ws.close();
  }
}

/** Answers to an upgrade that the server refuses. */
export function refusedUpgrade(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('open', () => {
      socket.close();
      reject(new Error('the upgrade was accepted'));
    });
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    socket.on('error', () => {});
  });
}
