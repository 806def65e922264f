import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, TENANT, testUsers, unique, USER } from './clients.ts';

/**
 * Customer delivery preferences through supabase-js as the seeded users, as
 * features/customer-preferences/api.ts calls them: admins write, dispatchers read all of their
 * tenant, a customer reads their own, drivers and other tenants nothing; bad input comes back as
 * PostgREST's error with `details` holding the [{field, message}] the form applies (the form's words);
 * customer_preference_for is the delivery form's suggestion.
 */
const service = serviceClient();
const users = testUsers();
const EMILY = 'a1000000-0000-4000-8000-000000000109';
const PREFIX = 'T-pref';

let acmeAdmin: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let acmeDriver: SupabaseClient;
let acmeCustomer: SupabaseClient;
let globexAdmin: SupabaseClient;
let globexCustomer: SupabaseClient;
/** Addresses of Emily Foster made for this file: no preference uses them yet. */
let home: string;
let work: string;
/** An address of another acme customer. */
let carlaAddress: string;

async function addressOf(userId: string, title: string): Promise<string> {
  const { data, error } = await service
    .from('addresses')
    .insert({
      tenant_id: TENANT.acme,
      user_id: userId,
      title: { en: title },
      address_line1: '1 Ferry Building',
      building: 'Ferry Building',
      street: 'The Embarcadero',
      city: 'San Francisco',
      state: 'California',
      postal_code: '94111',
      country: 'United States',
      contact_info: { full_name: 'Test Person', phone: '+1 415 555 0100', email: 'test.person@mail.example' },
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

beforeAll(async () => {
  [acmeAdmin, acmeDispatcher, acmeDriver, acmeCustomer, globexAdmin, globexCustomer] = await Promise.all(
    ['admin@acme.test', 'dispatcher@acme.test', 'driver@acme.test', 'customer@acme.test', 'admin@globex.test', 'customer@globex.test'].map(users.as),
  );
  [home, work, carlaAddress] = await Promise.all([addressOf(EMILY, unique(`${PREFIX} home`)), addressOf(EMILY, unique(`${PREFIX} work`)), addressOf(USER.acmeCustomer, unique(`${PREFIX} carla`))]);
});

afterAll(async () => {
  await users.release();
  await service.from('customer_preferences').delete().like('name', `${PREFIX}%`);
  await service.from('addresses').delete().in('id', [home, work, carlaAddress]);
});

function preference(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tenant_id: TENANT.acme,
    customer_id: EMILY,
    location_id: home,
    name: unique(PREFIX),
    description: 'Made by the API tests',
    preferred_day_of_week: 4,
    preferred_time_start: '17:00',
    preferred_time_end: '19:30',
    delivery_instructions: 'Ring twice',
    delivery_options: {
      signature_required: true,
      leave_with_neighbor: false,
      leave_at_door: false,
      requires_appointment: false,
      package_handling: { fragile: true, temperature_sensitive: false },
      authorized_receivers: [{ name: 'Ruth Owens', relationship: 'Neighbour', contact: '+1 415 555 0233' }],
    },
    contact_preferences: {
      notification_methods: [{ type: 'sms', enabled: true, contact: '+1 415 555 0209' }],
      notification_events: { on_dispatch: true, day_before: true, day_of: true, hour_before: false, on_arrival: true, on_completion: true },
      language: 'fr',
    },
    ...overrides,
  };
}

interface FieldError {
  key?: string;
  field: string;
  message: string;
}

function fieldErrors(details: string | undefined): FieldError[] {
  return JSON.parse(details ?? 'null') as FieldError[];
}

/** The refusal of an insert by the acme admin: code, message and the details as {field: message}. */
async function refusal(overrides: Record<string, unknown>) {
  const { data, error } = await acmeAdmin.from('customer_preferences').insert(preference(overrides)).select('id');
  expect(data).toBeNull();
  expect(error?.code).toBe('23514');
  expect(error?.message).toBe('Validation failed');
  return Object.fromEntries(fieldErrors(error?.details).map((e) => [e.field, e.message]));
}

describe('customer preferences: who reads', () => {
  it('admins and dispatchers read their tenant\'s, with the customer and location names of the list view', async () => {
    for (const [client, tenant] of [[acmeAdmin, TENANT.acme], [acmeDispatcher, TENANT.acme], [globexAdmin, TENANT.globex]] as const) {
      const { data, error } = await client.from('customer_preference_rows').select('tenant_id, name, customer_name, location_address');
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThan(0);
      expect(data!.every((row) => row.tenant_id === tenant && row.customer_name && row.location_address)).toBe(true);
    }
    const { data } = await acmeDispatcher
      .from('customer_preference_rows')
      .select('customer_name, preferred_day_of_week, preferred_time_start, preferred_time_end, contact_preferences')
      .eq('name', 'Bakery early delivery')
      .single();
    expect(data).toMatchObject({ customer_name: 'Mei Tanaka', preferred_day_of_week: 1, preferred_time_start: '05:30', preferred_time_end: '07:00' });
    expect((data!.contact_preferences as { language: string }).language).toBe('en');
  });

  it('a customer reads only their own; drivers and anon nothing', async () => {
    const own = await acmeCustomer.from('customer_preferences').select('customer_id');
    expect(own.error).toBeNull();
    expect(own.data!.length).toBeGreaterThan(0);
    expect(own.data!.every((row) => row.customer_id === USER.acmeCustomer)).toBe(true);
    const globex = await globexCustomer.from('customer_preference_rows').select('customer_id, tenant_id');
    expect(globex.data!.every((row) => row.customer_id === USER.globexCustomer && row.tenant_id === TENANT.globex)).toBe(true);

    const driver = await acmeDriver.from('customer_preferences').select('id');
    expect(driver.error).toBeNull();
    expect(driver.data).toEqual([]);
    const anon = await anonClient().from('customer_preferences').select('id');
    expect(anon.error?.code).toBe('42501');
  });

  it('the list as the screen asks for it: search across customer names, a day filter, an exact total', async () => {
    const { data, count, error } = await acmeAdmin
      .from('customer_preference_rows')
      .select('name, customer_name, preferred_day_of_week', { count: 'exact' })
      .eq('tenant_id', TENANT.acme)
      .or('name.ilike.%carla%,customer_name.ilike.%carla%,customer_email.ilike.%carla%,location_title.ilike.%carla%,location_address.ilike.%carla%')
      .eq('preferred_day_of_week', 2)
      .order('created_at', { ascending: false })
      .range(0, 24);
    expect(error).toBeNull();
    expect(count).toBe(1);
    expect(data).toEqual([{ name: 'Weekday evening drop-off', customer_name: 'Carla Customer', preferred_day_of_week: 2 }]);
  });
});

describe('customer preferences: who writes', () => {
  it('an admin creates, reads back the whole shape with its defaults, updates and deletes', async () => {
    const write = preference();
    const { data, error } = await acmeAdmin.from('customer_preferences').insert(write).select('*').single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      customer_id: EMILY,
      location_id: home,
      preferred_day_of_week: 4,
      preferred_time_start: '17:00',
      preferred_time_end: '19:30',
      is_active: true,
      delivery_options: write.delivery_options,
      contact_preferences: write.contact_preferences,
      notification_preferences: { email_notifications: true, sms_notifications: true, push_notifications: true },
      delivery_preferences: { preferred_delivery_time: null, preferred_delivery_days: [], delivery_instructions: null, signature_required: false },
    });

    const updated = await acmeAdmin.from('customer_preferences').update({ preferred_time_start: '18:00', is_active: false }).eq('id', data!.id).select('preferred_time_start, is_active');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ preferred_time_start: '18:00', is_active: false }]);

    const trail = await acmeAdmin.from('audit_log').select('action').eq('table_name', 'customer_preferences').eq('row_id', data!.id).order('created_at');
    expect(trail.data!.map((e) => e.action)).toEqual(['insert', 'update']);

    const removed = await acmeAdmin.from('customer_preferences').delete().eq('id', data!.id).select('id');
    expect(removed.data).toEqual([{ id: data!.id }]);
  });

  it('dispatchers, customers, drivers and other tenants change nothing', async () => {
    const { data: created } = await acmeAdmin.from('customer_preferences').insert(preference({ location_id: work })).select('id').single();
    for (const client of [acmeDispatcher, acmeCustomer, acmeDriver]) {
      const insert = await client.from('customer_preferences').insert(preference({ location_id: work, name: unique(PREFIX) }));
      expect(insert.error?.code).toBe('42501');
      const update = await client.from('customer_preferences').update({ name: 'Changed' }).eq('id', created!.id).select('id');
      expect(update.data ?? []).toEqual([]);
      const remove = await client.from('customer_preferences').delete().eq('id', created!.id).select('id');
      expect(remove.data ?? []).toEqual([]);
    }
    const foreign = await globexAdmin.from('customer_preferences').update({ name: 'Stolen' }).eq('id', created!.id).select('id');
    expect(foreign.data).toEqual([]);
    const intoAcme = await globexAdmin.from('customer_preferences').insert(preference({ name: unique(PREFIX) }));
    expect(intoAcme.error?.code).toBe('42501');
    await acmeAdmin.from('customer_preferences').delete().eq('id', created!.id);
  });
});

