import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, eventually, listen, serviceClient, TENANT, testUsers, unique, USER } from './clients.ts';

/**
 * Tenancy through supabase-js as the seeded users: row-level security and column grants are the
 * only guard, so each rule is exercised the way the app (or anyone with the anon key) would call.
 * Other test files share the stack and add users, so lists are checked by property, not by count.
 */
const service = serviceClient();
const anon = anonClient();
const users = testUsers();

let acmeAdmin: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let acmeDriver: SupabaseClient;
let acmeCustomer: SupabaseClient;
let globexAdmin: SupabaseClient;
let orphan: SupabaseClient;

beforeAll(async () => {
  [acmeAdmin, acmeDispatcher, acmeDriver, acmeCustomer, globexAdmin, orphan] = await Promise.all(
    ['admin@acme.test', 'dispatcher@acme.test', 'driver@acme.test', 'customer@acme.test', 'admin@globex.test', 'orphan@acme.test'].map(users.as),
  );
});

afterAll(async () => {
  await users.release();
});

const PROFILE_COLUMNS = 'id, tenant_id, panel_type, roles, full_name, email, user_type, status';

describe('profiles', () => {
  it('each user reads their own profile with its tenant and panel', async () => {
    const cases: [SupabaseClient, string, string, string][] = [
      [acmeAdmin, USER.acmeAdmin, TENANT.acme, 'admin'],
      [acmeDispatcher, USER.acmeDispatcher, TENANT.acme, 'dispatcher'],
      [acmeDriver, USER.acmeDriver, TENANT.acme, 'driver'],
      [acmeCustomer, USER.acmeCustomer, TENANT.acme, 'customer'],
      [globexAdmin, USER.globexAdmin, TENANT.globex, 'admin'],
    ];
    for (const [client, id, tenant, panel] of cases) {
      const { data, error } = await client.from('profiles').select(`${PROFILE_COLUMNS}, tenant:tenants(id, slug)`).eq('id', id).single();
      expect(error).toBeNull();
      expect(data).toMatchObject({ id, tenant_id: tenant, panel_type: panel, status: 'active', tenant: { id: tenant } });
    }
    const { data: business } = await (await users.as('business@acme.test')).from('profiles').select(PROFILE_COLUMNS).eq('id', USER.acmeBusiness).single();
    expect(business).toMatchObject({ panel_type: 'customer', user_type: 'business', full_name: 'Boris Business', email: 'business@acme.test' });
  });

  it('admins and dispatchers see only their own tenant, all of its people', async () => {
    for (const [client, tenant] of [[acmeAdmin, TENANT.acme], [acmeDispatcher, TENANT.acme], [globexAdmin, TENANT.globex]] as const) {
      const { data, error } = await client.from('profiles').select('id, tenant_id');
      expect(error).toBeNull();
      expect(data!.every((p) => p.tenant_id === tenant)).toBe(true);
      const ids = data!.map((p) => p.id);
      if (tenant === TENANT.acme) expect(ids).toEqual(expect.arrayContaining([USER.acmeAdmin, USER.acmeDispatcher, USER.acmeDriver, USER.acmeCustomer, USER.acmeBusiness]));
      else expect(ids).toEqual(expect.arrayContaining([USER.globexAdmin, USER.globexDispatcher, USER.globexDriver, USER.globexCustomer]));
    }
  });

  it('a driver sees their tenant staff, and of the customers only those of the deliveries they carry', async () => {
    const { data } = await acmeDriver.from('profiles').select('id, tenant_id, panel_type');
    const ids = data!.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([USER.acmeAdmin, USER.acmeDispatcher, USER.acmeDriver]));
    expect(data!.every((p) => p.tenant_id === TENANT.acme)).toBe(true);
    const { data: carried } = await acmeDriver
      .from('deliveries')
      .select('customer_id')
      .eq('driver_id', USER.acmeDriver)
      .in('status', ['assigned', 'accepted', 'picked_up', 'in_transit']);
    const theirCustomers = new Set(carried!.map((d) => d.customer_id));
    expect(data!.filter((p) => p.panel_type === 'customer').every((p) => theirCustomers.has(p.id))).toBe(true);
  });

  it('a customer sees themselves and their tenant staff, never other customers', async () => {
    const { data } = await acmeCustomer.from('profiles').select('id, tenant_id, panel_type');
    const ids = data!.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([USER.acmeCustomer, USER.acmeAdmin, USER.acmeDispatcher, USER.acmeDriver]));
    expect(ids).not.toContain(USER.acmeBusiness);
    expect(data!.every((p) => p.tenant_id === TENANT.acme && (p.panel_type !== 'customer' || p.id === USER.acmeCustomer))).toBe(true);
  });

  it('cross-tenant reads return nothing, whatever the filter', async () => {
    const { data: byId } = await acmeAdmin.from('profiles').select('id').eq('id', USER.globexAdmin);
    expect(byId).toEqual([]);
    const { data: byTenant } = await acmeAdmin.from('profiles').select('id').eq('tenant_id', TENANT.globex);
    expect(byTenant).toEqual([]);
    const { data: notes } = await globexAdmin.from('notifications').select('id').eq('tenant_id', TENANT.acme);
    expect(notes).toEqual([]);
  });

  it('a user without a profile sees no tenant data', async () => {
    expect((await orphan.from('profiles').select('id')).data).toEqual([]);
    expect((await orphan.from('notifications').select('id')).data).toEqual([]);
    const { data: tenants } = await orphan.from('tenants').select('slug').in('slug', ['acme', 'globex']).order('slug');
    expect(tenants).toEqual([{ slug: 'acme' }, { slug: 'globex' }]);
  });

  it('a user updates their own names, phone and avatar, nothing else', async () => {
    const { error } = await acmeDriver.from('profiles').update({ first_name: 'Derek', last_name: 'Driver', phone: '+1 415 555 0111', avatar_url: 'https://example.test/d.png' }).eq('id', USER.acmeDriver);
    expect(error).toBeNull();
    const { data } = await service.from('profiles').select('phone, avatar_url').eq('id', USER.acmeDriver).single();
    expect(data).toEqual({ phone: '+1 415 555 0111', avatar_url: 'https://example.test/d.png' });

    const panel = await acmeDriver.from('profiles').update({ panel_type: 'admin' }).eq('id', USER.acmeDriver);
    expect(panel.error?.code).toBe('42501');
    const roles = await acmeDriver.from('profiles').update({ roles: ['driver', 'admin'] }).eq('id', USER.acmeDriver);
    expect(roles.error?.code).toBe('42501');
    const tenant = await acmeDriver.from('profiles').update({ tenant_id: TENANT.globex }).eq('id', USER.acmeDriver);
    expect(tenant.error?.code).toBe('42501');
    const email = await acmeDriver.from('profiles').update({ email: 'someone@else.test' }).eq('id', USER.acmeDriver);
    expect(email.error?.code).toBe('42501');
  });

  it("a user cannot update or delete someone else's profile", async () => {
    const { data: updated } = await acmeDispatcher.from('profiles').update({ first_name: 'Hacked' }).eq('id', USER.acmeDriver).select('id');
    expect(updated).toEqual([]);
    const { data: deleted } = await acmeDispatcher.from('profiles').delete().eq('id', USER.acmeDriver).select('id');
    expect(deleted).toEqual([]);
    const { data } = await service.from('profiles').select('first_name').eq('id', USER.acmeDriver).single();
    expect(data).toEqual({ first_name: 'Derek' });
  });

  it("tenant admins add, change and remove their tenant's people, and only theirs", async () => {
    const email = `${unique('hired')}@example.test`;
    const { data: created, error: createError } = await service.auth.admin.createUser({ email, password: 'Hired!2026x', email_confirm: true });
    expect(createError).toBeNull();
    const id = created.user!.id;

    const foreign = await globexAdmin.from('profiles').insert({ id, tenant_id: TENANT.acme, panel_type: 'admin' });
    expect(foreign.error?.code).toBe('42501');
    const byDispatcher = await acmeDispatcher.from('profiles').insert({ id, tenant_id: TENANT.acme, panel_type: 'driver' });
    expect(byDispatcher.error?.code).toBe('42501');

    const { error: insertError } = await acmeAdmin.from('profiles').insert({ id, tenant_id: TENANT.acme, panel_type: 'driver', roles: ['driver'], first_name: 'Hal' });
    expect(insertError).toBeNull();
    const { data: row } = await acmeAdmin.from('profiles').select('email, full_name, panel_type').eq('id', id).single();
    expect(row).toEqual({ email, full_name: 'Hal', panel_type: 'driver' });

    const { error: promote } = await acmeAdmin.from('profiles').update({ panel_type: 'dispatcher', roles: ['dispatcher'], status: 'inactive' }).eq('id', id);
    expect(promote).toBeNull();
    const move = await acmeAdmin.from('profiles').update({ tenant_id: TENANT.globex }).eq('id', id);
    expect(move.error?.code).toBe('42501');
    const { data: fromGlobex } = await globexAdmin.from('profiles').update({ status: 'active' }).eq('id', id).select('id');
    expect(fromGlobex).toEqual([]);
    const { data: notRemoved } = await globexAdmin.from('profiles').delete().eq('id', id).select('id');
    expect(notRemoved).toEqual([]);

    const { data: removed, error: deleteError } = await acmeAdmin.from('profiles').delete().eq('id', id).select('id');
    expect(deleteError).toBeNull();
    expect(removed).toEqual([{ id }]);
    await service.auth.admin.deleteUser(id);
  });

  it('anon reads no profile and writes none', async () => {
    expect((await anon.from('profiles').select('id')).error?.code).toBe('42501');
    expect((await anon.from('profiles').insert({ id: USER.orphan, tenant_id: TENANT.acme, panel_type: 'admin' })).error?.code).toBe('42501');
  });
});

