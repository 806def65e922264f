import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, TENANT, testUsers, unique, USER } from './clients.ts';

/**
 * Addresses through supabase-js, with the query shapes features/addresses/api.ts sends: a person's
 * or the tenant's own (or=user_id...), search across columns and the title's JSON (or=...ilike),
 * Default first, an exact count; writes refused with PostgREST's error whose `details` is the JSON
 * array of {field, message} the form applies; one Default per owner.
 */
const service = serviceClient();
const users = testUsers();

let acmeAdmin: SupabaseClient;
let acmeCustomer: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let globexAdmin: SupabaseClient;

const made: string[] = [];

beforeAll(async () => {
  [acmeAdmin, acmeCustomer, acmeDispatcher, globexAdmin] = await Promise.all(
    ['admin@acme.test', 'customer@acme.test', 'dispatcher@acme.test', 'admin@globex.test'].map(users.as),
  );
});

afterAll(async () => {
  await users.release();
  if (made.length > 0) await service.from('addresses').delete().in('id', made);
});

function address(title: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tenant_id: TENANT.acme,
    user_id: USER.acmeCustomer,
    title: { en: title },
    address_type: 'billing',
    address_line1: '600 Guerrero St',
    building: 'Guerrero Flats',
    street: 'Guerrero St',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94110',
    country: 'United States',
    latitude: 37.7612,
    longitude: -122.4241,
    is_primary: false,
    metadata: { delivery_instructions: null, landmark: null, location: { lat: 37.7612, lng: -122.4241 } },
    contact_info: { full_name: 'Carla Customer', phone: '+1 415 555 0104', email: 'customer@acme.test' },
    ...overrides,
  };
}

const searchOr = (term: string) =>
  ['full_address', 'address_line1', 'address_line2', 'postal_code', 'title->>en', 'contact_info->>full_name'].map((c) => `${c}.ilike.*${term}*`).join(',');

describe('addresses through the API', () => {
  it('a person adds their own; the list finds it by its title, Default first, with the exact total', async () => {
    const title = unique('Loft');
    const { data: row, error } = await acmeCustomer.from('addresses').insert(address(title)).select('id, full_address').single();
    expect(error).toBeNull();
    made.push(row!.id);
    expect(row!.full_address).toBe('Guerrero Flats, Guerrero St, San Francisco, CA, United States');

    const { data, count, error: listError } = await acmeAdmin
      .from('addresses')
      .select('id, title, is_primary', { count: 'exact' })
      .eq('tenant_id', TENANT.acme)
      .or(`user_id.eq.${USER.acmeCustomer}`)
      .or(searchOr(title))
      .eq('address_type', 'billing')
      .order('is_primary', { ascending: false })
      .order('created_at', { ascending: false })
      .range(0, 4);
    expect(listError).toBeNull();
    expect(count).toBe(1);
    expect(data?.[0]?.id).toBe(row!.id);

    const { data: all } = await acmeAdmin.from('addresses').select('is_primary').eq('tenant_id', TENANT.acme).or(`user_id.eq.${USER.acmeCustomer}`).order('is_primary', { ascending: false });
    expect(all?.[0]?.is_primary).toBe(true);
  });

  it('the tenant\'s own addresses (user_id null) are the admins\' and dispatchers\' to read, not a customer\'s', async () => {
    const forAdmin = await acmeAdmin.from('addresses').select('id').eq('tenant_id', TENANT.acme).or('user_id.is.null').limit(100);
    expect(forAdmin.data?.length).toBeGreaterThanOrEqual(4);
    const forDispatcher = await acmeDispatcher.from('addresses').select('id').eq('tenant_id', TENANT.acme).or('user_id.is.null').limit(100);
    expect(forDispatcher.data?.length).toBe(forAdmin.data?.length);
    const forCustomer = await acmeCustomer.from('addresses').select('id').eq('tenant_id', TENANT.acme).or('user_id.is.null');
    expect(forCustomer.data).toEqual([]);
    const acrossTenants = await globexAdmin.from('addresses').select('id').eq('tenant_id', TENANT.acme);
    expect(acrossTenants.data).toEqual([]);
  });

  it('refuses a bad address with the spec\'s messages as {field, message} details', async () => {
    const { error } = await acmeCustomer
      .from('addresses')
      .insert(address('Broken', { postal_code: '9411000', street: ' ', contact_info: { full_name: 'Carla', phone: '555', email: 'carla@' } }))
      .select('id')
      .single();
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe('Validation failed');
    expect(JSON.parse(error?.details ?? '[]')).toEqual([
      { key: 'addresses.email_invalid', field: 'contact_info.email', message: 'Valid email is required' },
      { key: 'addresses.phone_too_short', field: 'contact_info.phone', message: 'Please enter a valid phone number with at least 10 digits', params: { min: 10 } },
      { key: 'addresses.street_required', field: 'street', message: 'Street is required' },
      { key: 'addresses.postal_code_too_long', field: 'postal_code', message: 'Postal code must be less than 6 characters', params: { max: 6 } },
    ]);
  });

  it('making one the Default clears the owner\'s other in the same request', async () => {
    const title = unique('Default');
    const { data: row } = await acmeAdmin.from('addresses').insert(address(title, { is_primary: true })).select('id').single();
    made.push(row!.id);
    const { data: primaries } = await acmeAdmin.from('addresses').select('id').eq('user_id', USER.acmeCustomer).eq('is_primary', true);
    expect(primaries).toEqual([{ id: row!.id }]);
  });

  it('an update or delete of a row the caller may not change touches nothing (the app says so)', async () => {
    const { data: depot } = await acmeAdmin.from('addresses').select('id').eq('tenant_id', TENANT.acme).is('user_id', null).limit(1).single();
    const updated = await acmeCustomer.from('addresses').update({ building: 'Mine now' }).eq('id', depot!.id).select('id').maybeSingle();
    expect(updated.error).toBeNull();
    expect(updated.data).toBeNull();
    const deleted = await acmeDispatcher.from('addresses').delete().eq('id', depot!.id).select('id');
    expect(deleted.data).toEqual([]);
  });
});
