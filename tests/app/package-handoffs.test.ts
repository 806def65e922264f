import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, listen, serviceClient, testUsers, TENANT, unique } from './clients.ts';

/**
 * Package handoffs through the product's API: the private signatures bucket (who may upload and
 * read a warehouse's signatures), the save function's answer and its validation details, and the
 * per-warehouse live topic that announces a new handoff to the warehouse's dispatcher.
 */
const users = testUsers();
const service = serviceClient();
const BAYVIEW = 'a5000000-0000-4000-8000-000000000001';
const DOGPATCH = 'a5000000-0000-4000-8000-000000000002';
// An 8×4 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAEUlEQVR4nGM4YaOBFTFQTwIAZ80lgVDsxXAAAAAASUVORK5CYII=', 'base64');

let admin: SupabaseClient;
let signature: string;
let created: string | null = null;

beforeAll(async () => {
  admin = await users.as('admin@acme.test');
  signature = `${TENANT.acme}/${BAYVIEW}/${unique('api')}.png`;
});

afterAll(async () => {
  if (created) await service.from('package_handoffs').delete().eq('id', created);
  await service.storage.from('handoff-signatures').remove([signature]);
  await users.release();
});

describe('the handoff-signatures bucket', () => {
  it('takes a signature into a warehouse folder from whoever may access the warehouse, and signs it for them', async () => {
    expect((await admin.storage.from('handoff-signatures').upload(signature, PNG, { contentType: 'image/png' })).error).toBeNull();
    const signed = await admin.storage.from('handoff-signatures').createSignedUrl(signature, 60);
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toBeTruthy();
  });

  it('refuses staff of another warehouse a restricted warehouse folder, and another tenant any', async () => {
    const grace = await users.as('grace.kim@acmelogistics.example');
    const refused = await grace.storage.from('handoff-signatures').upload(`${TENANT.acme}/${DOGPATCH}/${unique('no')}.png`, PNG, { contentType: 'image/png' });
    expect(refused.error).not.toBeNull();
    const globex = await users.as('admin@globex.test');
    expect((await globex.storage.from('handoff-signatures').createSignedUrl(signature, 60)).error).not.toBeNull();
  });
});

describe('save_package_handoff', () => {
  it('answers the form\'s messages as 23514 details', async () => {
    const { error } = await admin.rpc('save_package_handoff', { package_handoff_id: null as unknown as string, handoff: {} });
    expect(error?.code).toBe('23514');
    const details = JSON.parse(error?.details ?? '[]') as { key: string; field: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { key: 'handoffs.warehouse_required', field: 'warehouse_id', message: 'Warehouse is required' },
        { key: 'handoffs.delivery_required', field: 'delivery_id', message: 'Delivery is required' },
        { key: 'handoffs.pick_order_required', field: 'picking_order_id', message: 'Picking order is required' },
        { key: 'handoffs.staff_required', field: 'warehouse_staff_id', message: 'Warehouse staff is required' },
        { key: 'handoffs.signature_required', field: 'signature_url', message: 'Signature URL is required' },
      ]),
    );
  });

  it('creates a pending handoff in the read shape, announced on the warehouse\'s topic to its dispatcher', async () => {
    const dispatcher = await users.as('dispatcher@acme.test');
    const { received } = await listen(dispatcher, `tenant:${TENANT.acme}:warehouse:${BAYVIEW}`);
    const delivery = await service.from('deliveries').select('id').eq('tenant_id', TENANT.acme).eq('status', 'assigned').limit(1).single();
    const pick = await service.from('pick_orders').select('id').eq('warehouse_id', BAYVIEW).eq('status', 'completed').limit(1).single();
    const staff = await service.from('warehouse_staff').select('id').eq('warehouse_id', BAYVIEW).eq('role', 'packer').limit(1).single();
    const { data, error } = await admin.rpc('save_package_handoff', {
      package_handoff_id: null as unknown as string,
      handoff: { warehouse_id: BAYVIEW, delivery_id: delivery.data!.id, picking_order_id: pick.data!.id, warehouse_staff_id: staff.data!.id, signature_url: signature, notes: 'API test' },
    });
    expect(error).toBeNull();
    const answer = data as { message: string; package_handoff: { id: string; status: string; warehouse: { code: string }; warehouse_staff: { role: string } } };
    created = answer.package_handoff.id;
    expect(answer.message).toBe('Package handoff submitted successfully');
    expect(answer.package_handoff).toMatchObject({ status: 'pending', warehouse: { code: 'SF-BAY' }, warehouse_staff: { role: 'packer' } });
    await eventually(() =>
      received.some((m) => {
        const payload = (m as { payload?: { table?: string; record?: { id?: string } } }).payload;
        return payload?.table === 'package_handoffs' && payload.record?.id === created;
      }),
    );
  });
});
