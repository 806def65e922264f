import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, eventually, listen, TENANT, testUsers, unique, USER } from './clients.ts';

/**
 * Customers message dispatch about an order, through supabase-js as features/chat/api.ts and
 * panels/dispatcher/api.ts call it: the customer opens the delivery's order conversation
 * (create_order_conversation, reused), writes through send_message; the dispatchers' queue
 * (support_conversations) shows it waiting and hears it live on `tenant:<id>:conversation_support`,
 * each dispatcher gets one notification however much the customer writes; staff acknowledge, answer
 * (the customer's inbox and unread count), resolve with a note; a new customer message reopens it.
 * Another customer, a driver, the other tenant and anon read and do nothing.
 */
const users = testUsers();

const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';

let dispatcher: SupabaseClient;
let admin: SupabaseClient;
let customer: SupabaseClient;
let business: SupabaseClient;
let driver: SupabaseClient;
let globexDispatcher: SupabaseClient;
let delivery: { id: string; delivery_code: string };
let conversationId: string;

interface FieldError {
  field: string;
  message: string;
}
const detailsOf = (error: { details?: string } | null) => JSON.parse(error?.details ?? '[]') as FieldError[];

async function newDelivery(customerId: string): Promise<{ id: string; delivery_code: string }> {
  const { data, error } = await dispatcher
    .from('deliveries')
    .insert({
      tenant_id: TENANT.acme,
      kind: 'delivery',
      customer_id: customerId,
      pickup_address: { full_address: '1 Market St, San Francisco, CA' },
      pickup_lat: 37.7936,
      pickup_lng: -122.3958,
      dropoff_address: { full_address: '2250 Lombard St, San Francisco, CA' },
      dropoff_lat: 37.7994,
      dropoff_lng: -122.4377,
      service_id: SAME_DAY,
      packages: [{ description: 'Framed print', quantity: 1, weight_kg: 4 }],
      price: 19,
      price_override_reason: 'Contract rate',
      external_reference_id: unique('ORDERCHAT'),
    })
    .select('id, delivery_code')
    .single();
  expect(error).toBeNull();
  return data as { id: string; delivery_code: string };
}

beforeAll(async () => {
  [dispatcher, admin, customer, business, driver, globexDispatcher] = await Promise.all([
    users.as('dispatcher@acme.test'),
    users.as('admin@acme.test'),
    users.as('customer@acme.test'),
    users.as('business@acme.test'),
    users.as('driver@acme.test'),
    users.as('dispatcher@globex.test'),
  ]);
  delivery = await newDelivery(USER.acmeCustomer);
});

afterAll(async () => {
  await dispatcher.rpc('transition_delivery', { delivery_id: delivery.id, status: 'cancelled', reason: 'Order chat API test finished' });
  await users.release();
});

describe('an order conversation', () => {
  it('is opened by the delivery\'s customer, once, and reused', async () => {
    const { data, error } = await customer.rpc('create_order_conversation', { delivery_id: delivery.id });
    expect(error).toBeNull();
    const conversation = data as { id: string; type: string; title: string; metadata: Record<string, string> };
    expect(conversation.type).toBe('order');
    expect(conversation.title).toBe(`Order ${delivery.delivery_code}`);
    expect(conversation.metadata).toEqual({ orderId: delivery.id, source: 'customer_dashboard' });
    conversationId = conversation.id;
    const again = await customer.rpc('create_order_conversation', { delivery_id: delivery.id });
    expect((again.data as { id: string }).id).toBe(conversationId);
    const participants = await customer.from('conversation_participants').select('user_id, role').eq('conversation_id', conversationId);
    expect(participants.data).toEqual([{ user_id: USER.acmeCustomer, role: 'customer' }]);
  });

  it('does not exist for another customer, a driver or another tenant; anon may not ask', async () => {
    for (const client of [business, driver, globexDispatcher]) {
      const { error, status } = await client.rpc('create_order_conversation', { delivery_id: delivery.id });
      expect(status).toBe(404);
      expect(error?.message).toBe('Delivery not found');
    }
    const anon = await anonClient().rpc('create_order_conversation', { delivery_id: delivery.id });
    expect(anon.status).toBe(401);
  });
});

