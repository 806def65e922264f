import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { identityParams, SET_IDENTITY_SQL } from '../../stack/db/database.ts';
import { startAppStack, type AppStack } from '../app-stack.ts';
import { postgresUnavailable } from '../stack/backends.ts';
import { machineInfo } from '../stack/report.ts';
import { round, summarize, type LatencySummary } from '../stack/stats.ts';
import { writeResults } from '../results.ts';

/**
 * `npm run bench -- --suite inventory`: the stock ledger's write path on the local stack on a
 * throwaway PostgreSQL 15 (PGlite serves one connection at a time: concurrency means nothing there).
 * 16 clients, each a loop of one-transaction ledger writes (a pick of 1, then a receipt of 1, so the
 * stock stays where it was) as the tenant's admin (the API's role and claims: the rights checks, the
 * locks, the reorder point's queue and its check at commit all run), in four shapes:
 *   - distinct bins: each client its own item and bin, reorder points far below the stock (checked,
 *     never crossed);
 *   - crossings: each client its own item, the point at the stock, so every pick falls under it
 *     (notifies the admins and the warehouse's managers) and every receipt clears the mark;
 *   - one item over 16 bins: distinct balances, one reorder point (the commit-time check locks it);
 *   - one hot bin: every client on the same balance (its row lock serializes them).
 * Then pick orders completed by 8 clients at once (start: reserve; pick every line; complete), half
 * of them listing their lines in the opposite order. After the run the balances of every item the
 * bench touched are checked against the ledger (receipts in, picks out), and nothing stays reserved.
 * Reported, no target (bench/README.md).
 */

const ACME = 'a0000000-0000-4000-8000-000000000001';
const ADMIN = 'a1000000-0000-4000-8000-000000000001';
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';

interface Settings {
  clients: number;
  /** How long each write shape runs. */
  measureMs: number;
  warmupMs: number;
  pickOrders: number;
  pickOrderClients: number;
  linesPerOrder: number;
}

const FULL: Settings = { clients: 16, measureMs: 10_000, warmupMs: 1_000, pickOrders: 96, pickOrderClients: 8, linesPerOrder: 4 };
const QUICK: Settings = { clients: 16, measureMs: 2_000, warmupMs: 300, pickOrders: 16, pickOrderClients: 8, linesPerOrder: 4 };

type Shape = 'distinct_bins' | 'crossings' | 'one_item_16_bins' | 'hot_bin';

interface ShapeResult {
  shape: Shape;
  committed: number;
  errors: number;
  firstError: string | null;
  writesPerSecond: number;
  latency: LatencySummary | null;
  /** Picks committed, the warm-up's included. */
  picks: number;
  /** Crossings told (the crossings shape: every pick falls under its point, so one per pick). */
  crossingsTold?: number;
}

export interface InventoryBenchReport {
  benchmark: 'inventory';
  schemaVersion: 1;
  startedAt: string;
  finishedAt: string;
  machine: ReturnType<typeof machineInfo>;
  profile: 'full' | 'quick';
  settings: Settings;
  shapes: ShapeResult[];
  pickOrders?: { completed: number; errors: number; firstError: string | null; ordersPerSecond: number; latency: LatencySummary | null };
  /** Balances of the bench's items that differ from their ledger sums, and units left reserved. */
  ledgerCheck?: { balances: number; mismatched: number; reservedLeft: number };
  error?: string;
}

interface Work {
  item: string;
  bin: string;
}

const identity = identityParams({ role: 'authenticated', claims: { sub: ADMIN, role: 'authenticated', aud: 'authenticated' } });

async function asAdmin<T>(client: pg.PoolClient, sql: string, params: unknown[]): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
  await client.query('begin');
  try {
    await client.query(SET_IDENTITY_SQL, identity);
    const result = await client.query<T & pg.QueryResultRow>(sql, params);
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  }
}

const RECORD = `select public.record_inventory_transaction(transaction_type => $1, item_id => $2, warehouse_id => $3, quantity => 1,
  from_bin_id => case when $1 = 'pick' then $4::uuid end, to_bin_id => case when $1 = 'receive' then $4::uuid end)`;

