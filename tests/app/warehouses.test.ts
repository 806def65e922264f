import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, TENANT, testUsers, unique } from './clients.ts';

/**
 * Warehouses, their locations, staff and suppliers through supabase-js, as
 * features/warehouses/api.ts calls them: save_warehouse answers with the server's message, the
 * access mode decides which staff see a warehouse's locations, the hierarchy and the spec's
 * messages come back as PostgREST's error with `details` holding [{field, message}].
 */
const service = serviceClient();
const users = testUsers();

const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';
const DOGPATCH = 'a5000000-0000-4000-8000-000000000002';
const PARK_ROYAL = 'b5000000-0000-4000-8000-000000000001';
const ACME_DEPOT = 'a4000000-0000-4000-8000-000000000001';

let acmeAdmin: SupabaseClient;
let maya: SupabaseClient;
let marcus: SupabaseClient;
let acmeCustomer: SupabaseClient;
let globexAdmin: SupabaseClient;
let emily: SupabaseClient;

beforeAll(async () => {
  [acmeAdmin, maya, marcus, acmeCustomer, globexAdmin, emily] = await Promise.all(
    [
      'admin@acme.test',
      'maya.chen@acmelogistics.example',
      'marcus.reyes@acmelogistics.example',
      'customer@acme.test',
      'admin@globex.test',
      'emily.clarke@globexfreight.example',
    ].map(users.as),
  );
});

afterAll(async () => {
  await users.release();
  await service.from('warehouses').delete().like('code', 'TW-%');
  await service.from('suppliers').delete().like('code', 'TS-%');
});

const details = (error: { details?: string } | null) => JSON.parse(error?.details ?? '[]') as { key?: string; field: string; message: string; params?: Record<string, unknown> }[];

function warehouse(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Test Site',
    code: unique('TW').toUpperCase(),
    address_id: ACME_DEPOT,
    status: 'active',
    total_capacity: 1000,
    available_capacity: 400,
    access_mode: 'all_users',
    user_ids: [],
    features: { security_level: 'high', dock_doors: 2, climate_control: true, hazardous_materials: false, refrigeration: false, cross_docking: false },
    ...overrides,
  };
}

describe('save_warehouse', () => {
  it('creates and updates, answering with the server message', async () => {
    const created = await acmeAdmin.rpc('save_warehouse', { p_warehouse_id: null, p_values: warehouse() });
    expect(created.error).toBeNull();
    expect(created.data.message).toBe('Warehouse created successfully');
    expect(created.data.key).toBe('warehouses.created');
    expect(created.data.warehouse.tenant_id).toBe(TENANT.acme);
    const id = created.data.warehouse.id as string;
    const updated = await acmeAdmin.rpc('save_warehouse', { p_warehouse_id: id, p_values: { status: 'full', available_capacity: 0 } });
    expect(updated.data.message).toBe('Warehouse updated successfully');
    expect(updated.data.key).toBe('warehouses.updated');
    expect(updated.data.warehouse).toMatchObject({ status: 'full', available_capacity: 0, name: 'Test Site' });
  });

  it('refuses bad input with the spec messages on their fields, and changes nothing', async () => {
    const code = unique('TW').toUpperCase();
    const { error } = await acmeAdmin.rpc('save_warehouse', {
      p_warehouse_id: null,
      p_values: warehouse({ code, name: ' ', access_mode: 'exclude_users', user_ids: [], available_capacity: 5000 }),
    });
    expect(error?.message).toBe('Validation failed');
    expect(details(error)).toEqual(
      expect.arrayContaining([
        { key: 'warehouses.name_required', field: 'name', message: 'Warehouse name is required!' },
        { key: 'warehouses.available_above_total', field: 'available_capacity', message: 'Available capacity cannot exceed total capacity' },
        { key: 'warehouses.users_required', field: 'user_ids', message: 'Users are required when access mode is not "All Users"' },
      ]),
    );
    const { count } = await service.from('warehouses').select('id', { count: 'exact', head: true }).eq('code', code);
    expect(count).toBe(0);
  });

  it('is for admins of the tenant only', async () => {
    expect((await anonClient().rpc('save_warehouse', { p_warehouse_id: null, p_values: warehouse() })).error).not.toBeNull();
    expect((await maya.rpc('save_warehouse', { p_warehouse_id: null, p_values: warehouse() })).error?.code).toBe('42501');
    const foreign = await globexAdmin.rpc('save_warehouse', { p_warehouse_id: BAYVIEW, p_values: { name: 'Taken over' } });
    expect(foreign.error?.message).toBe('Warehouse not found');
    expect(foreign.status).toBe(404);
    const { data } = await service.from('warehouses').select('name').eq('id', BAYVIEW).single();
    expect(data?.name).toBe('Bayview Distribution Center');
  });
});

