import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { identityParams, SET_IDENTITY_SQL } from '../../stack/db/database.ts';
import type { RunningStack } from '../../stack/server.ts';
import { startAppStack, type AppStack } from '../app-stack.ts';
import { postgresUnavailable } from '../stack/backends.ts';
import { machineInfo } from '../stack/report.ts';
import { round, summarize, type LatencySummary } from '../stack/stats.ts';
import type { DriverOrder, DriverReply, DriverSetup } from './driver-client.ts';
import { TurnTakingChild } from '../child-process.ts';
import { writeResults } from '../results.ts';

/**
 * `npm run bench -- --suite field`: 200 drivers connected with supabase-js, each on their
 * own private topic `tenant:<id>:driver_work:<driver>` (as the driver app follows it), and
 * dispatch assigning 20 deliveries a second round-robin over them. Measured: from the assignment's
 * COMMIT to the callback of the driver it was given to, on Postgres (bench/README.md).
 */

const DRIVER_CLIENT = new URL('./driver-client.ts', import.meta.url);

/** The target: assignment commit to the driver's callback, p99, on Postgres. */
export const P99_TARGET_MS = 100;
const ACME = 'a0000000-0000-4000-8000-000000000001';
const DISPATCHER = 'a1000000-0000-4000-8000-000000000002';
// The seed's customer Carla, the San Francisco depot and the same-day service: priced between them.
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';

interface Settings {
  drivers: number;
  rate: number;
  warmupMs: number;
  measureMs: number;
  /** How long to wait after the last write for the last messages. */
  drainMs: number;
  writers: number;
}

const FULL: Settings = { drivers: 200, rate: 20, warmupMs: 5_000, measureMs: 30_000, drainMs: 5_000, writers: 4 };
const QUICK: Settings = { drivers: 50, rate: 20, warmupMs: 1_000, measureMs: 5_000, drainMs: 3_000, writers: 4 };

type Verdict = 'PASS' | 'FAIL' | 'NOT MEASURED';

export interface FieldBenchReport {
  benchmark: 'field';
  schemaVersion: 1;
  startedAt: string;
  finishedAt: string;
  machine: ReturnType<typeof machineInfo>;
  profile: 'full' | 'quick';
  settings: Settings;
  joined?: { drivers: number; failed: number; firstError: string | null; joinMs: number };
  writes?: { attempted: number; committed: number; errors: number; firstError: string | null; achievedRate: number };
  /** Commit (the writer's clock just before COMMIT) to the driver's callback. */
  latency?: LatencySummary | null;
  /** Messages of the measured window: expected (one per committed assignment), delivered, to the wrong driver. */
  delivery?: { expected: number; delivered: number; missing: number; misrouted: number };
  /** The assignment's whole API call (begin .. commit) for reference. */
  insert?: LatencySummary | null;
  cpuMs?: { bench: number; drivers: number };
  target: { p99LimitMs: number; p99Ms: number | null; verdict: Verdict };
  error?: string;
}

class Drivers extends TurnTakingChild<DriverOrder, DriverReply> {
  constructor() {
    super(DRIVER_CLIENT, "the drivers' process", { execArgv: ['--import', import.meta.resolve('tsx')] });
  }
}

