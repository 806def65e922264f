import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, app, callFunction, serviceClient, testUsers, TENANT } from './clients.ts';

/**
 * Proof of delivery through the product's API: who may read the private `proofs` bucket (signed
 * URLs), and the tracking-proof edge function that signs a delivered delivery's photos for whoever
 * holds the tracking token (photos only, nothing about people, the tracking rate limit).
 */
const users = testUsers();
const service = serviceClient();
// A seeded driver of acme (standard licence, the city van); Carla is the customer.
const DRIVER = 'a5500000-0000-4000-8000-000000000002';
const DRIVER_EMAIL = 'grace.liu@acmelogistics.example';
const CARLA = 'a1000000-0000-4000-8000-000000000004';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001';
// An 8×4 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAEUlEQVR4nGM4YaOBFTFQTwIAZ80lgVDsxXAAAAAASUVORK5CYII=', 'base64');

let delivery: { id: string; delivery_code: string; tracking_token: string };
let folder: string;
let driver: SupabaseClient;

beforeAll(async () => {
  const dispatcher = await users.as('dispatcher@acme.test');
  driver = await users.as(DRIVER_EMAIL);
  const { data: home } = await service.from('addresses').select('id').eq('user_id', CARLA).eq('is_active', true).not('latitude', 'is', null).order('is_primary', { ascending: false }).limit(1).single();
  const created = await dispatcher
    .from('deliveries')
    .insert({ tenant_id: TENANT.acme, kind: 'delivery', customer_id: CARLA, pickup_address_id: DEPOT, dropoff_address_id: home!.id, service_id: SAME_DAY, packages: [{ description: 'Lamp', quantity: 1, weight_kg: 2 }] })
    .select('id, delivery_code, tracking_token')
    .single();
  expect(created.error).toBeNull();
  delivery = created.data!;
  folder = `${TENANT.acme}/${delivery.id}`;
  const assigned = await dispatcher.from('assignments').insert({ tenant_id: TENANT.acme, delivery_id: delivery.id, driver_id: DRIVER, vehicle_id: CITY_VAN }).select('id').single();
  expect(assigned.error).toBeNull();
  expect((await driver.rpc('respond_to_assignment', { assignment_id: assigned.data!.id, accept: true })).error).toBeNull();
  for (const status of ['picked_up', 'in_transit']) expect((await driver.rpc('transition_delivery', { delivery_id: delivery.id, status })).error).toBeNull();
  for (const name of ['signature-api.png', 'photo-api.png']) {
    const { error } = await driver.storage.from('proofs').upload(`${folder}/${name}`, PNG, { contentType: 'image/png' });
    expect(error).toBeNull();
  }
  const delivered = await driver.rpc('transition_delivery', {
    delivery_id: delivery.id,
    status: 'delivered',
    proof: { signature_url: `${folder}/signature-api.png`, photo_urls: [`${folder}/photo-api.png`], recipient_name: 'Carla Customer', notes: 'Left with the concierge' },
  });
  expect(delivered.error).toBeNull();
});

afterAll(async () => {
  await service.storage.from('proofs').remove([`${folder}/signature-api.png`, `${folder}/photo-api.png`]);
  await service.from('notifications').delete().like('title', `%${delivery.delivery_code}%`);
  await users.release();
});

describe('the proofs bucket', () => {
  it('signs URLs for the tenant staff and the delivery customer, never for anyone else', async () => {
    const paths = [`${folder}/signature-api.png`, `${folder}/photo-api.png`];
    for (const email of ['admin@acme.test', 'dispatcher@acme.test', 'customer@acme.test']) {
      const client = await users.as(email);
      const { data, error } = await client.storage.from('proofs').createSignedUrls(paths, 60);
      expect(error, email).toBeNull();
      expect(data?.every((d) => !d.error && d.signedUrl), email).toBe(true);
      const file = await fetch(data![1]!.signedUrl!);
      expect(file.status, email).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG), email).toBe(true);
    }
    for (const email of ['business@acme.test', 'admin@globex.test', 'customer@globex.test', 'driver@globex.test']) {
      const client = await users.as(email);
      const { data, error } = await client.storage.from('proofs').createSignedUrls(paths, 60);
      expect(Boolean(error) || (data ?? []).every((d) => Boolean(d.error) || !d.signedUrl), email).toBe(true);
    }
    const anon = await anonClient().storage.from('proofs').createSignedUrl(paths[0]!, 60);
    expect(anon.error).not.toBeNull();
  });
});

describe('tracking-proof', () => {
  it('signs the photo of a delivered delivery for the token, and answers nothing about people', async () => {
    const res = await callFunction('/tracking-proof', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.41' }, body: JSON.stringify({ token: delivery.tracking_token }) });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as { data: { status: string; photos: { url: string; expires_at: string }[] } };
    expect(body.data.status).toBe('delivered');
    expect(body.data.photos).toHaveLength(1);
    expect(Object.keys(body.data.photos[0]!).sort()).toEqual(['expires_at', 'url']);
    expect(body.data.photos[0]!.url.startsWith(app.url)).toBe(true);
    expect(new Date(body.data.photos[0]!.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    const { data: row } = await service.from('deliveries').select('dropoff_address').eq('id', delivery.id).single();
    const street = String((row!.dropoff_address as { full_address: string }).full_address).split(',')[0]!;
    for (const secret of ['signature-api', 'Carla', 'concierge', '+1 ', street]) expect(text).not.toContain(secret);
    const photo = await fetch(body.data.photos[0]!.url);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers an unknown token with the neutral not-found and a bad body with 400', async () => {
    const unknown = await callFunction('/tracking-proof', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.42' }, body: JSON.stringify({ token: '0123456789abcdef0123456789abcdef' }) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'not_found', key: 'tracking.not_found', message: 'No delivery matches this tracking link' } });
    // No key at all, as a recipient's browser may call it: the token is the secret (verify_jwt = false).
    const bare = await fetch(`${app.url}/functions/v1/tracking-proof`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.43' }, body: JSON.stringify({ token: 'ffff' }) });
    expect(bare.status).toBe(404);
    await bare.body?.cancel();
    const bad = await callFunction('/tracking-proof', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"token": 7}' });
    expect(bad.status).toBe(400);
    await bad.body?.cancel();
  });

  it('counts against the same per-address limit as the tracking lookups', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const headers = { 'x-forwarded-for': address };
    for (let i = 0; i < 60; i++) {
      const lookup = await fetch(`${app.url}/rest/v1/rpc/track_delivery`, {
        method: 'POST',
        headers: { apikey: app.anonKey, authorization: `Bearer ${app.anonKey}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ token: delivery.tracking_token }),
      });
      expect(lookup.status).toBe(200);
      await lookup.body?.cancel();
    }
    const limited = await callFunction('/tracking-proof', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ token: delivery.tracking_token }) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    await limited.body?.cancel();
  });
});