describe('tenants', () => {
  const PUBLIC = 'id, slug, name, logo_url, contact_info, brand_settings, status';

  it('anon reads the public face of active tenants', async () => {
    const { data, error } = await anon.from('tenants').select(PUBLIC).in('slug', ['acme', 'globex']).order('slug');
    expect(error).toBeNull();
    expect(data!.map((t) => [t.slug, t.name.en, t.status])).toEqual([['acme', 'Acme Logistics', 'active'], ['globex', 'Globex Freight', 'active']]);
    expect(data![0].brand_settings.colors.primary).not.toBe(data![1].brand_settings.colors.primary);
    expect(data![0].brand_settings.configurations.font).not.toBe(data![1].brand_settings.configurations.font);
  });

  it('refuses settings (and *) to anon and to members alike: members use get_tenant_settings', async () => {
    for (const client of [anon, acmeAdmin, acmeCustomer]) {
      expect((await client.from('tenants').select('settings')).error?.code).toBe('42501');
      expect((await client.from('tenants').select('*')).error?.code).toBe('42501');
    }
    const { data, error } = await acmeCustomer.rpc('get_tenant_settings', { p_tenant_id: TENANT.acme });
    expect(error).toBeNull();
    expect(data.general.default_location_cordinates.settings).toEqual({ latitude: 37.7749, longitude: -122.4194 });
    expect((await acmeCustomer.rpc('get_tenant_settings', { p_tenant_id: TENANT.globex })).error?.code).toBe('42501');
    expect((await orphan.rpc('get_tenant_settings', { p_tenant_id: TENANT.acme })).error?.code).toBe('42501');
    expect((await anon.rpc('get_tenant_settings', { p_tenant_id: TENANT.acme })).error?.code).toBe('42501');
  });

  it('hides inactive tenants from anon and from non-members', async () => {
    const slug = unique('dormant').replace(/[^a-z0-9-]/g, '');
    await service.from('tenants').insert({ slug, name: { en: 'Dormant' }, status: 'suspended' });
    expect((await anon.from('tenants').select('id').eq('slug', slug)).data).toEqual([]);
    expect((await acmeAdmin.from('tenants').select('id').eq('slug', slug)).data).toEqual([]);
    await service.from('tenants').delete().eq('slug', slug);
  });

  it('admins update their tenant (brand, contact, settings), nobody else does, and nobody changes slug or status', async () => {
    const brand = { colors: { primary: '#123456' }, configurations: { font: 'Inter' } };
    const { data: before } = await service.from('tenants').select('brand_settings, settings').eq('id', TENANT.acme).single();
    const { error } = await acmeAdmin.from('tenants').update({ brand_settings: brand, settings: { general: {} } }).eq('id', TENANT.acme);
    expect(error).toBeNull();
    expect((await acmeAdmin.rpc('get_tenant_settings', { p_tenant_id: TENANT.acme })).data).toEqual({ general: {} });
    await service.from('tenants').update(before!).eq('id', TENANT.acme);

    // return=minimal: the stack's return=representation RETURNs every column, which the column grants refuse.
    for (const client of [acmeDispatcher, acmeCustomer, globexAdmin]) {
      const { error, count } = await client.from('tenants').update({ name: { en: 'Hijacked' } }, { count: 'exact' }).eq('id', TENANT.acme);
      expect(error).toBeNull();
      expect(count).toBe(0);
    }
    expect((await acmeAdmin.from('tenants').update({ slug: 'acme2' }).eq('id', TENANT.acme)).error?.code).toBe('42501');
    expect((await acmeAdmin.from('tenants').update({ status: 'suspended' }).eq('id', TENANT.acme)).error?.code).toBe('42501');
    expect((await acmeAdmin.from('tenants').insert({ slug: 'mine', name: { en: 'Mine' } })).error?.code).toBe('42501');
    expect((await acmeAdmin.from('tenants').delete().eq('id', TENANT.acme)).error?.code).toBe('42501');
    const { data: name } = await anon.from('tenants').select('name').eq('id', TENANT.acme).single();
    expect(name).toEqual({ name: { en: 'Acme Logistics' } });
  });

  it('the system brand is readable by anyone and writable by no API user', async () => {
    const { data, error } = await anon.from('system_settings').select('key, value').eq('key', 'brand').single();
    expect(error).toBeNull();
    expect(data!.value.colors.primary).toBeTruthy();
    expect((await acmeAdmin.from('system_settings').update({ value: {} }).eq('key', 'brand')).error?.code).toBe('42501');
    expect((await anon.from('system_settings').insert({ key: 'x', value: {} })).error?.code).toBe('42501');
  });
});

