import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, listen, TENANT, testUsers, unique, USER } from './clients.ts';

/**
 * Chat through supabase-js as features/chat/api.ts calls it: a dispatcher opens a delivery's
 * conversation with its driver (create_delivery_conversation, reused after), messages go through
 * send_message (a retried client id stored once; the database's refusals as {field, message}
 * details), arrive live on `conversation:<id>` and as a `message` on the other side's inbox topic,
 * unread counts follow list_conversations and mark_conversation_read, staff add people and archive;
 * another driver, a customer and the other tenant read and join nothing.
 */
const users = testUsers();

const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const BOX_TRUCK = 'a3000000-0000-4000-8000-000000000002';
// A seeded driver (commercial licence) no other API test gives work to.
const OMAR = 'a5500000-0000-4000-8000-000000000005';

let dispatcher: SupabaseClient;
let admin: SupabaseClient;
let driver: SupabaseClient;
let otherDriver: SupabaseClient;
let customer: SupabaseClient;
let globexAdmin: SupabaseClient;
let delivery: { id: string; delivery_code: string };
let unassigned: { id: string };
let conversationId: string;

interface FieldError {
  field: string;
  message: string;
}
const detailsOf = (error: { details?: string } | null) => JSON.parse(error?.details ?? '[]') as FieldError[];

async function newDelivery(): Promise<{ id: string; delivery_code: string }> {
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
      packages: [{ description: 'Office chair, flat-packed', quantity: 1, weight_kg: 18 }],
      price: 24,
      price_override_reason: 'Contract rate',
      external_reference_id: unique('CHAT'),
    })
    .select('id, delivery_code')
    .single();
  expect(error).toBeNull();
  return data as { id: string; delivery_code: string };
}

beforeAll(async () => {
  [dispatcher, admin, driver, otherDriver, customer, globexAdmin] = await Promise.all([
    users.as('dispatcher@acme.test'),
    users.as('admin@acme.test'),
    users.as('omar.haddad@acmelogistics.example'),
    users.as('luis.ortega@acmelogistics.example'),
    users.as('customer@acme.test'),
    users.as('admin@globex.test'),
  ]);
  delivery = await newDelivery();
  unassigned = await newDelivery();
  const { error } = await dispatcher.from('assignments').insert({ tenant_id: TENANT.acme, delivery_id: delivery.id, driver_id: OMAR, vehicle_id: BOX_TRUCK });
  expect(error).toBeNull();
});

afterAll(async () => {
  await dispatcher.rpc('transition_delivery', { delivery_id: delivery.id, status: 'cancelled', reason: 'Chat API test finished' });
  await dispatcher.rpc('transition_delivery', { delivery_id: unassigned.id, status: 'cancelled', reason: 'Chat API test finished' });
  await users.release();
});

describe('a delivery conversation', () => {
  it('is made for a delivery with a driver, naming both, and reused after', async () => {
    const { data, error } = await dispatcher.rpc('create_delivery_conversation', { delivery_id: delivery.id });
    expect(error).toBeNull();
    const conversation = data as { id: string; title: string; type: string; metadata: Record<string, string> };
    expect(conversation.title).toBe(`${delivery.delivery_code} with Omar Haddad`);
    expect(conversation.type).toBe('driver');
    expect(conversation.metadata).toMatchObject({ orderId: delivery.id, driverId: OMAR, source: 'dispatcher_panel' });
    conversationId = conversation.id;
    const again = await driver.rpc('create_delivery_conversation', { delivery_id: delivery.id });
    expect(again.error).toBeNull();
    expect((again.data as { id: string }).id).toBe(conversationId);
    const participants = await dispatcher.from('conversation_participants').select('user_id, role').eq('conversation_id', conversationId).order('role');
    expect(participants.data).toEqual([
      { user_id: USER.acmeDispatcher, role: 'dispatcher' },
      { user_id: OMAR, role: 'driver' },
    ]);
  });

  it('is refused for a delivery without a driver, with the reason on delivery_id', async () => {
    const { error, status } = await dispatcher.rpc('create_delivery_conversation', { delivery_id: unassigned.id });
    expect(status).toBe(400);
    expect(detailsOf(error)).toEqual([{ key: 'chat.delivery_no_driver', field: 'delivery_id', message: 'This delivery has no driver to talk to yet' }]);
  });

  it('does not exist for a customer, another driver or another tenant', async () => {
    for (const client of [customer, otherDriver, globexAdmin]) {
      const { error, status } = await client.rpc('create_delivery_conversation', { delivery_id: delivery.id });
      expect(status).toBe(404);
      expect(error?.message).toBe('Delivery not found');
    }
  });
});

