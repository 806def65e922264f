import { describe, expect, it } from 'vitest';
import { deliveryFromRow, driverFromRows, vehicleFromRow } from './rows';
import { solve } from './solver';

const van = {
  id: 'v1',
  capacity_unit: '800',
  active: true,
  vehicle_requirements: { license_requirements: ['standard', 'commercial'], special_features: ['gps_tracking', 'lift_gate'], fuel_type: 'diesel' },
};

describe('rows to solver inputs', () => {
  it('a vehicle: capacity_unit as kg (numeric may come as text), licence requirements and features', () => {
    expect(vehicleFromRow(van)).toEqual({ id: 'v1', capacity_kg: 800, features: ['gps_tracking', 'lift_gate'], licence_classes: ['standard', 'commercial'], active: true });
    expect(vehicleFromRow({ id: 'v2', capacity_unit: 50, vehicle_requirements: null })).toEqual({ id: 'v2', capacity_kg: 50, features: [], licence_classes: [], active: true });
  });

  it('a driver at the last fix, else the fallback, else not plannable', () => {
    const row = { id: 'd1', licence_class: 'standard', licence_expiry: '2027-05-01', last_lat: 37.77, last_lng: -122.41 };
    expect(driverFromRows(row, van, { name: 'Maya' })).toMatchObject({ id: 'd1', name: 'Maya', lat: 37.77, lng: -122.41, licence_expiry: '2027-05-01' });
    const noFix = { ...row, last_lat: null, last_lng: null };
    expect(driverFromRows(noFix, van, { fallback: { lat: 37.75, lng: -122.42 } })).toMatchObject({ lat: 37.75, lng: -122.42 });
    expect(driverFromRows(noFix, van)).toBeNull();
  });

  it('a delivery: points, windows (absent ends open), weight as a number, the service features; and it solves', () => {
    const row = {
      id: 'del1',
      pickup_lat: 37.78,
      pickup_lng: -122.41,
      dropoff_lat: 37.76,
      dropoff_lng: -122.42,
      pickup_window_start: null,
      pickup_window_end: null,
      dropoff_window_start: '2026-11-26T17:00:00Z',
      dropoff_window_end: '2026-11-26T19:00:00Z',
      total_weight_kg: '12.50',
    };
    const delivery = deliveryFromRow(row, ['lift_gate']);
    expect(delivery).toMatchObject({ pickup_window: null, dropoff_window: { start: '2026-11-26T17:00:00Z', end: '2026-11-26T19:00:00Z' }, weight_kg: 12.5 });
    const driver = driverFromRows({ id: 'd1', licence_class: 'standard', last_lat: 37.77, last_lng: -122.41 }, van)!;
    const s = solve({ drivers: [driver], deliveries: [delivery], options: { now: '2026-11-26T16:00:00Z' } });
    expect(s.routes[0]!.assigned_delivery_ids).toEqual(['del1']);
    // Early at the drop-off: waits for 17:00.
    expect(s.routes[0]!.stops[1]!.service_start).toBe(Date.parse('2026-11-26T17:00:00Z'));
  });
});
