import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { identityParams, SET_IDENTITY_SQL } from '../../stack/db/database.ts';
import { BOARD_TENANT, type BoardData, type LoadedStatus } from './data.ts';

/**
 * The board suite's load: every on-duty bench driver sends a fix every `positionEveryMs` through
 * `public.record_driver_position` as that driver, and `changeRate` delivery changes a second through
 * the real paths, as a working day mixes them: one in five a new delivery (the dispatcher's insert:
 * pending, in the unassigned queue), one in five the oldest pending delivery assigned (an `insert into
 * assignments` as the dispatcher, which moves it to assigned), three in five an assigned delivery
 * moved on by its driver with `public.transition_delivery` (accepted, picked up, in transit). So the
 * queue keeps its size while the day moves on. Each call is its own transaction on a `pg` pool, with the identity the
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

type Work = { id: string; status: LoadedStatus; driverId: string; vehicleId: string };

/**
 * What to change next: pending deliveries oldest first (each gets the next bench driver), and the
 * assigned ones round-robin (a delivery moved goes to the back of the line, so each moves about once
 * a run). New deliveries join the pending line.
 */
export class MovePlan {
  private readonly pending: Work[] = [];
  private readonly moving: Work[] = [];
  private nextDriver = 0;

  constructor(private readonly data: BoardData) {
    for (const d of data.deliveries) {
      const driver = data.drivers.find((r) => r.id === d.driverId) ?? data.drivers[0]!;
      const work = { id: d.id, status: d.status, driverId: driver.id, vehicleId: driver.vehicleId };
      if (d.status === 'pending') this.pending.push(work);
      else if (NEXT[d.status]) this.moving.push(work);
    }
  }

  created(id: string): void {
    this.pending.push({ id, status: 'pending', driverId: '', vehicleId: '' });
  }

  /** The oldest pending delivery, with the driver it goes to. */
  assign(): { id: string; to: 'assigned'; driverId: string; vehicleId: string } | null {
    const item = this.pending.shift();
    if (!item) return null;
    const driver = this.data.drivers[this.nextDriver++ % this.data.drivers.length]!;
    Object.assign(item, { status: 'assigned', driverId: driver.id, vehicleId: driver.vehicleId });
    this.moving.push(item);
    return { id: item.id, to: 'assigned', driverId: driver.id, vehicleId: driver.vehicleId };
  }

  /** The next assigned delivery's next step, by its driver. */
  advance(): { id: string; to: Step; driverId: string } | null {
    const item = this.moving.shift();
    if (!item) return null;
    const to = NEXT[item.status]!;
    item.status = to;
    if (NEXT[to]) this.moving.push(item);
    return { id: item.id, to, driverId: item.driverId };
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
        log.attempted.changes += 1;
        if (i % 5 === 0) {
          const n = data.newDelivery;
          await inTransaction(
            pool,
            dispatcherId,
            async (c) => {
              const r = await c.query<{ id: string }>(
                `insert into public.deliveries (tenant_id, kind, customer_id, pickup_address_id, dropoff_address_id, service_id, packages, priority)
                 values ($1, 'delivery', $2, $3, $4, $5, '[{"description": "Parcel", "quantity": 1, "weight_kg": 2}]'::jsonb, 'normal') returning id`,
                [BOARD_TENANT, n.customerId, n.pickupAddressId, n.dropoffAddressId, n.serviceId],
              );
              plan.created(r.rows[0]!.id);
              return `delivery:${r.rows[0]!.id}:pending`;
            },
            log,
            log.changeCallMs,
          );
          return;
        }
        const assign = i % 5 === 1 ? plan.assign() : null;
        if (assign) {
          await inTransaction(
            pool,
            dispatcherId,
            async (c) => {
              await c.query('insert into public.assignments (tenant_id, delivery_id, driver_id, vehicle_id) values ($1, $2, $3, $4)', [BOARD_TENANT, assign.id, assign.driverId, assign.vehicleId]);
              return `delivery:${assign.id}:assigned`;
            },
            log,
            log.changeCallMs,
          );
          return;
        }
        const move = plan.advance();
        if (!move) {
          log.attempted.changes -= 1;
          return;
        }
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
