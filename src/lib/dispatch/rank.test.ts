import { describe, expect, it } from 'vitest';
import { rankDrivers } from './rank';
import type { DeliveryInput, DriverInput } from './types';

const NOW = Date.UTC(2026, 10, 26, 16, 0);
const MIN = 60_000;
const STEP_KM = (6371 * Math.PI) / 180 / 100;
const at = (x: number) => ({ lat: 37.7 + x / 100, lng: -122.4 });
const van = { capacity_kg: 800, features: ['gps_tracking'], licence_classes: ['standard', 'commercial'] };

function driver(id: string, x: number, extra: Partial<DriverInput> = {}): DriverInput {
  return { id, ...at(x), licence_class: 'standard', vehicle: van, ...extra };
}
const parcel: DeliveryInput = { id: 'd', pickup: at(0), dropoff: at(1), weight_kg: 10 };
const options = { now: NOW, speed_kmh: 25 };

describe('rankDrivers', () => {
  it('nearest first, with the distance from the last position and the pickup estimate', () => {
    const ranked = rankDrivers(parcel, [driver('far', 5), driver('near', 1), driver('mid', -3)], options);
    expect(ranked.map((r) => r.driver_id)).toEqual(['near', 'mid', 'far']);
    expect(ranked[0]!.distance_km).toBeCloseTo(STEP_KM, 9);
    expect(ranked[0]!.estimated_pickup).toBeCloseTo(NOW + (STEP_KM / 25) * 60 * MIN, -1);
    // Pickup, 5 minutes there, then one step to the drop-off.
    expect(ranked[0]!.estimated_dropoff).toBeCloseTo(ranked[0]!.estimated_pickup + 5 * MIN + (STEP_KM / 25) * 60 * MIN, -1);
    expect(ranked.every((r) => r.on_time)).toBe(true);
  });

  it('only drivers the database would accept: features, licence class, weight, active vehicle, licence valid', () => {
    const cold: DeliveryInput = { ...parcel, required_features: ['refrigeration'] };
    const fridge = { capacity_kg: 700, features: ['refrigeration'], licence_classes: ['commercial'] };
    const drivers = [
      driver('no-fridge', 0),
      driver('fridge-wrong-licence', 0, { vehicle: fridge }),
      driver('fridge', 3, { vehicle: fridge, licence_class: 'commercial' }),
      driver('fridge-expired', 0, { vehicle: fridge, licence_class: 'commercial', licence_expiry: '2026-01-01' }),
      driver('fridge-parked', 0, { vehicle: { ...fridge, active: false }, licence_class: 'commercial' }),
      driver('no-vehicle', 0, { vehicle: null }),
    ];
    expect(rankDrivers(cold, drivers, options).map((r) => r.driver_id)).toEqual(['fridge']);
    expect(rankDrivers({ ...parcel, weight_kg: 900 }, drivers, options)).toEqual([]);
  });

  it('at the same distance, the lighter load and the closer fit come first', () => {
    const bike = { capacity_kg: 60, features: [], licence_classes: ['standard'] };
    const ranked = rankDrivers(
      parcel,
      [driver('loaded-van', 1, { current_load_kg: 600 }), driver('empty-van', 1), driver('bike', 1, { vehicle: bike })],
      options,
    );
    expect(ranked.map((r) => r.driver_id)).toEqual(['bike', 'empty-van', 'loaded-van']);
    expect(ranked.find((r) => r.driver_id === 'loaded-van')!.spare_kg).toBe(190);
  });

  it('a driver who cannot make the window alongside existing work comes after those who can, flagged', () => {
    // Busy must be at -9 by +30 min: carrying the parcel first misses that, and after it both windows pass.
    const tight: DeliveryInput = { ...parcel, pickup_window: { end: NOW + 20 * MIN }, dropoff_window: { end: NOW + 40 * MIN } };
    const busy = driver('busy', 0, { existing_stops: [{ delivery_id: 'x', kind: 'dropoff', ...at(-9), window: { end: NOW + 30 * MIN } }] });
    const ranked = rankDrivers(tight, [busy, driver('free', 4)], options);
    expect(ranked.map((r) => [r.driver_id, r.on_time])).toEqual([
      ['free', true],
      ['busy', false],
    ]);
    // The busy driver's estimate comes after the work it holds.
    expect(ranked[1]!.estimated_pickup).toBeGreaterThan(NOW + 20 * MIN);
  });

  it('the estimate waits for a driver starting later', () => {
    const ranked = rankDrivers(parcel, [driver('late-start', 0, { available_from: NOW + 45 * MIN })], options);
    expect(ranked[0]!.estimated_pickup).toBe(NOW + 45 * MIN);
  });
});