/** Items of the bench with `units` in `bin` each, received by the owner (tells nobody), and a reorder point. */
async function makeItems(db: pg.Pool, label: string, placements: { bin: string; units: number }[][], point: number): Promise<string[]> {
  const items: string[] = [];
  for (const [i, bins] of placements.entries()) {
    const { rows } = await db.query<{ id: string }>('insert into public.inventory_items (tenant_id, name, sku) values ($1, $2, $3) returning id', [
      ACME,
      `Bench ${label} ${i + 1}`,
      `BENCH-${label.toUpperCase().replace(/\W+/g, '-')}-${i + 1}`,
    ]);
    const item = rows[0]!.id;
    for (const { bin, units } of bins) {
      await db.query(
        "select public.record_inventory_transaction(transaction_type => 'receive', item_id => $1, warehouse_id => $2, quantity => $3, to_bin_id => $4)",
        [item, BAYVIEW, units, bin],
      );
    }
    await db.query('insert into public.inventory_reorder_points (tenant_id, item_id, warehouse_id, reorder_point) values ($1, $2, $3, $4)', [ACME, item, BAYVIEW, point]);
    items.push(item);
  }
  return items;
}

/** Each client loops on its work (pick 1, receive 1, ...) until the time is up; one transaction per write. */
async function runShape(pool: pg.Pool, shape: Shape, work: Work[], s: Settings): Promise<ShapeResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let picks = 0;
  // Each client's writes alternate across the warm-up and the measured run: a pick, then a receipt.
  const written = work.map(() => 0);
  const loop = async (w: Work, i: number, until: number, measure: boolean) => {
    const client = await pool.connect();
    try {
      while (performance.now() < until) {
        const kind = written[i]! % 2 === 0 ? 'pick' : 'receive';
        const t0 = performance.now();
        try {
          await asAdmin(client, RECORD, [kind, w.item, BAYVIEW, w.bin]);
          written[i] = written[i]! + 1;
          if (kind === 'pick') picks += 1;
          if (measure) latencies.push(performance.now() - t0);
        } catch (e) {
          if (measure) {
            errors += 1;
            firstError ??= (e as Error).message;
          }
        }
      }
    } finally {
      client.release();
    }
  };
  await Promise.all(work.map((w, i) => loop(w, i, performance.now() + s.warmupMs, false)));
  const started = performance.now();
  await Promise.all(work.map((w, i) => loop(w, i, started + s.measureMs, true)));
  const elapsed = performance.now() - started;
  return {
    shape,
    committed: latencies.length,
    errors,
    firstError,
    writesPerSecond: round((latencies.length / elapsed) * 1000, 1),
    latency: latencies.length > 0 ? summarize(latencies) : null,
    picks,
  };
}

/** Pick orders of `lines` lines each over `items` (every order the same items; half in reverse), created by the admin. */
async function makePickOrders(pool: pg.Pool, count: number, lines: Work[]): Promise<string[]> {
  const client = await pool.connect();
  try {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const ordered = i % 2 === 0 ? lines : [...lines].reverse();
      const { rows } = await asAdmin<{ id: string }>(
        client,
        "select (public.save_pick_order(null, $1::jsonb) #>> '{pick_order,order,id}') as id",
        [JSON.stringify({ warehouse_id: BAYVIEW, item_details: ordered.map((l) => ({ item_id: l.item, bin_id: l.bin, quantity: 1 })) })],
      );
      ids.push(rows[0]!.id);
    }
    return ids;
  } finally {
    client.release();
  }
}

