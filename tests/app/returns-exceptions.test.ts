import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, eventually, listen, serviceClient, TENANT, testUsers, USER } from './clients.ts';

/**
 * Return requests and exceptions through supabase-js as the seeded users, as
 * features/return-requests/api.ts and features/exceptions/api.ts call them: the list views, the
 * inserts and edits with their {field, message} details, the status machines as RPCs with their
 * HTTP answers (400 illegal, 403 not yours to move, 404 not yours to see), who reads what, and the
 * live topics.
 */
const service = serviceClient();
const users = testUsers();

let acmeAdmin: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let acmeDriver: SupabaseClient;
let acmeCustomer: SupabaseClient;
let globexAdmin: SupabaseClient;

interface FieldError {
  key?: string;
  field: string;
  message: string;
}
const fieldErrors = (details: string | undefined): FieldError[] => JSON.parse(details ?? 'null') as FieldError[];

/** Delivered deliveries of acme without a return yet (the seed's), for `customer` when given; each call hands out new ones. */
const handedOut = new Set<string>();
async function freeDelivered(customer?: string): Promise<{ id: string; customer_id: string; price: number; cod_amount: number; packages: { quantity: number }[] }> {
  let query = service.from('deliveries').select('id, customer_id, price, cod_amount, packages').eq('tenant_id', TENANT.acme).eq('status', 'delivered').neq('kind', 'pickup');
  if (customer) query = query.eq('customer_id', customer);
  const { data, error } = await query.order('created_at', { ascending: true }).limit(300);
  expect(error).toBeNull();
  const { data: returned } = await service.from('return_requests').select('delivery_id');
  const taken = new Set((returned ?? []).map((r) => r.delivery_id as string));
  const free = (data ?? []).find((d) => !taken.has(d.id as string) && !handedOut.has(d.id as string));
  expect(free, 'a seeded delivered delivery without a return').toBeTruthy();
  handedOut.add(free!.id as string);
  return { ...free!, price: Number(free!.price), cod_amount: Number(free!.cod_amount) } as never;
}

beforeAll(async () => {
  [acmeAdmin, acmeDispatcher, acmeDriver, acmeCustomer, globexAdmin] = await Promise.all(
    ['admin@acme.test', 'dispatcher@acme.test', 'driver@acme.test', 'customer@acme.test', 'admin@globex.test'].map(users.as),
  );
});

afterAll(async () => {
  await users.release();
});

