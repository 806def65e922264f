import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, TENANT, testUsers, unique, USER } from './clients.ts';

/**
 * Deliveries through supabase-js, as features/deliveries calls them: the list's request on the
 * delivery_rows view, create and edit with the database's {field, message} details, who reads
 * what (dispatcher, customer, driver, the other tenant), status never written directly, and a
 * whole delivery through respond_to_assignment and transition_delivery as the driver.
 */
const service = serviceClient();
const users = testUsers();

const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001';

let dispatcher: SupabaseClient;
let driver: SupabaseClient;
let customer: SupabaseClient;
let globexDispatcher: SupabaseClient;
let globexCustomer: SupabaseClient;
let customerHome: string;
const created: string[] = [];

const LIST_COLUMNS =
  'id, tenant_id, delivery_code, external_reference_id, kind, status, priority, customer_id, customer_name, driver_id, driver_name, ' +
  'service_id, service_name, pickup_zone_name, dropoff_zone_name, pickup_full_address, pickup_city, dropoff_full_address, dropoff_city, ' +
  'pickup_window_start, pickup_window_end, dropoff_window_start, dropoff_window_end, price, currency, created_at';

function newDelivery(overrides: Record<string, unknown> = {}) {
  return {
    tenant_id: TENANT.acme,
    kind: 'delivery',
    customer_id: USER.acmeCustomer,
    pickup_address_id: DEPOT,
    dropoff_address_id: customerHome,
    service_id: SAME_DAY,
    packages: [
      { description: 'Espresso machine', quantity: 1, weight_kg: 6.5, length_cm: 40, width_cm: 30, height_cm: 45, fragile: true, temperature_sensitive: false },
      { description: 'Coffee beans', quantity: 2, weight_kg: 1, fragile: false, temperature_sensitive: false },
    ],
    priority: 'normal',
    cod_amount: 0,
    external_reference_id: unique('PO'),
    notes: 'Ring the bell at the side door',
    ...overrides,
  };
}

async function create(client: SupabaseClient, overrides: Record<string, unknown> = {}) {
  const { data, error } = await client.from('deliveries').insert(newDelivery(overrides)).select('*').single();
  expect(error).toBeNull();
  created.push(data!.id as string);
  return data as Record<string, unknown> & { id: string; delivery_code: string; status: string };
}

function detailsOf(error: { details?: string } | null): { field: string; message: string }[] {
  return JSON.parse(error?.details ?? '[]') as { field: string; message: string }[];
}

beforeAll(async () => {
  [dispatcher, driver, customer, globexDispatcher, globexCustomer] = await Promise.all(
    ['dispatcher@acme.test', 'driver@acme.test', 'customer@acme.test', 'dispatcher@globex.test', 'customer@globex.test'].map(users.as),
  );
  const { data, error } = await dispatcher
    .from('addresses')
    .select('id')
    .eq('tenant_id', TENANT.acme)
    .eq('user_id', USER.acmeCustomer)
    .eq('is_active', true)
    .not('latitude', 'is', null)
    .order('is_primary', { ascending: false })
    .limit(1)
    .single();
  expect(error).toBeNull();
  customerHome = data!.id as string;
});

afterAll(async () => {
  await users.release();
  if (created.length > 0) {
    await service.from('assignments').delete().in('delivery_id', created);
    await service.from('deliveries').delete().in('id', created);
  }
});