describe('messages', () => {
  it('arrive live on the conversation topic and in the other side\'s inbox, once per client id', async () => {
    const conversationTopic = await listen(driver, `conversation:${conversationId}`);
    const inbox = await listen(driver, `tenant:${TENANT.acme}:inbox:${OMAR}`);
    const clientId = `web-${unique('m')}`;
    const first = await dispatcher.rpc('send_message', { conversation_id: conversationId, content: '  Can you take the Guerrero St drop first?  ', message_type: 'text', client_id: clientId });
    expect(first.error).toBeNull();
    const message = first.data as { id: string; content: string; sender_id: string; client_id: string };
    expect(message).toMatchObject({ content: 'Can you take the Guerrero St drop first?', sender_id: USER.acmeDispatcher, client_id: clientId });

    // The retry of a send whose answer was lost: the same message, stored once.
    const retry = await dispatcher.rpc('send_message', { conversation_id: conversationId, content: 'Can you take the Guerrero St drop first?', message_type: 'text', client_id: clientId });
    expect((retry.data as { id: string }).id).toBe(message.id);
    const stored = await dispatcher.from('messages').select('id').eq('conversation_id', conversationId);
    expect(stored.data).toHaveLength(1);

    await eventually(() => conversationTopic.received.length > 0 && inbox.received.length > 0);
    expect(conversationTopic.received).toHaveLength(1);
    expect(conversationTopic.received[0]).toMatchObject({ event: 'INSERT', payload: { record: { id: message.id, client_id: clientId, content: message.content } } });
    expect(inbox.received[0]).toMatchObject({ event: 'message', payload: { conversation_id: conversationId, message_id: message.id, sender_id: USER.acmeDispatcher } });
  });

  it('are refused empty, too long, or not text, with the reason on the field', async () => {
    const empty = await dispatcher.rpc('send_message', { conversation_id: conversationId, content: '   ' });
    expect(empty.status).toBe(400);
    expect(detailsOf(empty.error)).toEqual([{ field: 'content', key: 'chat.message_empty', message: 'Write a message' }]);
    const long = await dispatcher.rpc('send_message', { conversation_id: conversationId, content: 'x'.repeat(4001) });
    expect(detailsOf(long.error)).toEqual([{ field: 'content', key: 'chat.message_too_long', message: 'A message can be at most 4000 characters', params: { max: 4000 } }]);
    const system = await dispatcher.rpc('send_message', { conversation_id: conversationId, content: 'hi', message_type: 'system' });
    expect(detailsOf(system.error)).toEqual([{ field: 'message_type', key: 'chat.text_only', message: 'Only text messages can be sent' }]);
  });

  it('count unread until read, and answering reads', async () => {
    const unreadOf = async (client: SupabaseClient) => {
      const { data, error } = await client.rpc('list_conversations', { archived: false });
      expect(error).toBeNull();
      return (data as { id: string; unread_count: number; last_message: string }[]).find((c) => c.id === conversationId);
    };
    expect(await unreadOf(driver)).toMatchObject({ unread_count: 1, last_message: 'Can you take the Guerrero St drop first?' });
    expect((await driver.rpc('mark_conversation_read', { conversation_id: conversationId })).error).toBeNull();
    expect((await unreadOf(driver))?.unread_count).toBe(0);

    expect((await driver.rpc('send_message', { conversation_id: conversationId, content: 'Sure, on my way', client_id: `app-${unique('a')}` })).error).toBeNull();
    expect((await unreadOf(dispatcher))?.unread_count).toBe(1);
    expect((await unreadOf(driver))?.unread_count).toBe(0);
    // An admin who takes no part sees it, with nothing unread.
    expect((await unreadOf(admin))?.unread_count).toBe(0);
  });

  it('are read by nobody outside the conversation, and its topic joined by nobody outside it', async () => {
    for (const client of [otherDriver, customer, globexAdmin]) {
      const { data } = await client.from('messages').select('id').eq('conversation_id', conversationId);
      expect(data).toEqual([]);
      const write = await client.rpc('send_message', { conversation_id: conversationId, content: 'hello' });
      expect(write.status).toBe(404);
    }
    await expect(listen(otherDriver, `conversation:${conversationId}`)).rejects.toThrow();
    await expect(listen(globexAdmin, `conversation:${conversationId}`)).rejects.toThrow();
    await expect(listen(dispatcher, `tenant:${TENANT.acme}:inbox:${OMAR}`)).rejects.toThrow();
  });
});