describe('return requests', () => {
  it('who reads: staff their tenant\'s, a customer their own, drivers and anon nothing', async () => {
    for (const [client, tenant] of [[acmeAdmin, TENANT.acme], [acmeDispatcher, TENANT.acme], [globexAdmin, TENANT.globex]] as const) {
      const { data, error } = await client.from('return_request_rows').select('id, tenant_id, return_code, delivery_code, customer_name');
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(12);
      expect(data!.every((r) => r.tenant_id === tenant && r.delivery_code && r.customer_name)).toBe(true);
    }
    const { data: own } = await acmeCustomer.from('return_request_rows').select('customer_id');
    expect(own!.every((r) => r.customer_id === USER.acmeCustomer)).toBe(true);
    const { data: none } = await acmeDriver.from('return_requests').select('id');
    expect(none).toEqual([]);
    const { error } = await anonClient().from('return_requests').select('id');
    expect(error?.code).toBe('42501');
  });

  it('the list\'s request: search on the code, filters on status, reason and dates, exact total', async () => {
    const { data: some } = await acmeAdmin.from('return_request_rows').select('return_code').eq('status', 'rejected').limit(1).single();
    const { data, count, error } = await acmeAdmin
      .from('return_request_rows')
      .select('id, return_code, status, reason', { count: 'exact' })
      .eq('tenant_id', TENANT.acme)
      .or(`return_code.ilike.%${some!.return_code}%,customer_name.ilike.%${some!.return_code}%`)
      .eq('status', 'rejected')
      .gte('created_at', new Date(Date.now() - 60 * 86_400_000).toISOString())
      .order('created_at', { ascending: false })
      .range(0, 24);
    expect(error).toBeNull();
    expect(count).toBe(1);
    expect(data![0]).toMatchObject({ return_code: some!.return_code, status: 'rejected' });
  });

  it('staff create a request: coded per tenant, requested, with its first history event; bad input comes back on its fields', async () => {
    const delivery = await freeDelivered();
    const bad = await acmeDispatcher
      .from('return_requests')
      .insert({ tenant_id: TENANT.acme, delivery_id: delivery.id, reason: 'other', items: [{ package_index: 0, quantity: delivery.packages[0]!.quantity + 1 }], refund_amount: 9_999_999 })
      .select('id');
    expect(bad.error?.code).toBe('23514');
    expect(fieldErrors(bad.error?.details).map((e) => e.field).sort()).toEqual(['items.0.quantity', 'reason_text', 'refund_amount']);

    const { data, error } = await acmeDispatcher
      .from('return_requests')
      .insert({ tenant_id: TENANT.acme, delivery_id: delivery.id, reason: 'damaged', items: [{ package_index: 0, quantity: 1 }], refund_amount: 1, status: 'closed' })
      .select('id');
    // status is not a column the API may write.
    expect(error?.code).toBe('42501');
    expect(data).toBeNull();

    const created = await acmeDispatcher
      .from('return_requests')
      .insert({ tenant_id: TENANT.acme, delivery_id: delivery.id, reason: 'damaged', items: [{ package_index: 0, quantity: 1 }], refund_amount: 1 })
      .select('id, return_code, status, customer_id, items')
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ status: 'requested', customer_id: delivery.customer_id });
    expect(created.data!.return_code).toMatch(/^ACME-R\d{5}$/);
    const { data: events } = await acmeDispatcher.from('return_request_events').select('from_status, status, actor_name').eq('return_request_id', created.data!.id);
    expect(events).toEqual([{ from_status: null, status: 'requested', actor_name: 'Dana Dispatcher' }]);
  });

  it('the machine over RPC: approve with pickup creates the pickup delivery; illegal 400, a customer 403, unseen 404', async () => {
    const delivery = await freeDelivered();
    const { data: request } = await acmeAdmin
      .from('return_requests')
      .insert({ tenant_id: TENANT.acme, delivery_id: delivery.id, reason: 'wrong_item', items: [{ package_index: 0, quantity: 1 }], refund_amount: 0 })
      .select('id')
      .single();

    const illegal = await acmeAdmin.rpc('transition_return_request', { return_request_id: request!.id, status: 'received' });
    expect(illegal.status).toBe(400);
    expect(fieldErrors(illegal.error?.details)).toEqual([
      { key: 'returns.move_not_allowed', field: 'status', message: 'A return request cannot go from requested to received', params: { from: 'requested', to: 'received' } },
    ]);

    const unseen = await globexAdmin.rpc('transition_return_request', { return_request_id: request!.id, status: 'approved' });
    expect(unseen.status).toBe(404);
    expect(unseen.error?.message).toBe('Return request not found');

    const approved = await acmeAdmin.rpc('transition_return_request', { return_request_id: request!.id, status: 'approved', note: 'OK', schedule_pickup: true });
    expect(approved.error).toBeNull();
    expect(approved.data).toMatchObject({ status: 'pickup_scheduled' });
    const { data: pickup } = await acmeAdmin.from('deliveries').select('kind, status, customer_id, external_reference_id').eq('id', (approved.data as { pickup_delivery_id: string }).pickup_delivery_id).single();
    expect(pickup).toMatchObject({ kind: 'pickup', status: 'pending', customer_id: delivery.customer_id });

    const { data: actions } = await acmeAdmin.rpc('return_request_actions', { return_request_id: request!.id });
    expect(actions).toEqual(['picked_up']);
  });

  it('a customer requests a return of their own delivered delivery, reads it, and moves nothing', async () => {
    const delivery = await freeDelivered(USER.acmeCustomer);
    const created = await acmeCustomer
      .from('return_requests')
      .insert({ tenant_id: TENANT.acme, delivery_id: delivery.id, reason: 'not_as_described', items: [{ package_index: 0, quantity: 1 }] })
      .select('id, status, customer_id')
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ status: 'requested', customer_id: USER.acmeCustomer });
    const moved = await acmeCustomer.rpc('transition_return_request', { return_request_id: created.data!.id, status: 'approved' });
    expect(moved.status).toBe(403);
    const edited = await acmeCustomer.from('return_requests').update({ notes: 'please hurry' }).eq('id', created.data!.id).select('id');
    expect(edited.data).toEqual([]);

    const other = await freeDelivered('a1000000-0000-4000-8000-000000000109');
    const refused = await acmeCustomer
      .from('return_requests')
      .insert({ tenant_id: TENANT.acme, delivery_id: other.id, reason: 'damaged', items: [{ package_index: 0, quantity: 1 }] })
      .select('id');
    expect(fieldErrors(refused.error?.details)).toEqual([{ key: 'returns.delivery_not_found', field: 'delivery_id', message: 'Delivery not found' }]);
  });

  it('live: a dispatcher hears a new request of their tenant; the other tenant and customers do not join', async () => {
    const topic = `tenant:${TENANT.acme}:return_requests`;
    const dispatcher = await listen(acmeDispatcher, topic);
    const delivery = await freeDelivered();
    const { data } = await acmeAdmin
      .from('return_requests')
      .insert({ tenant_id: TENANT.acme, delivery_id: delivery.id, reason: 'no_longer_needed', items: [{ package_index: 0, quantity: 1 }] })
      .select('id')
      .single();
    await eventually(() => dispatcher.received.some((m) => (m as { payload?: { record?: { id?: string } } }).payload?.record?.id === data!.id));
    await expect(listen(acmeCustomer, topic)).rejects.toThrow();
    await expect(listen(globexAdmin, topic)).rejects.toThrow();
  });
});