/** The bench's drivers (users, driver panel, a licence the city van takes) and enough pending deliveries for the run. */
async function prepare(stack: RunningStack, drivers: number, deliveries: number): Promise<{ driverIds: string[]; deliveryIds: string[]; vehicleId: string }> {
  const db = stack.db;
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
       select '00000000-0000-0000-0000-000000000000', md5('field-driver:' || n)::uuid, 'authenticated', 'authenticated',
         'field-driver-' || n || '@acme.bench', '', now(),
         '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', 'Field', 'last_name', 'Driver ' || n, 'tenant_slug', 'acme'),
         now(), now(), '', '', '', ''
       from generate_series(1, $1::int) n`,
      [drivers],
    );
    await tx.query(`update public.profiles set panel_type = 'driver', roles = array['driver'] where email like 'field-driver-%@acme.bench'`);
    await tx.query(
      `insert into public.drivers (id, tenant_id, licence_number, licence_class, licence_expiry, status)
       select p.id, p.tenant_id, 'FIELD' || lpad(row_number() over (order by p.id)::text, 4, '0'), 'commercial', current_date + 400, 'available'
       from public.profiles p where p.email like 'field-driver-%@acme.bench'`,
    );
  });
  const vehicle = await db.query<{ id: string }>(
    `select v.id from public.vehicles v where v.tenant_id = $1 and v.active and v.vehicle_requirements -> 'license_requirements' ? 'commercial'
     order by v.capacity_unit desc, v.code limit 1`,
    [ACME],
  );
  if (!vehicle.rows[0]) throw new Error('no active vehicle of acme takes a commercial licence');
  // Pending deliveries as the dispatcher's form makes them (every trigger on: codes, quote, events, broadcasts), Carla's from the depot.
  await db.asRole({ role: 'authenticated', claims: { sub: DISPATCHER, role: 'authenticated' } }, async (tx) => {
    await tx.query(
      `insert into public.deliveries (tenant_id, kind, customer_id, pickup_address_id, dropoff_address_id, service_id, packages, priority)
       select $1, 'delivery', $3, $4, home.id, $5, '[{"description": "Parcel", "quantity": 1, "weight_kg": 2}]'::jsonb, 'normal'
       from generate_series(1, $2::int) n
       cross join lateral (select x.id from public.addresses x where x.tenant_id = $1 and x.user_id = $3 and x.is_active and x.latitude is not null
         order by x.is_primary desc, x.id limit 1) home`,
      [ACME, deliveries, CUSTOMER, DEPOT, SAME_DAY],
    );
  });
  const driverIds = (await db.query<{ id: string }>(`select id from public.profiles where email like 'field-driver-%@acme.bench' order by email`)).rows.map((r) => r.id);
  const deliveryIds = (await db.query<{ id: string }>(`select id from public.deliveries where tenant_id = $1 and status = 'pending' and created_by = $2 order by created_at desc, id limit $3`, [ACME, DISPATCHER, deliveries])).rows.map((r) => r.id);
  if (deliveryIds.length < deliveries) throw new Error(`only ${deliveryIds.length} of ${deliveries} pending deliveries could be made`);
  return { driverIds, deliveryIds, vehicleId: vehicle.rows[0].id };
}

interface WriteLog {
  committedAt: Map<string, { driverId: string; at: number }>;
  insertMs: number[];
  errors: number;
  firstError: string | null;
  attempted: number;
}

/**
 * `count` assignments at `rate` a second, as the dispatcher (the API's role and claims, so RLS and
 * the assignment rules run as for the console), each in its own transaction; the time kept is the
 * writer's clock just before COMMIT, so the measured latency includes the commit itself.
 */
async function assign(pool: pg.Pool, work: { deliveryId: string; driverId: string }[], rate: number, vehicleId: string, log: WriteLog): Promise<number> {
  const identity = identityParams({ role: 'authenticated', claims: { sub: DISPATCHER, role: 'authenticated', aud: 'authenticated' } });
  const now = () => performance.timeOrigin + performance.now();
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (const [i, item] of work.entries()) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    log.attempted += 1;
    const job = (async () => {
      const client = await pool.connect();
      const t0 = performance.now();
      try {
        await client.query('begin');
        await client.query(SET_IDENTITY_SQL, identity);
        const res = await client.query<{ id: string }>(
          'insert into public.assignments (tenant_id, delivery_id, driver_id, vehicle_id) values ($1, $2, $3, $4) returning id',
          [ACME, item.deliveryId, item.driverId, vehicleId],
        );
        const at = now();
        await client.query('commit');
        log.insertMs.push(performance.now() - t0);
        log.committedAt.set(res.rows[0]!.id, { driverId: item.driverId, at });
      } catch (e) {
        await client.query('rollback').catch(() => {});
        log.errors += 1;
        log.firstError ??= (e as Error).message;
      } finally {
        client.release();
      }
    })();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }
  await Promise.all(inFlight);
  return (work.length / (performance.now() - started)) * 1000;
}

function finish(report: FieldBenchReport): FieldBenchReport {
  report.finishedAt = new Date().toISOString();
  const file = writeResults('field', report);
  const t = report.target;
  console.log(`\ntarget: assignment commit to the driver's callback p99 <= ${t.p99LimitMs} ms on Postgres: ${t.p99Ms === null ? 'n/a' : `${t.p99Ms} ms`} -> ${t.verdict}`);
  console.log(`written: ${file} (and field-latest.json)`);
  return report;
}

