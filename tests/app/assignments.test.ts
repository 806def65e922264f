import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, TENANT, testUsers, unique, USER } from './clients.ts';

/**
 * Assignments through supabase-js, as features/assignments calls them: the list (public.list_assignments,
 * page = UI page + 1), a dispatcher assigning a pending delivery, each dispatch rule's refusal as
 * {field, message} details on the form's fields, the fit asked before saving, editing only while
 * pending, a driver reading their own only, a customer and the other tenant nothing.
 */
const service = serviceClient();
const users = testUsers();

const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const COLD_CHAIN = 'a6100000-0000-4000-8000-000000000004';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001'; // 40 kg, standard licence, GPS
const BOX_TRUCK = 'a3000000-0000-4000-8000-000000000002'; // 300 kg, commercial licence
const OLD_BIKE = 'a3000000-0000-4000-8000-000000000004'; // inactive
const DEREK = USER.acmeDriver; // standard licence, default vehicle City Van 1
const COMMERCIAL_DRIVER = 'a1000000-0000-4000-8000-000000000103';
const EXPIRED_DRIVER = 'a1000000-0000-4000-8000-000000000106';

let admin: SupabaseClient;
let dispatcher: SupabaseClient;
let driver: SupabaseClient;
let customer: SupabaseClient;
let globexAdmin: SupabaseClient;
let globexDispatcher: SupabaseClient;
const deliveries: string[] = [];

