import { afterAll, describe, expect, it, vi } from 'vitest';
import { api as anonApi, serviceClient, stack, unique } from './clients.ts';

/**
 * explain() (PostgREST references/observability: execution plan): `Accept: application/vnd.pgrst.plan`
 * with `+json` / `+text`, `for=` and `options=`, answered only while db_plan_enabled is on (off on
 * Supabase by default). This file is the only one that turns it on; it turns it off at the end.
 */
const db = serviceClient();
const api = (path: string, init: RequestInit = {}) => anonApi(path, { ...init, key: stack.serviceRoleKey });
const PLAN_JSON = 'application/vnd.pgrst.plan+json';

async function setPlan(value: 'true' | null): Promise<void> {
  const { error } = await db.rpc('rest_set_pgrst_setting', { name: 'db_plan_enabled', value });
  expect(error).toBeNull();
  await vi.waitFor(
    async () => {
      const res = await api('/rest/v1/rest_countries?select=id', { headers: { accept: PLAN_JSON } });
      await res.body?.cancel();
      expect(res.status).toBe(value === 'true' ? 200 : 406);
    },
    { timeout: 10_000, interval: 50 },
  );
}

type Plan = Array<{ Plan: { 'Node Type': string; 'Actual Rows'?: number }; 'Execution Time'?: number }>;

afterAll(async () => {
  await setPlan(null);
});

describe.sequential('REST explain()', () => {
  it('refuses the plan media type while db_plan_enabled is off (406 PGRST107)', async () => {
    await setPlan(null);
    const res = await api('/rest/v1/rest_countries?select=id', { headers: { accept: PLAN_JSON } });
    expect(res.status).toBe(406);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('PGRST107');
    expect(body.message).toMatch(/^None of these media types are available: application\/vnd\.pgrst\.plan\+json/);
  });

  it('answers the plan in text by default and in JSON with +json, for the JSON representation', async () => {
    await setPlan('true');
    const text = await db.from('rest_countries').select('name').eq('id', 1).explain();
    expect(text.error).toBeNull();
    expect(String(text.data)).toMatch(/^Aggregate/);
    const raw = await api('/rest/v1/rest_countries?select=name&id=eq.1', { headers: { accept: 'application/vnd.pgrst.plan' } });
    expect(raw.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8');
    const json = await db.from('rest_countries').select('name').explain({ format: 'json' });
    expect(json.error).toBeNull();
    expect((json.data as unknown as Plan)[0].Plan['Node Type']).toBe('Aggregate');
  });

  it('names for= and options= in the content type, and runs the statement with analyze', async () => {
    const res = await api('/rest/v1/rest_countries?select=name&id=eq.1', {
      headers: { accept: `${PLAN_JSON}; for="application/vnd.pgrst.object"; options=analyze|verbose` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose; charset=utf-8');
    const plan = (await res.json()) as Plan;
    expect(plan[0].Plan['Actual Rows']).toBe(1);
    expect(typeof plan[0]['Execution Time']).toBe('number');
  });

  it('passes every explain() option to EXPLAIN, in JSON and text, for the media type supabase-js asks for', async () => {
    const json = await db.from('rest_countries').select('name').eq('id', 1).explain({ analyze: true, verbose: true, settings: true, buffers: true, wal: true, format: 'json' });
    expect(json.error).toBeNull();
    const [top] = json.data as unknown as Array<{ Plan: Record<string, unknown>; 'Execution Time': number }>;
    expect(top.Plan['Node Type']).toBe('Aggregate');
    expect(top.Plan['Actual Rows']).toBe(1);
    expect(Array.isArray(top.Plan.Output)).toBe(true);
    expect(typeof top.Plan['Shared Hit Blocks']).toBe('number');
    expect(typeof top.Plan['WAL Records']).toBe('number');
    expect(typeof top['Execution Time']).toBe('number');
    // Supabase computes query identifiers (pg_stat_statements), and PostgREST's search_path is the
    // schema, then extra_search_path (public, extensions).
    const verbose = await db.from('rest_countries').select('name').explain({ verbose: true, settings: true, format: 'json' });
    expect(verbose.error).toBeNull();
    const [planned] = verbose.data as unknown as Array<{ 'Query Identifier': unknown; Settings: Record<string, string> }>;
    expect(typeof planned['Query Identifier']).toBe('number');
    expect(planned.Settings.search_path).toBe('"public", "public", "extensions"');

    const text = await db.from('rest_countries').select('name').eq('id', 1).explain({ analyze: true, verbose: true });
    expect(text.error).toBeNull();
    const lines = String(text.data).split('\n');
    // PostgreSQL 18 (PGlite) prints actual rows with two decimals.
    expect(lines[0]).toMatch(/^Aggregate {2}\(cost=[\d.]+ rows=\d+ width=\d+\) \(actual time=[\d.]+ rows=1(\.00)? loops=1\)$/);
    expect(lines.some((l) => /^\s+Output: /.test(l))).toBe(true);
    expect(lines.some((l) => /^Query Identifier: -?\d+$/.test(l))).toBe(true);
    expect(lines.some((l) => /^Execution Time: [\d.]+ ms$/.test(l))).toBe(true);

    const raw = await api('/rest/v1/rest_countries?select=name&id=eq.1', {
      headers: { accept: 'application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose|settings|buffers|wal;' },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose|settings|buffers|wal; charset=utf-8');
    expect(await raw.text()).toMatch(/^Aggregate {2}\(cost=.*\(actual time=/);
  });

  it('explains function calls and writes; a write is not run without analyze', async () => {
    const rpc = await db.rpc('rest_numbers', { n: 3 }).explain({ format: 'json' });
    expect(rpc.error).toBeNull();
    expect((rpc.data as unknown as Plan)[0].Plan['Node Type']).toBe('Aggregate');
    const sku = unique('explain');
    const write = await api('/rest/v1/rest_items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: PLAN_JSON },
      body: JSON.stringify({ sku, name: 'planned' }),
    });
    expect(write.status).toBe(200);
    expect(((await write.json()) as Plan)[0].Plan['Node Type']).toBe('Aggregate');
    const stored = await db.from('rest_items').select('id').eq('sku', sku);
    expect(stored.data).toEqual([]);
  });
});
