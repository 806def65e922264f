import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayCluster, type ThrowawayCluster } from '../../scripts/pg-cluster.ts';
import { loadConfig } from '../../stack/config.ts';
import { prepareDatabase, seedFiles } from '../../stack/db/prepare.ts';
import { PostgresDatabase } from '../../stack/db/postgres.ts';
import { createLogger } from '../../stack/log.ts';

/**
 * Reorder notifications under concurrency, on a real PostgreSQL 15 (PGlite serves one connection at
 * a time, so it cannot interleave two transactions): sessions of their own (pg clients), each one
 * transaction, writing the ledger as the service role (an API caller: its decreases are news) and
 * committing at the same time. Exactly one notification per person per crossing, and no deadlock
 * when two transactions decrease two items in opposite orders. The single-session rules are pgTAP's
 * (supabase/tests/reorder_notifications.sql).
 */
const ACME = 'a0000000-0000-4000-8000-000000000001';
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';

let cluster: ThrowawayCluster;
let owner: pg.Client;
const sessions: pg.Client[] = [];
let bins: string[] = [];
let people = 0;

async function session(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  sessions.push(client);
  await client.query('begin');
  await client.query("set local role service_role");
  return client;
}

function pick(client: pg.Client, item: string, bin: string, units: number) {
  return client.query(
    "select public.record_inventory_transaction(transaction_type => 'pick', item_id => $1, warehouse_id => $2, quantity => $3, from_bin_id => $4)",
    [item, BAYVIEW, units, bin],
  );
}

/** A new item of acme with `units` in each of `stockBins` of Bayview (the owner's receipts tell nobody) and a reorder point there. */
async function itemWithStock(name: string, stockBins: string[], units: number, point: number): Promise<string> {
  const { rows } = await owner.query<{ id: string }>(
    'insert into public.inventory_items (tenant_id, name, sku) values ($1, $2, $3) returning id',
    [ACME, name, `RC-${name.replace(/\W+/g, '-').toUpperCase()}`.slice(0, 40)],
  );
  const item = rows[0].id;
  for (const bin of stockBins) {
    await owner.query(
      "select public.record_inventory_transaction(transaction_type => 'receive', item_id => $1, warehouse_id => $2, quantity => $3, to_bin_id => $4)",
      [item, BAYVIEW, units, bin],
    );
  }
  await owner.query('insert into public.inventory_reorder_points (tenant_id, item_id, warehouse_id, reorder_point) values ($1, $2, $3, $4)', [
    ACME,
    item,
    BAYVIEW,
    point,
  ]);
  return item;
}

/** How many notifications each person got about `name`, and whether its point is marked. */
async function told(name: string, item: string): Promise<{ perPerson: number[]; marked: boolean }> {
  const counts = await owner.query<{ n: number }>(
    'select count(*)::int as n from public.notifications where title = $1 group by user_id',
    [`${name} is under its reorder point`],
  );
  const point = await owner.query<{ marked: boolean }>(
    'select below_notified_at is not null as marked from public.inventory_reorder_points where item_id = $1',
    [item],
  );
  return { perPerson: counts.rows.map((r) => r.n), marked: point.rows[0].marked };
}