describe('participants and archive', () => {
  it('staff add people of the tenant; a driver may not; people of another tenant are refused', async () => {
    const added = await dispatcher.rpc('update_conversation_participants', { conversation_id: conversationId, action: 'add', user_ids: [USER.acmeAdmin], role: 'admin' });
    expect(added.error).toBeNull();
    expect((added.data as { user_id: string }[]).map((p) => p.user_id).sort()).toEqual([USER.acmeAdmin, USER.acmeDispatcher, OMAR].sort());
    const byDriver = await driver.rpc('update_conversation_participants', { conversation_id: conversationId, action: 'add', user_ids: [USER.acmeAdmin], role: 'admin' });
    expect(byDriver.status).toBe(403);
    const foreign = await dispatcher.rpc('update_conversation_participants', { conversation_id: conversationId, action: 'add', user_ids: [USER.globexAdmin], role: 'member' });
    expect(detailsOf(foreign.error)).toEqual([
      { key: 'chat.participant_not_active', field: 'user_ids', message: 'Everyone added must be an active person of this business' },
    ]);
    const removed = await dispatcher.rpc('update_conversation_participants', { conversation_id: conversationId, action: 'remove', user_ids: [USER.acmeAdmin] });
    expect((removed.data as { user_id: string }[]).map((p) => p.user_id)).not.toContain(USER.acmeAdmin);
  });

  it('an archived conversation takes no message until unarchived, and lists as archived', async () => {
    expect((await driver.rpc('set_conversation_archived', { conversation_id: conversationId, archived: true })).status).toBe(403);
    expect((await dispatcher.rpc('set_conversation_archived', { conversation_id: conversationId, archived: true })).error).toBeNull();
    const refused = await driver.rpc('send_message', { conversation_id: conversationId, content: 'One more thing' });
    expect(detailsOf(refused.error)).toEqual([{ field: 'conversation_id', key: 'chat.conversation_archived', message: 'This conversation is archived' }]);
    const archived = await driver.rpc('list_conversations', { archived: true });
    expect((archived.data as { id: string }[]).map((c) => c.id)).toContain(conversationId);
    const active = await driver.rpc('list_conversations', { archived: false });
    expect((active.data as { id: string }[]).map((c) => c.id)).not.toContain(conversationId);
    expect((await dispatcher.rpc('set_conversation_archived', { conversation_id: conversationId, archived: false })).error).toBeNull();
    expect((await driver.rpc('send_message', { conversation_id: conversationId, content: 'One more thing' })).error).toBeNull();
  });
});
