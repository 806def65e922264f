import { describe, expect, it } from 'vitest';
import { api as anonApi, serviceClient, stack, unique } from './clients.ts';

/**
 * Answers a client notices when they differ from PostgREST's: range operators, RPC counts and
 * max-affected, upsert statuses, CSV text. Expectations come from PostgREST's documentation
 * (references/api) and its spec tests, not from the stack.
 */
const db = serviceClient();
const api = (path: string, init: RequestInit = {}) => anonApi(path, { ...init, key: stack.serviceRoleKey });

describe('REST range operators', () => {
  it('nxl is &> (does not extend to the left of) and nxr is &< (does not extend to the right of)', async () => {
    const gte = await db.from('rest_ranges').select('id').rangeGte('age_range', '[2,25)').order('id');
    expect(gte.error).toBeNull();
    expect(gte.data).toEqual([{ id: 2 }, { id: 3 }]);
    const lte = await db.from('rest_ranges').select('id').rangeLte('age_range', '[2,25)').order('id');
    expect(lte.error).toBeNull();
    expect(lte.data).toEqual([{ id: 1 }, { id: 2 }]);
    const raw = await api('/rest/v1/rest_ranges?select=label&age_range=nxl.[2,25)&order=id');
    expect(await raw.json()).toEqual([{ label: 'three-ten' }, { label: 'twenties' }]);
  });

  it('keeps the other range operators', async () => {
    const left = await db.from('rest_ranges').select('id').rangeLt('age_range', '[2,25)').order('id');
    expect(left.data).toEqual([{ id: 1 }]);
    const right = await db.from('rest_ranges').select('id').rangeGt('age_range', '[2,25)').order('id');
    expect(right.data).toEqual([{ id: 3 }]);
    const adjacent = await db.from('rest_ranges').select('id').rangeAdjacent('age_range', '[2,3)').order('id');
    expect(adjacent.data).toEqual([{ id: 1 }, { id: 2 }]);
    const overlaps = await db.from('rest_ranges').select('id').overlaps('age_range', '[5,26)').order('id');
    expect(overlaps.data).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }]);
  });
});