export async function runFieldBench(opts: { quick: boolean }): Promise<FieldBenchReport> {
  const s = opts.quick ? QUICK : FULL;
  const report: FieldBenchReport = {
    benchmark: 'field',
    schemaVersion: 1,
    startedAt: new Date().toISOString(),
    finishedAt: '',
    machine: machineInfo(),
    profile: opts.quick ? 'quick' : 'full',
    settings: s,
    target: { p99LimitMs: P99_TARGET_MS, p99Ms: null, verdict: 'NOT MEASURED' },
  };
  console.log(`\nField benchmark, ${report.profile} profile: ${report.machine.cpus} x ${report.machine.cpuModel}, Node ${report.machine.node}`);
  const missing = postgresUnavailable();
  if (missing) {
    report.error = missing;
    console.log(`postgres: ${missing}`);
    return finish(report);
  }
  const warmupCount = Math.ceil((s.rate * s.warmupMs) / 1000);
  const measureCount = Math.ceil((s.rate * s.measureMs) / 1000);
  let appStack: AppStack | null = null;
  let stack: RunningStack | null = null;
  let drivers: Drivers | null = null;
  let pool: pg.Pool | null = null;
  try {
    console.log('starting the stack on the app project (migrations and seed) on a throwaway PostgreSQL 15 ...');
    appStack = await startAppStack('field', { serveApp: false });
    stack = appStack.stack;
    console.log(`${s.drivers} drivers and ${warmupCount + measureCount} pending deliveries ...`);
    const { driverIds, deliveryIds, vehicleId } = await prepare(stack, s.drivers, warmupCount + measureCount);

    drivers = new Drivers();
    const setup: DriverSetup = {
      type: 'setup',
      url: stack.url,
      anonKey: stack.config.anonKey,
      joinTimeoutMs: 30_000,
      drivers: await Promise.all(
        driverIds.map(async (id) => ({
          id,
          token: await stack!.ctx.jwt.sign({ sub: id, role: 'authenticated', aud: 'authenticated' }, 3600),
          topic: `tenant:${ACME}:driver_work:${id}`,
        })),
      ),
    };
    const ready = await drivers.ask(setup, 120_000);
    if (ready.type !== 'ready') throw new Error(`unexpected ${ready.type}`);
    report.joined = { drivers: ready.joined, failed: ready.failed, firstError: ready.firstError, joinMs: ready.joinMs };
    console.log(`${ready.joined} drivers joined their topics in ${ready.joinMs} ms${ready.failed ? `, ${ready.failed} failed (${ready.firstError})` : ''}`);
    if (ready.joined === 0) throw new Error(`no driver could join: ${ready.firstError}`);

    pool = new pg.Pool({ connectionString: stack.dbUrl, max: s.writers });
    const work = deliveryIds.map((deliveryId, i) => ({ deliveryId, driverId: driverIds[i % driverIds.length]! }));
    const warmLog: WriteLog = { committedAt: new Map(), insertMs: [], errors: 0, firstError: null, attempted: 0 };
    console.log(`warm-up: ${warmupCount} assignments at ${s.rate}/s ...`);
    await assign(pool, work.slice(0, warmupCount), s.rate, vehicleId, warmLog);
    await new Promise((resolve) => setTimeout(resolve, s.drainMs));
    await drivers.ask({ type: 'collect' }, 30_000);

    console.log(`measuring: ${measureCount} assignments at ${s.rate}/s over ${s.measureMs / 1000} s ...`);
    const log: WriteLog = { committedAt: new Map(), insertMs: [], errors: 0, firstError: null, attempted: 0 };
    const bench0 = process.cpuUsage();
    const achievedRate = await assign(pool, work.slice(warmupCount), s.rate, vehicleId, log);
    await new Promise((resolve) => setTimeout(resolve, s.drainMs));
    const collected = await drivers.ask({ type: 'collect' }, 30_000);
    if (collected.type !== 'collected') throw new Error(`unexpected ${collected.type}`);
    const benchCpu = process.cpuUsage(bench0);

    const latencies: number[] = [];
    let misrouted = 0;
    for (const [assignmentId, driverId, at] of collected.arrivals) {
      const sent = log.committedAt.get(assignmentId);
      if (!sent) continue;
      if (sent.driverId !== driverId) misrouted += 1;
      else latencies.push(at - sent.at);
    }
    report.writes = { attempted: log.attempted, committed: log.committedAt.size, errors: log.errors, firstError: log.firstError, achievedRate: round(achievedRate, 1) };
    report.delivery = { expected: log.committedAt.size, delivered: latencies.length, missing: log.committedAt.size - latencies.length, misrouted };
    report.latency = latencies.length > 0 ? summarize(latencies) : null;
    report.insert = log.insertMs.length > 0 ? summarize(log.insertMs) : null;
    report.cpuMs = { bench: round((benchCpu.user + benchCpu.system) / 1000, 0), drivers: round(collected.cpuMs, 0) };
    const l = report.latency;
    console.log(
      `writes: ${report.writes.committed}/${report.writes.attempted} committed at ${report.writes.achievedRate}/s${log.errors ? `, ${log.errors} failed (${log.firstError})` : ''}; assignment call p50 ${report.insert?.p50 ?? 'n/a'} p99 ${report.insert?.p99 ?? 'n/a'} ms`,
    );
    console.log(
      `commit -> driver callback: p50 ${l?.p50 ?? 'n/a'} p95 ${l?.p95 ?? 'n/a'} p99 ${l?.p99 ?? 'n/a'} max ${l?.max ?? 'n/a'} ms; ${report.delivery.delivered}/${report.delivery.expected} delivered, ${misrouted} to another driver`,
    );
    // Every message must arrive, at the right driver only, for the p99 to count.
    const complete = report.delivery.missing === 0 && misrouted === 0 && log.errors === 0;
    report.target.p99Ms = l?.p99 ?? null;
    report.target.verdict = l && complete && l.p99 <= P99_TARGET_MS ? 'PASS' : 'FAIL';
  } catch (e) {
    const detail = (e as { detail?: string }).detail;
    report.error = detail ? `${(e as Error).message}: ${detail}` : (e as Error).message;
    console.error(`field bench: ${report.error}`);
  } finally {
    await drivers?.stop().catch(() => {});
    await pool?.end().catch(() => {});
    await appStack?.close();
  }
  return finish(report);
}