describe('notifications', () => {
  it('each user reads only their own', async () => {
    for (const [client, id, tenant] of [[acmeAdmin, USER.acmeAdmin, TENANT.acme], [acmeCustomer, USER.acmeCustomer, TENANT.acme], [globexAdmin, USER.globexAdmin, TENANT.globex]] as const) {
      const { data, error } = await client.from('notifications').select('user_id, tenant_id, title').order('created_at', { ascending: false }).range(0, 49);
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(4);
      expect(data!.every((n) => n.user_id === id && n.tenant_id === tenant)).toBe(true);
    }
  });

  it('notification_stats and mark_all_notifications_read work on the caller only', async () => {
    const business = await users.as('business@acme.test');
    const before = await business.rpc('notification_stats');
    expect(before.error).toBeNull();
    expect(before.data).toEqual({ total: 4, unread: 2 });
    const othersBefore = (await acmeCustomer.rpc('notification_stats')).data as { unread: number };

    const marked = await business.rpc('mark_all_notifications_read');
    expect(marked).toMatchObject({ error: null, data: 2 });
    expect((await business.rpc('notification_stats')).data).toEqual({ total: 4, unread: 0 });
    expect((await business.rpc('mark_all_notifications_read')).data).toBe(0);
    expect((await acmeCustomer.rpc('notification_stats')).data).toEqual(othersBefore);
    expect((await anon.rpc('notification_stats')).error?.code).toBe('42501');
  });

  it('a user marks their own read, changes nothing else, and touches no one else’s', async () => {
    const { data: mine } = await acmeDriver.from('notifications').select('id').is('read_at', null).limit(1).single();
    const readAt = new Date().toISOString();
    expect((await acmeDriver.from('notifications').update({ read_at: readAt }).eq('id', mine!.id)).error).toBeNull();
    expect((await acmeDriver.from('notifications').update({ title: 'Edited' }).eq('id', mine!.id)).error?.code).toBe('42501');
    expect((await acmeDriver.from('notifications').delete().eq('id', mine!.id)).error?.code).toBe('42501');
    expect((await acmeDriver.from('notifications').insert({ tenant_id: TENANT.acme, user_id: USER.acmeDriver, title: 'Self' })).error?.code).toBe('42501');

    const { data: theirs } = await service.from('notifications').select('id').eq('user_id', USER.acmeDispatcher).is('read_at', null).limit(1).single();
    const { data: touched } = await acmeDriver.from('notifications').update({ read_at: readAt }).eq('id', theirs!.id).select('id');
    expect(touched).toEqual([]);
    expect((await service.from('notifications').select('read_at').eq('id', theirs!.id).single()).data).toEqual({ read_at: null });
  });

  it('refuses a notification whose user is not of its tenant', async () => {
    const { error } = await service.from('notifications').insert({ tenant_id: TENANT.globex, user_id: USER.acmeCustomer, title: 'Wrong tenant' });
    expect(error?.code).toBe('23503');
  });
});

