import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { identityParams, SET_IDENTITY_SQL } from '../../stack/db/database.ts';
import { startAppStack, type AppStack } from '../app-stack.ts';
import { postgresUnavailable } from '../stack/backends.ts';
import { machineInfo } from '../stack/report.ts';
import { round, summarize, type LatencySummary } from '../stack/stats.ts';
import { writeResults } from '../results.ts';

/**
 * `npm run bench -- --suite webhooks`: the webhook pipeline end to end on the local stack on a
 * throwaway PostgreSQL 15: deliveries booked as acme's dispatcher write their `delivery.created`
 * events into the outbox (the product's triggers), whose enqueueing calls the dispatcher function at
 * once through pg_net (the `webhook-dispatch` pg_cron job, every 5 s, as the safety net, as deployed);
 * it fans them out, signs and sends them to a local receiver (node:http) for every subscription of
 * the tenant's staff.
 *
 *   - healthy: `events` deliveries booked at once; per delivery received, event-to-receiver time
 *     (the event's timestamp in its payload to the receiver's clock) and
 *     deliveries per second from the first booking to the last delivery received;
 *   - outage: the receiver answers 503 for two hours of the dispatcher's clock, then 200 again. The
 *     dispatcher's only clock is the database's now() (claims, retry times, the 5 days of failure);
 *     the bench moves it forward by moving every pending due time and the subscriptions'
 *     failing_since back by the same amount (what now() moving forward means to every comparison
 *     it makes), straight to the next retry (5 s, 5 min, 30 min, 2 h, ...), and calls the dispatcher
 *     as the cron does. Then every event must have reached every subscription exactly once with a
 *     200, by webhook-id, each attempt in the log, nothing left pending or failed.
 * Reported, no target (bench/README.md).
 */

const ACME = 'a0000000-0000-4000-8000-000000000001';
const DISPATCHER = 'a1000000-0000-4000-8000-000000000002';
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const SAMEDAY = 'a6100000-0000-4000-8000-000000000002';
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const OUTAGE_SECONDS = 2 * 3600;
const CREATED = 'delivery.created';
/** The bench's events: the booking's, of the deliveries given ($2), to the bench's subscriptions ($1). */
const OF_BENCH = `d.subscription_id = any($1) and e.subject_id = any($2) and e.event_type = '${CREATED}'`;

interface Settings {
  healthyEvents: number;
  outageEvents: number;
  /** Bound on each wait for deliveries to arrive. */
  waitMs: number;
}

const FULL: Settings = { healthyEvents: 200, outageEvents: 50, waitMs: 180_000 };
const QUICK: Settings = { healthyEvents: 40, outageEvents: 10, waitMs: 90_000 };

export interface WebhooksBenchReport {
  benchmark: 'webhooks';
  schemaVersion: 1;
  startedAt: string;
  finishedAt: string;
  machine: ReturnType<typeof machineInfo>;
  profile: 'full' | 'quick';
  settings: Settings;
  subscriptions?: number;
  healthy?: { events: number; expected: number; received: number; deliveriesPerSecond: number; eventToReceiver: LatencySummary | null };
  outage?: {
    events: number;
    expected: number;
    /** Virtual seconds the receiver was down, and when the last retry delivered. */
    downSeconds: number;
    deliveredAtSeconds: number | null;
    attemptsRefused: number;
    deliveredOnce: number;
    deliveredTwiceOrMore: number;
    missing: number;
    pendingOrFailed: number;
    loggedAttempts: number;
  };
  error?: string;
}

interface Receipt {
  path: string;
  type: string;
  webhookId: string;
  eventId: string;
  status: number;
  /** The receiver's clock minus the event's timestamp, ms. */
  latencyMs: number;
}

function startReceiver(receipts: Receipt[], state: { up: boolean }): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const status = state.up ? 200 : 503;
      try {
        const event = JSON.parse(body) as { type: string; timestamp: string; data: { id: string } };
        receipts.push({ path: req.url ?? '', type: event.type, webhookId: String(req.headers['webhook-id']), eventId: event.data.id, status, latencyMs: Date.now() - Date.parse(event.timestamp) });
      } catch {
        // Not an event of the bench: answered, not counted.
      }
      res.writeHead(status).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

const identity = identityParams({ role: 'authenticated', claims: { sub: DISPATCHER, role: 'authenticated', aud: 'authenticated' } });

