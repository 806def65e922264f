import type { DeliveryInput, DriverInput, Problem } from './types';

/**
 * A realistic San Francisco dispatch day generated from a seed (the benchmark's instance, and the
 * tests' larger instances): pickups and drop-offs around the city's neighbourhoods, windows over a
 * working morning, parcel-to-furniture weights, and a fleet of cargo bikes, vans and box trucks with
 * the seed's licence classes and features. Same seed, same instance.
 */

/** mulberry32: a small, well-distributed 32-bit PRNG. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Neighbourhood centres on land (lat, lng) with a spread in degrees. */
const NEIGHBOURHOODS: readonly [string, number, number, number][] = [
  ['Financial District', 37.7946, -122.3999, 0.004],
  ['SoMa', 37.7785, -122.4056, 0.006],
  ['Mission', 37.7599, -122.4148, 0.006],
  ['Castro', 37.7609, -122.435, 0.004],
  ['Noe Valley', 37.7502, -122.4337, 0.004],
  ['Haight-Ashbury', 37.7692, -122.4481, 0.004],
  ['Inner Richmond', 37.78, -122.4645, 0.005],
  ['Outer Sunset', 37.7553, -122.4944, 0.006],
  ['Marina', 37.8037, -122.4368, 0.004],
  ['Nob Hill', 37.793, -122.4161, 0.003],
  ['Dogpatch', 37.7605, -122.3895, 0.004],
  ['Bayview', 37.7298, -122.3915, 0.006],
  ['Excelsior', 37.7244, -122.4272, 0.005],
  ['Potrero Hill', 37.7583, -122.4006, 0.004],
];

const VEHICLES: readonly { kind: string; capacity_kg: number; features: readonly string[]; licence_classes: readonly string[] }[] = [
  { kind: 'cargo bike', capacity_kg: 60, features: ['gps_tracking'], licence_classes: ['standard', 'commercial'] },
  { kind: 'van', capacity_kg: 800, features: ['gps_tracking'], licence_classes: ['standard', 'commercial'] },
  { kind: 'refrigerated van', capacity_kg: 700, features: ['refrigeration', 'temperature_control', 'gps_tracking'], licence_classes: ['commercial', 'special'] },
  { kind: 'box truck', capacity_kg: 2500, features: ['lift_gate', 'gps_tracking'], licence_classes: ['commercial'] },
];

export interface GenerateOptions {
  seed: number;
  deliveries: number;
  drivers: number;
  /** The day's clock (default 2026-11-26T08:00 in San Francisco = 16:00Z). */
  now?: number;
}

export function generateSanFranciscoProblem({ seed, deliveries, drivers, now = Date.UTC(2026, 10, 26, 16, 0) }: GenerateOptions): Problem {
  const rnd = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const place = () => {
    const [, lat, lng, spread] = pick(NEIGHBOURHOODS);
    return { lat: lat + (rnd() * 2 - 1) * spread, lng: lng + (rnd() * 2 - 1) * spread };
  };
  const minutes = (m: number) => now + Math.round(m) * 60_000;

  const shares = [0.25, 0.5, 0.15, 0.1].map((share) => Math.max(1, Math.round(share * drivers)));
  const fleetMix = shares.flatMap((count, kind) => Array<number>(count).fill(kind)).slice(0, drivers);
  while (fleetMix.length < drivers) fleetMix.push(1);
  for (let i = fleetMix.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [fleetMix[i], fleetMix[j]] = [fleetMix[j]!, fleetMix[i]!];
  }
  const fleet: DriverInput[] = Array.from({ length: drivers }, (_, i) => {
    // A quarter cargo bikes, half vans, 15 % refrigerated vans, 10 % box trucks (at least one of each).
    const v = VEHICLES[fleetMix[i]!]!;
    const licence = v.licence_classes.includes('standard') && rnd() < 0.6 ? 'standard' : v.licence_classes.includes('special') && rnd() < 0.3 ? 'special' : 'commercial';
    const at = place();
    return {
      id: `driver-${String(i + 1).padStart(2, '0')}`,
      name: `Driver ${i + 1} (${v.kind})`,
      ...at,
      available_from: rnd() < 0.2 ? minutes(rnd() * 90) : null,
      vehicle: { id: `vehicle-${String(i + 1).padStart(2, '0')}`, capacity_kg: v.capacity_kg, features: [...v.features], licence_classes: [...v.licence_classes] },
      licence_class: licence,
      current_load_kg: 0,
      existing_stops: [],
    };
  });

  const work: DeliveryInput[] = Array.from({ length: deliveries }, (_, i) => {
    const pickup = place();
    const dropoff = place();
    const kindRoll = rnd();
    // Parcels mostly, some bulky goods, a few pallets.
    const weight = kindRoll < 0.7 ? 0.5 + rnd() * 12 : kindRoll < 0.93 ? 15 + rnd() * 60 : 150 + rnd() * 500;
    const featureRoll = rnd();
    const required_features = featureRoll < 0.06 ? ['refrigeration'] : weight > 150 && featureRoll < 0.5 ? ['lift_gate'] : [];
    const windowRoll = rnd();
    let pickup_window: DeliveryInput['pickup_window'] = null;
    let dropoff_window: DeliveryInput['dropoff_window'] = null;
    if (windowRoll < 0.75) {
      const start = rnd() * 240;
      pickup_window = { start: minutes(start), end: minutes(start + 60 + rnd() * 60) };
      const dropStart = start + 30 + rnd() * 60;
      dropoff_window = { start: minutes(dropStart), end: minutes(dropStart + 120 + rnd() * 120) };
    } else if (windowRoll < 0.9) {
      dropoff_window = { end: minutes(180 + rnd() * 300) };
    }
    return {
      id: `delivery-${String(i + 1).padStart(3, '0')}`,
      pickup,
      dropoff,
      pickup_window,
      dropoff_window,
      weight_kg: Math.round(weight * 10) / 10,
      required_features,
      service_minutes: weight > 150 ? 15 : 5,
    };
  });

  return { drivers: fleet, deliveries: work, options: { now, speed_kmh: 25 } };
}
