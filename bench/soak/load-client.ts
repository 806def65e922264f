/**
 * The soak bench's load, in its own process (main.ts forks it) so that its JavaScript never runs on
 * the stack's event loop: one dispatcher signed in with supabase-js sending the console's requests
 * open loop at a fixed rate, and protocol subscribers on the tenant's private deliveries topic, as
 * the dispatcher's board and lists follow it.
 *
 * The mix, per 20 requests: 1 delivery created as the dispatcher's form creates it, 1 cancelled
 * through `transition_delivery` (the oldest created and not yet cancelled: the open working set
 * stays the seed's), 5 pages of the deliveries list, 3 reads of the board's pending deliveries,
 * 3 delivery details, 3 driver reads, 2 vehicle and 2 zone list pages. At 200 requests/s that is 20
 * writes/s, each broadcast to every subscriber.
 *
 * Every write's broadcast is accounted for: a message is keyed by the delivery and its status
 * (`<id>:pending` for the insert, `<id>:cancelled` for the cancel), with one bit per subscriber;
 * once the write's answer is older than SETTLE_MS, the subscribers whose bit is unset lost it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { performance } from 'node:perf_hooks';
import ws from 'ws';
import { benchClient } from '../stack/clients.ts';
import type { SoakOrder, SoakReply, SoakSetup, WindowStats } from './messages.ts';

/** A write's broadcast that has not reached a subscriber this long after the write's answer is lost. */
const SETTLE_MS = 10_000;
/** A message for a key no write of ours made (none expected) is forgotten after this. */
const STRAY_MS = 60_000;
const HEARTBEAT_MS = 25_000;
/** Binary frames of vsn 2.0.0: kind 4 is a user broadcast (kind, 3 sizes, encoding, topic, event, meta, payload). */
const KIND_USER_BROADCAST = 4;

const LIST_COLUMNS =
  'id, tenant_id, delivery_code, external_reference_id, kind, status, priority, customer_id, customer_name, driver_id, driver_name, ' +
  'service_id, service_name, pickup_zone_name, dropoff_zone_name, pickup_full_address, pickup_city, dropoff_full_address, dropoff_city, ' +
  'pickup_window_start, pickup_window_end, dropoff_window_start, dropoff_window_end, price, currency, created_at';
const BOARD_COLUMNS =
  'id, tenant_id, delivery_code, kind, status, priority, service_id, pickup_zone_id, dropoff_zone_id, customer_id, pickup_address, dropoff_address, ' +
  'pickup_lat, pickup_lng, dropoff_lat, dropoff_lng, total_weight_kg, package_count, driver_id, vehicle_id, status_reason, notes, price, currency, created_at, updated_at';

type Kind = 'create' | 'cancel' | 'list' | 'board' | 'detail' | 'drivers' | 'vehicles' | 'zones';
/** Slot i of every 20 requests. */
const MIX: Kind[] = [
  'create', 'list', 'board', 'vehicles', 'detail', 'list', 'board', 'zones', 'drivers', 'list',
  'cancel', 'vehicles', 'detail', 'list', 'board', 'zones', 'drivers', 'list', 'detail', 'drivers',
];

interface Pending {
  bits: Uint8Array;
  /** When the write's answer came (null: a message came first). */
  answeredAt: number | null;
  seenAt: number;
}

let setup: SoakSetup | null = null;
let client: SupabaseClient | null = null;
const sockets: ws[] = [];
const pending = new Map<string, Pending>();
const toCancel: string[] = [];
const recent: string[] = [];
let inFlight = 0;
let issued = 0;
let detailTurn = 0;
let timer: NodeJS.Timeout | null = null;
let startedAt = 0;
let rampMs = 0;
let cpuBase = process.cpuUsage();
let window: WindowStats = emptyWindow();

function emptyWindow(): WindowStats {
  return { requests: 0, errors: 0, firstError: null, latencies: [], kinds: {}, expectedMessages: 0, deliveredMessages: 0, writes: 0, cpuMs: 0 };
}

function reply(message: SoakReply): Promise<void> {
  return new Promise((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));
}

function entry(key: string): Pending {
  let p = pending.get(key);
  if (!p) pending.set(key, (p = { bits: new Uint8Array(sockets.length), answeredAt: null, seenAt: performance.now() }));
  return p;
}

