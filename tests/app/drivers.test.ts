import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, eventually, listen, serviceClient, signedIn, TENANT, testUsers, unique } from './clients.ts';

/**
 * Drivers through supabase-js as features/drivers/api.ts calls them: the driver_rows and
 * driver_candidates views, inserts and edits by admins with the form's {field, message} details,
 * set_driver_status, and the driver's own device reporting fixes through record_driver_position(s),
 * broadcast to the tenant's drivers topic.
 */
const service = serviceClient();
const users = testUsers();

let acmeAdmin: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let acmeCustomer: SupabaseClient;
let globexAdmin: SupabaseClient;
let globexDispatcher: SupabaseClient;

const DEREK = 'a1000000-0000-4000-8000-000000000003';
const GUS = 'b2000000-0000-4000-8000-000000000003';
const created: string[] = [];

beforeAll(async () => {
  [acmeAdmin, acmeDispatcher, acmeCustomer, globexAdmin, globexDispatcher] = await Promise.all(
    ['admin@acme.test', 'dispatcher@acme.test', 'customer@acme.test', 'admin@globex.test', 'dispatcher@globex.test'].map(users.as),
  );
});

afterAll(async () => {
  await users.release();
  for (const id of created) await service.auth.admin.deleteUser(id);
});

/** A new acme person with the driver role and no driver record, who can sign in. */
async function newDriverPerson(): Promise<{ id: string; email: string }> {
  const email = `${unique('driver')}@acmelogistics.example`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
    user_metadata: { tenant_slug: 'acme', first_name: 'Test', last_name: 'Driver' },
  });
  expect(error).toBeNull();
  const id = data.user!.id;
  created.push(id);
  const { error: roleError } = await service.from('profiles').update({ panel_type: 'driver', roles: ['driver'] }).eq('id', id);
  expect(roleError).toBeNull();
  return { id, email };
}

function licence(): string {
  return unique('T').toUpperCase().slice(0, 30);
}

