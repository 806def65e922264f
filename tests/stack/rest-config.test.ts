import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type RunningStack } from '../../stack/server.ts';
import { startThrowawayCluster, type ThrowawayCluster } from '../../scripts/pg-cluster.ts';

/**
 * PostgREST's in-database configuration (references/configuration: in-database configuration and
 * configuration reloading): `pgrst.*` settings of the authenticator role, the database-specific one
 * first, applied on NOTIFY pgrst, 'reload config'. Settings such as db_max_rows change every
 * answer, so these cases run on a stack of their own (a database of a throwaway cluster on the
 * Postgres run) rather than on the shared conformance target.
 */
const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture');
const onPostgres = Boolean(process.env.DATABASE_URL);
let cluster: ThrowawayCluster | null = null;
let stack: RunningStack;
let dataDir: string;

async function rest(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.config.serviceRoleKey);
  headers.set('authorization', `Bearer ${stack.config.serviceRoleKey}`);
  return fetch(`${stack.url}/rest/v1${pathAndQuery}`, { ...init, headers });
}

/** Sets (or resets, with null) a pgrst.* setting as a developer does in SQL, and waits until requests see it. */
async function configure(sql: string, applied: () => Promise<void>): Promise<void> {
  await stack.db.query(sql);
  await stack.db.query("notify pgrst, 'reload config'");
  await vi.waitFor(applied, { timeout: 10_000, interval: 50 });
}

async function countryRows(): Promise<number> {
  const res = await rest('/rest_countries?select=id');
  return ((await res.json()) as unknown[]).length;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypost-rest-config-'));
  let url: string | undefined;
  if (onPostgres) {
    cluster = await startThrowawayCluster();
    url = cluster.url;
  }
  stack = await startStack({
    env: url ? { DATABASE_URL: url } : {},
    overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_PROJECT_DIR: fixtureDir, STACK_DATA_DIR: dataDir, STACK_LOG: 'error' },
    inMemory: true,
    appDir: null,
  });
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.sequential('REST in-database configuration', () => {
  it('caps reads at pgrst.db_max_rows after reload config, and back without it', async () => {
    expect(await countryRows()).toBe(3);
    await configure("alter role authenticator set pgrst.db_max_rows = '2'", async () => expect(await countryRows()).toBe(2));
    const counted = await rest('/rest_countries?select=id', { headers: { prefer: 'count=exact' } });
    expect(counted.status).toBe(206);
    expect(counted.headers.get('content-range')).toBe('0-1/3');
    await configure('alter role authenticator reset pgrst.db_max_rows', async () => expect(await countryRows()).toBe(3));
  });

  it('counts exactly up to pgrst.db_max_rows with count=estimated, and takes the planner\'s estimate beyond', async () => {
    await configure("alter role authenticator set pgrst.db_max_rows = '2'", async () => expect(await countryRows()).toBe(2));
    const under = await rest('/rest_countries?select=id&id=lte.2', { headers: { prefer: 'count=estimated' } });
    expect(under.headers.get('content-range')).toBe('0-1/2');
    const over = await rest('/rest_countries?select=id', { headers: { prefer: 'count=estimated' } });
    expect(over.status).toBe(206);
    expect(over.headers.get('content-range')).toMatch(/^0-1\/\d+$/);
    await configure('alter role authenticator reset pgrst.db_max_rows', async () => expect(await countryRows()).toBe(3));
  });

  it('prefers the database-specific setting over the role-wide one', async () => {
    const db = (await stack.db.query<{ name: string }>('select current_database() as name')).rows[0].name;
    await stack.db.query("alter role authenticator set pgrst.db_max_rows = '2'");
    await configure(`alter role authenticator in database ${pg.escapeIdentifier(db)} set pgrst.db_max_rows = '1'`, async () => expect(await countryRows()).toBe(1));
    await stack.db.query(`alter role authenticator in database ${pg.escapeIdentifier(db)} reset pgrst.db_max_rows`);
    await configure('alter role authenticator reset pgrst.db_max_rows', async () => expect(await countryRows()).toBe(3));
  });

  it('rolls every transaction back with pgrst.db_tx_end = rollback, and lets Prefer: tx=commit override only with rollback-allow-override', async () => {
    const insert = (sku: string, prefer = 'return=representation') =>
      rest('/rest_items?select=sku', { method: 'POST', headers: { 'content-type': 'application/json', prefer }, body: JSON.stringify({ sku, name: sku }) });
    const stored = async (sku: string) => ((await (await rest(`/rest_items?select=sku&sku=eq.${sku}`)).json()) as unknown[]).length;

    await configure("alter role authenticator set pgrst.db_tx_end = 'rollback'", async () => {
      const probe = `probe-${Math.random().toString(36).slice(2)}`;
      expect((await insert(probe)).status).toBe(201);
      expect(await stored(probe)).toBe(0);
    });
    const ignored = await insert('cfg-ignored', 'return=representation, tx=commit');
    expect(ignored.status).toBe(201);
    expect(ignored.headers.get('preference-applied')).toBe('return=representation');
    expect(await stored('cfg-ignored')).toBe(0);

    await configure("alter role authenticator set pgrst.db_tx_end = 'rollback-allow-override'", async () => {
      const probe = `probe-${Math.random().toString(36).slice(2)}`;
      const res = await insert(probe, 'return=representation, tx=commit');
      expect(res.headers.get('preference-applied')).toBe('return=representation, tx=commit');
    });
    expect(await stored('cfg-ignored')).toBe(0);
    const committed = await insert('cfg-committed', 'return=representation, tx=commit');
    expect(committed.status).toBe(201);
    expect(await stored('cfg-committed')).toBe(1);

    await configure('alter role authenticator reset pgrst.db_tx_end', async () => {
      const probe = `probe-${Math.random().toString(36).slice(2)}`;
      await insert(probe);
      expect(await stored(probe)).toBe(1);
    });
  });

  it('enables aggregates with pgrst.db_aggregates_enabled', async () => {
    const sum = () => rest('/rest_orders?select=amount.sum()');
    expect((await sum()).status).toBe(400);
    await configure("alter role authenticator set pgrst.db_aggregates_enabled = 'true'", async () => expect((await sum()).status).toBe(200));
    expect(await (await sum()).json()).toEqual([{ sum: 143.5 }]);
    await configure('alter role authenticator reset pgrst.db_aggregates_enabled', async () => expect((await sum()).status).toBe(400));
  });
});