describe('customer preferences: the form rules in the database', () => {
  it('an empty write: every required field with its message, on the form\'s field names', async () => {
    expect(
      await refusal({
        customer_id: null,
        location_id: null,
        name: ' ',
        preferred_day_of_week: null,
        preferred_time_start: '',
        preferred_time_end: null,
        contact_preferences: { notification_methods: [], language: '' },
      }),
    ).toEqual({
      customer_id: 'Customer is required',
      location_id: 'Location is required',
      name: 'Name is required',
      preferred_day_of_week: 'Day of week is required',
      preferred_time_start: 'Start time is required',
      preferred_time_end: 'End time is required',
      'contact_preferences.language': 'Language is required',
    });
  });

  it('day of week 0-6 and HH:mm times', async () => {
    expect(await refusal({ preferred_day_of_week: 7 })).toEqual({ preferred_day_of_week: 'Invalid day of week' });
    expect(await refusal({ preferred_time_start: '7:00', preferred_time_end: '24:00' })).toEqual({
      preferred_time_start: 'Invalid time format (HH:mm)',
      preferred_time_end: 'Invalid time format (HH:mm)',
    });
  });

  it('end after start, on the end field, both ways', async () => {
    expect(await refusal({ preferred_time_start: '12:00', preferred_time_end: '11:59' })).toEqual({ preferred_time_end: 'End time must be after start time' });
    expect(await refusal({ preferred_time_start: '12:00', preferred_time_end: '12:00' })).toEqual({ preferred_time_end: 'End time must be after start time' });
    const { data } = await acmeAdmin.from('customer_preferences').insert(preference({ location_id: work })).select('id').single();
    const moved = await acmeAdmin.from('customer_preferences').update({ preferred_time_start: '20:00' }).eq('id', data!.id);
    expect(moved.error?.code).toBe('23514');
    expect(fieldErrors(moved.error?.details)).toEqual([{ key: 'preferences.end_before_start', field: 'preferred_time_end', message: 'End time must be after start time' }]);
    await acmeAdmin.from('customer_preferences').delete().eq('id', data!.id);
  });

  it('receivers and notification methods: each row\'s fields', async () => {
    expect(
      await refusal({
        delivery_options: { authorized_receivers: [{ name: '', relationship: '', contact: '' }] },
        contact_preferences: { notification_methods: [{ type: '', enabled: true, contact: ' ' }, { type: 'email', enabled: true, contact: 'nope' }], language: 'es' },
      }),
    ).toEqual({
      'delivery_options.authorized_receivers.0.name': 'Name is required',
      'delivery_options.authorized_receivers.0.relationship': 'Relationship is required',
      'delivery_options.authorized_receivers.0.contact': 'Contact is required',
      'contact_preferences.notification_methods.0.type': 'Notification type is required',
      'contact_preferences.notification_methods.0.contact': 'Contact is required',
      'contact_preferences.notification_methods.1.contact': 'Valid email is required',
    });
    expect(await refusal({ contact_preferences: { notification_methods: [], language: 'de' } })).toEqual({ 'contact_preferences.language': 'Language must be en, es or fr' });
  });

  it('the customer is a customer of the tenant, the location one of their addresses, one active preference per location', async () => {
    expect(await refusal({ customer_id: USER.acmeDriver })).toMatchObject({ customer_id: 'Customer must be a customer of this business' });
    expect(await refusal({ customer_id: USER.globexCustomer })).toMatchObject({ customer_id: 'Customer must be a customer of this business' });
    expect(await refusal({ location_id: carlaAddress })).toEqual({ location_id: 'Location must be one of the customer\'s addresses' });
    const { error } = await acmeAdmin.from('customer_preferences').insert(preference());
    expect(error).toBeNull();
    expect(await refusal({})).toEqual({ location_id: 'This customer already has an active preference for this location' });
    const retired = await acmeAdmin.from('customer_preferences').insert(preference({ is_active: false }));
    expect(retired.error).toBeNull();
  });
});

