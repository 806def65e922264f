/**
 * The subscribers of the realtime bench, run as their own process (subscribers.ts starts it): 100
 * clients means 100 websockets and every message decoded 100 times, work that must not run on the
 * stack's event loop. Each client joins one channel as its own authenticated user; every callback
 * turns the row's committed_ms into a latency on the database's clock. The clients are either
 * supabase-js (the app's client) or protocol subscribers (see messages.ts: SubscriberClient).
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import ws from 'ws';
import { summarize } from '../stack/stats.ts';
import type { CensoredSummary, ClockCalibration, CollectOrder, LoadOrder, LoadReply, SetupOrder } from './messages.ts';

interface BenchRow {
  run?: unknown;
  committed_ms?: unknown;
}

const clients: SupabaseClient[] = [];
const channels: RealtimeChannel[] = [];
const sockets: ws[] = [];
const samples = new Map<string, number[]>();
let clockOffsetMs = 0;
let cpuBase = process.cpuUsage();

/** CPU time (user + system, ms) since the last call. */
function cpuSinceLast(): number {
  const used = process.cpuUsage(cpuBase);
  cpuBase = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

function send(reply: LoadReply): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(reply, () => resolve());
  });
}

const now = () => performance.timeOrigin + performance.now();

/** Called for every message of every subscriber: kept to a clock read and an array push. */
function record(row: BenchRow | undefined): void {
  if (!row || typeof row.run !== 'string' || typeof row.committed_ms !== 'number') return;
  const latency = now() + clockOffsetMs - row.committed_ms;
  let list = samples.get(row.run);
  if (!list) samples.set(row.run, (list = []));
  list.push(latency);
}

/**
 * The database's clock against ours: the round trip with the smallest RTT of a few bounds the
 * error by half that RTT. On PGlite the clock has millisecond resolution (truncated); the offset
 * measured here absorbs that bias on average.
 */
async function calibrate(dbUrl: string): Promise<ClockCalibration> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const trials: ClockCalibration[] = [];
    for (let i = 0; i < 40; i++) {
      const t0 = now();
      const r = await client.query<{ t: number }>('select (extract(epoch from clock_timestamp()) * 1000)::float8 as t');
      const t1 = now();
      trials.push({ offsetMs: Number(r.rows[0].t) - (t0 + t1) / 2, rttMs: t1 - t0 });
    }
    trials.sort((a, b) => a.rttMs - b.rttMs);
    // The median offset of the fastest quarter: robust to one lucky sample and to PGlite's truncation.
    const best = trials.slice(0, 10).sort((a, b) => a.offsetMs - b.offsetMs);
    return { offsetMs: best[Math.floor(best.length / 2)].offsetMs, rttMs: trials[0].rttMs };
  } finally {
    await client.end().catch(() => {});
  }
}

async function subscribe(order: SetupOrder, token: string): Promise<void> {
  const client = createClient(order.url, order.anonKey, {
    accessToken: async () => token,
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
  clients.push(client);
  // realtime-js puts the token in the join only once its accessToken callback has resolved: a
  // channel subscribed right after createClient would join with the anon key.
  await client.realtime.setAuth();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription within ${order.joinTimeoutMs} ms`)), order.joinTimeoutMs);
    const done = (e?: Error) => {
      clearTimeout(timer);
      if (e) reject(e);
      else resolve();
    };
    let channel: RealtimeChannel;
    if (order.mode === 'broadcast') {
      channel = client
        .channel(order.target, { config: { private: true } })
        .on('broadcast', { event: 'INSERT' }, (msg: { payload?: { record?: BenchRow } }) => record(msg.payload?.record));
    } else {
      channel = client
        .channel(`bench-changes-${clients.length}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: order.target }, (p: { new?: BenchRow }) => record(p.new))
        // Supabase answers the join first and reports the Postgres subscription in a system message.
        .on('system', {}, (p: { extension?: string; status?: string; message?: string }) => {
          if (p.extension !== 'postgres_changes') return;
          if (p.status === 'ok') done();
          else done(new Error(`postgres_changes: ${p.message ?? 'error'}`));
        });
    }
    channels.push(channel);
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') {
        if (order.mode === 'broadcast') done();
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') {
        done(new Error(`${status}${err ? `: ${err.message}` : ''}`));
      }
    });
  });
}

/** Phoenix's client heartbeat (realtime-js sends one every 25 s): the server closes a silent socket after 60 s. */
const HEARTBEAT_MS = 25_000;
/** Binary frames of vsn 2.0.0: kind 4 is a user broadcast (kind, 3 sizes, encoding, topic, event, meta, payload). */
const KIND_USER_BROADCAST = 4;

/**
 * A protocol subscriber: the join realtime-js sends (vsn 2.0.0, the same config and access_token),
 * its heartbeats, and of each message only what the latency needs: a user broadcast's payload, a
 * postgres_changes record. The server cannot tell it from supabase-js; its decoding costs a fraction.
 */
