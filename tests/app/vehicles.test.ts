import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, eventually, listen, serviceClient, TENANT, testUsers, unique } from './clients.ts';

/**
 * Vehicles through supabase-js as the seeded users, as features/vehicles/api.ts calls them:
 * admins write, dispatchers read, nobody else sees a thing; bad input comes back as PostgREST's
 * error with `details` holding the JSON array of {field, message} the form applies.
 */
const service = serviceClient();
const users = testUsers();

let acmeAdmin: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let acmeDriver: SupabaseClient;
let acmeCustomer: SupabaseClient;
let globexAdmin: SupabaseClient;
let globexDispatcher: SupabaseClient;

beforeAll(async () => {
  [acmeAdmin, acmeDispatcher, acmeDriver, acmeCustomer, globexAdmin, globexDispatcher] = await Promise.all(
    ['admin@acme.test', 'dispatcher@acme.test', 'driver@acme.test', 'customer@acme.test', 'admin@globex.test', 'dispatcher@globex.test'].map(users.as),
  );
});

afterAll(async () => {
  await users.release();
  await service.from('vehicles').delete().like('code', 'T-%');
});

function vehicle(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Test Van',
    code: unique('T').toUpperCase(),
    description: 'A van for tests',
    capacity_unit: 12,
    vehicle_requirements: { license_requirements: ['standard'], special_features: ['gps_tracking'], fuel_type: 'electric' },
    ...overrides,
  };
}

interface FieldError {
  key: string;
  field: string;
  message: string;
}

function fieldErrors(details: string | undefined): FieldError[] {
  return JSON.parse(details ?? 'null') as FieldError[];
}

describe('vehicles: who reads', () => {
  it('admins and dispatchers read their tenant\'s vehicles, only theirs', async () => {
    for (const [client, tenant] of [[acmeAdmin, TENANT.acme], [acmeDispatcher, TENANT.acme], [globexAdmin, TENANT.globex], [globexDispatcher, TENANT.globex]] as const) {
      const { data, error } = await client.from('vehicles').select('id, tenant_id, code, vehicle_requirements');
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThan(0);
      expect(data!.every((v) => v.tenant_id === tenant)).toBe(true);
    }
    const { data } = await acmeDispatcher.from('vehicles').select('code, vehicle_requirements').eq('code', 'ACME-TRK-07').single();
    expect(data).toEqual({ code: 'ACME-TRK-07', vehicle_requirements: { license_requirements: ['commercial'], special_features: ['lift_gate', 'gps_tracking'], fuel_type: 'diesel' } });
  });

  it('drivers and customers read none; anon is refused', async () => {
    expect((await acmeDriver.from('vehicles').select('id')).data).toEqual([]);
    expect((await acmeCustomer.from('vehicles').select('id')).data).toEqual([]);
    expect((await anonClient().from('vehicles').select('id')).error?.code).toBe('42501');
  });

  it('another tenant\'s vehicles are invisible whatever the filter', async () => {
    expect((await globexAdmin.from('vehicles').select('id').eq('tenant_id', TENANT.acme)).data).toEqual([]);
    expect((await globexAdmin.from('vehicles').select('id').eq('code', 'ACME-VAN-01')).data).toEqual([]);
    expect((await acmeDispatcher.from('vehicles').select('id').eq('code', 'GLX-SPR-01')).data).toEqual([]);
  });
});

describe('vehicles: who writes', () => {
  it('an admin creates, edits and deletes a vehicle of their tenant', async () => {
    const input = vehicle({ image_url: `${TENANT.acme}/rnd-van.png` });
    const { data: created, error } = await acmeAdmin.from('vehicles').insert(input).select().single();
    expect(error).toBeNull();
    expect(created).toMatchObject({ ...input, tenant_id: TENANT.acme, active: true });

    const { data: updated, error: updateError } = await acmeAdmin.from('vehicles').update({ name: 'Renamed Van', active: false }).eq('id', created!.id).select('name, active').single();
    expect(updateError).toBeNull();
    expect(updated).toEqual({ name: 'Renamed Van', active: false });

    const { data: deleted } = await acmeAdmin.from('vehicles').delete().eq('id', created!.id).select('id');
    expect(deleted).toEqual([{ id: created!.id }]);
  });

  it('dispatchers, drivers and customers write nothing', async () => {
    for (const client of [acmeDispatcher, acmeDriver, acmeCustomer]) {
      expect((await client.from('vehicles').insert(vehicle())).error?.code).toBe('42501');
      expect((await client.from('vehicles').update({ name: 'Hacked' }).eq('code', 'ACME-VAN-01').select('id')).data ?? []).toEqual([]);
      expect((await client.from('vehicles').delete().eq('code', 'ACME-VAN-01').select('id')).data ?? []).toEqual([]);
    }
    const { data } = await service.from('vehicles').select('code').eq('code', 'ACME-VAN-01');
    expect(data).toEqual([{ code: 'ACME-VAN-01' }]);
  });

  it('an admin cannot write another tenant\'s vehicles nor move one', async () => {
    expect((await globexAdmin.from('vehicles').insert(vehicle({ tenant_id: TENANT.acme }))).error?.code).toBe('42501');
    expect((await globexAdmin.from('vehicles').update({ name: 'Stolen' }).eq('code', 'ACME-VAN-01').select('id')).data).toEqual([]);
    expect((await globexAdmin.from('vehicles').delete().eq('code', 'ACME-VAN-01').select('id')).data).toEqual([]);
    const move = await acmeAdmin.from('vehicles').update({ tenant_id: TENANT.globex }).eq('code', 'ACME-VAN-01');
    expect(move.error?.code).toBe('42501');
  });
});