interface FieldError {
  key?: string;
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

function detailsOf(error: { details?: string } | null): FieldError[] {
  return JSON.parse(error?.details ?? '[]') as FieldError[];
}

/** A pending acme delivery made by the dispatcher (a staff price, so no zone or price list is needed). */
async function pendingDelivery(overrides: Record<string, unknown> = {}): Promise<{ id: string; delivery_code: string; external_reference_id: string }> {
  const { data, error } = await dispatcher
    .from('deliveries')
    .insert({
      tenant_id: TENANT.acme,
      kind: 'delivery',
      customer_id: USER.acmeCustomer,
      pickup_address: { full_address: '1 Market St, San Francisco, CA' },
      pickup_lat: 37.7936,
      pickup_lng: -122.3958,
      dropoff_address: { full_address: '600 Guerrero St, San Francisco, CA' },
      dropoff_lat: 37.7614,
      dropoff_lng: -122.4241,
      service_id: SAME_DAY,
      packages: [{ description: 'Books', quantity: 2, weight_kg: 4 }],
      price: 18,
      price_override_reason: 'Contract rate',
      external_reference_id: unique('ASG'),
      ...overrides,
    })
    .select('id, delivery_code, external_reference_id')
    .single();
  expect(error).toBeNull();
  deliveries.push(data!.id as string);
  return data as { id: string; delivery_code: string; external_reference_id: string };
}

async function assign(client: SupabaseClient, values: Record<string, unknown>) {
  return client.from('assignments').insert({ tenant_id: TENANT.acme, notes: '', ...values }).select('*').single();
}

beforeAll(async () => {
  [admin, dispatcher, driver, customer, globexAdmin, globexDispatcher] = await Promise.all(
    ['admin@acme.test', 'dispatcher@acme.test', 'driver@acme.test', 'customer@acme.test', 'admin@globex.test', 'dispatcher@globex.test'].map(users.as),
  );
});

afterAll(async () => {
  await users.release();
  if (deliveries.length > 0) {
    await service.from('delivery_events').delete().in('delivery_id', deliveries);
    await service.from('assignments').delete().in('delivery_id', deliveries);
    await service.from('deliveries').delete().in('id', deliveries);
  }
});

describe('assignments: a dispatcher assigns', () => {
  it('assigns a pending delivery; the delivery becomes assigned to the driver and vehicle, and the list shows it', async () => {
    const delivery = await pendingDelivery();
    const { data, error } = await assign(dispatcher, { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: CITY_VAN, notes: 'Side door' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'pending', driver_id: DEREK, vehicle_id: CITY_VAN, assigned_by: USER.acmeDispatcher, notes: 'Side door' });

    const { data: after } = await dispatcher.from('deliveries').select('status, driver_id, vehicle_id').eq('id', delivery.id).single();
    expect(after).toEqual({ status: 'assigned', driver_id: DEREK, vehicle_id: CITY_VAN });

    const { data: page, error: listError } = await admin.rpc('list_assignments', { tenant_id: TENANT.acme, search: delivery.delivery_code, page: 1, limit: 25 });
    expect(listError).toBeNull();
    expect(page.total).toBe(1);
    expect(page.assignments[0]).toMatchObject({
      id: data!.id,
      status: 'pending',
      assigned_by: { id: USER.acmeDispatcher, full_name: 'Dana Dispatcher' },
      drivers: { id: DEREK, user: { full_name: 'Derek Driver' } },
      vehicles: { id: CITY_VAN, name: 'City Van 1', code: 'ACME-VAN-01' },
      delivery: { id: delivery.id, delivery_code: delivery.delivery_code, external_reference_id: delivery.external_reference_id },
    });
    const byReference = await admin.rpc('list_assignments', { search: delivery.external_reference_id, delivery_id: delivery.id, status: 'pending' });
    expect(byReference.data.total).toBe(1);
  });

  it('pages from 1 (the UI page + 1) with the exact total, and checks its parameters', async () => {
    const first = await dispatcher.rpc('list_assignments', { tenant_id: TENANT.acme, page: 1, limit: 1 });
    const second = await dispatcher.rpc('list_assignments', { tenant_id: TENANT.acme, page: 2, limit: 1 });
    expect(first.error).toBeNull();
    expect(first.data.total).toBeGreaterThanOrEqual(2);
    expect(second.data.total).toBe(first.data.total);
    expect(first.data.assignments).toHaveLength(1);
    expect(second.data.assignments[0].id).not.toBe(first.data.assignments[0].id);
    expect(Date.parse(second.data.assignments[0].assignment_time)).toBeLessThanOrEqual(Date.parse(first.data.assignments[0].assignment_time));

    const bad = await dispatcher.rpc('list_assignments', { page: 0, limit: 1000, status: 'lost', sort: 'price' });
    expect(bad.error?.code).toBe('23514');
    expect(detailsOf(bad.error).map((d) => d.field)).toEqual(['page', 'limit', 'status', 'sort']);
    expect(detailsOf(bad.error).map((d) => d.key)).toEqual(['assignments.page_invalid', 'assignments.limit_range', 'assignments.status_filter_invalid', 'assignments.sort_invalid']);
  });
});

describe('assignments: every refusal lands on its field', () => {
  it('licence: the vehicle needs a class the driver does not hold', async () => {
    const delivery = await pendingDelivery();
    const { error } = await assign(dispatcher, { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: BOX_TRUCK });
    expect(error?.code).toBe('23514');
    expect(detailsOf(error)).toEqual([{ key: 'assignments.licence_mismatch', field: 'vehicle_id', message: 'Box Truck 7t needs a commercial licence; Derek Driver holds a standard licence', params: { vehicle: 'Box Truck 7t', needs: 'commercial', classes: 'commercial', driver: 'Derek Driver', licence: 'standard' } }]);
  });

  it('licence: an expired licence', async () => {
    const delivery = await pendingDelivery();
    const { error } = await assign(dispatcher, { delivery_id: delivery.id, driver_id: EXPIRED_DRIVER, vehicle_id: CITY_VAN });
    expect(error?.code).toBe('23514');
    const [detail] = detailsOf(error);
    expect(detail?.field).toBe('driver_id');
    expect(detail?.key).toBe('assignments.driver_licence_expired');
    expect(detail?.message).toBe(`${String(detail?.params?.driver)}'s licence expired on ${String(detail?.params?.expiry)}`);
    expect(detail?.message).toMatch(/'s licence expired on \d{4}-\d{2}-\d{2}$/);
  });

  it('features: the service needs what the vehicle lacks', async () => {
    const delivery = await pendingDelivery({ service_id: COLD_CHAIN });
    const { error } = await assign(dispatcher, { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: CITY_VAN });
    expect(detailsOf(error)).toEqual([{
        key: 'assignments.vehicle_lacks_features',
        field: 'vehicle_id',
        message: 'City Van 1 lacks what Cold Chain Scheduled requires: refrigeration, temperature control',
        params: { vehicle: 'City Van 1', service: 'Cold Chain Scheduled', missing: 'refrigeration, temperature control', features: ['refrigeration', 'temperature_control'] },
      },
    ]);
  });

  it('weight: the packages weigh more than the vehicle carries', async () => {
    const delivery = await pendingDelivery({ packages: [{ description: 'Tiles', quantity: 5, weight_kg: 10 }] });
    const { error } = await assign(dispatcher, { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: CITY_VAN });
    expect(detailsOf(error)).toEqual([{ key: 'assignments.too_heavy', field: 'vehicle_id', message: 'The packages weigh 50 kg; City Van 1 carries at most 40 kg', params: { weight: 50, vehicle: 'City Van 1', capacity: 40 } }]);
  });

  it('an inactive vehicle', async () => {
    const delivery = await pendingDelivery();
    const { error } = await assign(dispatcher, { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: OLD_BIKE });
    expect(detailsOf(error)).toEqual([{ key: 'assignments.vehicle_inactive', field: 'vehicle_id', message: 'Vehicle Old Cargo Bike is not active', params: { vehicle: 'Old Cargo Bike' } }]);
  });

  it('a delivery that is not pending (cancelled)', async () => {
    const delivery = await pendingDelivery();
    const cancelled = await dispatcher.rpc('transition_delivery', { delivery_id: delivery.id, status: 'cancelled', reason: 'Customer called it off' });
    expect(cancelled.error).toBeNull();
    const { error } = await assign(dispatcher, { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: CITY_VAN });
    expect(detailsOf(error)).toEqual([{ key: 'assignments.delivery_not_pending', field: 'delivery_id', message: 'Only pending deliveries can be assigned; this one is cancelled', params: { status: 'cancelled' } }]);
  });

  it('a second active assignment of the same delivery', async () => {
    const delivery = await pendingDelivery();
    expect((await assign(dispatcher, { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: CITY_VAN })).error).toBeNull();
    const { error } = await assign(admin, { delivery_id: delivery.id, driver_id: COMMERCIAL_DRIVER, vehicle_id: BOX_TRUCK });
    expect(error?.code).toBe('23514');
    expect(detailsOf(error)).toEqual([{ key: 'assignments.delivery_not_pending', field: 'delivery_id', message: 'Only pending deliveries can be assigned; this one is assigned', params: { status: 'assigned' } }]);
    const { count } = await dispatcher.from('assignments').select('id', { count: 'exact', head: true }).eq('delivery_id', delivery.id);
    expect(count).toBe(1);
  });

  it('the fit is asked before saving in the same words; only staff may ask', async () => {
    const delivery = await pendingDelivery({ packages: [{ description: 'Tiles', quantity: 5, weight_kg: 10 }] });
    const fit = await dispatcher.rpc('assignment_fit', { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: BOX_TRUCK });
    expect(fit.error).toBeNull();
    expect(fit.data).toEqual({
      weight_kg: 50,
      capacity_kg: 300,
      problems: [{ key: 'assignments.licence_mismatch', field: 'vehicle_id', message: 'Box Truck 7t needs a commercial licence; Derek Driver holds a standard licence', params: { vehicle: 'Box Truck 7t', needs: 'commercial', classes: 'commercial', driver: 'Derek Driver', licence: 'standard' } }],
    });
    const fine = await dispatcher.rpc('assignment_fit', { delivery_id: delivery.id, driver_id: COMMERCIAL_DRIVER, vehicle_id: BOX_TRUCK });
    expect(fine.data.problems).toEqual([]);
    const refused = await driver.rpc('assignment_fit', { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: CITY_VAN });
    expect(refused.error?.code).toBe('42501');
    expect(detailsOf(refused.error).map((d) => d.key)).toEqual(['assignments.check_not_allowed']);
  });
});

describe('assignments: only pending can be edited', () => {
  it('edits driver, vehicle and notes while pending; refuses once the driver accepted', async () => {
    const delivery = await pendingDelivery();
    const { data: created } = await assign(dispatcher, { delivery_id: delivery.id, driver_id: COMMERCIAL_DRIVER, vehicle_id: BOX_TRUCK });
    const edited = await dispatcher
      .from('assignments')
      .update({ driver_id: DEREK, vehicle_id: CITY_VAN, notes: 'Swapped to the van' })
      .eq('id', created!.id)
      .select('driver_id, vehicle_id, notes, status')
      .single();
    expect(edited.error).toBeNull();
    expect(edited.data).toEqual({ driver_id: DEREK, vehicle_id: CITY_VAN, notes: 'Swapped to the van', status: 'pending' });
    const { data: moved } = await dispatcher.from('deliveries').select('driver_id, vehicle_id').eq('id', delivery.id).single();
    expect(moved).toEqual({ driver_id: DEREK, vehicle_id: CITY_VAN });

    const badEdit = await dispatcher.from('assignments').update({ vehicle_id: BOX_TRUCK }).eq('id', created!.id).select('id').single();
    expect(detailsOf(badEdit.error)).toEqual([{ key: 'assignments.licence_mismatch', field: 'vehicle_id', message: 'Box Truck 7t needs a commercial licence; Derek Driver holds a standard licence', params: { vehicle: 'Box Truck 7t', needs: 'commercial', classes: 'commercial', driver: 'Derek Driver', licence: 'standard' } }]);

    const accepted = await driver.rpc('respond_to_assignment', { assignment_id: created!.id, accept: true });
    expect(accepted.error).toBeNull();
    const refused = await dispatcher.from('assignments').update({ notes: 'Too late' }).eq('id', created!.id).select('id').single();
    expect(refused.error?.code).toBe('23514');
    expect(detailsOf(refused.error)).toEqual([{ key: 'assignments.not_editable', field: 'status', message: 'Only pending assignments can be edited; this one is accepted', params: { status: 'accepted' } }]);
    const { data: unchanged } = await dispatcher.from('assignments').select('notes, status').eq('id', created!.id).single();
    expect(unchanged).toEqual({ notes: 'Swapped to the van', status: 'accepted' });

    // Leave the demo driver free for the other tests: staff take the delivery back.
    expect((await dispatcher.rpc('unassign_delivery', { delivery_id: delivery.id, reason: 'Test over' })).error).toBeNull();
  });

  it('never changes the delivery of an assignment, nor its status, through the API', async () => {
    const [one, two] = [await pendingDelivery(), await pendingDelivery()];
    const { data: created } = await assign(dispatcher, { delivery_id: one.id, driver_id: DEREK, vehicle_id: CITY_VAN });
    const moved = await dispatcher.from('assignments').update({ delivery_id: two.id }).eq('id', created!.id).select('id');
    expect(moved.error?.code).toBe('42501');
    const status = await dispatcher.from('assignments').update({ status: 'completed' }).eq('id', created!.id).select('id');
    expect(status.error?.code).toBe('42501');
    const removed = await admin.from('assignments').delete().eq('id', created!.id).select('id');
    expect(removed.error?.code).toBe('42501');
  });
});

describe('assignments: who reads', () => {
  it('a driver reads their own assignments only, in the table and the list', async () => {
    const mine = await pendingDelivery();
    const theirs = await pendingDelivery();
    await assign(dispatcher, { delivery_id: mine.id, driver_id: DEREK, vehicle_id: CITY_VAN });
    await assign(dispatcher, { delivery_id: theirs.id, driver_id: COMMERCIAL_DRIVER, vehicle_id: BOX_TRUCK });
    const { data, error } = await driver.from('assignments').select('driver_id, delivery_id');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect(data!.every((a) => a.driver_id === DEREK)).toBe(true);
    expect(data!.some((a) => a.delivery_id === mine.id)).toBe(true);
    const list = await driver.rpc('list_assignments', { page: 1, limit: 100 });
    expect(list.data.assignments.every((a: { driver_id: string }) => a.driver_id === DEREK)).toBe(true);
    const filtered = await driver.rpc('list_assignments', { driver_id: COMMERCIAL_DRIVER });
    expect(filtered.data.total).toBe(0);
    const insert = await assign(driver, { delivery_id: theirs.id, driver_id: DEREK, vehicle_id: CITY_VAN });
    expect(insert.error?.code).toBe('42501');
  });

  it('a customer reads none and assigns nothing', async () => {
    const delivery = await pendingDelivery();
    expect((await customer.from('assignments').select('id')).data).toEqual([]);
    expect((await customer.rpc('list_assignments', {})).data).toEqual({ total: 0, assignments: [] });
    expect((await assign(customer, { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: CITY_VAN })).error?.code).toBe('42501');
  });

  it('the other tenant sees nothing of acme and cannot assign its deliveries', async () => {
    const delivery = await pendingDelivery();
    const { data: created } = await assign(dispatcher, { delivery_id: delivery.id, driver_id: DEREK, vehicle_id: CITY_VAN });
    for (const client of [globexAdmin, globexDispatcher]) {
      expect((await client.from('assignments').select('id').eq('id', created!.id)).data).toEqual([]);
      const list = await client.rpc('list_assignments', { tenant_id: TENANT.acme, delivery_id: delivery.id });
      expect(list.data.total).toBe(0);
      const own = await client.rpc('list_assignments', { limit: 100 });
      expect(own.data.assignments.every((a: { tenant_id: string }) => a.tenant_id === TENANT.globex)).toBe(true);
      const edit = await client.from('assignments').update({ notes: 'Hijacked' }).eq('id', created!.id).select('id');
      expect(edit.data ?? []).toEqual([]);
    }
    const stolen = await globexDispatcher
      .from('assignments')
      .insert({ tenant_id: TENANT.globex, delivery_id: delivery.id, driver_id: 'b2000000-0000-4000-8000-000000000003', vehicle_id: 'b3000000-0000-4000-8000-000000000001', notes: '' })
      .select('id');
    expect(stolen.error?.code).toBe('23514');
    expect(detailsOf(stolen.error)).toEqual([{ key: 'assignments.delivery_not_found', field: 'delivery_id', message: 'Delivery not found' }]);
    const { data: still } = await dispatcher.from('assignments').select('notes').eq('id', created!.id).single();
    expect(still).toEqual({ notes: '' });
  });
});