describe('exceptions', () => {
  /** A delivery Derek carries now (the seed's work in hand). */
  async function derekDelivery(): Promise<string> {
    const { data } = await service.from('deliveries').select('id').eq('driver_id', USER.acmeDriver).in('status', ['accepted', 'picked_up', 'in_transit']).limit(1).maybeSingle();
    if (data) return data.id as string;
    const { data: carried } = await service.from('deliveries').select('id').eq('driver_id', USER.acmeDriver).limit(1).single();
    return carried!.id as string;
  }

  it('staff report, assign, investigate and resolve; the notes rule; the history', async () => {
    const { data: delivery } = await service.from('deliveries').select('id').eq('tenant_id', TENANT.acme).eq('status', 'failed').limit(1).single();
    const bad = await acmeDispatcher.from('exceptions').insert({ tenant_id: TENANT.acme, delivery_id: delivery!.id, type: 'stolen', severity: 'urgent', description: ' ', assigned_to: USER.acmeDriver }).select('id');
    expect(bad.error?.code).toBe('23514');
    expect(fieldErrors(bad.error?.details).map((e) => e.field).sort()).toEqual(['assigned_to', 'description', 'severity', 'type']);

    const created = await acmeDispatcher
      .from('exceptions')
      .insert({ tenant_id: TENANT.acme, delivery_id: delivery!.id, type: 'refused', severity: 'medium', description: 'Refused at the door', assigned_to: USER.acmeAdmin })
      .select('id, exception_code, status, reported_by')
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ status: 'open', reported_by: USER.acmeDispatcher });
    const id = created.data!.id as string;

    expect((await acmeDispatcher.rpc('transition_exception', { exception_id: id, status: 'resolved', resolution_notes: 'x' })).status).toBe(400);
    expect((await acmeDispatcher.rpc('transition_exception', { exception_id: id, status: 'investigating' })).error).toBeNull();
    const noNotes = await acmeDispatcher.rpc('transition_exception', { exception_id: id, status: 'resolved' });
    expect(fieldErrors(noNotes.error?.details)).toEqual([
      { key: 'exceptions.resolution_notes_required', field: 'resolution_notes', message: 'Resolution notes are required to resolve or close an exception' },
    ]);
    const resolved = await acmeAdmin.rpc('transition_exception', { exception_id: id, status: 'resolved', resolution_notes: 'Redelivered next day' });
    expect(resolved.data).toMatchObject({ status: 'resolved', resolution_notes: 'Redelivered next day', resolved_by: USER.acmeAdmin });
    const { data: history } = await acmeAdmin.from('exception_events').select('status').eq('exception_id', id).order('occurred_at').order('seq');
    expect(history!.map((e) => e.status)).toEqual(['open', 'investigating', 'resolved']);
    const edit = await acmeAdmin.from('exceptions').update({ severity: 'low' }).eq('id', id).select('id');
    expect(fieldErrors(edit.error?.details)[0]!.field).toBe('status');

    const list = await acmeAdmin.from('exception_rows').select('id, assigned_to_name', { count: 'exact' }).eq('tenant_id', TENANT.acme).eq('type', 'refused').eq('status', 'resolved').eq('assigned_to', USER.acmeAdmin);
    expect(list.data!.map((r) => r.id)).toContain(id);
    expect(list.data!.find((r) => r.id === id)!.assigned_to_name).toBe('Ada Admin');
  });

  it('a driver raises one for a delivery they carry, reads only theirs, and neither assigns nor moves it; customers see none', async () => {
    const deliveryId = await derekDelivery();
    const raised = await acmeDriver.from('exceptions').insert({ tenant_id: TENANT.acme, delivery_id: deliveryId, type: 'delayed', severity: 'low', description: 'Traffic on the bridge' }).select('id, status, reported_by, assigned_to').single();
    expect(raised.error).toBeNull();
    expect(raised.data).toMatchObject({ status: 'open', reported_by: USER.acmeDriver, assigned_to: null });
    const { data: mine } = await acmeDriver.from('exceptions').select('reported_by');
    expect(mine!.length).toBeGreaterThan(0);
    expect(mine!.every((x) => x.reported_by === USER.acmeDriver)).toBe(true);
    expect((await acmeDriver.rpc('transition_exception', { exception_id: raised.data!.id, status: 'investigating' })).status).toBe(403);

    const assigned = await acmeDriver.from('exceptions').insert({ tenant_id: TENANT.acme, delivery_id: deliveryId, type: 'delayed', severity: 'low', description: 'x', assigned_to: USER.acmeDispatcher }).select('id');
    expect(fieldErrors(assigned.error?.details)).toEqual([{ key: 'exceptions.driver_cannot_assign', field: 'assigned_to', message: 'Only admins and dispatchers assign exceptions' }]);
    const { data: notHis } = await service.from('deliveries').select('id').eq('tenant_id', TENANT.acme).neq('driver_id', USER.acmeDriver).eq('status', 'in_transit').limit(1).single();
    const elsewhere = await acmeDriver.from('exceptions').insert({ tenant_id: TENANT.acme, delivery_id: notHis!.id, type: 'lost', severity: 'high', description: 'x' }).select('id');
    expect(fieldErrors(elsewhere.error?.details)).toEqual([{ key: 'exceptions.delivery_not_found', field: 'delivery_id', message: 'Delivery not found' }]);

    const { data: customerView } = await acmeCustomer.from('exceptions').select('id');
    expect(customerView).toEqual([]);
    const customerInsert = await acmeCustomer.from('exceptions').insert({ tenant_id: TENANT.acme, delivery_id: deliveryId, type: 'other', severity: 'low', description: 'x' }).select('id');
    expect(customerInsert.error?.code).toBe('42501');
  });

  it('the assignee picker offers only staff who read deliveries (reads_deliveries), and the database refuses a warehouse-only picker with a key', async () => {
    const tyrone = 'a5100000-0000-4000-8000-000000000004'; // a picker of the dispatcher panel, warehouse-only
    const liaison = 'a5100000-0000-4000-8000-000000000006'; // warehouse staff with a dispatcher liaison row
    // src/data/people.ts lookupStaff with activeOnly, as the exception form and the participants panel ask.
    const staff = () => acmeDispatcher.from('profiles').select('id').eq('tenant_id', TENANT.acme).in('panel_type', ['admin', 'dispatcher']).eq('status', 'active');
    const stored = await staff();
    expect(stored.data!.map((p) => p.id)).toContain(tyrone);
    const offered = await staff().eq('reads_deliveries', true);
    expect(offered.error).toBeNull();
    expect(offered.data!.map((p) => p.id)).toEqual(expect.arrayContaining([USER.acmeAdmin, USER.acmeDispatcher, liaison]));
    expect(offered.data!.map((p) => p.id)).not.toContain(tyrone);

    const { data: delivery } = await service.from('deliveries').select('id').eq('tenant_id', TENANT.acme).eq('status', 'failed').limit(1).single();
    const refused = await acmeDispatcher.from('exceptions').insert({ tenant_id: TENANT.acme, delivery_id: delivery!.id, type: 'damaged', severity: 'low', description: 'Torn label', assigned_to: tyrone }).select('id');
    expect(refused.error?.code).toBe('23514');
    expect(JSON.parse(refused.error!.details)).toEqual([
      {
        field: 'assigned_to',
        key: 'exceptions.assignee_cannot_read',
        message: 'Tyrone Jackson works in the warehouse only and cannot read this delivery: assign it to an admin or dispatcher',
        params: { name: 'Tyrone Jackson' },
      },
    ]);
    const accepted = await acmeDispatcher.from('exceptions').insert({ tenant_id: TENANT.acme, delivery_id: delivery!.id, type: 'damaged', severity: 'low', description: 'Torn label', assigned_to: liaison }).select('assigned_to').single();
    expect(accepted.error).toBeNull();
    expect(accepted.data!.assigned_to).toBe(liaison);
  });

  it('live: admins and dispatchers hear exceptions; a driver does not join', async () => {
    const topic = `tenant:${TENANT.acme}:exceptions`;
    const admin = await listen(acmeAdmin, topic);
    const { data: delivery } = await service.from('deliveries').select('id').eq('tenant_id', TENANT.acme).eq('status', 'delivered').limit(1).single();
    const { data } = await acmeDispatcher.from('exceptions').insert({ tenant_id: TENANT.acme, delivery_id: delivery!.id, type: 'damaged', severity: 'low', description: 'Dented corner' }).select('id').single();
    await eventually(() => admin.received.some((m) => (m as { payload?: { record?: { id?: string } } }).payload?.record?.id === data!.id));
    await expect(listen(acmeDriver, topic)).rejects.toThrow();
  });
});