describe('creating a delivery as a dispatcher', () => {
  it('derives the code, barcode, token, snapshots, zones, totals and the quoted price, and writes the created event', async () => {
    const d = await create(dispatcher);
    expect(d.delivery_code).toMatch(/^ACME-\d{6}$/);
    expect(d.barcode).toBe(d.delivery_code);
    expect(d.tracking_token).toMatch(/^[0-9a-f]{32,}$/);
    expect(d.status).toBe('pending');
    expect(d.package_count).toBe(3);
    expect(Number(d.total_weight_kg)).toBe(8.5);
    expect((d.pickup_address as { full_address: string }).full_address).toMatch(/Terry A Francois/);
    expect(d.pickup_zone_id).not.toBeNull();
    expect(d.dropoff_zone_id).not.toBeNull();
    expect(Number(d.price)).toBeGreaterThan(0);
    expect(d.currency).toBe('USD');
    expect(d.created_by).toBe(USER.acmeDispatcher);

    const { data: events } = await dispatcher.from('delivery_events').select('action, status, actor_name').eq('delivery_id', d.id);
    expect(events).toEqual([{ action: 'created', status: 'pending', actor_name: 'Dana Dispatcher' }]);
  });

  it('keeps a staff price with its reason', async () => {
    const d = await create(dispatcher, { price: 12.5, price_override_reason: 'Loyal customer discount' });
    expect(Number(d.price)).toBe(12.5);
    expect(d.price_override_reason).toBe('Loyal customer discount');
  });

  it('answers 23514 with the form\'s fields for bad input and writes nothing', async () => {
    const reference = unique('BAD');
    const { error } = await dispatcher.from('deliveries').insert(
      newDelivery({
        external_reference_id: reference,
        packages: [{ description: 'Box', quantity: 0, weight_kg: -1 }],
        cod_amount: -5,
        pickup_window_start: '2026-12-01T10:00:00Z',
        pickup_window_end: '2026-12-01T09:00:00Z',
      }),
    );
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe('Validation failed');
    const fields = detailsOf(error).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['packages.0.quantity', 'packages.0.weight_kg', 'cod_amount', 'pickup_window_end']));
    const { data } = await dispatcher.from('deliveries').select('id').eq('external_reference_id', reference);
    expect(data).toEqual([]);
  });

  it('refuses an address from another customer\'s book on its field', async () => {
    const { data: other } = await dispatcher
      .from('addresses')
      .select('id')
      .eq('tenant_id', TENANT.acme)
      .not('user_id', 'is', null)
      .neq('user_id', USER.acmeCustomer)
      .limit(1)
      .single();
    const { error } = await dispatcher.from('deliveries').insert(newDelivery({ dropoff_address_id: other!.id }));
    expect(error?.code).toBe('23514');
    expect(detailsOf(error)).toContainEqual({
      key: 'deliveries.dropoff_address_not_found',
      field: 'dropoff_address_id',
      message: "Drop-off address not found in the business's or the customer's address book",
    });
  });
});

describe('the deliveries list request (delivery_rows)', () => {
  it('finds a delivery by code, by external reference and by customer name, with the names the list shows', async () => {
    const d = await create(dispatcher);
    for (const term of [d.delivery_code, d.external_reference_id as string]) {
      const { data, error } = await dispatcher
        .from('delivery_rows')
        .select(LIST_COLUMNS, { count: 'estimated' })
        .eq('tenant_id', TENANT.acme)
        .or(['delivery_code', 'external_reference_id', 'customer_name'].map((c) => `${c}.ilike.*${term}*`).join(','))
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 24);
      expect(error).toBeNull();
      expect(data!.map((row) => (row as unknown as { id: string }).id)).toContain(d.id);
    }
    const { data, count } = await dispatcher
      .from('delivery_rows')
      .select(LIST_COLUMNS, { count: 'estimated' })
      .eq('tenant_id', TENANT.acme)
      .or('delivery_code.ilike.*Carla Cust*,external_reference_id.ilike.*Carla Cust*,customer_name.ilike.*Carla Cust*')
      .in('status', ['pending', 'assigned'])
      .eq('service_id', SAME_DAY)
      .range(0, 24);
    expect(count).toBeGreaterThan(0);
    const rows = data as unknown as { id: string; customer_name: string; service_name: string; pickup_city: string; status: string }[];
    expect(rows.every((row) => row.customer_name === 'Carla Customer' && ['pending', 'assigned'].includes(row.status))).toBe(true);
    const mine = rows.find((row) => row.id === d.id);
    expect(mine).toMatchObject({ customer_name: 'Carla Customer', service_name: 'Same Day', pickup_city: 'San Francisco' });
  });

  it('filters by zone on either end', async () => {
    const d = await create(dispatcher);
    const { data: zone } = await dispatcher.from('deliveries').select('dropoff_zone_id').eq('id', d.id).single();
    const { data } = await dispatcher
      .from('delivery_rows')
      .select('id, pickup_zone_id, dropoff_zone_id')
      .eq('tenant_id', TENANT.acme)
      .or(`pickup_zone_id.eq.${zone!.dropoff_zone_id},dropoff_zone_id.eq.${zone!.dropoff_zone_id}`)
      .order('created_at', { ascending: false })
      .limit(25);
    expect(data!.map((row) => row.id)).toContain(d.id);
    expect(data!.every((row) => row.pickup_zone_id === zone!.dropoff_zone_id || row.dropoff_zone_id === zone!.dropoff_zone_id)).toBe(true);
  });
});

