import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_SERVICE_ROLE_KEY as SERVICE_KEY } from '../../stack/keys.ts';
import { ANON_KEY, expect } from './fixtures.ts';

/**
 * The delivery network through its API, as the dispatcher's console and the driver's phone call it,
 * for the tracking page's and the customer dashboard's browser tests: create a delivery as
 * dispatcher@acme.test, assign it, move it as driver@acme.test, and report the driver's fixes.
 */

export const ACME = 'a0000000-0000-4000-8000-000000000001';
export const CARLA = 'a1000000-0000-4000-8000-000000000004';
export const DEREK = 'a1000000-0000-4000-8000-000000000003';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const CITY_VAN = 'a3000000-0000-4000-8000-000000000001';

function headers(token: string) {
  return { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' };
}

export async function rpc<T = unknown>(request: APIRequestContext, token: string, fn: string, body: unknown): Promise<T> {
  const res = await request.post(`/rest/v1/rpc/${fn}`, { headers: headers(token), data: body });
  expect(res.ok(), `${fn}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Codes of the deliveries this worker made, so their notifications can be taken back (forgetNotifications). */
const made = new Set<string>();

export interface CreatedDelivery {
  id: string;
  delivery_code: string;
  tracking_token: string;
}

/** A home address of Carla's with coordinates (the seed gives her some). */
export async function carlasHome(request: APIRequestContext, dispatcher: string): Promise<string> {
  const res = await request.get(
    `/rest/v1/addresses?select=id&tenant_id=eq.${ACME}&user_id=eq.${CARLA}&is_active=eq.true&latitude=not.is.null&order=is_primary.desc&limit=1`,
    { headers: headers(dispatcher) },
  );
  expect(res.ok(), await res.text()).toBe(true);
  const rows = (await res.json()) as { id: string }[];
  expect(rows.length).toBe(1);
  return rows[0]!.id;
}

/** A delivery for Carla from the acme depot, as the dispatcher's form creates one. */
export async function createDelivery(request: APIRequestContext, dispatcher: string, overrides: Record<string, unknown> = {}): Promise<CreatedDelivery> {
  const dropoff = await carlasHome(request, dispatcher);
  const res = await request.post('/rest/v1/deliveries?select=id,delivery_code,tracking_token', {
    headers: { ...headers(dispatcher), accept: 'application/vnd.pgrst.object+json' },
    data: {
      tenant_id: ACME,
      kind: 'delivery',
      customer_id: CARLA,
      pickup_address_id: DEPOT,
      dropoff_address_id: dropoff,
      service_id: SAME_DAY,
      packages: [{ description: 'Espresso machine', quantity: 1, weight_kg: 6.5, fragile: true, temperature_sensitive: false }],
      priority: 'normal',
      cod_amount: 0,
      notes: 'Ring the bell at the side door',
      ...overrides,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const created = (await res.json()) as CreatedDelivery;
  made.add(created.delivery_code);
  return created;
}

/**
 * Takes back the notifications these deliveries caused (the driver's new work, the dispatchers'
 * failures, Carla's pickups and deliveries): the demo users' unread counts are what other specs
 * (notifications.spec.ts) count on.
 */
export async function forgetNotifications(request: APIRequestContext): Promise<void> {
  for (const code of made) {
    const res = await request.fetch(`/rest/v1/notifications?title=like.*${encodeURIComponent(code)}*`, {
      method: 'DELETE',
      headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  made.clear();
}

/** Assigns the delivery to Derek in the city van; answers the assignment's id. */
export async function assignToDerek(request: APIRequestContext, dispatcher: string, deliveryId: string): Promise<string> {
  const res = await request.post('/rest/v1/assignments?select=id', {
    headers: { ...headers(dispatcher), accept: 'application/vnd.pgrst.object+json' },
    data: { tenant_id: ACME, delivery_id: deliveryId, driver_id: DEREK, vehicle_id: CITY_VAN },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

export function transition(request: APIRequestContext, token: string, deliveryId: string, status: string, extra: Record<string, unknown> = {}) {
  return rpc(request, token, 'transition_delivery', { delivery_id: deliveryId, status, ...extra });
}

/** A fix from the driver's phone, `secondsAgo` old, in San Francisco's SoMa. */
export function recordFix(request: APIRequestContext, driver: string, secondsAgo = 0, lat = 37.7751, lng = -122.4183) {
  return rpc(request, driver, 'record_driver_position', {
    lat,
    lng,
    heading: 90,
    speed: 6,
    accuracy: 8,
    recorded_at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
  });
}

/**
 * The driver's phone went quiet `seconds` ago: what the driver row would hold after that long
 * without a fix. Time cannot be moved on the server, so the test sets the last fix's time back
 * (as the service role) before the driver's late fixes arrive.
 */
export async function driverSilentSince(request: APIRequestContext, seconds: number): Promise<void> {
  const at = new Date(Date.now() - seconds * 1000).toISOString();
  const res = await request.fetch(`/rest/v1/drivers?id=eq.${DEREK}`, {
    method: 'PATCH',
    headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
    data: { last_position_at: at },
  });
  expect(res.ok(), await res.text()).toBe(true);
}
