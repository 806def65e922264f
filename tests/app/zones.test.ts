import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, TENANT, testUsers, unique } from './clients.ts';

/**
 * The delivery network through supabase-js, as features/zones, features/pricing and
 * features/delivery-services call it: the price list view with its filters and exact total, the
 * quote RPC and its {field, message} refusals, point-in-zone, and a zone outline refused by the
 * database with the form's field name.
 */
const service = serviceClient();
const users = testUsers();

const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';
const SOMA = 'a6000000-0000-4000-8000-000000000002';
const MISSION = 'a6000000-0000-4000-8000-000000000003';

let acmeAdmin: SupabaseClient;
let acmeDispatcher: SupabaseClient;
let acmeDriver: SupabaseClient;
let globexDispatcher: SupabaseClient;

beforeAll(async () => {
  [acmeAdmin, acmeDispatcher, acmeDriver, globexDispatcher] = await Promise.all(
    ['admin@acme.test', 'dispatcher@acme.test', 'driver@acme.test', 'dispatcher@globex.test'].map(users.as),
  );
});

afterAll(async () => {
  await users.release();
  await service.from('zones').delete().like('code', 'APP-%');
});

describe('the price list (zone_pricing_rows)', () => {
  it('answers the list call: filters, a page of 25 and the exact total', async () => {
    const { data, count, error } = await acmeDispatcher
      .from('zone_pricing_rows')
      .select('id, origin_zone_name, destination_zone_name, service_code, base_price, active', { count: 'exact' })
      .eq('tenant_id', TENANT.acme)
      .eq('origin_zone_id', SOMA)
      .order('destination_zone_name')
      .range(0, 24);
    expect(error).toBeNull();
    expect(count).toBe(8 * 4);
    expect(data).toHaveLength(25);
    expect(new Set(data!.map((row) => row.origin_zone_name))).toEqual(new Set(['SoMa & Mission Bay']));
  });

  it('shows a driver no price', async () => {
    const { data, error } = await acmeDriver.from('zone_pricing_rows').select('id').limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('quote', () => {
  it('prices a route in the tenant currency with the zones and transit window', async () => {
    const { data, error } = await acmeDispatcher.rpc('quote', {
      pickup_lat: 37.7706,
      pickup_lng: -122.387,
      dropoff_lat: 37.76,
      dropoff_lng: -122.42,
      service_id: SAME_DAY,
      weight_kg: 2,
    });
    expect(error).toBeNull();
    const { data: price } = await acmeDispatcher
      .from('zone_pricing')
      .select('base_price, per_unit_price, min_transit_time, max_transit_time')
      .eq('origin_zone_id', SOMA)
      .eq('destination_zone_id', MISSION)
      .eq('service_id', SAME_DAY)
      .single();
    expect(data).toMatchObject({
      price: Math.round((Number(price!.base_price) + Number(price!.per_unit_price) * 2) * 100) / 100,
      currency: 'USD',
      pickup_zone: { id: SOMA, code: 'SF-SOMA' },
      dropoff_zone: { id: MISSION, code: 'SF-MISSION' },
      min_transit_hours: Number(price!.min_transit_time),
      max_transit_hours: Number(price!.max_transit_time),
    });
  });

  it('refuses a route no zone covers with details the app shows', async () => {
    const { data, error } = await globexDispatcher.rpc('quote', {
      pickup_lat: 37.7706,
      pickup_lng: -122.387,
      dropoff_lat: 51.5054,
      dropoff_lng: -0.0235,
      service_id: 'b6100000-0000-4000-8000-000000000001',
      weight_kg: 1,
    });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '23514', message: 'Validation failed' });
    expect(JSON.parse(error!.details)).toEqual([{ field: 'pickup', key: 'quote.no_pickup_zone', message: 'No active zone covers the pickup point' }]);
  });

  it('is refused to a driver', async () => {
    const { error } = await acmeDriver.rpc('quote', {
      pickup_lat: 37.7706,
      pickup_lng: -122.387,
      dropoff_lat: 37.76,
      dropoff_lng: -122.42,
      service_id: SAME_DAY,
      weight_kg: 1,
    });
    expect(error).toMatchObject({ code: '42501', message: 'You do not have permission to quote deliveries' });
  });
});

describe('zones', () => {
  it('finds the zones containing a point, the smaller first', async () => {
    const { data, error } = await acmeDispatcher.rpc('zones_containing', { lat: 37.766, lng: -122.39 }).select('code');
    expect(error).toBeNull();
    expect(data).toEqual([{ code: 'SF-SOMA' }, { code: 'SF-BAYVIEW' }]);
  });

  it('refuses a crossing outline on the form field polygon, and stores a valid one', async () => {
    const code = unique('APP');
    const bowTie = { type: 'Polygon', coordinates: [[[-122.41, 37.77], [-122.4, 37.78], [-122.4, 37.77], [-122.41, 37.78], [-122.41, 37.77]]] };
    const refused = await acmeAdmin.from('zones').insert({ tenant_id: TENANT.acme, name: 'Bow tie', code, polygon: bowTie });
    expect(refused.error).toMatchObject({ code: '23514', message: 'Validation failed' });
    expect(JSON.parse(refused.error!.details)).toEqual([{ key: 'zones.polygon_self_crossing', field: 'polygon', message: 'The outline must not cross itself' }]);

    const triangle = { type: 'Polygon', coordinates: [[[-122.41, 37.77], [-122.4, 37.77], [-122.4, 37.78], [-122.41, 37.77]]] };
    const { data, error } = await acmeAdmin.from('zones').insert({ tenant_id: TENANT.acme, name: 'Triangle', code, polygon: triangle }).select('code, polygon').single();
    expect(error).toBeNull();
    expect(data).toEqual({ code, polygon: triangle });
  });
});