describe('REST rpc: counts and max-affected', () => {
  it('counts a function returning one value as one row (Content-Range 0-0/1), by POST, GET and HEAD', async () => {
    const post = await db.rpc('rest_add', { a: 1, b: 2 }, { count: 'exact' });
    expect(post.error).toBeNull();
    expect(post.data).toBe(3);
    expect(post.count).toBe(1);
    const get = await db.rpc('rest_add', { a: 1, b: 2 }, { count: 'exact', get: true });
    expect(get.error).toBeNull();
    expect(get.count).toBe(1);
    const head = await db.rpc('rest_add', { a: 1, b: 2 }, { count: 'exact', head: true });
    expect(head.error).toBeNull();
    expect(head.count).toBe(1);
    const raw = await api('/rest/v1/rpc/rest_add?a=1&b=2', { headers: { prefer: 'count=exact' } });
    expect(raw.headers.get('content-range')).toBe('0-0/1');
    const composite = await api('/rest/v1/rpc/rest_country_by_code?code=RA', { headers: { prefer: 'count=exact' } });
    expect(composite.headers.get('content-range')).toBe('0-0/1');
  });

  it('counts every row of a set-returning function, not only the page, by GET and POST', async () => {
    const get = await db.rpc('rest_numbers', { n: 7 }, { count: 'exact', get: true }).range(0, 2);
    expect(get.error).toBeNull();
    expect(get.data).toEqual([1, 2, 3]);
    expect(get.count).toBe(7);
    const post = await db.rpc('rest_numbers', { n: 4 }, { count: 'exact' });
    expect(post.count).toBe(4);
    const raw = await api('/rest/v1/rpc/rest_numbers?n=5&limit=2', { headers: { prefer: 'count=exact' } });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('0-1/5');
  });

  it('runs a writing function once when counting', async () => {
    const grp = unique('rpc-count');
    await db.from('rest_rpc_rows').insert([{ grp }, { grp }]);
    const { data, count, error } = await db.rpc('rest_rpc_delete_group', { g: grp }, { count: 'exact' }).select('grp');
    expect(error).toBeNull();
    expect(data).toEqual([{ grp }, { grp }]);
    expect(count).toBe(2);
  });

  it('refuses and rolls back a function returning more rows than max-affected with handling=strict (PGRST124)', async () => {
    const grp = unique('rpc-max');
    await db.from('rest_rpc_rows').insert([{ grp }, { grp }, { grp }]);
    const refused = await api('/rest/v1/rpc/rest_rpc_delete_group', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=2'},
      body: JSON.stringify({ g: grp }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 'PGRST124',
      details: 'The query affects 3 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    });
    const kept = await db.from('rest_rpc_rows').select('id', { count: 'exact', head: true }).eq('grp', grp);
    expect(kept.count).toBe(3);

    const lenient = await api('/rest/v1/rpc/rest_rpc_delete_group?select=grp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=3'},
      body: JSON.stringify({ g: grp }),
    });
    expect(lenient.status).toBe(200);
    expect(await lenient.json()).toEqual([{ grp }, { grp }, { grp }]);
    expect(lenient.headers.get('preference-applied')).toBe('handling=strict, max-affected=3');
    const gone = await db.from('rest_rpc_rows').select('id', { count: 'exact', head: true }).eq('grp', grp);
    expect(gone.count).toBe(0);
  });

  it('ignores max-affected without handling=strict', async () => {
    const grp = unique('rpc-lenient');
    await db.from('rest_rpc_rows').insert([{ grp }, { grp }]);
    const res = await api('/rest/v1/rpc/rest_rpc_delete_group', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'max-affected=1'},
      body: JSON.stringify({ g: grp }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(2);
  });

  it('refuses max-affected with handling=strict on a function returning one value or void (PGRST128)', async () => {
    const grp = unique('rpc-single');
    await db.from('rest_rpc_rows').insert([{ grp }]);
    for (const fn of ['rest_rpc_delete_group_count', 'rest_noop']) {
      const res = await api(`/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=5'},
        body: JSON.stringify(fn === 'rest_noop' ? {} : { g: grp }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PGRST128',
        details: null,
        hint: null,
        message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
      });
    }
    const kept = await db.from('rest_rpc_rows').select('id', { count: 'exact', head: true }).eq('grp', grp);
    expect(kept.count).toBe(1);
  });
});

describe('REST upsert statuses', () => {
  it('answers 201 when a merge-duplicates POST inserted a row and 200 when it only updated', async () => {
    const sku = unique('st');
    const inserted = await db.from('rest_items').upsert({ sku, name: 'v1' }, { onConflict: 'sku' }).select('name');
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    const updated = await db.from('rest_items').upsert({ sku, name: 'v2' }, { onConflict: 'sku' }).select('name');
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ name: 'v2' }]);
    const minimal = await db.from('rest_items').upsert({ sku, name: 'v3' }, { onConflict: 'sku' });
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(200);
    const mixed = await db.from('rest_items').upsert([{ sku, name: 'v4' }, { sku: `${sku}-b`, name: 'new' }], { onConflict: 'sku' });
    expect(mixed.status).toBe(201);
    const empty = await api('/rest/v1/rest_items?on_conflict=sku', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'resolution=merge-duplicates, return=representation'},
      body: '[]',
    });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);
  });

  it('answers 201 for ignore-duplicates and plain inserts, whatever they wrote', async () => {
    const sku = unique('st-ign');
    const first = await db.from('rest_items').insert({ sku, name: 'a' });
    expect(first.status).toBe(201);
    const ignored = await db.from('rest_items').upsert({ sku, name: 'b' }, { onConflict: 'sku', ignoreDuplicates: true });
    expect(ignored.error).toBeNull();
    expect(ignored.status).toBe(201);
  });

  it('answers PUT with 201 when it inserted and 200 when it replaced', async () => {
    const id = 900_000 + Math.floor(Math.random() * 90_000);
    const put = (name: string) =>
      api(`/rest/v1/rest_items?id=eq.${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', prefer: 'return=representation'},
        body: JSON.stringify({ id, sku: `put-${id}`, name }),
      });
    const created = await put('first');
    expect(created.status).toBe(201);
    const replaced = await put('second');
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject([{ id, name: 'second' }]);
  });
});

describe('REST CSV output', () => {
  it('writes each value in its PostgreSQL text form, quoted as PostgREST quotes it', async () => {
    const res = await api('/rest/v1/rest_csv_values?select=id,doc,words,flag,label,amount&order=id', { headers: { accept: 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe(
      ['id,doc,words,flag,label,amount', `1,"{""a"": 1, ""b"": [1, 2]}","'cat' 'fat'",t,plain,1.50`, '2,,,f,"",', `3,"""x""",'one',,"say ""hi"", then go",10.00`].join('\n'),
    );
  });

  it('answers supabase-js csv() the same way, and only the header line for no rows', async () => {
    const { data, error } = await db.from('rest_csv_values').select('id,doc').eq('id', 1).csv();
    expect(error).toBeNull();
    expect(data).toBe('id,doc\n1,"{""a"": 1, ""b"": [1, 2]}"');
    const none = await api('/rest/v1/rest_csv_values?select=id&id=eq.-1', { headers: { accept: 'text/csv' } });
    expect(none.status).toBe(200);
    expect(await none.text()).toBe('\n');
  });

  it('writes CSV representations of inserted rows', async () => {
    const sku = unique('csv');
    const res = await api('/rest/v1/rest_items?select=sku,qty,note', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/csv', prefer: 'return=representation'},
      body: JSON.stringify({ sku, name: 'x', qty: 2, note: 'a b' }),
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe(`sku,qty,note\n${sku},2,"a b"`);
  });
});

describe('REST repeated requests', () => {
  it('answers the same error every time a request of one shape fails, and the same rows every time it succeeds', async () => {
    for (let i = 0; i < 12; i++) {
      const unknown = await db.from('rest_countries').select('nope').eq('id', 1);
      expect(unknown.error).toMatchObject({ code: '42703' });
      const invalid = await db.from('rest_countries').select('id').eq('id', 'not-a-number');
      expect(invalid.error).toMatchObject({ code: '22P02' });
      const valid = await db.from('rest_countries').select('id').eq('id', i % 3 === 0 ? 1 : 2);
      expect(valid.error).toBeNull();
      expect(valid.data).toEqual([{ id: i % 3 === 0 ? 1 : 2 }]);
    }
  });
});
