import { describe, expect, it } from 'vitest';
import { api, serviceClient, stack, unique } from './clients.ts';
import { ERROR_KEYS } from './rest-helpers.ts';

const db = serviceClient();
const serviceApi = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  api(path, { ...init, headers: { 'content-type': 'application/json', ...init.headers }, key: stack.serviceRoleKey });

describe('REST writes: insert', () => {
  it('inserts one row, returning nothing by default and the row with select()', async () => {
    const sku = unique('ins');
    const minimal = await db.from('rest_items').insert({ sku, name: 'Widget' });
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const sku2 = unique('ins');
    const { data, error, status } = await db.from('rest_items').insert({ sku: sku2, name: 'Gadget', qty: 3, price: 9.5 }).select('sku,name,qty,price,note').single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ sku: sku2, name: 'Gadget', qty: 3, price: 9.5, note: 'none' });
  });

  it('returns embedded resources of inserted rows', async () => {
    const sku = unique('emb');
    const { data, error } = await db.from('rest_items').insert({ sku, name: 'E', country_id: 2 }).select('sku,country:rest_countries(code)').single();
    expect(error).toBeNull();
    expect(data).toEqual({ sku, country: { code: 'RB' } });
  });

  it('bulk inserts with columns= and keeps missing keys null unless missing=default', async () => {
    const a = unique('bulk');
    const b = unique('bulk');
    const { data, error } = await db.from('rest_items').insert([{ sku: a, name: 'A', note: 'given' }, { sku: b, name: 'B' }]).select('sku,note').order('sku');
    expect(error).toBeNull();
    expect(data).toEqual(expect.arrayContaining([{ sku: a, note: 'given' }, { sku: b, note: null }]));
    const c = unique('bulk');
    const d = unique('bulk');
    const defaults = await db
      .from('rest_items')
      .insert([{ sku: c, name: 'C', note: 'given' }, { sku: d, name: 'D' }], { defaultToNull: false })
      .select('sku,note,qty');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual(expect.arrayContaining([{ sku: c, note: 'given', qty: 0 }, { sku: d, note: 'none', qty: 0 }]));
  });

  it('bulk upserts with defaultToNull: false: absent columns of new rows take their defaults, an identity its next value', async () => {
    const sku = unique('ups');
    const first = await db.from('rest_items').insert({ sku, name: 'A', qty: 7, note: 'set' }).select('id').single();
    expect(first.error).toBeNull();
    const fresh = unique('ups');
    const res = await db
      .from('rest_items')
      .upsert([{ id: first.data!.id, sku, name: 'B' }, { sku: fresh, name: 'C' }], { defaultToNull: false })
      .select('id,sku,name,note,qty')
      .order('id');
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    // The existing row keeps the columns the payload does not name; the new one gets their defaults.
    expect(res.data).toEqual([
      { id: first.data!.id, sku, name: 'B', note: 'set', qty: 7 },
      { id: expect.any(Number), sku: fresh, name: 'C', note: 'none', qty: 0 },
    ]);
    expect(res.data![1].id).toBeGreaterThan(first.data!.id);
  });

  it('inserts an empty array as a no-op', async () => {
    const { data, error, status } = await db.from('rest_items').insert([]).select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([]);
  });

  it('answers headers-only with a Location and counts inserted rows', async () => {
    const sku = unique('loc');
    const res = await serviceApi('/rest/v1/rest_items', { method: 'POST', body: JSON.stringify({ sku, name: 'L' }), headers: { Prefer: 'return=headers-only' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/rest_items\?id=eq\.\d+$/);
    const counted = await db.from('rest_items').insert({ sku: unique('cnt'), name: 'C' }, { count: 'exact' });
    expect(counted.count).toBe(1);
  });

  it('maps constraint violations to PostgREST statuses', async () => {
    const sku = unique('dup');
    await db.from('rest_items').insert({ sku, name: 'first' });
    const dup = await db.from('rest_items').insert({ sku, name: 'second' });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505' });
    expect(dup.error!.details).toContain('already exists');
    expect(Object.keys(dup.error!).sort()).toEqual(ERROR_KEYS);
    const fk = await db.from('rest_items').insert({ sku: unique('fk'), name: 'x', country_id: 999999 });
    expect(fk.status).toBe(409);
    expect(fk.error).toMatchObject({ code: '23503' });
    const notNull = await db.from('rest_items').insert({ sku: unique('nn'), name: null });
    expect(notNull.status).toBe(400);
    expect(notNull.error).toMatchObject({ code: '23502' });
    const check = await db.from('rest_items').insert({ sku: unique('ck'), name: 'x', qty: -1 });
    expect(check.status).toBe(400);
    expect(check.error).toMatchObject({ code: '23514' });
    const typed = await db.from('rest_items').insert({ sku: unique('ty'), name: 'x', qty: 'many' });
    expect(typed.status).toBe(400);
    expect(typed.error).toMatchObject({ code: '22P02' });
  });

  it('answers PGRST204 for an unknown payload column', async () => {
    const { error, status } = await db.from('rest_items').insert({ sku: unique('unk'), name: 'x', colour: 'red' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'colour' column of 'rest_items' in the schema cache" });
  });

  it('answers PGRST102 for malformed JSON and 413 for an oversized body', async () => {
    for (const body of ['{"sku": ', 'nonsense', '42', '[1,2]']) {
      const res = await serviceApi('/rest/v1/rest_items', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json' });
    }
    const big = await serviceApi('/rest/v1/rest_items', { method: 'POST', body: JSON.stringify({ sku: 'big', name: 'x'.repeat(11 * 1024 * 1024) }) });
    expect(big.status).toBe(413);
    const after = await db.from('rest_countries').select('id').eq('id', 1);
    expect(after.data).toEqual([{ id: 1 }]);
  });
});

describe('REST writes: upsert', () => {
  it('merges duplicates on the primary key and on on_conflict columns', async () => {
    const sku = unique('ups');
    const first = await db.from('rest_items').insert({ sku, name: 'v1' }).select('id').single();
    const id = first.data!.id as number;
    const merged = await db.from('rest_items').upsert({ id, sku, name: 'v2' }).select('id,name').single();
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual({ id, name: 'v2' });
    const bySku = await db.from('rest_items').upsert({ sku, name: 'v3', qty: 7 }, { onConflict: 'sku' }).select('id,name,qty').single();
    expect(bySku.error).toBeNull();
    expect(bySku.data).toEqual({ id, name: 'v3', qty: 7 });
  });

  it('ignores duplicates with ignoreDuplicates', async () => {
    const sku = unique('ign');
    await db.from('rest_items').insert({ sku, name: 'kept' });
    const { data, error } = await db.from('rest_items').upsert({ sku, name: 'ignored' }, { onConflict: 'sku', ignoreDuplicates: true }).select('name');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const row = await db.from('rest_items').select('name').eq('sku', sku).single();
    expect(row.data).toEqual({ name: 'kept' });
  });

  it('bulk upserts', async () => {
    const a = unique('bup');
    const b = unique('bup');
    await db.from('rest_items').insert({ sku: a, name: 'old' });
    const { data, error } = await db.from('rest_items').upsert([{ sku: a, name: 'new' }, { sku: b, name: 'fresh' }], { onConflict: 'sku' }).select('sku,name');
    expect(error).toBeNull();
    expect(data).toEqual(expect.arrayContaining([{ sku: a, name: 'new' }, { sku: b, name: 'fresh' }]));
  });
});

describe('REST writes: update and delete', () => {
  it('updates filtered rows and returns them', async () => {
    const tag = unique('upd');
    await db.from('rest_items').insert([{ sku: `${tag}-1`, name: tag }, { sku: `${tag}-2`, name: tag }]);
    const minimal = await db.from('rest_items').update({ qty: 5 }).eq('name', tag);
    expect(minimal.status).toBe(204);
    expect(minimal.error).toBeNull();
    const { data, error, count } = await db.from('rest_items').update({ qty: 6 }, { count: 'exact' }).eq('name', tag).select('sku,qty').order('sku');
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([{ sku: `${tag}-1`, qty: 6 }, { sku: `${tag}-2`, qty: 6 }]);
    const unknown = await db.from('rest_items').update({ nope: 1 }).eq('name', tag);
    expect(unknown.error).toMatchObject({ code: 'PGRST204' });
  });

  it('deletes filtered rows', async () => {
    const tag = unique('del');
    await db.from('rest_items').insert([{ sku: `${tag}-1`, name: tag }, { sku: `${tag}-2`, name: tag }]);
    const { data, error } = await db.from('rest_items').delete().eq('sku', `${tag}-1`).select('sku');
    expect(error).toBeNull();
    expect(data).toEqual([{ sku: `${tag}-1` }]);
    const rest = await db.from('rest_items').delete({ count: 'exact' }).eq('name', tag);
    expect(rest.status).toBe(204);
    expect(rest.count).toBe(1);
    const left = await db.from('rest_items').select('id', { count: 'exact', head: true }).eq('name', tag);
    expect(left.count).toBe(0);
  });

  it('rolls back a single-object mutation that touches more than one row', async () => {
    const tag = unique('one');
    await db.from('rest_items').insert([{ sku: `${tag}-1`, name: tag }, { sku: `${tag}-2`, name: tag }]);
    const { error, status } = await db.from('rest_items').update({ qty: 9 }).eq('name', tag).select().single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116' });
    const rows = await db.from('rest_items').select('qty').eq('name', tag);
    expect(rows.data).toEqual([{ qty: 0 }, { qty: 0 }]);
  });

  it('rolls back with Prefer: tx=rollback and enforces max-affected with handling=strict', async () => {
    const sku = unique('tx');
    const res = await serviceApi('/rest/v1/rest_items?select=sku', { method: 'POST', body: JSON.stringify({ sku, name: 'gone' }), headers: { Prefer: 'return=representation,tx=rollback' } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ sku }]);
    const gone = await db.from('rest_items').select('id').eq('sku', sku);
    expect(gone.data).toEqual([]);
    const tag = unique('max');
    await db.from('rest_items').insert([{ sku: `${tag}-1`, name: tag }, { sku: `${tag}-2`, name: tag }]);
    const strict = await serviceApi(`/rest/v1/rest_items?name=eq.${tag}`, { method: 'DELETE', headers: { Prefer: 'handling=strict,max-affected=1' } });
    expect(strict.status).toBe(400);
    expect(await strict.json()).toMatchObject({ code: 'PGRST124' });
    const kept = await db.from('rest_items').select('id', { count: 'exact', head: true }).eq('name', tag);
    expect(kept.count).toBe(2);
  });
});