function seen(subscriber: number, record: { id?: unknown; status?: unknown } | undefined): void {
  if (!record || typeof record.id !== 'string' || typeof record.status !== 'string') return;
  entry(`${record.id}:${record.status}`).bits[subscriber] = 1;
}

function written(key: string): void {
  entry(key).answeredAt = performance.now();
  window.writes += 1;
}

/** Counts the writes whose answer is older than `olderThanMs`: what arrived, and what every subscriber should have had. */
function settle(olderThanMs: number): void {
  const now = performance.now();
  for (const [key, p] of pending) {
    if (p.answeredAt === null) {
      if (now - p.seenAt > STRAY_MS) pending.delete(key);
      continue;
    }
    if (now - p.answeredAt < olderThanMs) continue;
    let got = 0;
    for (const b of p.bits) got += b;
    window.expectedMessages += p.bits.length;
    window.deliveredMessages += got;
    pending.delete(key);
  }
}

/** One protocol subscriber on the tenant's private deliveries topic: realtime-js's join, heartbeats, and the broadcasts' records. */
function subscribe(s: SoakSetup, token: string, index: number): Promise<void> {
  const url = `${s.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(s.anonKey)}&vsn=2.0.0`;
  const socket = new ws(url, ['phoenix']);
  sockets.push(socket);
  const topic = `realtime:tenant:${s.tenantId}:deliveries`;
  const config = { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: [], private: true };
  let ref = 1;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const done = (e?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      if (e) reject(e);
      else resolve();
    };
    const limit = setTimeout(() => done(new Error(`no subscription within ${s.joinTimeoutMs} ms`)), s.joinTimeoutMs);
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
        seen(index, (JSON.parse(data.toString('utf8', start)) as { record?: { id?: unknown; status?: unknown } }).record);
        return;
      }
      const [, msgRef, , event, payload] = JSON.parse(data.toString('utf8')) as [unknown, unknown, string, string, Record<string, unknown>];
      if (event === 'phx_reply' && msgRef === '1') {
        if (payload.status !== 'ok') done(new Error(`join refused: ${JSON.stringify(payload.response)}`));
        else done();
      } else if (event === 'phx_error' || event === 'phx_close') {
        done(new Error(event));
      }
    });
    socket.on('error', (e) => done(e));
    socket.on('close', (code) => {
      if (!settled) done(new Error(`socket closed (${code})`));
      // A subscriber dropped mid-run loses what follows: its bit stays unset, so it counts.
    });
  });
}

async function request(kind: Kind): Promise<void> {
  const s = setup!;
  const db = client!;
  const tenant = s.tenantId;
  switch (kind) {
    case 'create': {
      const { data, error } = await db
        .from('deliveries')
        .insert({ tenant_id: tenant, kind: 'delivery', ...s.delivery, packages: [{ description: 'Parcel', quantity: 1, weight_kg: 2 }], priority: 'normal' })
        .select('id')
        .single();
      if (error) throw new Error(error.message);
      const id = (data as { id: string }).id;
      written(`${id}:pending`);
      toCancel.push(id);
      recent.push(id);
      if (recent.length > 50) recent.shift();
      return;
    }
    case 'cancel': {
      const id = toCancel.shift();
      if (id === undefined) return request('list');
      const { error } = await db.rpc('transition_delivery', { delivery_id: id, status: 'cancelled', reason: 'The customer cancelled the order' });
      if (error) throw new Error(error.message);
      written(`${id}:cancelled`);
      return;
    }
    case 'list': {
      const { error } = await db
        .from('delivery_rows')
        .select(LIST_COLUMNS, { count: 'planned' })
        .eq('tenant_id', tenant)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 25);
      if (error) throw new Error(error.message);
      return;
    }
    case 'board': {
      const { error } = await db.from('deliveries').select(BOARD_COLUMNS).eq('tenant_id', tenant).eq('status', 'pending').order('id').limit(500);
      if (error) throw new Error(error.message);
      return;
    }
    case 'detail': {
      const pool = recent.length > 0 && detailTurn % 2 === 0 ? recent : s.detailIds;
      const id = pool[detailTurn++ % pool.length];
      const { error } = await db.from('deliveries').select('*').eq('tenant_id', tenant).eq('id', id).maybeSingle();
      if (error) throw new Error(error.message);
      return;
    }
    case 'drivers': {
      const { error } = await db.from('drivers').select('id, status, last_lat, last_lng, last_position_at, updated_at').eq('tenant_id', tenant).order('id').limit(100);
      if (error) throw new Error(error.message);
      return;
    }
    case 'vehicles': {
      const { error } = await db.from('vehicles').select('*', { count: 'exact' }).eq('tenant_id', tenant).order('name').range(0, 24);
      if (error) throw new Error(error.message);
      return;
    }
    case 'zones': {
      const { error } = await db.from('zones').select('*', { count: 'exact' }).eq('tenant_id', tenant).order('name').range(0, 24);
      if (error) throw new Error(error.message);
      return;
    }
  }
}

