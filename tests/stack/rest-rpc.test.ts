import { describe, expect, it } from 'vitest';
import { anonClient, api } from './clients.ts';

const db = anonClient();

describe('REST rpc', () => {
  it('answers with the status and headers a function sets in response.status and response.headers, and commits', async () => {
    const note = `respond-${Math.random().toString(36).slice(2)}`;
    const res = await api('/rest/v1/rpc/rest_respond', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: '404', headers: '[{"Cache-Control": "no-store"}, {"X-Rest-Test": "yes"}]', note }),
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-rest-test')).toBe('yes');
    expect(await res.json()).toEqual({ code: 'PT404', message: 'Nothing here' });
    const { data } = await db.from('rest_response_log').select('note').eq('note', note);
    expect(data).toEqual([{ note }]);
    const viaClient = await db.rpc('rest_respond', { status: '404', headers: null, note: `${note}-2` });
    expect(viaClient.status).toBe(404);
    expect(viaClient.error).toMatchObject({ code: 'PT404', message: 'Nothing here' });
    const bad = await db.rpc('rest_respond', { status: 'teapot', headers: null, note: `${note}-3` });
    expect(bad.status).toBe(500);
    expect(bad.error).toMatchObject({ code: 'PGRST112' });
    const badHeaders = await db.rpc('rest_respond', { status: null, headers: '{"X": 1}', note: `${note}-4` });
    expect(badHeaders.error).toMatchObject({ code: 'PGRST111' });
  });

  it('calls a scalar function by POST with named arguments and by GET with query arguments', async () => {
    const post = await db.rpc('rest_add', { a: 2, b: 3 });
    expect(post.error).toBeNull();
    expect(post.data).toBe(5);
    const get = await db.rpc('rest_add', { a: 4, b: 5 }, { get: true });
    expect(get.data).toBe(9);
    const defaulted = await db.rpc('rest_add_default', { a: 1 });
    expect(defaulted.data).toBe(11);
  });

  it('passes arrays and a whole JSON body to an unnamed json parameter', async () => {
    const arr = await db.rpc('rest_sum_tags', { tags: ['a', 'b', 'c'] });
    expect(arr.data).toBe(3);
    const arrGet = await db.rpc('rest_sum_tags', { tags: ['a', 'b'] }, { get: true });
    expect(arrGet.data).toBe(2);
    const echo = await db.rpc('rest_echo', { anything: { nested: [1, 2] } });
    expect(echo.error).toBeNull();
    expect(echo.data).toEqual({ anything: { nested: [1, 2] } });
  });

  it('filters, orders, selects and pages set-returning functions like tables', async () => {
    const { data, error, count } = await db
      .rpc('rest_cities_of', { country: 'Rest Arcadia' }, { count: 'exact' })
      .select('name,population')
      .gt('population', 100000)
      .order('population', { ascending: true })
      .limit(1);
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([{ name: 'Northwatch', population: 300000 }]);
    const embedded = await db.rpc('rest_cities_of', { country: 'Rest Borduria' }).select('name,rest_countries(code)').eq('name', 'Kratz');
    expect(embedded.data).toEqual([{ name: 'Kratz', rest_countries: { code: 'RB' } }]);
    const get = await api('/rest/v1/rpc/rest_cities_of?country=Rest%20Borduria&select=name&order=name.desc');
    expect(await get.json()).toEqual([{ name: 'Szohod' }, { name: 'Kratz' }]);
  });

  it('returns scalar sets, table results, single composites and void', async () => {
    const numbers = await db.rpc('rest_numbers', { n: 4 });
    expect(numbers.data).toEqual([1, 2, 3, 4]);
    const stats = await db.rpc('rest_stats').eq('country', 'Rest Arcadia');
    expect(stats.data).toEqual([{ country: 'Rest Arcadia', cities: 3 }]);
    const single = await db.rpc('rest_country_by_code', { code: 'RB' }).select('name');
    expect(single.data).toEqual({ name: 'Rest Borduria' });
    const single2 = await db.rpc('rest_cities_of', { country: 'Rest Borduria' }).eq('name', 'Kratz').select('name').single();
    expect(single2.data).toEqual({ name: 'Kratz' });
    const noop = await db.rpc('rest_noop');
    expect(noop.error).toBeNull();
    expect(noop.data).toBeNull();
  });

  it('maps raised exceptions: P0001 to 400 and PTxyz to status xyz', async () => {
    const fail = await db.rpc('rest_fail', { msg: 'no way' });
    expect(fail.status).toBe(400);
    expect(fail.error).toEqual({ code: 'P0001', message: 'no way', details: 'rest detail', hint: 'rest hint' });
    const pay = await db.rpc('rest_payment_required');
    expect(pay.status).toBe(402);
    expect(pay.error).toEqual({ code: 'PT402', message: 'Payment Required', details: 'Quota exceeded', hint: 'Upgrade your plan' });
  });

  it('answers PGRST202 for an unknown function or argument names', async () => {
    const missing = await db.rpc('rest_missing_fn', { a: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.rest_missing_fn(a) in the schema cache' });
    const wrongArgs = await db.rpc('rest_add', { x: 1 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error).toMatchObject({ code: 'PGRST202' });
    const typed = await db.rpc('rest_add', { a: 'one', b: 2 });
    expect(typed.status).toBe(400);
    expect(typed.error).toMatchObject({ code: '22P02' });
  });

  it('refuses writes from a volatile function called by GET (read-only transaction)', async () => {
    const res = await db.rpc('rest_touch', { label: `rpc-get-${Date.now()}` }, { get: true });
    expect(res.status).toBe(405);
    expect(res.error).toMatchObject({ code: '25006' });
  });

  it('answers a HEAD call with a count and no body', async () => {
    const { data, count, error } = await db.rpc('rest_numbers', { n: 7 }, { head: true, count: 'exact' });
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(7);
  });
});