function subscribeProtocol(order: SetupOrder, token: string): Promise<void> {
  const url = `${order.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(order.anonKey)}&vsn=2.0.0`;
  const socket = new ws(url, ['phoenix']);
  sockets.push(socket);
  const changes = order.mode === 'changes';
  const topic = changes ? `realtime:bench-changes-${sockets.length}` : `realtime:${order.target}`;
  const config = {
    broadcast: { ack: false, self: false },
    presence: { key: '', enabled: false },
    postgres_changes: changes ? [{ event: 'INSERT', schema: 'public', table: order.target }] : [],
    private: !changes,
  };
  let ref = 1;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const done = (e?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (e) reject(e);
      else resolve();
    };
    const timer = setTimeout(() => done(new Error(`no subscription within ${order.joinTimeoutMs} ms`)), order.joinTimeoutMs);
    socket.on('open', () => {
      socket.send(JSON.stringify(['1', '1', topic, 'phx_join', { config, access_token: token }]));
      const beat = setInterval(() => socket.send(JSON.stringify([null, String(++ref), 'phoenix', 'heartbeat', {}])), HEARTBEAT_MS);
      beat.unref();
      socket.once('close', () => clearInterval(beat));
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        if (data[0] !== KIND_USER_BROADCAST) return;
        const start = 5 + data[1] + data[2] + data[3];
        record((JSON.parse(data.toString('utf8', start)) as { record?: BenchRow }).record);
        return;
      }
      const [, msgRef, , event, payload] = JSON.parse(data.toString('utf8')) as [unknown, unknown, string, string, Record<string, unknown>];
      if (event === 'postgres_changes') {
        record((payload.data as { record?: BenchRow } | undefined)?.record);
      } else if (event === 'phx_reply' && msgRef === '1') {
        if (payload.status !== 'ok') done(new Error(`join refused: ${JSON.stringify(payload.response)}`));
        else if (!changes) done();
      } else if (event === 'system' && payload.extension === 'postgres_changes') {
        if (payload.status === 'ok') done();
        else done(new Error(`postgres_changes: ${String(payload.message)}`));
      } else if (event === 'phx_error' || event === 'phx_close') {
        done(new Error(event));
      }
    });
    socket.on('error', (e) => done(e));
    socket.on('close', (code) => done(new Error(`socket closed (${code})`)));
  });
}

async function setup(order: SetupOrder): Promise<LoadReply> {
  const clock = await calibrate(order.dbUrl);
  clockOffsetMs = clock.offsetMs;
  const t0 = performance.now();
  const join = order.client === 'protocol' ? subscribeProtocol : subscribe;
  const results = await Promise.allSettled(order.tokens.map((t) => join(order, t)));
  cpuSinceLast();
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  return {
    type: 'ready',
    subscribed: results.length - failed.length,
    failed: failed.length,
    firstError: failed.length > 0 ? String((failed[0].reason as Error).message) : null,
    joinMs: Math.round(performance.now() - t0),
    clock,
  };
}

function censored(list: number[], expected: number): CensoredSummary {
  const received = Math.min(list.length, expected);
  const missing = Math.max(0, expected - list.length);
  // A message that never arrived is later than any that did: Infinity, reported as null.
  const all = summarize(missing > 0 ? list.concat(new Array<number>(missing).fill(Number.POSITIVE_INFINITY)) : list);
  const finite = (v: number) => (Number.isFinite(v) ? v : null);
  return {
    expected,
    received,
    missing,
    p50: finite(all.p50),
    p95: finite(all.p95),
    p99: finite(all.p99),
    delivered: list.length > 0 ? summarize(list) : null,
  };
}

async function collect(order: CollectOrder): Promise<LoadReply> {
  const t0 = performance.now();
  const deadline = t0 + order.waitMs;
  // Bounded by the deadline: one check every 20 ms.
  while ((samples.get(order.run)?.length ?? 0) < order.expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const list = samples.get(order.run) ?? [];
  samples.delete(order.run);
  const summary = order.expected > 0 ? censored(list, order.expected) : { expected: 0, received: 0, missing: 0, p50: null, p95: null, p99: null, delivered: null };
  return { type: 'collected', run: order.run, summary, waitedMs: Math.round(performance.now() - t0), cpuMs: Math.round(cpuSinceLast()) };
}

async function stop(): Promise<void> {
  // Closing the sockets is all the server needs (it drops their channels); a phx_leave per channel
  // would wait for replies from a server that may be far behind.
  for (const socket of sockets) socket.terminate();
  await Promise.race([Promise.allSettled(clients.map((c) => c.realtime.disconnect())), new Promise((resolve) => setTimeout(resolve, 2_000))]);
}

let queue: Promise<void> = Promise.resolve();
process.on('message', (order: LoadOrder) => {
  queue = queue.then(async () => {
    try {
      if (order.type === 'setup') await send(await setup(order));
      else if (order.type === 'collect') await send(await collect(order));
      else {
        await stop();
        process.exit(0);
      }
    } catch (e) {
      await send({ type: 'error', error: (e as Error).message });
    }
  });
});