interface FieldError {
  /** The refusal's stable key (supabase/README.md, "Refusals and their keys"). */
  key?: string;
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

const fieldErrors = (details: string | undefined) => JSON.parse(details ?? 'null') as FieldError[];

describe('drivers: who reads', () => {
  it('admins and dispatchers read their tenant\'s driver rows with the names around them, only theirs', async () => {
    for (const [client, tenant] of [[acmeAdmin, TENANT.acme], [acmeDispatcher, TENANT.acme], [globexAdmin, TENANT.globex], [globexDispatcher, TENANT.globex]] as const) {
      const { data, error } = await client.from('driver_rows').select('id, tenant_id, full_name');
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(12);
      expect(data!.every((d) => d.tenant_id === tenant)).toBe(true);
    }
    const { data } = await acmeDispatcher.from('driver_rows').select('full_name, email, licence_class, default_vehicle_name, home_zone_name').eq('id', DEREK).single();
    expect(data).toEqual({ full_name: 'Derek Driver', email: 'driver@acme.test', licence_class: 'standard', default_vehicle_name: 'City Van 1', home_zone_name: 'SoMa & Mission Bay' });
  });

  it('search on name, email or licence number and the filters run on the server', async () => {
    const byLicence = await acmeAdmin.from('driver_rows').select('full_name').or('full_name.ilike.%D7304815%,email.ilike.%D7304815%,licence_number.ilike.%D7304815%');
    expect(byLicence.data).toEqual([{ full_name: 'Aisha Johnson' }]);
    const busy = await acmeAdmin.from('driver_rows').select('status', { count: 'exact' }).eq('status', 'busy');
    expect(busy.count).toBeGreaterThan(0);
    expect(busy.data!.every((d) => d.status === 'busy')).toBe(true);
    const expired = await acmeAdmin.from('driver_rows').select('full_name').lt('licence_expiry', new Date().toISOString().slice(0, 10));
    expect(expired.data!.map((d) => d.full_name)).toContain('Rachel Kim');
  });

  it('a driver reads their own row and trail; a customer reads nothing', async () => {
    const driver = await users.as('driver@acme.test');
    const rows = await driver.from('drivers').select('id');
    expect(rows.data).toEqual([{ id: DEREK }]);
    const trail = await driver.from('driver_positions').select('driver_id').limit(50);
    expect(trail.data!.length).toBeGreaterThan(0);
    expect(trail.data!.every((p) => p.driver_id === DEREK)).toBe(true);
    for (const table of ['drivers', 'driver_rows', 'driver_positions', 'driver_candidates']) {
      const { data, error } = await acmeCustomer.from(table).select('id');
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });
});

describe('drivers: create, edit, delete', () => {
  it('an admin turns a driver-role person into a driver; they leave the candidates', async () => {
    const person = await newDriverPerson();
    const candidates = await acmeAdmin.from('driver_candidates').select('id').eq('id', person.id);
    expect(candidates.data).toEqual([{ id: person.id }]);
    const foreign = await globexAdmin.from('driver_candidates').select('id').eq('id', person.id);
    expect(foreign.data).toEqual([]);

    const number = licence();
    const { error } = await acmeAdmin.from('drivers').insert({
      id: person.id,
      tenant_id: TENANT.acme,
      licence_number: number,
      licence_class: 'commercial',
      licence_expiry: '2029-05-01',
      phone: '+1 415 555 0142',
      default_vehicle_id: 'a3000000-0000-4000-8000-000000000002',
      home_zone_id: 'a6000000-0000-4000-8000-000000000004',
      notes: 'Made by a test',
    });
    expect(error).toBeNull();
    const row = await acmeAdmin.from('driver_rows').select('status, licence_number, default_vehicle_name, home_zone_name, last_position_at').eq('id', person.id).single();
    expect(row.data).toEqual({ status: 'offline', licence_number: number, default_vehicle_name: 'Box Truck 7t', home_zone_name: 'Dogpatch & Bayview', last_position_at: null });
    const after = await acmeAdmin.from('driver_candidates').select('id').eq('id', person.id);
    expect(after.data).toEqual([]);
  });

  it('bad input comes back as the form\'s field errors and changes nothing', async () => {
    const person = await newDriverPerson();
    const bad = await acmeAdmin.from('drivers').insert({ id: person.id, tenant_id: TENANT.acme, licence_number: '#!', licence_class: 'pilot', licence_expiry: '2029-05-01', phone: '123' });
    expect(bad.error?.code).toBe('23514');
    expect(fieldErrors(bad.error?.details)).toEqual([
      { key: 'drivers.licence_number_format', field: 'licence_number', message: 'Licence number must be 3 to 32 letters, digits, spaces or dashes', params: { min: 3, max: 32 } },
      { key: 'drivers.licence_class_invalid', field: 'licence_class', message: 'Licence class must be standard, commercial or special' },
      { key: 'drivers.phone_invalid', field: 'phone', message: 'Phone must have at least 10 digits', params: { min: 10 } },
    ]);
    const duplicate = await acmeAdmin.from('drivers').insert({ id: person.id, tenant_id: TENANT.acme, licence_number: 'D5839201', licence_expiry: '2029-05-01' });
    expect(fieldErrors(duplicate.error?.details)).toEqual([{ key: 'drivers.licence_number_taken', field: 'licence_number', message: 'Another driver has this licence number' }]);
    const dispatcherRole = await acmeAdmin.from('drivers').insert({ id: 'a1000000-0000-4000-8000-000000000002', tenant_id: TENANT.acme, licence_number: licence(), licence_expiry: '2029-05-01' });
    expect(fieldErrors(dispatcherRole.error?.details)).toEqual([{ key: 'drivers.person_not_driver', field: 'id', message: 'Only people with the driver role can be drivers' }]);
    const { data } = await acmeAdmin.from('drivers').select('id').eq('id', person.id);
    expect(data).toEqual([]);
  });

  it('only admins of the tenant add, edit and delete; status is never written directly', async () => {
    const person = await newDriverPerson();
    const dispatcherInsert = await acmeDispatcher.from('drivers').insert({ id: person.id, tenant_id: TENANT.acme, licence_number: licence(), licence_expiry: '2029-05-01' });
    expect(dispatcherInsert.error?.code).toBe('42501');
    const globexInsert = await globexAdmin.from('drivers').insert({ id: person.id, tenant_id: TENANT.acme, licence_number: licence(), licence_expiry: '2029-05-01' });
    expect(globexInsert.error?.code).toBe('42501');

    expect((await acmeAdmin.from('drivers').insert({ id: person.id, tenant_id: TENANT.acme, licence_number: licence(), licence_expiry: '2029-05-01' })).error).toBeNull();
    const edit = await acmeAdmin.from('drivers').update({ licence_class: 'special', notes: 'Edited' }).eq('tenant_id', TENANT.acme).eq('id', person.id).select('id');
    expect(edit.data).toEqual([{ id: person.id }]);
    const dispatcherEdit = await acmeDispatcher.from('drivers').update({ notes: 'No' }).eq('id', person.id).select('id');
    expect(dispatcherEdit.data).toEqual([]);
    const foreignEdit = await globexAdmin.from('drivers').update({ notes: 'No' }).eq('id', person.id).select('id');
    expect(foreignEdit.data).toEqual([]);
    const statusWrite = await acmeAdmin.from('drivers').update({ status: 'available' }).eq('id', person.id);
    expect(statusWrite.error?.code).toBe('42501');

    const foreignDelete = await globexAdmin.from('drivers').delete().eq('id', person.id).select('id');
    expect(foreignDelete.data).toEqual([]);
    const deleted = await acmeAdmin.from('drivers').delete().eq('tenant_id', TENANT.acme).eq('id', person.id).select('id');
    expect(deleted.data).toEqual([{ id: person.id }]);
    const person2 = await service.from('profiles').select('id').eq('id', person.id);
    expect(person2.data).toEqual([{ id: person.id }]);
  });
});

describe('drivers: duty status', () => {
  it('set_driver_status answers the driver row; busy is not set by hand; another tenant\'s driver is not found', async () => {
    const person = await newDriverPerson();
    expect((await acmeAdmin.from('drivers').insert({ id: person.id, tenant_id: TENANT.acme, licence_number: licence(), licence_expiry: '2029-05-01' })).error).toBeNull();
    const onBreak = await acmeDispatcher.rpc('set_driver_status', { driver_id: person.id, status: 'on_break' });
    expect(onBreak.error).toBeNull();
    expect(onBreak.data).toMatchObject({ id: person.id, status: 'on_break' });
    const busy = await acmeAdmin.rpc('set_driver_status', { driver_id: person.id, status: 'busy' });
    expect(busy.error?.code).toBe('23514');
    expect(fieldErrors(busy.error?.details)).toEqual([{ key: 'drivers.status_invalid', field: 'status', message: 'Status must be offline, available or on_break' }]);
    const foreign = await globexAdmin.rpc('set_driver_status', { driver_id: person.id, status: 'offline' });
    expect(foreign.error?.message).toBe('Driver not found');
    const gus = await acmeAdmin.rpc('set_driver_status', { driver_id: GUS, status: 'offline' });
    expect(gus.error?.message).toBe('Driver not found');
  });
});

describe('drivers: positions from the driver\'s device', () => {
  it('a fix moves the driver, is broadcast to the tenant\'s staff only, and the trail is thinned', async () => {
    const person = await newDriverPerson();
    expect((await acmeAdmin.from('drivers').insert({ id: person.id, tenant_id: TENANT.acme, licence_number: licence(), licence_expiry: '2029-05-01' })).error).toBeNull();
    const device = await signedIn(person.email);
    const dispatcher = await listen(acmeDispatcher, `tenant:${TENANT.acme}:drivers`);
    const globex = await listen(globexDispatcher, `tenant:${TENANT.globex}:drivers`);
    try {
      const base = Date.now() - 120_000;
      const at = (ms: number) => new Date(base + ms).toISOString();
      const first = await device.rpc('record_driver_position', { lat: 37.7793, lng: -122.4193, heading: 90, speed: 4.5, accuracy: 6, recorded_at: at(0) });
      expect(first.error).toBeNull();
      expect(first.data).toMatchObject({ latest: true, stored: true });
      await eventually(() => dispatcher.received.some((m) => (m as { payload?: { record?: { id?: string; last_lat?: number } } }).payload?.record?.id === person.id));
      const update = dispatcher.received.find((m) => (m as { payload?: { record?: { id?: string } } }).payload?.record?.id === person.id);
      expect(update).toMatchObject({ event: 'UPDATE', payload: { record: { id: person.id, last_lat: 37.7793, last_lng: -122.4193, status: 'offline' } } });

      const near = await device.rpc('record_driver_position', { lat: 37.77935, lng: -122.4193, recorded_at: at(5_000) });
      expect(near.data).toMatchObject({ latest: true, stored: false });
      const far = await device.rpc('record_driver_position', { lat: 37.7803, lng: -122.4193, recorded_at: at(10_000) });
      expect(far.data).toMatchObject({ latest: true, stored: true });

      const queue = await device.rpc('record_driver_positions', {
        fixes: [
          { lat: 37.783, lng: -122.4193, recorded_at: at(90_000) },
          { lat: 37.7811, lng: -122.4193, recorded_at: at(80_000) },
          { lat: 120, lng: 0, recorded_at: at(85_000) },
        ],
      });
      expect(queue.error).toBeNull();
      expect(queue.data).toEqual({ received: 3, stored: 2, latest: true, rejected: [{ index: 2, key: 'positions.lat_range', field: 'lat', message: 'Latitude must be between -90 and 90', params: { min: -90, max: 90 } }] });

      const row = await acmeDispatcher.from('drivers').select('last_lat, last_position_at').eq('id', person.id).single();
      expect(row.data!.last_lat).toBe(37.783);
      expect(new Date(row.data!.last_position_at as string).getTime()).toBe(base + 90_000);
      const trail = await acmeDispatcher.from('driver_positions').select('lat').eq('driver_id', person.id).order('recorded_at');
      expect(trail.data!.map((p) => p.lat)).toEqual([37.7793, 37.7803, 37.7811, 37.783]);
      expect(globex.received.filter((m) => (m as { payload?: { record?: { id?: string } } }).payload?.record?.id === person.id)).toEqual([]);
    } finally {
      await device.removeAllChannels();
    }
  });

  it('bad fixes are refused with their fields, and only drivers record their own position', async () => {
    const driver = await users.as('driver@acme.test');
    const bad = await driver.rpc('record_driver_position', { lat: -91, lng: 200, heading: 360, speed: -2, accuracy: -1, recorded_at: new Date(Date.now() + 120_000).toISOString() });
    expect(bad.error?.code).toBe('23514');
    expect(fieldErrors(bad.error?.details).map((e) => e.field)).toEqual(['lat', 'lng', 'heading', 'speed', 'accuracy', 'recorded_at']);
    const old = await driver.rpc('record_driver_position', { lat: 37.7, lng: -122.4, recorded_at: new Date(Date.now() - 25 * 3600_000).toISOString() });
    expect(fieldErrors(old.error?.details)).toEqual([{ key: 'positions.recorded_at_too_old', field: 'recorded_at', message: 'Recorded time cannot be more than 24 hours ago', params: { hours: 24 } }]);
    for (const client of [acmeAdmin, acmeDispatcher, acmeCustomer]) {
      const refused = await client.rpc('record_driver_position', { lat: 37.7, lng: -122.4 });
      expect(refused.error?.code).toBe('42501');
      expect(refused.error?.message).toBe('Only a driver records their own position');
      expect(fieldErrors(refused.error?.details)).toEqual([{ key: 'positions.not_driver', message: 'Only a driver records their own position' }]);
    }
    const direct = await driver.from('driver_positions').insert({ tenant_id: TENANT.acme, driver_id: DEREK, lat: 1, lng: 1, recorded_at: new Date().toISOString() });
    expect(direct.error?.code).toBe('42501');
  });
});
