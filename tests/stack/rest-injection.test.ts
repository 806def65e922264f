import { describe, expect, it } from 'vitest';
import { anonClient, api, serviceClient } from './clients.ts';
import { ERROR_KEYS } from './rest-helpers.ts';

/** Each hostile request gets a PostgREST-shaped error (or harmless data), and the stack keeps serving. */
async function expectPostgrestError(res: Response, status: number, code?: string): Promise<void> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(ERROR_KEYS);
  if (code) expect(body.code).toBe(code);
}

async function stillServing(): Promise<void> {
  const { data, error } = await serviceClient().from('rest_secrets').select('value').eq('id', 1);
  expect(error).toBeNull();
  expect(data).toEqual([{ value: 'classified' }]);
}

const q = encodeURIComponent;

describe('REST refuses SQL injection', () => {
  it('in select', async () => {
    await expectPostgrestError(await api(`/rest/v1/rest_countries?select=${q('id;drop table rest_secrets')}`), 400, 'PGRST100');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?select=${q('id,(select value from rest_secrets)')}`), 400, 'PGRST100');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?select=${q('"id; drop table rest_secrets; --"')}`), 400, '42703');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?select=${q('id::text);drop table rest_secrets;--')}`), 400, 'PGRST100');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?select=${q("meta->>'x'")}`), 400, 'PGRST100');
    await stillServing();
  });

  it('in filters and logic trees', async () => {
    const values = ["1' or '1'='1", '1; drop table rest_secrets', "x') or true --"];
    for (const v of values) {
      const res = await api(`/rest/v1/rest_countries?select=id&name=eq.${q(v)}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
      await expectPostgrestError(await api(`/rest/v1/rest_countries?select=id&id=eq.${q(v)}`), 400, '22P02');
    }
    const inList = await api(`/rest/v1/rest_countries?select=id&name=in.(${q('"a\\",b) or true --"')})`);
    expect(await inList.json()).toEqual([]);
    await expectPostgrestError(await api(`/rest/v1/rest_countries?${q('id;drop table x')}=eq.1`), 400, 'PGRST100');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?${q('"id or 1=1"')}=eq.1`), 400, '42703');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?or=${q('(id.eq.1) or (1=1')}`), 400, 'PGRST100');
    const ftsConfig = await api(`/rest/v1/rest_cities?description=${q("fts(english');drop table x;--).river")}`);
    await expectPostgrestError(ftsConfig, 400, 'PGRST100');
    await expectPostgrestError(await api(`/rest/v1/rest_cities?description=${q('fts(no_such_config).river')}`), 400);
    await stillServing();
  });

  it('in order, limit and offset', async () => {
    await expectPostgrestError(await api(`/rest/v1/rest_countries?order=${q('id;drop table rest_secrets')}`), 400, 'PGRST100');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?order=${q('(select 1)')}`), 400, 'PGRST100');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?order=${q('"id desc, (select 1)"')}`), 400, '42703');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?limit=${q('1; drop table x')}`), 400, 'PGRST100');
    await expectPostgrestError(await api(`/rest/v1/rest_countries?offset=-1`), 400, 'PGRST100');
    await stillServing();
  });

  it('in on_conflict, columns and payload keys', async () => {
    const db = serviceClient();
    const oc = await db.from('rest_items').upsert({ sku: 'inj-oc', name: 'x' }, { onConflict: 'sku) do nothing; drop table rest_secrets; --' });
    expect(oc.status).toBe(400);
    expect(oc.error!.code).toBe('PGRST100');
    const quotedOc = await db.from('rest_items').upsert({ sku: 'inj-oc', name: 'x' }, { onConflict: '"sku) do nothing; --"' });
    expect(quotedOc.error!.code).toBe('42703');
    const key = await db.from('rest_items').insert({ sku: 'inj-key', name: 'x', 'name") values (1); drop table rest_secrets; --': 1 });
    expect(key.status).toBe(400);
    expect(key.error!.code).toBe('PGRST204');
    const cols = await api(`/rest/v1/rest_items?columns=${q('sku,name);drop table rest_secrets;--')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ sku: 'inj-cols', name: 'x' }]),
    });
    await expectPostgrestError(cols, 400, 'PGRST100');
    await stillServing();
  });

  it('in rpc names and arguments', async () => {
    const db = anonClient();
    const name = await db.rpc('rest_add(1,2); drop table rest_secrets; --', {});
    expect(name.status).toBe(404);
    expect(name.error!.code).toBe('PGRST202');
    const arg = await db.rpc('rest_cities_of', { country: "x'; drop table rest_secrets; --" });
    expect(arg.error).toBeNull();
    expect(arg.data).toEqual([]);
    const argName = await db.rpc('rest_add', { 'a := 1, b => (select 1)); --': 1 });
    expect(argName.error!.code).toBe('PGRST202');
    const getArg = await api(`/rest/v1/rpc/rest_add?a=${q('1)+(select 1')}&b=2`);
    await expectPostgrestError(getArg, 400, '22P02');
    await stillServing();
  });

  it('in headers', async () => {
    const profile = await api('/rest/v1/rest_countries', { headers: { 'Accept-Profile': 'public"; drop table rest_secrets; --' } });
    await expectPostgrestError(profile, 406, 'PGRST106');
    const content = await api('/rest/v1/rest_items', { method: 'POST', headers: { 'Content-Profile': "public'", 'content-type': 'application/json' }, body: '{}' });
    await expectPostgrestError(content, 406, 'PGRST106');
    const prefer = await api('/rest/v1/rest_countries?select=id&id=eq.1', { headers: { Prefer: "count=exact'; drop table rest_secrets; --" } });
    expect(prefer.status).toBe(200);
    const strict = await api('/rest/v1/rest_countries?select=id&id=eq.1', { headers: { Prefer: 'handling=strict, count=exact; drop' } });
    await expectPostgrestError(strict, 400, 'PGRST122');
    const range = await api('/rest/v1/rest_countries?select=id', { headers: { Range: '0-1; drop table x' } });
    expect(range.status).toBe(200);
    await stillServing();
  });

  it('on paths', async () => {
    await expectPostgrestError(await api(`/rest/v1/${q('rest_countries; drop table rest_secrets')}`), 404, 'PGRST205');
    await expectPostgrestError(await api('/rest/v1/%E0%A4%A'), 400, 'PGRST125');
    await expectPostgrestError(await api('/rest/v1/rest_countries/1'), 404, 'PGRST125');
    await stillServing();
  });
});