describe('putting a received return back into stock', () => {
  it('writes a return transaction referencing the request, with the HTTP answers of who may not and what is refused', async () => {
    const { data: received } = await service.from('return_requests').select('id, warehouse_id').eq('tenant_id', TENANT.acme).eq('status', 'received').not('warehouse_id', 'is', null).limit(1);
    const { data: closed } = await service.from('return_requests').select('id').eq('tenant_id', TENANT.acme).eq('status', 'closed').limit(1);
    const request = received![0]!;
    const { data: bins } = await service.from('warehouse_locations').select('id').eq('warehouse_id', request.warehouse_id as string).eq('location_type', 'bin').eq('status', 'active').limit(1);
    const { data: item } = await service.from('inventory_items').insert({ tenant_id: TENANT.acme, name: 'Put Back App Test Lamp', sku: `PB-APP-${Date.now()}` }).select('id').single();
    const args = { return_request_id: request.id as string, item_id: item!.id as string, bin_id: bins![0]!.id as string, quantity: 2, condition: 'damaged' };

    const refused = await acmeAdmin.rpc('put_back_return_request', { ...args, return_request_id: closed![0]!.id as string });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.error?.details)).toEqual([
      {
        key: 'returns.put_back_not_received',
        field: 'status',
        message: 'Only a received return request can be put back into stock; this one is closed',
        params: { status: 'closed' },
      },
    ]);
    expect((await acmeDispatcher.rpc('put_back_return_request', args)).status).toBe(403);
    expect((await globexAdmin.rpc('put_back_return_request', args)).status).toBe(404);
    expect((await acmeDriver.rpc('put_back_return_request', args)).status).toBe(404);

    const { data, error } = await acmeAdmin.rpc('put_back_return_request', args);
    expect(error).toBeNull();
    expect(data).toMatchObject({ transaction_type: 'return', reference_type: 'return_request', reference_id: request.id, stock_status: 'damaged', quantity: 2 });
    const { data: stock } = await service.from('inventory_stock').select('quantity, status').eq('item_id', item!.id as string);
    expect(stock).toEqual([{ quantity: 2, status: 'damaged' }]);
  });
});