describe('reorder notifications under concurrent transactions (PostgreSQL 15)', () => {
  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    const db = await PostgresDatabase.open(cluster.url);
    try {
      const config = await loadConfig(process.env, { DATABASE_URL: undefined });
      await prepareDatabase(db, config, { seed: false, log: createLogger('error') });
      // The seed's tenants, people and warehouses only (their bins, staff and managers): the
      // inventory history and everything after it is not needed here, and seeding it on Postgres
      // takes most of a minute.
      for (const file of seedFiles(config).filter((f) => /(\/seed\.sql|\/seeds\/(10|20|25|30|40)_[^/]*\.sql)$/.test(f))) {
        await db.transaction(async (tx) => {
          await tx.query(`select set_config('search_path', '"$user", public, extensions', true)`);
          await tx.exec(readFileSync(file, 'utf8'));
        });
      }
    } finally {
      await db.close();
    }
    owner = new pg.Client({ connectionString: cluster.url });
    await owner.connect();
    const found = await owner.query<{ id: string }>(
      "select id from public.warehouse_locations where warehouse_id = $1 and location_type = 'bin' and status = 'active' order by code limit 8",
      [BAYVIEW],
    );
    bins = found.rows.map((r) => r.id);
    const expected = await owner.query<{ n: number }>(
      `select count(*)::int as n from public.profiles p
       where p.tenant_id = $1 and p.status = 'active' and (p.panel_type = 'admin' or exists (
         select 1 from public.warehouse_staff s where s.user_id = p.id and s.warehouse_id = $2 and s.role = 'manager' and s.active))`,
      [ACME, BAYVIEW],
    );
    people = expected.rows[0].n;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.end().catch(() => {})));
    await owner?.end().catch(() => {});
    await cluster?.stop();
  });

  it('two picks that cross together, neither alone, tell each person once', async () => {
    expect(bins).toHaveLength(8);
    expect(people).toBeGreaterThan(1);
    const name = 'Concurrency Lamp';
    // 10 on hand over two bins, point 8: each pick alone leaves 8 (not under); both leave 6.
    const item = await itemWithStock(name, bins.slice(0, 2), 5, 8);
    const [a, b] = [await session(), await session()];
    await pick(a, item, bins[0], 2);
    await pick(b, item, bins[1], 2);
    await Promise.all([a.query('commit'), b.query('commit')]);
    const after = await told(name, item);
    expect(after.perPerson).toHaveLength(people);
    expect(after.perPerson.every((n) => n === 1)).toBe(true);
    expect(after.marked).toBe(true);
  });

  it('eight transactions picking one item from eight bins at once: one crossing, told once', async () => {
    const name = 'Concurrency Tray';
    // 16 on hand (2 a bin), point 10: the eight picks of 1 end at 8.
    const item = await itemWithStock(name, bins, 2, 10);
    const clients = await Promise.all(bins.map(() => session()));
    await Promise.all(clients.map((c, i) => pick(c, item, bins[i], 1)));
    await Promise.all(clients.map((c) => c.query('commit')));
    const after = await told(name, item);
    expect(after.perPerson).toHaveLength(people);
    expect(after.perPerson.every((n) => n === 1)).toBe(true);
    const stock = await owner.query<{ n: number }>(
      "select sum(quantity)::int as n from public.inventory_stock where item_id = $1 and status = 'available'",
      [item],
    );
    expect(stock.rows[0].n).toBe(8);
  });

  it('two transactions crossing two items in opposite orders both commit, each item told once', async () => {
    const [nameA, nameB] = ['Concurrency Stapler', 'Concurrency Binder'];
    // Each item: 10 on hand over two bins, point 8; each transaction takes 3 of each, from its own bins.
    const itemA = await itemWithStock(nameA, bins.slice(2, 4), 5, 8);
    const itemB = await itemWithStock(nameB, bins.slice(4, 6), 5, 8);
    const [a, b] = [await session(), await session()];
    await pick(a, itemA, bins[2], 3);
    await pick(b, itemB, bins[4], 3);
    const outcomes = await Promise.allSettled([
      pick(a, itemB, bins[5], 3).then(() => a.query('commit')),
      pick(b, itemA, bins[3], 3).then(() => b.query('commit')),
    ]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String((o.reason as Error).message) : 'committed'))).toEqual(['committed', 'committed']);
    for (const [name, item] of [
      [nameA, itemA],
      [nameB, itemB],
    ]) {
      const after = await told(name, item);
      expect(after.perPerson).toHaveLength(people);
      expect(after.perPerson.every((n) => n === 1)).toBe(true);
      expect(after.marked).toBe(true);
    }
  });
});