describe('customer_preference_for', () => {
  it('gives the active window and instructions to whoever may read the preference, null to others', async () => {
    const { data: created } = await acmeAdmin
      .from('customer_preferences')
      .insert(preference({ location_id: work, preferred_time_start: '08:15', preferred_time_end: '09:45' }))
      .select('id, name')
      .single();
    const args = { customer_id: EMILY, location_id: work };
    const asDispatcher = await acmeDispatcher.rpc('customer_preference_for', args);
    expect(asDispatcher.error).toBeNull();
    expect(asDispatcher.data).toMatchObject({
      id: created!.id,
      name: created!.name,
      preferred_day_of_week: 4,
      preferred_time_start: '08:15',
      preferred_time_end: '09:45',
      delivery_instructions: 'Ring twice',
      signature_required: true,
      leave_at_door: false,
      authorized_receivers: [{ name: 'Ruth Owens', relationship: 'Neighbour', contact: '+1 415 555 0233' }],
    });
    for (const client of [acmeDriver, acmeCustomer, globexAdmin]) {
      const { data, error } = await client.rpc('customer_preference_for', args);
      expect(error).toBeNull();
      expect(data).toBeNull();
    }
    await acmeAdmin.from('customer_preferences').update({ is_active: false }).eq('id', created!.id);
    const retired = await acmeAdmin.rpc('customer_preference_for', args);
    expect(retired.data).toBeNull();
  });
});