function fail(kind: Kind, message: string): void {
  window.errors += 1;
  window.firstError ??= `${kind}: ${message}`;
  (window.kinds[kind] ??= { answered: 0, errors: 0 }).errors += 1;
}

function send(kind: Kind): void {
  const s = setup!;
  window.requests += 1;
  if (inFlight >= s.maxInFlight) {
    fail(kind, `more than ${s.maxInFlight} requests in flight: the stack fell behind`);
    return;
  }
  inFlight += 1;
  const t0 = performance.now();
  request(kind).then(
    () => {
      window.latencies.push(performance.now() - t0);
      (window.kinds[kind] ??= { answered: 0, errors: 0 }).answered += 1;
    },
    (e: unknown) => fail(kind, (e as Error).message),
  ).finally(() => {
    inFlight -= 1;
  });
}

/**
 * How many requests are due `ms` after the start: the rate rises linearly from 0 to `rate` over the
 * ramp (its integral, rate·t²/2R), then holds at `rate`.
 */
function dueAt(ms: number, rate: number, rampMs: number): number {
  const perMs = rate / 1000;
  if (ms <= 0) return 0;
  if (ms < rampMs) return Math.floor((perMs * ms * ms) / (2 * rampMs));
  return Math.floor(perMs * (ms - rampMs / 2));
}

/** Open loop: every request goes when it is due, whatever the others are doing. */
function tick(): void {
  const due = dueAt(performance.now() - startedAt, setup!.rate, rampMs);
  while (issued < due) send(MIX[issued++ % MIX.length]);
}

function takeWindow(): WindowStats {
  const used = process.cpuUsage(cpuBase);
  cpuBase = process.cpuUsage();
  const w = window;
  w.cpuMs = Math.round((used.user + used.system) / 1000);
  window = emptyWindow();
  return w;
}

async function handle(order: SoakOrder): Promise<void> {
  if (order.type === 'setup') {
    setup = order;
    client = benchClient(order.url, order.anonKey);
    const { data, error } = await client.auth.signInWithPassword({ email: order.email, password: order.password });
    if (error || !data.session) throw new Error(`${order.email} could not sign in: ${error?.message ?? 'no session'}`);
    const token = data.session.access_token;
    const t0 = performance.now();
    let failed = 0;
    let firstError: string | null = null;
    // Joined twenty at a time, as screens opening through a morning would; not a thundering herd.
    for (let i = 0; i < order.subscribers; i += 20) {
      const batch = Array.from({ length: Math.min(20, order.subscribers - i) }, (_, k) => subscribe(order, token, i + k));
      for (const r of await Promise.allSettled(batch)) {
        if (r.status === 'rejected') {
          failed += 1;
          firstError ??= (r.reason as Error).message;
        }
      }
    }
    await reply({ type: 'ready', subscribed: order.subscribers - failed, failed, firstError, joinMs: Math.round(performance.now() - t0) });
  } else if (order.type === 'start') {
    startedAt = performance.now();
    rampMs = order.rampMs;
    issued = 0;
    window = emptyWindow();
    cpuBase = process.cpuUsage();
    timer = setInterval(tick, 5);
    await reply({ type: 'started' });
  } else if (order.type === 'sample') {
    settle(SETTLE_MS);
    await reply({ type: 'window', ...takeWindow() });
  } else if (order.type === 'finish') {
    if (timer) clearInterval(timer);
    timer = null;
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, order.drainMs));
    settle(0);
    await reply({ type: 'window', ...takeWindow() });
  } else {
    if (timer) clearInterval(timer);
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
}

let queue: Promise<void> = Promise.resolve();
process.on('message', (order: SoakOrder) => {
  queue = queue.then(() => handle(order).catch((e: unknown) => reply({ type: 'error', error: (e as Error).message })));
});
