import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { identityParams, SET_IDENTITY_SQL } from '../../stack/db/database.ts';
import { BOARD_TENANT, type BoardData, type LoadedStatus } from './data.ts';

/**
 * The board suite's load: every on-duty bench driver sends a fix every `positionEveryMs` through
 * `public.record_driver_position` as that driver, and `changeRate` deliveries a second move one step
 * on through the real functions (a pending one gets an `insert into assignments` as the dispatcher,
 * which moves it to assigned; the others `public.transition_delivery` as their driver: accepted,
 * picked up, in transit). Each call is its own transaction on a `pg` pool, with the identity the
 * stack sets for an API request (role `authenticated`, the JWT's claims: RLS, the rules and every
 * trigger and broadcast run as for the apps). Open loop: call n is due at its time whatever happened
 * to the others. The time kept is the writer's wall clock just before COMMIT (the broadcasts leave
 * at commit), keyed by what the board's atom will show: the delivery's new status, the fix's time.
 */

type Step = 'assigned' | 'accepted' | 'picked_up' | 'in_transit';
const NEXT: Record<LoadedStatus, Step | null> = { pending: 'assigned', assigned: 'accepted', accepted: 'picked_up', picked_up: 'in_transit', in_transit: null };

export interface StreamSettings {
  durationMs: number;
  changeRate: number;
  positionEveryMs: number;
}

export interface StreamLog {
  /** `delivery:<id>:<status>` or `position:<driver>:<fix ms>` -> commit time (wall clock, ms). */
  committed: Map<string, number>;
  changeCallMs: number[];
  positionCallMs: number[];
  attempted: { changes: number; positions: number };
  errors: number;
  firstError: string | null;
  /** Calls that started later than due by more than 100 ms: the writer itself fell behind. */
  lateStarts: number;
}

export function emptyLog(): StreamLog {
  return { committed: new Map(), changeCallMs: [], positionCallMs: [], attempted: { changes: 0, positions: 0 }, errors: 0, firstError: null, lateStarts: 0 };
}

/** The deliveries' next steps, round-robin: a delivery moved goes to the back of the line, so each moves about once in a run. */
export class MovePlan {
  private readonly line: { id: string; status: LoadedStatus; driverId: string; vehicleId: string }[] = [];

  constructor(data: BoardData) {
    const drivers = data.drivers;
    for (const [i, d] of data.deliveries.entries()) {
      const driver = drivers.find((r) => r.id === d.driverId) ?? drivers[i % drivers.length]!;
      if (NEXT[d.status]) this.line.push({ id: d.id, status: d.status, driverId: driver.id, vehicleId: driver.vehicleId });
    }
  }

  get remaining(): number {
    return this.line.length;
  }

  next(): { id: string; to: Step; driverId: string; vehicleId: string } | null {
    const item = this.line.shift();
    if (!item) return null;
    const to = NEXT[item.status]!;
    item.status = to;
    if (NEXT[to]) this.line.push(item);
    return { id: item.id, to, driverId: item.driverId, vehicleId: item.vehicleId };
  }
}

const wall = () => performance.timeOrigin + performance.now();
const identityCache = new Map<string, unknown[]>();
function identityOf(sub: string): unknown[] {
  let params = identityCache.get(sub);
  if (!params) {
    params = identityParams({ role: 'authenticated', claims: { sub, role: 'authenticated', aud: 'authenticated' } });
    identityCache.set(sub, params);
  }
  return params;
}

async function inTransaction(pool: pg.Pool, sub: string, body: (client: pg.PoolClient) => Promise<string>, log: StreamLog, times: number[]): Promise<void> {
  const client = await pool.connect();
  const t0 = performance.now();
  try {
    await client.query('begin');
    await client.query(SET_IDENTITY_SQL, identityOf(sub));
    const key = await body(client);
    const at = wall();
    await client.query('commit');
    times.push(performance.now() - t0);
    log.committed.set(key, at);
  } catch (e) {
    await client.query('rollback').catch(() => {});
    log.errors += 1;
    log.firstError ??= (e as Error).message;
  } finally {
    client.release();
  }
}

/** Runs the stream for `durationMs`; `round` shifts the drivers' fixes so successive streams do not repeat a position. */
export async function stream(pool: pg.Pool, data: BoardData, plan: MovePlan, dispatcherId: string, s: StreamSettings, log: StreamLog, round: number): Promise<{ changeRate: number; positionRate: number }> {
  type Due = { at: number; run: () => Promise<void> };
  const due: Due[] = [];
  const changes = Math.floor((s.durationMs / 1000) * s.changeRate);
  for (let i = 0; i < changes; i += 1) {
    due.push({
      at: (i * 1000) / s.changeRate,
      run: async () => {
        const move = plan.next();
        if (!move) return;
        log.attempted.changes += 1;
        if (move.to === 'assigned') {
          await inTransaction(
            pool,
            dispatcherId,
            async (c) => {
              await c.query('insert into public.assignments (tenant_id, delivery_id, driver_id, vehicle_id) values ($1, $2, $3, $4)', [BOARD_TENANT, move.id, move.driverId, move.vehicleId]);
              return `delivery:${move.id}:assigned`;
            },
            log,
            log.changeCallMs,
          );
        } else {
          await inTransaction(
            pool,
            move.driverId,
            async (c) => {
              const r = await c.query<{ status: string }>('select status from public.transition_delivery(delivery_id => $1::uuid, status => $2::text)', [move.id, move.to]);
              return `delivery:${move.id}:${r.rows[0]!.status}`;
            },
            log,
            log.changeCallMs,
          );
        }
      },
    });
  }
  const drivers = data.drivers;
  const gap = s.positionEveryMs / drivers.length;
  for (let n = 0; n * s.positionEveryMs < s.durationMs; n += 1) {
    for (const [k, driver] of drivers.entries()) {
      const at = n * s.positionEveryMs + k * gap;
      if (at >= s.durationMs) continue;
      const step = round * 1000 + n;
      due.push({
        at,
        run: async () => {
          log.attempted.positions += 1;
          // A slow drive around the driver's start: a new point every fix, a few metres to a few tens.
          const lat = driver.lat + 0.0004 * Math.sin(step / 7 + k);
          const lng = driver.lng + 0.0004 * Math.cos(step / 7 + k);
          const recordedAt = new Date(Math.floor(wall())).toISOString();
          await inTransaction(
            pool,
            driver.id,
            async (c) => {
              await c.query('select public.record_driver_position(lat => $1, lng => $2, heading => $3, speed => $4, accuracy => $5, recorded_at => $6::timestamptz)', [lat, lng, (step * 13) % 360, 8, 5, recordedAt]);
              return `position:${driver.id}:${Date.parse(recordedAt)}`;
            },
            log,
            log.positionCallMs,
          );
        },
      });
    }
  }
  due.sort((a, b) => a.at - b.at);
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (const item of due) {
    const wait = started + item.at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    else if (wait < -100) log.lateStarts += 1;
    const job = item.run();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  return { changeRate: log.attempted.changes / seconds, positionRate: log.attempted.positions / seconds };
}