describe('vehicles: validation as the form receives it', () => {
  it('an empty form: 23514 Validation failed, every field in details', async () => {
    const { error, status } = await acmeAdmin.from('vehicles').insert({ name: ' ', code: '', description: '', capacity_unit: 0, vehicle_requirements: {} });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', message: 'Validation failed' });
    expect(fieldErrors(error!.details)).toEqual([
      { key: 'vehicles.name_required', field: 'name', message: 'Name is required!' },
      { key: 'vehicles.code_required', field: 'code', message: 'Code is required!' },
      { key: 'vehicles.description_required', field: 'description', message: 'Description is required!' },
      { key: 'vehicles.capacity_invalid', field: 'capacity_unit', message: 'Capacity unit must be a number and greater than 0!' },
      { key: 'vehicles.licences_required', field: 'vehicle_requirements.license_requirements', message: 'At least one license requirement is required!' },
      { key: 'vehicles.fuel_type_required', field: 'vehicle_requirements.fuel_type', message: 'Fuel type is required!' },
    ]);
  });

  it('non-ASCII text, an unknown option, a foreign image and a duplicate code', async () => {
    const bad = await acmeAdmin.from('vehicles').insert(vehicle({
      name: 'Café van',
      description: 'ok',
      code: 'ACME-VAN-01',
      image_url: `${TENANT.globex}/van.png`,
      vehicle_requirements: { license_requirements: ['standard'], special_features: ['teleporter'], fuel_type: 'coal' },
    }));
    expect(fieldErrors(bad.error?.details)).toEqual([
      { key: 'vehicles.name_not_printable', field: 'name', message: 'Name can only contain letters, numbers, and special characters' },
      { key: 'vehicles.code_taken', field: 'code', message: 'Code already exists' },
      { key: 'vehicles.image_not_tenant_file', field: 'image_url', message: "Image must be a file uploaded to this business's storage" },
      { key: 'vehicles.features_invalid', field: 'vehicle_requirements.special_features', message: 'Special features must be distinct values among lift_gate, refrigeration, temperature_control, security_system and gps_tracking' },
      { key: 'vehicles.fuel_type_invalid', field: 'vehicle_requirements.fuel_type', message: 'Fuel type must be one of petrol, diesel, electric, hybrid or cng' },
    ]);
  });

  it('updates are validated the same way', async () => {
    const { error } = await acmeAdmin.from('vehicles').update({ capacity_unit: 0.5 }).eq('code', 'ACME-VAN-01');
    expect(error?.code).toBe('23514');
    expect(fieldErrors(error?.details)).toEqual([{ key: 'vehicles.capacity_invalid', field: 'capacity_unit', message: 'Capacity unit must be a number and greater than 0!' }]);
  });
});

describe('vehicles: live', () => {
  it("an admin's change reaches the tenant's dispatcher, not another tenant", async () => {
    const dispatcher = await listen(acmeDispatcher, `tenant:${TENANT.acme}:vehicles`);
    const globex = await listen(globexDispatcher, `tenant:${TENANT.globex}:vehicles`);
    const input = vehicle();
    const { data: created, error } = await acmeAdmin.from('vehicles').insert(input).select('id').single();
    expect(error).toBeNull();
    await eventually(() => dispatcher.received.length > 0);
    expect(dispatcher.received[0]).toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', table: 'vehicles', record: { id: created!.id, code: input.code, tenant_id: TENANT.acme } },
    });
    await acmeAdmin.from('vehicles').delete().eq('id', created!.id);
    await eventually(() => dispatcher.received.length > 1);
    expect(dispatcher.received[1]).toMatchObject({ event: 'DELETE', payload: { old_record: { id: created!.id } } });
    expect(globex.received).toEqual([]);
  });

  it('drivers, customers and other tenants cannot join the topic', async () => {
    const topic = `tenant:${TENANT.acme}:vehicles`;
    await expect(listen(acmeDriver, topic)).rejects.toThrow();
    await expect(listen(acmeCustomer, topic)).rejects.toThrow();
    await expect(listen(globexDispatcher, topic)).rejects.toThrow();
  });
});
