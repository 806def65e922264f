import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayCluster, type ThrowawayCluster } from '../../scripts/pg-cluster.ts';
import { loadConfig } from '../../stack/config.ts';
import { prepareDatabase, seedFiles } from '../../stack/db/prepare.ts';
import { PostgresDatabase } from '../../stack/db/postgres.ts';
import { createLogger } from '../../stack/log.ts';

/**
 * A wave's split claims its new order's reference "<ref>-n" under concurrency, on a real PostgreSQL
 * 15 (PGlite serves one connection at a time, so it cannot interleave two transactions): when
 * another transaction saves "<ref>-2" while the build runs, the build waits for it and, once it
 * commits, names its split "<ref>-3" instead of failing with a unique violation. The single-session
 * rules of the split are pgTAP's (supabase/tests/pick_wave_split.sql).
 */
const ACME = 'a0000000-0000-4000-8000-000000000001';
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';
const KETTLE = 'c3200000-0000-4000-8000-000000000001';
const YOGHURT = 'c3200000-0000-4000-8000-000000000002';

let cluster: ThrowawayCluster;
let owner: pg.Client;
const sessions: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  sessions.push(client);
  return client;
}

async function bin(code: string): Promise<string> {
  const { rows } = await owner.query<{ id: string }>('select id from public.warehouse_locations where warehouse_id = $1 and code = $2', [BAYVIEW, code]);
  return rows[0].id;
}

/** Acts as `email` (an authenticated user of the API) for the rest of `client`'s transaction. */
async function actAs(client: pg.Client, email: string): Promise<void> {
  const { rows } = await owner.query<{ id: string }>('select id from auth.users where email = $1', [email]);
  const claims = JSON.stringify({ sub: rows[0].id, role: 'authenticated', aud: 'authenticated', email });
  await client.query("select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)", [claims, rows[0].id]);
  await client.query('set local role authenticated');
}

/** Resolves once `pid`'s statement waits for a lock (another transaction's row). */
async function waitingForLock(pid: number): Promise<void> {
  for (;;) {
    const { rows } = await owner.query<{ waiting: boolean }>("select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1", [pid]);
    if (rows[0]?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a wave split under a concurrent order of the same reference (PostgreSQL 15)', () => {
  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    const db = await PostgresDatabase.open(cluster.url);
    try {
      const config = await loadConfig(process.env, { DATABASE_URL: undefined });
      await prepareDatabase(db, config, { seed: false, log: createLogger('error') });
      // The seed's tenants, people and warehouses only (bins, staff): what a pick order needs.
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
    await owner.query(
      "insert into public.inventory_items (id, tenant_id, name, sku) values ($1, $3, 'Race Test Kettle', 'RACE-01'), ($2, $3, 'Race Test Yoghurt', 'RACE-02')",
      [KETTLE, YOGHURT, ACME],
    );
    for (const [item, code] of [
      [KETTLE, 'Z1-A02-S1-B01'],
      [YOGHURT, 'Z2-A01-S1-B02'],
    ]) {
      await owner.query("select public.record_inventory_transaction('receive', $1, $2, 20, to_bin_id => $3)", [item, BAYVIEW, await bin(code)]);
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.end().catch(() => {})));
    await owner?.end().catch(() => {});
    await cluster?.stop();
  });

  it('names the split "<ref>-3" when "<ref>-2" is saved by another transaction during the build', async () => {
    const ambient = await bin('Z1-A02-S1-B01');
    const cold = await bin('Z2-A01-S1-B02');
    // An order of two Ambient lines and one Cold Chain line: a wave by zone takes the Ambient lines and splits the other off.
    const saver = await connect();
    await saver.query('begin');
    await actAs(saver, 'admin@acme.test');
    const saved = await saver.query<{ id: string }>(
      "select (public.save_pick_order(null, $1::jsonb) #>> '{pick_order,order,id}') as id",
      [
        JSON.stringify({
          warehouse_id: BAYVIEW,
          reference_number: 'RACE-100',
          item_details: [
            { item_id: KETTLE, bin_id: ambient, quantity: 1 },
            { item_id: YOGHURT, bin_id: cold, quantity: 2 },
            { item_id: KETTLE, bin_id: ambient, quantity: 3 },
          ],
        }),
      ],
    );
    await saver.query('commit');
    const order = saved.rows[0].id;

    // Another person saves "RACE-100-2" by hand and has not committed yet.
    const other = await connect();
    await other.query('begin');
    await actAs(other, 'admin@acme.test');
    await other.query('select public.save_pick_order(null, $1::jsonb)', [
      JSON.stringify({ warehouse_id: BAYVIEW, reference_number: 'RACE-100-2', item_details: [{ item_id: KETTLE, bin_id: ambient, quantity: 1 }] }),
    ]);

    // The wave's build reaches the same number and waits for that transaction.
    const builder = await connect();
    await builder.query('begin');
    await actAs(builder, 'admin@acme.test');
    const pid = (await builder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const build = builder.query<{ result: { batches: Array<{ orders: Array<{ id: string; split_order?: { reference_number: string } }> }> } }>(
      "select public.build_pick_batch($1, 'wave', 'zone', 5, 10, array[$2]::uuid[], false) as result",
      [BAYVIEW, order],
    );
    await waitingForLock(pid);
    await other.query('commit');

    const { rows } = await build;
    await builder.query('commit');
    const member = rows[0].result.batches.flatMap((b) => b.orders).find((o) => o.id === order);
    expect(member?.split_order?.reference_number).toBe('RACE-100-3');
    const references = await owner.query<{ reference_number: string; lines: number }>(
      `select o.reference_number, (select count(*)::int from public.pick_order_lines l where l.pick_order_id = o.id) as lines
       from public.pick_orders o where o.tenant_id = $1 and o.reference_number like 'RACE-100%' and o.order_type = 'individual' order by 1`,
      [ACME],
    );
    expect(references.rows).toEqual([
      { reference_number: 'RACE-100', lines: 2 },
      { reference_number: 'RACE-100-2', lines: 1 },
      { reference_number: 'RACE-100-3', lines: 1 },
    ]);
  });
});
