import { describe, expect, it } from 'vitest';
import { api, serviceClient, unique } from './clients.ts';
import { userClient, type TestUser } from './rest-helpers.ts';

/**
 * Mutations with a representation on a table protected by column grants (rest_guarded: `settings` may
 * be written but not read by authenticated). PostgREST RETURNs only the columns the representation needs
 * (the selected ones, the embeds' join columns, the primary key), so a representation of granted columns
 * succeeds and `select=*` is refused with 42501.
 */

const db = serviceClient();

async function seed(user: TestUser, fields: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const code = unique('g');
  const { data, error } = await db
    .from('rest_guarded')
    .insert({ owner: user.id, code, name: 'Seeded', settings: { secret: true }, ...fields })
    .select('id, code')
    .single();
  expect(error).toBeNull();
  return data as { id: number; code: string };
}

function expectDenied(res: { error: { code: string; message: string } | null; status: number; data: unknown }): void {
  expect(res.error).toMatchObject({ code: '42501', message: 'permission denied for table rest_guarded' });
  expect(res.status).toBe(403);
  expect(res.data).toBeNull();
}

describe('REST mutations on a table with column grants', () => {
  it('updates and returns exactly the selected granted columns; select=* is refused and writes nothing', async () => {
    const user = await userClient();
    const row = await seed(user);
    const updated = await user.client.from('rest_guarded').update({ name: 'Renamed', settings: { theme: 'dark' } }).eq('id', row.id).select('id, name');
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ id: row.id, name: 'Renamed' }]);

    const renamed = await user.client.from('rest_guarded').update({ name: 'Aliased' }).eq('id', row.id).select('label:name, code::text').single();
    expect(renamed.error).toBeNull();
    expect(renamed.data).toEqual({ label: 'Aliased', code: row.code });

    const star = await user.client.from('rest_guarded').update({ name: 'Never' }).eq('id', row.id).select('*');
    expectDenied(star);
    const refused = await user.client.from('rest_guarded').update({ name: 'Never' }).eq('id', row.id).select('id, settings');
    expectDenied(refused);

    const { data } = await db.from('rest_guarded').select('name, settings').eq('id', row.id).single();
    expect(data).toEqual({ name: 'Aliased', settings: { theme: 'dark' } });
  });

  it('inserts (single and bulk) returning the selected columns, with the refused column written', async () => {
    const user = await userClient();
    const code = unique('ins');
    const one = await user.client.from('rest_guarded').insert({ code, name: 'One', settings: { a: 1 } }).select('code, name, status, owner').single();
    expect(one.error).toBeNull();
    expect(one.status).toBe(201);
    expect(one.data).toEqual({ code, name: 'One', status: 'active', owner: user.id });

    const a = unique('bulk');
    const b = unique('bulk');
    const bulk = await user.client.from('rest_guarded').insert([{ code: a, name: 'A' }, { code: b, name: 'B' }]).select('code');
    expect(bulk.error).toBeNull();
    expect(bulk.data).toEqual(expect.arrayContaining([{ code: a }, { code: b }]));
    expect(bulk.data).toHaveLength(2);

    const star = await user.client.from('rest_guarded').insert({ code: unique('star'), name: 'Star' }).select();
    expectDenied(star);

    const { data } = await db.from('rest_guarded').select('settings').eq('code', code).single();
    expect(data).toEqual({ settings: { a: 1 } });
  });

  it('embeds a to-one resource after insert and update through the foreign key column it did not select', async () => {
    const user = await userClient();
    const code = unique('emb');
    const inserted = await user.client.from('rest_guarded').insert({ code, name: 'Embed', country_id: 2 }).select('name, country:rest_countries(code)').single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ name: 'Embed', country: { code: 'RB' } });

    const updated = await user.client
      .from('rest_guarded')
      .update({ country_id: 1 })
      .eq('code', code)
      .select('code, rest_countries(name)')
      .single();
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ code, rest_countries: { name: 'Rest Arcadia' } });

    const spread = await user.client.from('rest_guarded').update({ name: 'Spread' }).eq('code', code).select('name, ...rest_countries(country_code:code)').single();
    expect(spread.error).toBeNull();
    expect(spread.data).toEqual({ name: 'Spread', country_code: 'RA' });
  });

  it('upserts on a unique column and on the primary key, returning the selected columns', async () => {
    const user = await userClient();
    const code = unique('ups');
    const created = await user.client.from('rest_guarded').upsert({ code, name: 'v1' }, { onConflict: 'code' }).select('code, name').single();
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ code, name: 'v1' });
    const merged = await user.client.from('rest_guarded').upsert({ code, name: 'v2' }, { onConflict: 'code' }).select('id, name').single();
    expect(merged.error).toBeNull();
    const id = (merged.data as { id: number }).id;
    expect(merged.data).toEqual({ id, name: 'v2' });

    const byKey = await user.client.from('rest_guarded').upsert({ id, code, name: 'v3' }).select('name');
    expect(byKey.error).toBeNull();
    expect(byKey.data).toEqual([{ name: 'v3' }]);

    const ignored = await user.client.from('rest_guarded').upsert({ code, name: 'ignored' }, { onConflict: 'code', ignoreDuplicates: true }).select('name');
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);

    const star = await user.client.from('rest_guarded').upsert({ code, name: 'v4' }, { onConflict: 'code' }).select('*');
    expectDenied(star);
    // Merging reads EXCLUDED.settings, which Postgres checks against SELECT on settings: refused, as on PostgREST.
    const writeOnly = await user.client.from('rest_guarded').upsert({ code, name: 'v5', settings: { v: 5 } }, { onConflict: 'code' }).select('name');
    expectDenied(writeOnly);
    const { data } = await db.from('rest_guarded').select('name, settings').eq('code', code).single();
    expect(data).toEqual({ name: 'v3', settings: {} });
  });

  it('replaces a row with PUT, telling created (201) from replaced (200) without reading the whole row', async () => {
    const user = await userClient();
    const id = 2_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
    const code = unique('put');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, Prefer: 'return=representation' };
    const created = await api(`/rest/v1/rest_guarded?id=eq.${id}&select=id,name`, { method: 'PUT', headers, body: JSON.stringify({ id, code, name: 'First' }) });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual([{ id, name: 'First' }]);
    const replaced = await api(`/rest/v1/rest_guarded?id=eq.${id}&select=name`, { method: 'PUT', headers, body: JSON.stringify({ id, code, name: 'Second' }) });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual([{ name: 'Second' }]);
    const minimal = await api(`/rest/v1/rest_guarded?id=eq.${id}`, {
      method: 'PUT',
      headers: { ...headers, Prefer: 'return=minimal' },
      body: JSON.stringify({ id, code, name: 'Third' }),
    });
    expect(minimal.status).toBe(204);
    const star = await api(`/rest/v1/rest_guarded?id=eq.${id}&select=*`, { method: 'PUT', headers, body: JSON.stringify({ id, code, name: 'Never' }) });
    expect(star.status).toBe(403);
    expect(await star.json()).toMatchObject({ code: '42501' });
    const { data } = await db.from('rest_guarded').select('name').eq('id', id).single();
    expect(data).toEqual({ name: 'Third' });
  });

  it('deletes returning the selected columns; select=* is refused and deletes nothing', async () => {
    const user = await userClient();
    const kept = await seed(user);
    const star = await user.client.from('rest_guarded').delete().eq('id', kept.id).select('*');
    expectDenied(star);
    const deleted = await user.client.from('rest_guarded').delete().eq('id', kept.id).select('id, code');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ id: kept.id, code: kept.code }]);
    const { data } = await db.from('rest_guarded').select('id').eq('id', kept.id);
    expect(data).toEqual([]);
  });

  it('answers return=headers-only with a Location built from the primary key alone', async () => {
    const user = await userClient();
    const code = unique('loc');
    const res = await api('/rest/v1/rest_guarded', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, Prefer: 'return=headers-only' },
      body: JSON.stringify({ code, name: 'Located', settings: { x: 1 } }),
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('');
    const location = res.headers.get('location');
    expect(location).toMatch(/^\/rest_guarded\?id=eq\.\d+$/);
    const { data } = await db.from('rest_guarded').select('code').eq('id', Number(location!.split('eq.')[1])).single();
    expect(data).toEqual({ code });
  });

  it('answers return=minimal without reading any column', async () => {
    const user = await userClient();
    const code = unique('min');
    const inserted = await user.client.from('rest_guarded').insert({ code, name: 'Minimal', settings: { m: 1 } });
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toBeNull();
    const updated = await user.client.from('rest_guarded').update({ settings: { m: 2 } }, { count: 'exact' }).eq('code', code);
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(204);
    expect(updated.count).toBe(1);
    const deleted = await user.client.from('rest_guarded').delete({ count: 'exact' }).eq('code', code);
    expect(deleted.error).toBeNull();
    expect(deleted.status).toBe(204);
    expect(deleted.count).toBe(1);
  });

  it('keeps row-level security: another user updates and deletes none of the rows', async () => {
    const owner = await userClient();
    const other = await userClient();
    const row = await seed(owner);
    const updated = await other.client.from('rest_guarded').update({ name: 'Stolen' }).eq('id', row.id).select('id, name');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([]);
    const deleted = await other.client.from('rest_guarded').delete().eq('id', row.id).select('id');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([]);
    const { data } = await owner.client.from('rest_guarded').select('id, name').eq('id', row.id).single();
    expect(data).toEqual({ id: row.id, name: 'Seeded' });
  });
});