describe('a customer message', () => {
  it('waits in the dispatchers\' queue, live, and notifies each dispatcher once however much the customer writes', async () => {
    const queueTopic = await listen(dispatcher, `tenant:${TENANT.acme}:conversation_support`);
    const first = await customer.rpc('send_message', { conversation_id: conversationId, content: 'Can the driver ring the back door? The front bell is broken.', client_id: `web-${unique('c')}` });
    expect(first.error).toBeNull();
    await eventually(() => queueTopic.received.length > 0);
    expect(queueTopic.received[0]).toMatchObject({ event: 'INSERT', payload: { record: { conversation_id: conversationId, state: 'waiting' } } });
    const second = await customer.rpc('send_message', { conversation_id: conversationId, content: 'It is the blue door on the alley.' });
    expect(second.error).toBeNull();

    const { data, error } = await dispatcher.from('support_conversations').select('id, delivery_code, customer_name, state, last_customer_message').eq('id', conversationId).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: conversationId, delivery_code: delivery.delivery_code, customer_name: 'Carla Customer', state: 'waiting', last_customer_message: 'It is the blue door on the alley.' });

    const notes = await dispatcher.from('notifications').select('title, body, link').like('link', `%conversation=${conversationId}`);
    expect(notes.data).toEqual([
      { title: `Carla Customer wrote about ${delivery.delivery_code}`, body: 'Can the driver ring the back door? The front bell is broken.', link: `/acme/dispatcher/support?view=messages&conversation=${conversationId}` },
    ]);
  });

  it('is read by the customer and the tenant\'s staff only', async () => {
    expect((await customer.from('messages').select('id').eq('conversation_id', conversationId)).data).toHaveLength(2);
    expect((await admin.from('messages').select('id').eq('conversation_id', conversationId)).data).toHaveLength(2);
    for (const client of [business, driver, globexDispatcher]) {
      expect((await client.from('messages').select('id').eq('conversation_id', conversationId)).data).toEqual([]);
      const write = await client.rpc('send_message', { conversation_id: conversationId, content: 'hello' });
      expect(write.status).toBe(404);
    }
    const list = await driver.rpc('list_conversations', { archived: false });
    expect((list.data as { type: string }[]).filter((c) => c.type === 'order')).toEqual([]);
    expect((await customer.from('support_conversations').select('id')).data).toEqual([]);
    expect((await globexDispatcher.from('support_conversations').select('id').eq('id', conversationId)).data).toEqual([]);
  });
});

describe('the support state', () => {
  it('is acknowledged once, by staff only', async () => {
    const refused = await customer.rpc('acknowledge_order_conversation', { conversation_id: conversationId });
    expect(refused.status).toBe(403);
    const { data, error } = await dispatcher.rpc('acknowledge_order_conversation', { conversation_id: conversationId, note: 'Telling the driver' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ state: 'acknowledged', acknowledged_by: USER.acmeDispatcher, note: 'Telling the driver' });
    const twice = await admin.rpc('acknowledge_order_conversation', { conversation_id: conversationId });
    expect(twice.status).toBe(400);
    expect(detailsOf(twice.error)).toEqual([
      { key: 'support.already_handled', field: 'status', message: 'Already acknowledged by Dana Dispatcher', params: { state: 'acknowledged', name: 'Dana Dispatcher' } },
    ]);
  });

  it('the answer reaches the customer live, unread until read', async () => {
    const inbox = await listen(customer, `tenant:${TENANT.acme}:inbox:${USER.acmeCustomer}`);
    const answer = await dispatcher.rpc('send_message', { conversation_id: conversationId, content: 'Done: the driver will use the alley door.' });
    expect(answer.error).toBeNull();
    await eventually(() => inbox.received.length > 0);
    expect(inbox.received[0]).toMatchObject({ event: 'message', payload: { conversation_id: conversationId, sender_id: USER.acmeDispatcher } });
    const list = await customer.rpc('list_conversations', { archived: false });
    expect((list.data as { id: string; unread_count: number }[]).find((c) => c.id === conversationId)?.unread_count).toBe(1);
  });

  it('is resolved with a note, and a new customer message reopens it', async () => {
    const noNote = await dispatcher.rpc('resolve_order_conversation', { conversation_id: conversationId, resolution_note: '  ' });
    expect(noNote.status).toBe(400);
    expect(detailsOf(noNote.error)).toEqual([{ key: 'support.resolution_note_required', field: 'resolution_note', message: 'A resolution note is required' }]);
    const other = await globexDispatcher.rpc('resolve_order_conversation', { conversation_id: conversationId, resolution_note: 'x' });
    expect(other.status).toBe(404);
    const resolved = await dispatcher.rpc('resolve_order_conversation', { conversation_id: conversationId, resolution_note: 'Driver briefed on the alley door' });
    expect(resolved.error).toBeNull();
    expect(resolved.data).toMatchObject({ state: 'resolved', resolution_note: 'Driver briefed on the alley door', resolved_by: USER.acmeDispatcher });

    const again = await customer.rpc('send_message', { conversation_id: conversationId, content: 'Thanks! Could it come before 6pm too?' });
    expect(again.error).toBeNull();
    const { data } = await dispatcher.from('support_conversations').select('state, resolution_note, acknowledged_by_name').eq('id', conversationId).single();
    expect(data).toEqual({ state: 'waiting', resolution_note: null, acknowledged_by_name: null });
    const notes = await dispatcher.from('notifications').select('id').like('link', `%conversation=${conversationId}`);
    expect(notes.data).toHaveLength(2);
  });
});
