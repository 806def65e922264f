import { describe, expect, it } from 'vitest';
import { anonClient, api, serviceClient, stack, unique } from './clients.ts';
import { ERROR_KEYS } from './rest-helpers.ts';

const db = serviceClient();
const anon = anonClient();
const serviceApi = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  api(path, { ...init, headers: { 'content-type': 'application/json', ...init.headers }, key: stack.serviceRoleKey });
/** An id far above the identity sequence, unique per call. */
const freshId = () => 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

describe('REST PUT: single-row upsert by primary key', () => {
  it('inserts, then replaces, the row the primary key filter names', async () => {
    const id = freshId();
    const sku = unique('put');
    const created = await serviceApi(`/rest/v1/rest_items?id=eq.${id}&select=id,sku,name,qty`, {
      method: 'PUT',
      body: JSON.stringify({ id, sku, name: 'First', qty: 2 }),
      headers: { Prefer: 'return=representation' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('preference-applied')).toBe('return=representation');
    expect(await created.json()).toEqual([{ id, sku, name: 'First', qty: 2 }]);
    const replaced = await serviceApi(`/rest/v1/rest_items?id=eq.${id}&select=sku,name,qty`, {
      method: 'PUT',
      body: JSON.stringify({ id, sku, name: 'Second', qty: 5 }),
      headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual({ sku, name: 'Second', qty: 5 });
    const minimal = await serviceApi(`/rest/v1/rest_items?id=eq.${id}`, { method: 'PUT', body: JSON.stringify({ id, sku, name: 'Third' }) });
    expect(minimal.status).toBe(204);
    const { data } = await db.from('rest_items').select('name').eq('id', id).single();
    expect(data).toEqual({ name: 'Third' });
  });

  it('refuses filters other than eq on every primary key column (PGRST105)', async () => {
    for (const query of ['name=eq.x', 'id=gt.1', 'id=eq.1&name=eq.x', '', 'id=not.eq.1']) {
      const res = await serviceApi(`/rest/v1/rest_items?${query}`, { method: 'PUT', body: JSON.stringify({ id: 1, sku: 'x', name: 'x' }) });
      expect(res.status).toBe(405);
      const body = await res.json();
      expect(body).toEqual({ code: 'PGRST105', details: null, hint: null, message: "Filters must include all and only primary key columns with 'eq' operators" });
    }
  });

  it('refuses limit/offset (PGRST114) and a body whose key differs from the URL (PGRST115), writing nothing', async () => {
    const limited = await serviceApi('/rest/v1/rest_items?id=eq.1&limit=1', { method: 'PUT', body: JSON.stringify({ id: 1, sku: 'x', name: 'x' }) });
    expect(limited.status).toBe(400);
    expect(await limited.json()).toMatchObject({ code: 'PGRST114', message: 'limit/offset querystring parameters are not allowed for PUT' });
    const id = freshId();
    const sku = unique('mismatch');
    const mismatch = await serviceApi(`/rest/v1/rest_items?id=eq.${id}`, { method: 'PUT', body: JSON.stringify({ id: id + 1, sku, name: 'x' }) });
    expect(mismatch.status).toBe(400);
    const body = (await mismatch.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(ERROR_KEYS);
    expect(body).toMatchObject({ code: 'PGRST115', message: 'Payload values do not match URL in primary key column(s)' });
    const { data } = await db.from('rest_items').select('id').eq('sku', sku);
    expect(data).toEqual([]);
    const noKey = await serviceApi(`/rest/v1/rest_items?id=eq.${id}`, { method: 'PUT', body: JSON.stringify({ sku, name: 'x' }) });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ code: 'PGRST115' });
  });

  it('answers Postgres errors of the row as PostgREST does (23502, 42501 for anon)', async () => {
    const id = freshId();
    const missing = await serviceApi(`/rest/v1/rest_items?id=eq.${id}`, { method: 'PUT', body: JSON.stringify({ id, sku: unique('nn') }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: '23502' });
    const denied = await api('/rest/v1/rest_secrets?id=eq.9', { method: 'PUT', body: JSON.stringify({ id: 9, value: 'x' }), headers: { 'content-type': 'application/json' } });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ code: '42501' });
  });
});

describe('REST PATCH/DELETE with limit and order', () => {
  async function queue(n: number): Promise<string> {
    const grp = unique('q');
    const { error } = await db.from('rest_queue').insert(Array.from({ length: n }, (_, i) => ({ grp, pos: i + 1 })));
    expect(error).toBeNull();
    return grp;
  }

  it('updates only the first rows of the ordered, filtered set', async () => {
    const grp = await queue(5);
    const { data, error, count } = await db
      .from('rest_queue')
      .update({ done: true }, { count: 'exact' })
      .eq('grp', grp)
      .order('pos', { ascending: false })
      .limit(2)
      .select('pos');
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data!.map((r) => r.pos).sort()).toEqual([4, 5]);
    const done = await db.from('rest_queue').select('pos').eq('grp', grp).eq('done', true).order('pos');
    expect(done.data).toEqual([{ pos: 4 }, { pos: 5 }]);
  });

  it('deletes with limit and offset', async () => {
    const grp = await queue(5);
    const res = await serviceApi(`/rest/v1/rest_queue?grp=eq.${grp}&order=pos.asc&limit=2&offset=1`, { method: 'DELETE', headers: { Prefer: 'return=representation' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Array<{ pos: number }>).map((r) => r.pos).sort()).toEqual([2, 3]);
    const left = await db.from('rest_queue').select('pos').eq('grp', grp).order('pos');
    expect(left.data).toEqual([{ pos: 1 }, { pos: 4 }, { pos: 5 }]);
  });
});

describe('REST preferences', () => {
  it('fills missing columns with their defaults on upsert with missing=default', async () => {
    const sku = unique('md');
    const first = await db.from('rest_items').insert({ sku, name: 'A', qty: 7, note: 'set' }).select('id').single();
    expect(first.error).toBeNull();
    const res = await serviceApi('/rest/v1/rest_items?on_conflict=sku&columns=sku,name,note&select=sku,name,note,qty', {
      method: 'POST',
      body: JSON.stringify([{ sku, name: 'B' }]),
      headers: { Prefer: 'resolution=merge-duplicates,missing=default,return=representation' },
    });
    // The row existed: a merge-duplicates upsert that inserted nothing answers 200.
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('resolution=merge-duplicates, missing=default, return=representation');
    expect(await res.json()).toEqual([{ sku, name: 'B', note: 'none', qty: 7 }]);
  });

  it('reports applied preferences in Preference-Applied', async () => {
    const read = await api('/rest/v1/rest_countries?select=id', { headers: { Prefer: 'count=exact' } });
    expect(read.headers.get('preference-applied')).toBe('count=exact');
    const plain = await api('/rest/v1/rest_countries?select=id');
    expect(plain.headers.get('preference-applied')).toBeNull();
    const insert = await serviceApi('/rest/v1/rest_items', { method: 'POST', body: JSON.stringify({ sku: unique('pa'), name: 'x' }), headers: { Prefer: 'return=minimal, count=exact, tx=rollback' } });
    expect(insert.status).toBe(201);
    expect(insert.headers.get('preference-applied')).toBe('return=minimal, count=exact, tx=rollback');
    const del = await serviceApi('/rest/v1/rest_items?sku=eq.nothing-here', { method: 'DELETE', headers: { Prefer: 'handling=strict, max-affected=5' } });
    expect(del.status).toBe(204);
    expect(del.headers.get('preference-applied')).toBe('handling=strict, max-affected=5');
    const rpc = await api('/rest/v1/rpc/rest_numbers?n=3', { headers: { Prefer: 'count=exact' } });
    expect(rpc.headers.get('preference-applied')).toBe('count=exact');
  });
});

describe('REST related counts', () => {
  it('counts embedded rows with embed(count)', async () => {
    const { data, error } = await anon.from('rest_countries').select('name,rest_cities(count)').in('id', [1, 2, 3]).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Rest Arcadia', rest_cities: [{ count: 3 }] },
      { name: 'Rest Borduria', rest_cities: [{ count: 2 }] },
      { name: 'Rest Cascadia', rest_cities: [{ count: 0 }] },
    ]);
    const filtered = await anon.from('rest_countries').select('name,big:rest_cities(count)').eq('id', 1).gte('big.population', 1000000).single();
    expect(filtered.error).toBeNull();
    expect(filtered.data).toEqual({ name: 'Rest Arcadia', big: [{ count: 1 }] });
  });
});
