import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, TENANT, testUsers } from './clients.ts';

/**
 * The dispatcher's support queue through supabase-js as panels/dispatcher/api.ts calls it: the
 * failed attempts (support_failures), acknowledge_failure and resolve_failure with their refusals,
 * and notify_admins (every active admin notified, lengths checked, a rate limit as HTTP 429).
 */
const users = testUsers();

let dana: SupabaseClient;
let admin: SupabaseClient;
let driver: SupabaseClient;
let customer: SupabaseClient;
let glen: SupabaseClient;
let globexAdmin: SupabaseClient;

const details = (error: { details?: string } | null) => JSON.parse(error?.details ?? '[]') as { field: string; message: string }[];

interface Failure {
  id: string;
  tenant_id: string;
  delivery_code: string;
  state: string;
  acknowledged_by_name: string | null;
  resolution_note: string | null;
}

beforeAll(async () => {
  [dana, admin, driver, customer, glen, globexAdmin] = await Promise.all(
    ['dispatcher@acme.test', 'admin@acme.test', 'driver@acme.test', 'customer@acme.test', 'dispatcher@globex.test', 'admin@globex.test'].map(users.as),
  );
});

afterAll(async () => {
  await serviceClient().from('notifications').delete().like('title', '%[support test]%');
  await users.release();
});

async function openFailures(client: SupabaseClient): Promise<Failure[]> {
  const { data, error } = await client.from('support_failures').select('id, tenant_id, delivery_code, state, acknowledged_by_name, resolution_note').eq('state', 'open').order('failed_at', { ascending: false });
  expect(error).toBeNull();
  return data as Failure[];
}

describe('failed attempts', () => {
  it('staff read their tenant\'s; drivers and customers get no acknowledgements', async () => {
    const acme = await openFailures(dana);
    expect(acme.length).toBeGreaterThan(0);
    expect(acme.every((f) => f.tenant_id === TENANT.acme)).toBe(true);
    expect((await glen.from('support_failures').select('id').eq('tenant_id', TENANT.acme)).data).toEqual([]);
    for (const client of [driver, customer]) expect((await client.from('support_acknowledgements').select('id')).data).toEqual([]);
  });

  it('acknowledged once, then resolved with a note; refusals say why', async () => {
    const [failure] = await openFailures(dana);
    expect((await driver.rpc('acknowledge_failure', { delivery_event_id: failure!.id })).error?.code).toBe('42501');
    const missing = await glen.rpc('acknowledge_failure', { delivery_event_id: failure!.id });
    expect(missing.error?.code).toBe('PT404');
    expect(missing.status).toBe(404);

    const ack = await dana.rpc('acknowledge_failure', { delivery_event_id: failure!.id, note: 'On the phone with the customer' });
    expect(ack.error).toBeNull();
    const again = await admin.rpc('acknowledge_failure', { delivery_event_id: failure!.id });
    expect(details(again.error)).toEqual([
      { key: 'support.already_handled', field: 'status', message: 'Already acknowledged by Dana Dispatcher', params: { state: 'acknowledged', name: 'Dana Dispatcher' } },
    ]);

    const blank = await dana.rpc('resolve_failure', { delivery_event_id: failure!.id, resolution_note: '   ' });
    expect(blank.status).toBe(400);
    expect(details(blank.error)).toEqual([{ key: 'support.resolution_note_required', field: 'resolution_note', message: 'A resolution note is required' }]);
    expect((await dana.rpc('resolve_failure', { delivery_event_id: failure!.id, resolution_note: 'Rebooked for Friday morning' })).error).toBeNull();

    const { data } = await admin.from('support_failures').select('id, tenant_id, delivery_code, state, acknowledged_by_name, resolution_note').eq('id', failure!.id).single();
    expect(data).toMatchObject({ state: 'resolved', acknowledged_by_name: 'Dana Dispatcher', resolution_note: 'Rebooked for Friday morning' });
  });

  it('nobody writes acknowledgements directly', async () => {
    const [failure] = await openFailures(dana);
    const { error } = await dana.from('support_acknowledgements').insert({ tenant_id: TENANT.acme, delivery_id: failure!.id, delivery_event_id: failure!.id });
    expect(error?.code).toBe('42501');
  });
});

describe('contact your admins', () => {
  it('every active admin of the tenant is notified, and the sender reads what they sent', async () => {
    const subject = `Depot gate stuck [support test] ${Date.now()}`;
    const { data, error } = await dana.rpc('notify_admins', { subject, body: 'The roller gate at Mission Bay will not open; loading from the side door.' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ recipients: 2 });
    const notices = await admin.from('notifications').select('title, body, link').eq('title', `Dana Dispatcher: ${subject}`);
    expect(notices.data).toHaveLength(1);
    expect(notices.data![0]!.link).toBe('/acme/admin/users/a1000000-0000-4000-8000-000000000002/detail');
    expect((await globexAdmin.from('notifications').select('id').eq('title', `Dana Dispatcher: ${subject}`)).data).toEqual([]);
    const sent = await dana.from('admin_messages').select('subject, recipients').eq('subject', subject);
    expect(sent.data).toEqual([{ subject, recipients: 2 }]);
  });

  it('checks the subject and the message, and only dispatchers may send', async () => {
    const { error } = await dana.rpc('notify_admins', { subject: ' ', body: 'x'.repeat(2001) });
    expect(error?.code).toBe('23514');
    expect(details(error)).toEqual([
      { key: 'support.subject_required', field: 'subject', message: 'Subject is required' },
      { key: 'support.body_too_long', field: 'body', message: 'Message must be at most 2000 characters', params: { max: 2000 } },
    ]);
    for (const client of [admin, driver, customer, anonClient()]) expect((await client.rpc('notify_admins', { subject: 'Hi', body: 'There' })).error?.code).toBe('42501');
  });

  it('at most five messages in ten minutes per sender (HTTP 429)', async () => {
    for (let i = 1; i <= 5; i += 1) {
      const { error } = await glen.rpc('notify_admins', { subject: `Shift note ${i} [support test]`, body: 'Van 4 back at the depot.' });
      expect(error).toBeNull();
    }
    const sixth = await glen.rpc('notify_admins', { subject: 'One more [support test]', body: 'Too many' });
    expect(sixth.error?.code).toBe('PT429');
    expect(sixth.status).toBe(429);
  });
});