describe('who reads and writes deliveries', () => {
  it('a customer reads their own deliveries only, and cannot create one', async () => {
    const d = await create(dispatcher);
    const { data } = await customer.from('deliveries').select('id, customer_id');
    expect(data!.map((row) => row.id)).toContain(d.id);
    expect(data!.every((row) => row.customer_id === USER.acmeCustomer)).toBe(true);
    const { data: rows } = await customer.from('delivery_rows').select('customer_id');
    expect(rows!.every((row) => row.customer_id === USER.acmeCustomer)).toBe(true);
    const { error } = await customer.from('deliveries').insert(newDelivery());
    expect(error?.code).toBe('42501');
  });

  it('another tenant sees nothing, and its writes change nothing', async () => {
    const d = await create(dispatcher);
    for (const client of [globexDispatcher, globexCustomer]) {
      const { data } = await client.from('deliveries').select('id').eq('id', d.id);
      expect(data).toEqual([]);
      const { data: rows } = await client.from('delivery_rows').select('id').eq('id', d.id);
      expect(rows).toEqual([]);
      const { data: events } = await client.from('delivery_events').select('id').eq('delivery_id', d.id);
      expect(events).toEqual([]);
    }
    const { data: updated } = await globexDispatcher.from('deliveries').update({ notes: 'hijacked' }).eq('id', d.id).select('id');
    expect(updated ?? []).toEqual([]);
    const { error } = await globexDispatcher.rpc('transition_delivery', { delivery_id: d.id, status: 'cancelled', reason: 'not yours' });
    expect(error?.message).toBe('Delivery not found');
    const { data: still } = await dispatcher.from('deliveries').select('notes, status').eq('id', d.id).single();
    expect(still).toEqual({ notes: 'Ring the bell at the side door', status: 'pending' });
  });

  it('status is never written directly', async () => {
    const d = await create(dispatcher);
    const { error } = await dispatcher.from('deliveries').update({ status: 'delivered' }).eq('id', d.id);
    expect(error?.code).toBe('42501');
    const { data } = await dispatcher.from('deliveries').select('status').eq('id', d.id).single();
    expect(data!.status).toBe('pending');
  });

  it('edits only while pending or assigned', async () => {
    const d = await create(dispatcher);
    const { error: edit } = await dispatcher.from('deliveries').update({ notes: 'Leave at reception', priority: 'high' }).eq('id', d.id);
    expect(edit).toBeNull();
    expect((await dispatcher.rpc('transition_delivery', { delivery_id: d.id, status: 'cancelled', reason: 'Customer changed their mind' })).error).toBeNull();
    const { error } = await dispatcher.from('deliveries').update({ notes: 'Too late' }).eq('id', d.id);
    expect(error?.code).toBe('23514');
    expect(detailsOf(error)).toEqual([
      {
        key: 'deliveries.not_editable',
        field: 'status',
        message: 'A delivery can be edited only while pending or assigned; this one is cancelled',
        params: { status: 'cancelled' },
      },
    ]);
    const { data: actions } = await dispatcher.rpc('delivery_actions', { delivery_id: d.id });
    expect(actions).toEqual([]);
  });
});