/** Start, read the lines, pick every line, complete: the calls the floor screen makes. */
async function completePickOrders(pool: pg.Pool, ids: string[], clients: number): Promise<NonNullable<InventoryBenchReport['pickOrders']>> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const queue = [...ids];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = await pool.connect();
      try {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const t0 = performance.now();
          try {
            await asAdmin(client, "select public.transition_pick_order($1, 'in_progress')", [id]);
            const { rows } = await asAdmin<{ lines: { item_id: string; bin_id: string; quantity: number }[] }>(
              client,
              "select public.get_pick_order($1) #> '{order,item_details}' as lines",
              [id],
            );
            const picked = rows[0]!.lines.map((l) => ({ item_id: l.item_id, bin_id: l.bin_id, quantity: l.quantity, picked_quantity: l.quantity }));
            await asAdmin(client, 'select public.save_pick_order($1, $2::jsonb)', [id, JSON.stringify({ item_details: picked })]);
            await asAdmin(client, "select public.transition_pick_order($1, 'completed')", [id]);
            latencies.push(performance.now() - t0);
          } catch (e) {
            errors += 1;
            firstError ??= (e as Error).message;
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  const elapsed = performance.now() - started;
  return {
    completed: latencies.length,
    errors,
    firstError,
    ordersPerSecond: round((latencies.length / elapsed) * 1000, 1),
    latency: latencies.length > 0 ? summarize(latencies) : null,
  };
}

async function checkLedger(db: pg.Pool): Promise<NonNullable<InventoryBenchReport['ledgerCheck']>> {
  const { rows } = await db.query<{ balances: number; mismatched: number; reserved: number }>(
    `with bench as (select id from public.inventory_items where tenant_id = $1 and sku like 'BENCH-%'),
     moves as (
       select t.item_id, t.to_bin_id as bin_id, t.lot_number, t.serial_number, t.stock_status, t.quantity as q
       from public.inventory_transactions t where t.to_bin_id is not null and t.item_id in (select id from bench)
       union all
       select t.item_id, t.from_bin_id, t.lot_number, t.serial_number, t.stock_status, -t.quantity
       from public.inventory_transactions t where t.from_bin_id is not null and t.item_id in (select id from bench)),
     ledger as (select item_id, bin_id, lot_number, serial_number, stock_status, sum(q)::int as q from moves group by 1, 2, 3, 4, 5),
     stock as (select * from public.inventory_stock s where s.item_id in (select id from bench))
     select count(*)::int as balances,
       count(*) filter (where coalesce(l.q, 0) <> coalesce(s.quantity, 0))::int as mismatched,
       coalesce(sum(s.reserved), 0)::int as reserved
     from ledger l full join stock s on s.item_id = l.item_id and s.bin_id = l.bin_id
       and s.lot_number is not distinct from l.lot_number and s.serial_number is not distinct from l.serial_number and s.status = l.stock_status`,
    [ACME],
  );
  const r = rows[0]!;
  return { balances: r.balances, mismatched: r.mismatched, reservedLeft: r.reserved };
}

function line(r: ShapeResult): string {
  const l = r.latency;
  const told = r.crossingsTold === undefined ? '' : `; ${r.crossingsTold}/${r.picks} picks told as crossings`;
  return `${r.shape.padEnd(17)} ${String(r.writesPerSecond).padStart(8)} writes/s  p50 ${l?.p50 ?? 'n/a'} p95 ${l?.p95 ?? 'n/a'} p99 ${l?.p99 ?? 'n/a'} ms  ${r.committed} committed${r.errors ? `, ${r.errors} failed (${r.firstError})` : ''}${told}`;
}

function finish(report: InventoryBenchReport): InventoryBenchReport {
  report.finishedAt = new Date().toISOString();
  const file = writeResults('inventory', report);
  console.log(`written: ${file} (and inventory-latest.json)`);
  return report;
}

export async function runInventoryBench(opts: { quick: boolean }): Promise<InventoryBenchReport> {
  const s = opts.quick ? QUICK : FULL;
  const report: InventoryBenchReport = {
    benchmark: 'inventory',
    schemaVersion: 1,
    startedAt: new Date().toISOString(),
    finishedAt: '',
    machine: machineInfo(),
    profile: opts.quick ? 'quick' : 'full',
    settings: s,
    shapes: [],
  };
  console.log(`\nInventory benchmark, ${report.profile} profile: ${report.machine.cpus} x ${report.machine.cpuModel}, Node ${report.machine.node}`);
  const missing = postgresUnavailable();
  if (missing) {
    report.error = missing;
    console.log(`postgres: ${missing}`);
    return finish(report);
  }
  let appStack: AppStack | null = null;
  let pool: pg.Pool | null = null;
  try {
    console.log('starting the stack on the app project (migrations and seed) on a throwaway PostgreSQL 15 ...');
    appStack = await startAppStack('inventory', { serveApp: false });
    pool = new pg.Pool({ connectionString: appStack.stack.dbUrl, max: s.clients + 2 });
    const bins = (
      await pool.query<{ id: string }>(
        "select id from public.warehouse_locations where warehouse_id = $1 and location_type = 'bin' and status = 'active' order by code limit $2",
        [BAYVIEW, s.clients],
      )
    ).rows.map((r) => r.id);
    if (bins.length < s.clients) throw new Error(`Bayview has ${bins.length} active bins; the bench needs ${s.clients}`);
    const people = (
      await pool.query<{ n: number }>(
        `select count(*)::int as n from public.profiles p where p.tenant_id = $1 and p.status = 'active' and (p.panel_type = 'admin' or exists (
           select 1 from public.warehouse_staff w where w.user_id = p.id and w.warehouse_id = $2 and w.role = 'manager' and w.active))`,
        [ACME, BAYVIEW],
      )
    ).rows[0]!.n;

    console.log(`${s.clients} clients, ${s.measureMs / 1000} s a shape, as acme's admin in Bayview:`);
    const distinct = await makeItems(pool, 'distinct', bins.map((bin) => [{ bin, units: 100_000 }]), 10);
    const distinctResult = await runShape(pool, 'distinct_bins', distinct.map((item, i) => ({ item, bin: bins[i]! })), s);
    report.shapes.push(distinctResult);
    console.log(line(distinctResult));

    // The point at the stock: a pick takes it under (told), a receipt brings it back (cleared).
    const crossing = await makeItems(pool, 'crossing', bins.map((bin) => [{ bin, units: 50 }]), 50);
    const crossingResult = await runShape(pool, 'crossings', crossing.map((item, i) => ({ item, bin: bins[i]! })), s);
    const told = await pool.query<{ n: number }>(
      "select count(*)::int as n from public.notifications where tenant_id = $1 and title like 'Bench crossing % is under its reorder point'",
      [ACME],
    );
    crossingResult.crossingsTold = Math.round(told.rows[0]!.n / Math.max(1, people));
    report.shapes.push(crossingResult);
    console.log(line(crossingResult));

    const [spread] = await makeItems(pool, 'spread', [bins.map((bin) => ({ bin, units: 10_000 }))], 10);
    const spreadResult = await runShape(pool, 'one_item_16_bins', bins.map((bin) => ({ item: spread!, bin })), s);
    report.shapes.push(spreadResult);
    console.log(line(spreadResult));

    const [hot] = await makeItems(pool, 'hot', [[{ bin: bins[0]!, units: 100_000 }]], 10);
    const hotResult = await runShape(pool, 'hot_bin', bins.map(() => ({ item: hot!, bin: bins[0]! })), s);
    report.shapes.push(hotResult);
    console.log(line(hotResult));

    const lineItems = await makeItems(pool, 'pick line', bins.slice(0, s.linesPerOrder).map((bin) => [{ bin, units: 100_000 }]), 10);
    const orders = await makePickOrders(pool, s.pickOrders, lineItems.map((item, i) => ({ item, bin: bins[i]! })));
    report.pickOrders = await completePickOrders(pool, orders, s.pickOrderClients);
    const p = report.pickOrders;
    console.log(
      `pick orders       ${String(p.ordersPerSecond).padStart(8)} orders/s  p50 ${p.latency?.p50 ?? 'n/a'} p95 ${p.latency?.p95 ?? 'n/a'} p99 ${p.latency?.p99 ?? 'n/a'} ms  ${p.completed} completed (${s.linesPerOrder} lines, start, pick, complete) by ${s.pickOrderClients} clients${p.errors ? `, ${p.errors} failed (${p.firstError})` : ''}`,
    );

    report.ledgerCheck = await checkLedger(pool);
    const c = report.ledgerCheck;
    console.log(`stock against the ledger: ${c.balances} balances, ${c.mismatched} differ; ${c.reservedLeft} units left reserved`);
  } catch (e) {
    const detail = (e as { detail?: string }).detail;
    report.error = detail ? `${(e as Error).message}: ${detail}` : (e as Error).message;
    console.error(`inventory bench: ${report.error}`);
  } finally {
    await pool?.end().catch(() => {});
    await appStack?.close();
  }
  return finish(report);
}