/** `count` deliveries booked as acme's dispatcher, one transaction each, as the app books them. */
async function book(pool: pg.Pool, count: number): Promise<string[]> {
  const client = await pool.connect();
  const ids: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      await client.query('begin');
      await client.query(SET_IDENTITY_SQL, identity);
      const { rows } = await client.query<{ id: string }>(
        `insert into public.deliveries (tenant_id, customer_id, service_id, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, packages)
         values ($1, $2, $3, '{"full_address": "1 Market St, San Francisco"}', 37.794, -122.395, '{"full_address": "600 Mission St, San Francisco"}', 37.775, -122.41,
                 '[{"quantity": 1, "weight_kg": 2}]') returning id`,
        [ACME, CUSTOMER, SAMEDAY],
      );
      await client.query('commit');
      ids.push(rows[0]!.id);
    }
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  return ids;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function runWebhooksBench(opts: { quick: boolean }): Promise<WebhooksBenchReport> {
  const s = opts.quick ? QUICK : FULL;
  const report: WebhooksBenchReport = {
    benchmark: 'webhooks',
    schemaVersion: 1,
    startedAt: new Date().toISOString(),
    finishedAt: '',
    machine: machineInfo(),
    profile: opts.quick ? 'quick' : 'full',
    settings: s,
  };
  console.log(`\nWebhooks benchmark, ${report.profile} profile: ${report.machine.cpus} x ${report.machine.cpuModel}, Node ${report.machine.node}`);
  const missing = postgresUnavailable();
  if (missing) {
    report.error = missing;
    console.log(`postgres: ${missing}`);
    return finish(report);
  }
  const receipts: Receipt[] = [];
  const receiverState = { up: true };
  let receiver: Server | null = null;
  let appStack: AppStack | null = null;
  let pool: pg.Pool | null = null;
  try {
    console.log('starting the stack on the app project (migrations and seed) on a throwaway PostgreSQL 15 ...');
    appStack = await startAppStack('webhooks', { serveApp: false });
    const stack = appStack.stack;
    pool = new pg.Pool({ connectionString: stack.dbUrl, max: 4 });
    const started = await startReceiver(receipts, receiverState);
    receiver = started.server;

    // One subscription to deliveries per active member of acme who may read every delivery: admins and
    // dispatchers, not warehouse-only staff (the fan-out sends an event only to who may read its record).
    const { rows: subs } = await pool.query<{ id: string; user_id: string }>(
      `insert into public.webhook_subscriptions (tenant_id, user_id, module_id, webhook_url, signing_secret, created_at)
       select p.tenant_id, p.id, 'deliveries', $2 || '/' || p.id, $3, now() - interval '1 minute'
       from public.profiles p where p.tenant_id = $1 and p.status = 'active' and private.panel_type_of(p.id) in ('admin', 'dispatcher')
       on conflict (user_id, module_id) do update set webhook_url = excluded.webhook_url, is_active = true
       returning id, user_id`,
      [ACME, started.base, SECRET],
    );
    report.subscriptions = subs.length;
    const subIds = subs.map((r) => r.id);
    console.log(`${subs.length} subscriptions of acme's staff to deliveries, a receiver on ${started.base}`);
    const dispatch = async () => {
      const res = await fetch(`${stack.url}/functions/v1/webhook-dispatch`, { method: 'POST', headers: { apikey: stack.config.anonKey, authorization: `Bearer ${stack.config.serviceRoleKey}` } });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`webhook-dispatch answered ${res.status}`);
    };

    // Healthy: the product alone drives the dispatcher (each event's call, and the cron job), as deployed.
    const t0 = performance.now();
    const healthyIds = new Set(await book(pool, s.healthyEvents));
    const ofHealthy = () => receipts.filter((r) => r.type === CREATED && healthyIds.has(r.eventId) && r.status === 200);
    const expected = healthyIds.size * subs.length;
    await until(() => ofHealthy().length >= expected, s.waitMs, `${expected} healthy deliveries`);
    const elapsed = performance.now() - t0;
    const healthy = ofHealthy();
    report.healthy = {
      events: healthyIds.size,
      expected,
      received: healthy.length,
      deliveriesPerSecond: round((healthy.length / elapsed) * 1000, 1),
      eventToReceiver: healthy.length > 0 ? summarize(healthy.map((r) => r.latencyMs)) : null,
    };
    console.log(
      `healthy: ${healthy.length}/${expected} deliveries (${healthyIds.size} events x ${subs.length}) in ${round(elapsed / 1000, 1)} s: ` +
        `${report.healthy.deliveriesPerSecond}/s; event to receiver p50 ${report.healthy.eventToReceiver?.p50} ms, p99 ${report.healthy.eventToReceiver?.p99} ms`,
    );

    // Outage: the receiver down for two hours of the dispatcher's clock, then back. The bench calls the
    // dispatcher itself from here (the cron job paused, which pauses the events' own calls too): a run still in flight while the
    // clock moves would find its lease expired, which no real clock does in the middle of a send.
    await pool.query(`update cron.job set active = false where jobname = 'webhook-dispatch'`);
    await until(async () => (await pool!.query<{ busy: number }>(
      `select (select count(*)::int from public.webhook_deliveries d where d.subscription_id = any($1)
                 and d.attempt_count > (select count(*) from public.webhook_attempts a where a.delivery_id = d.id))
            + case when to_regclass('net.http_request_queue') is null then 0 else (select count(*)::int from net.http_request_queue) end as busy`,
      [subIds])).rows[0]!.busy === 0, s.waitMs, 'the last scheduled dispatch to finish');
    receiverState.up = false;
    const outageIds = new Set(await book(pool, s.outageEvents));
    const outageExpected = outageIds.size * subs.length;
    const pendingOf = async () =>
      (
        await pool!.query<{ n: number; due: number; next: number | null }>(
          `select count(*)::int as n, count(*) filter (where d.next_attempt_at <= now())::int as due,
                  extract(epoch from min(d.next_attempt_at) - now())::float8 as next
           from public.webhook_deliveries d join public.webhook_events e on e.id = d.event_id
           where ${OF_BENCH} and d.status = 'pending'`,
          [subIds, [...outageIds]],
        )
      ).rows[0]!;
    // Fanned out (every delivery made; the dispatcher's claim fans out first, and tries what is due) before the clock moves.
    await until(async () => (await dispatch(), await pool!.query<{ n: number }>(
      `select count(*)::int as n from public.webhook_deliveries d join public.webhook_events e on e.id = d.event_id where ${OF_BENCH}`,
      [subIds, [...outageIds]])).rows[0]!.n >= outageExpected, s.waitMs, 'the outage events fanned out');
    let clock = 0;
    let deliveredAt: number | null = null;
    const advance = async (seconds: number) => {
      await pool!.query(
        `update public.webhook_deliveries set next_attempt_at = next_attempt_at - make_interval(secs => $2) where subscription_id = any($1) and status = 'pending'`,
        [subIds, seconds],
      );
      await pool!.query(`update public.webhook_subscriptions set failing_since = failing_since - make_interval(secs => $2) where id = any($1) and failing_since is not null`, [subIds, seconds]);
      clock += seconds;
    };
    for (let step = 0; step < 20; step++) {
      await dispatch();
      const p = await pendingOf();
      if (p.n === 0) {
        deliveredAt = clock;
        break;
      }
      if (p.due > 0) continue;
      // Straight to the next retry; the receiver comes back once two hours have passed.
      await advance(Math.max(0, Math.ceil(p.next ?? 0)));
      if (clock >= OUTAGE_SECONDS) receiverState.up = true;
    }
    const ofOutage = receipts.filter((r) => r.type === CREATED && outageIds.has(r.eventId));
    const okById = new Map<string, number>();
    for (const r of ofOutage) if (r.status === 200) okById.set(r.webhookId, (okById.get(r.webhookId) ?? 0) + 1);
    const { rows: log } = await pool.query<{ ids: string[]; unfinished: number; attempts: number }>(
      `select array_agg(d.message_id) as ids, count(*) filter (where d.status <> 'succeeded')::int as unfinished,
              (select count(*)::int from public.webhook_attempts a join public.webhook_deliveries x on x.id = a.delivery_id
               join public.webhook_events e on e.id = x.event_id join public.webhook_deliveries d on d.id = x.id where ${OF_BENCH}) as attempts
       from public.webhook_deliveries d join public.webhook_events e on e.id = d.event_id
       where ${OF_BENCH}`,
      [subIds, [...outageIds]],
    );
    const ids = log[0]?.ids ?? [];
    report.outage = {
      events: outageIds.size,
      expected: outageExpected,
      downSeconds: OUTAGE_SECONDS,
      deliveredAtSeconds: deliveredAt,
      attemptsRefused: ofOutage.filter((r) => r.status !== 200).length,
      deliveredOnce: ids.filter((id) => okById.get(id) === 1).length,
      deliveredTwiceOrMore: ids.filter((id) => (okById.get(id) ?? 0) > 1).length,
      missing: outageExpected - ids.filter((id) => (okById.get(id) ?? 0) >= 1).length,
      pendingOrFailed: log[0]?.unfinished ?? 0,
      loggedAttempts: log[0]?.attempts ?? 0,
    };
    const o = report.outage;
    console.log(
      `outage: receiver down ${OUTAGE_SECONDS / 3600} h of the dispatcher's clock, ${o.attemptsRefused} attempts refused; back at ${deliveredAt === null ? 'never' : `${round(deliveredAt / 60, 1)} min`}: ` +
        `${o.deliveredOnce}/${o.expected} delivered exactly once, ${o.deliveredTwiceOrMore} more than once, ${o.missing} missing, ${o.pendingOrFailed} pending or failed, ${o.loggedAttempts} attempts logged`,
    );
  } catch (e) {
    report.error = (e as Error).message;
    console.log(`error: ${report.error}`);
  } finally {
    await pool?.end().catch(() => {});
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
    await appStack?.close();
  }
  return finish(report);
}

function finish(report: WebhooksBenchReport): WebhooksBenchReport {
  report.finishedAt = new Date().toISOString();
  console.log(`results: ${writeResults('webhooks', report)}`);
  return report;
}