describe('a delivery from creation to delivered, the driver moving it', () => {
  it('goes through the assignment, acceptance and each move, the timeline recording every step; the driver sees it only once given it', async () => {
    const d = await create(dispatcher);
    const { data: unseen } = await driver.from('deliveries').select('id').eq('id', d.id);
    expect(unseen).toEqual([]);

    expect(await dispatcher.rpc('delivery_actions', { delivery_id: d.id })).toMatchObject({ data: ['edit', 'assign', 'cancelled'] });
    const { data: assignment, error: assignError } = await dispatcher
      .from('assignments')
      .insert({ tenant_id: TENANT.acme, delivery_id: d.id, driver_id: USER.acmeDriver, vehicle_id: CITY_VAN, notes: 'Fragile machine: strap it' })
      .select('id, status')
      .single();
    expect(assignError).toBeNull();
    expect(assignment!.status).toBe('pending');

    const { data: seen } = await driver.from('deliveries').select('id, status, driver_id').eq('id', d.id).single();
    expect(seen).toEqual({ id: d.id, status: 'assigned', driver_id: USER.acmeDriver });
    expect(await driver.rpc('delivery_actions', { delivery_id: d.id })).toMatchObject({ data: ['accepted', 'reject'] });

    // A driver cannot cancel, and the dispatcher cannot move it on for the driver.
    expect((await driver.rpc('transition_delivery', { delivery_id: d.id, status: 'cancelled', reason: 'no' })).error?.code).toBe('42501');
    expect((await dispatcher.rpc('transition_delivery', { delivery_id: d.id, status: 'accepted' })).error?.code).toBe('42501');

    expect((await driver.rpc('respond_to_assignment', { assignment_id: assignment!.id, accept: true })).error).toBeNull();
    expect((await driver.rpc('transition_delivery', { delivery_id: d.id, status: 'picked_up', lat: 37.7706, lng: -122.387 })).error).toBeNull();
    // An illegal jump changes nothing.
    const { error: skip } = await driver.rpc('transition_delivery', { delivery_id: d.id, status: 'picked_up' });
    expect(skip?.code).toBe('23514');
    expect((await driver.rpc('transition_delivery', { delivery_id: d.id, status: 'in_transit' })).error).toBeNull();
    const { error: deliverError } = await driver.rpc('transition_delivery', {
      delivery_id: d.id,
      status: 'delivered',
      note: 'Handed over at the side door',
      proof: { recipient_name: 'Carla Customer', notes: 'Signed on the driver app' },
    });
    expect(deliverError).toBeNull();

    const { data: done } = await dispatcher.from('deliveries').select('status, delivered_at, proof').eq('id', d.id).single();
    expect(done!.status).toBe('delivered');
    expect(done!.delivered_at).not.toBeNull();
    expect(done!.proof).toMatchObject({ recipient_name: 'Carla Customer' });

    const { data: events } = await dispatcher
      .from('delivery_events')
      .select('action, status, actor_name')
      .eq('delivery_id', d.id)
      .order('occurred_at')
      .order('recorded_at');
    expect(events!.map((e) => `${e.action}:${e.status}`)).toEqual([
      'created:pending',
      'assigned:assigned',
      'status:accepted',
      'status:picked_up',
      'status:in_transit',
      'status:delivered',
    ]);
    expect(events!.slice(2).every((e) => e.actor_name === 'Derek Driver')).toBe(true);

    const { data: finished } = await dispatcher.from('assignments').select('status, completed_at').eq('id', assignment!.id).single();
    expect(finished!.status).toBe('completed');
    expect(await dispatcher.rpc('delivery_actions', { delivery_id: d.id })).toMatchObject({ data: [] });
  });
});