describe('access modes', () => {
  const locationCount = async (client: SupabaseClient, warehouseId: string) =>
    (await client.from('warehouse_locations').select('id', { count: 'exact', head: true }).eq('warehouse_id', warehouseId)).count;

  it('select_users: listed staff see the locations, unlisted staff of the warehouse do not', async () => {
    expect(await locationCount(maya, DOGPATCH)).toBe(130);
    expect(await locationCount(acmeCustomer, DOGPATCH)).toBe(0);
    expect(await locationCount(marcus, DOGPATCH)).toBe(0);
    expect(await locationCount(marcus, BAYVIEW)).toBe(130);
  });

  it('exclude_users: the excluded picker sees neither the warehouse nor its locations', async () => {
    expect((await emily.from('warehouses').select('id').eq('id', PARK_ROYAL)).data).toEqual([]);
    expect(await locationCount(emily, PARK_ROYAL)).toBe(0);
    // Their own roster row stays visible to them.
    expect((await emily.from('warehouse_staff').select('role').eq('warehouse_id', PARK_ROYAL)).data).toEqual([{ role: 'picker' }]);
  });

  it('no tenant sees another one\u2019s warehouses', async () => {
    expect((await globexAdmin.from('warehouses').select('id').eq('tenant_id', TENANT.acme)).data).toEqual([]);
    expect(await locationCount(acmeAdmin, PARK_ROYAL)).toBe(0);
  });
});

describe('locations', () => {
  it('generates the code and holds the hierarchy', async () => {
    const created = await acmeAdmin.rpc('save_warehouse', { p_warehouse_id: null, p_values: warehouse() });
    const warehouseId = created.data.warehouse.id as string;
    const insert = (row: Record<string, unknown>) =>
      acmeAdmin
        .from('warehouse_locations')
        .insert({ tenant_id: TENANT.acme, warehouse_id: warehouseId, status: 'active', position: {}, ...row })
        .select('id, code')
        .single();
    const zone = await insert({ location_type: 'zone', name: 'Zone' });
    expect(zone.data?.code).toBe('Z1');
    const aisle = await insert({ location_type: 'aisle', name: 'Aisle', parent_id: zone.data!.id, position: { number: 3 } });
    expect(aisle.data?.code).toBe('Z1-A01');
    const wrong = await insert({ location_type: 'bin', name: 'Bin', parent_id: aisle.data!.id });
    expect(details(wrong.error)).toEqual([{ key: 'locations.parent_type_invalid', field: 'parent_id', message: 'The parent of a bin must be a shelf', params: { type: 'bin' } }]);
    const elsewhere = await insert({ location_type: 'aisle', name: 'Aisle', parent_id: (await service.from('warehouse_locations').select('id').eq('warehouse_id', BAYVIEW).eq('code', 'Z1').single()).data!.id });
    expect(details(elsewhere.error)).toEqual([{ key: 'locations.parent_other_warehouse', field: 'parent_id', message: 'The parent must be in the same warehouse' }]);
    const staff = await maya.from('warehouse_locations').insert({ tenant_id: TENANT.acme, warehouse_id: warehouseId, location_type: 'zone', name: 'Z', status: 'active' });
    expect(staff.error?.code).toBe('42501');
  });
});

describe('staff and suppliers', () => {
  it('the roster embeds the person, for the name - role pickers', async () => {
    const { data, error } = await acmeAdmin
      .from('warehouse_staff')
      .select('role, user:profiles(full_name)')
      .eq('warehouse_id', BAYVIEW)
      .eq('role', 'manager');
    expect(error).toBeNull();
    expect(data).toEqual([{ role: 'manager', user: { full_name: 'Maya Chen' } }]);
  });

  it('suppliers: unique codes per tenant, checked contacts', async () => {
    const code = unique('TS').toUpperCase();
    expect((await acmeAdmin.from('suppliers').insert({ tenant_id: TENANT.acme, name: 'Test Supplier', code })).error).toBeNull();
    const again = await acmeAdmin.from('suppliers').insert({ tenant_id: TENANT.acme, name: 'Test Supplier', code, contact_phone: '123' });
    expect(details(again.error)).toEqual([
      { key: 'suppliers.code_taken', field: 'code', message: 'Supplier code already exists' },
      { key: 'suppliers.phone_invalid', field: 'contact_phone', message: 'Please enter a valid phone number with at least 10 digits', params: { min: 10 } },
    ]);
    // The same code is free in another tenant.
    expect((await globexAdmin.from('suppliers').insert({ tenant_id: TENANT.globex, name: 'Test Supplier', code })).error).toBeNull();
  });
});
