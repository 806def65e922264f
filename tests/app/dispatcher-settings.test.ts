import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, testUsers } from './clients.ts';

/**
 * The dispatcher's own settings through supabase-js as src/lib/dispatcher-settings.ts calls them:
 * one row per dispatcher, read and written only by them (an upsert on user_id, a delete to reset),
 * the database's 23514 details named as the form's fields. As Sofia Ramirez, a seeded acme
 * dispatcher (the demo dispatcher's settings are the board's).
 */
const users = testUsers();
const SOFIA = 'sofia.ramirez@acmelogistics.example';
const COLUMNS = 'user_id, tenant_id, default_board_filters, sound_on_new_unassigned, late_threshold_minutes, auto_assign_mode';

let sofia: SupabaseClient;
let sofiaId: string;
let dana: SupabaseClient;
let admin: SupabaseClient;
let driver: SupabaseClient;
let glen: SupabaseClient;

const details = (error: { details?: string } | null) => JSON.parse(error?.details ?? '[]') as { key?: string; field: string; message: string; params?: Record<string, number> }[];

beforeAll(async () => {
  [sofia, dana, admin, driver, glen] = await Promise.all([SOFIA, 'dispatcher@acme.test', 'admin@acme.test', 'driver@acme.test', 'dispatcher@globex.test'].map(users.as));
  sofiaId = (await sofia.auth.getUser()).data.user!.id;
});

afterAll(async () => {
  await users.release();
});

describe('dispatcher settings', () => {
  it('a dispatcher reads exactly their own row', async () => {
    const { data, error } = await sofia.from('dispatcher_settings').select(COLUMNS);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ user_id: sofiaId, default_board_filters: { kind: 'on_demand' }, sound_on_new_unassigned: false, late_threshold_minutes: 20, auto_assign_mode: 'off' });
    const danas = await dana.from('dispatcher_settings').select(COLUMNS);
    expect(danas.data!.map((r) => r.user_id)).not.toContain(sofiaId);
    expect(danas.data).toHaveLength(1);
  });

  it('admins, drivers, another tenant and anon read none', async () => {
    for (const client of [admin, driver, glen]) {
      const { data } = await client.from('dispatcher_settings').select(COLUMNS).eq('user_id', sofiaId);
      expect(data).toEqual([]);
    }
    expect((await anonClient().from('dispatcher_settings').select(COLUMNS)).error?.code).toBe('42501');
  });

  it('saves by upsert on user_id, and the row keeps its tenant', async () => {
    const settings = { default_board_filters: { kind: 'pickup', window: 'today' }, sound_on_new_unassigned: true, late_threshold_minutes: 30, auto_assign_mode: 'auto' };
    const { data, error } = await sofia.from('dispatcher_settings').upsert({ user_id: sofiaId, ...settings }, { onConflict: 'user_id' }).select(COLUMNS).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ user_id: sofiaId, tenant_id: 'a0000000-0000-4000-8000-000000000001', ...settings });
  });

  it('refuses bad values with details on the fields, and changes nothing', async () => {
    const { error } = await sofia
      .from('dispatcher_settings')
      .upsert({ user_id: sofiaId, default_board_filters: { kind: 'truck', window: 'week', zone_id: 'nope' }, late_threshold_minutes: 241, auto_assign_mode: 'always' }, { onConflict: 'user_id' });
    expect(error?.code).toBe('23514');
    expect(details(error).map((d) => d.field).sort()).toEqual(
      ['auto_assign_mode', 'default_board_filters.kind', 'default_board_filters.window', 'default_board_filters.zone_id', 'late_threshold_minutes'].sort(),
    );
    expect(details(error).find((d) => d.field === 'late_threshold_minutes')).toEqual({
      key: 'dispatcher_settings.late_threshold_range',
      field: 'late_threshold_minutes',
      message: 'Late threshold must be a whole number of minutes from 0 to 240',
      params: { min: 0, max: 240 },
    });
    const { data } = await sofia.from('dispatcher_settings').select('late_threshold_minutes').single();
    expect(data?.late_threshold_minutes).toBe(30);
  });

  it('nobody writes another person\'s row; another tenant\'s zone is not found', async () => {
    const other = await dana.from('dispatcher_settings').upsert({ user_id: sofiaId, late_threshold_minutes: 5 }, { onConflict: 'user_id' });
    expect(other.error?.code).toBe('42501');
    const byAdmin = await admin.from('dispatcher_settings').insert({ late_threshold_minutes: 5 });
    expect(byAdmin.error?.code).toBe('42501');
    const { data: zones } = await glen.from('zones').select('id').limit(1);
    const { error } = await sofia.from('dispatcher_settings').update({ default_board_filters: { zone_id: zones![0]!.id } }).eq('user_id', sofiaId);
    expect(details(error)).toEqual([{ key: 'dispatcher_settings.zone_not_found', field: 'default_board_filters.zone_id', message: 'Zone not found' }]);
  });

  it('reset is a delete of the own row; saving again starts from the defaults', async () => {
    const removed = await sofia.from('dispatcher_settings').delete().eq('user_id', sofiaId).select('user_id');
    expect(removed.data).toHaveLength(1);
    expect((await sofia.from('dispatcher_settings').select(COLUMNS).maybeSingle()).data).toBeNull();
    const { data, error } = await sofia.from('dispatcher_settings').upsert({ user_id: sofiaId, late_threshold_minutes: 0 }, { onConflict: 'user_id' }).select(COLUMNS).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ default_board_filters: {}, sound_on_new_unassigned: true, late_threshold_minutes: 0, auto_assign_mode: 'suggest' });
  });
});