describe('live notifications', () => {
  const topicOf = (tenant: string, user: string) => `tenant:${tenant}:notifications:${user}`;

  it('reaches its user, not another user of the tenant, nor another tenant', async () => {
    const customer = await listen(acmeCustomer, topicOf(TENANT.acme, USER.acmeCustomer));
    const driver = await listen(acmeDriver, topicOf(TENANT.acme, USER.acmeDriver));
    const globex = await listen(globexAdmin, topicOf(TENANT.globex, USER.globexAdmin));

    const title = unique('Parcel arrived');
    const { data: inserted, error } = await service.from('notifications').insert({ tenant_id: TENANT.acme, user_id: USER.acmeCustomer, title, link: '/acme/customer' }).select('id').single();
    expect(error).toBeNull();
    await eventually(() => customer.received.length > 0);
    expect(customer.received[0]).toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', table: 'notifications', record: { id: inserted!.id, title, user_id: USER.acmeCustomer, read_at: null } },
    });

    await acmeCustomer.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', inserted!.id);
    await eventually(() => customer.received.length > 1);
    expect(customer.received[1]).toMatchObject({ event: 'UPDATE', payload: { record: { id: inserted!.id } } });

    // The driver's own topic works: a notification of theirs arrives after the customer's did.
    await service.from('notifications').insert({ tenant_id: TENANT.acme, user_id: USER.acmeDriver, title: unique('For the driver') });
    await eventually(() => driver.received.length > 0);
    expect(driver.received.every((m) => (m as { payload: { record: { user_id: string } } }).payload.record.user_id === USER.acmeDriver)).toBe(true);
    expect(globex.received).toEqual([]);
  });

  it("refuses to let a user join another user's or another tenant's topic", async () => {
    await expect(listen(acmeDriver, topicOf(TENANT.acme, USER.acmeCustomer))).rejects.toThrow();
    await expect(listen(globexAdmin, topicOf(TENANT.acme, USER.acmeCustomer))).rejects.toThrow();
    await expect(listen(globexAdmin, topicOf(TENANT.acme, USER.globexAdmin))).rejects.toThrow();
    await expect(listen(acmeAdmin, `tenant:${TENANT.acme}:notifications`)).rejects.toThrow();
    await expect(listen(orphan, topicOf(TENANT.acme, USER.orphan))).rejects.toThrow();
  });

  it('lets a member join their tenant topics', async () => {
    const { channel } = await listen(acmeDispatcher, `tenant:${TENANT.acme}:deliveries`);
    expect(channel.state).toBe('joined');
  });
});
