import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, callFunction, serviceClient, TENANT, testUsers, unique } from './clients.ts';

/**
 * The inventory-labels edge function as the app calls it after saving an item: an admin's call
 * renders the pending label into the private bucket and records success; the file is read through
 * a signed URL by the tenant's staff only. Its refusals: no session, not an admin, another
 * tenant's item, a malformed id, and the scheduler's retry asked by anyone but the service role.
 */
const users = testUsers();
const service = serviceClient();

let admin: SupabaseClient;
let dispatcher: SupabaseClient;
let globex: SupabaseClient;
let itemId: string;

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

function post(body: unknown, token: string | null): Promise<Response> {
  return callFunction('/inventory-labels', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function refusal(res: Response): Promise<{ status: number; code: string; key: string; message: string }> {
  const json = (await res.json()) as { code?: string; key?: string; message?: string };
  return { status: res.status, code: json.code ?? '', key: json.key ?? '', message: json.message ?? '' };
}

beforeAll(async () => {
  [admin, dispatcher, globex] = await Promise.all(['admin@acme.test', 'dispatcher@acme.test', 'admin@globex.test'].map((e) => users.as(e)));
  const { data, error } = await admin
    .from('inventory_items')
    .insert({ tenant_id: TENANT.acme, name: 'Handheld Label Scanner', sku: unique('APP-LBL').toUpperCase(), barcode: '0840001999999' })
    .select('id')
    .single();
  expect(error).toBeNull();
  itemId = data!.id as string;
});

afterAll(async () => {
  await service.storage.from('inventory-labels').remove([`${TENANT.acme}/${itemId}.pdf`]);
  await users.release();
});

describe('inventory-labels', () => {
  it("renders an admin's pending label into the tenant's folder and records success", async () => {
    const { data, error } = await admin.functions.invoke<{ data: { labels: { item_id: string; label_status: string; label_url: string }[] } }>('inventory-labels', {
      body: { item_id: itemId },
    });
    expect(error).toBeNull();
    expect(data?.data.labels).toEqual([{ item_id: itemId, label_status: 'success', label_url: `${TENANT.acme}/${itemId}.pdf`, label_error: null }]);
    const { data: item } = await admin.from('inventory_items').select('label_status, label_url, label_error').eq('id', itemId).single();
    expect(item).toEqual({ label_status: 'success', label_url: `${TENANT.acme}/${itemId}.pdf`, label_error: null });

    // Private: staff of the tenant read it through a signed URL; another tenant cannot sign one.
    const signed = await dispatcher.storage.from('inventory-labels').createSignedUrl(item!.label_url as string, 60);
    expect(signed.error).toBeNull();
    const pdf = await fetch(signed.data!.signedUrl);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await globex.storage.from('inventory-labels').createSignedUrl(item!.label_url as string, 60)).error).not.toBeNull();
    const publicUrl = service.storage.from('inventory-labels').getPublicUrl(item!.label_url as string).data.publicUrl;
    expect((await fetch(publicUrl)).ok).toBe(false);
  });

  it('refuses, changing nothing: no session, a dispatcher, another tenant, a bad id, a user asking for the retry', async () => {
    const [adminToken, dispatcherToken, globexToken] = await Promise.all([admin, dispatcher, globex].map(tokenOf));
    expect(await refusal(await post({ item_id: itemId }, null))).toMatchObject({ status: 401 });
    expect(await refusal(await post({ item_id: itemId }, dispatcherToken))).toEqual({ status: 403, code: 'forbidden', key: 'labels.not_admin', message: 'Only administrators can generate labels' });
    expect(await refusal(await post({ item_id: itemId }, globexToken))).toEqual({ status: 404, code: 'item_not_found', key: 'labels.item_not_found', message: 'Inventory item not found' });
    expect(await refusal(await post({ item_id: 'LAP-001' }, adminToken))).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(await refusal(await post({ retry: 'pending' }, adminToken))).toEqual({ status: 403, code: 'forbidden', key: 'labels.scheduler_only', message: 'Only the scheduler retries pending labels' });
    const { data: item } = await admin.from('inventory_items').select('label_status').eq('id', itemId).single();
    expect(item?.label_status).toBe('success');
  });

  it('regenerate puts a label back to pending; the service role renders it again', async () => {
    const { data, error } = await admin.rpc('regenerate_inventory_label', { item_id: itemId });
    expect(error).toBeNull();
    expect(data).toMatchObject({ label_status: 'pending', label_url: null });
    const res = await post({ item_id: itemId }, app.serviceRoleKey);
    expect(res.status).toBe(200);
    const { data: item } = await admin.from('inventory_items').select('label_status').eq('id', itemId).single();
    expect(item?.label_status).toBe('success');
  });
});
