import { describe, expect, it } from 'vitest';
import { haversineKm } from '../geocoding/offline';
import { generateSanFranciscoProblem } from './generate';
import { solve } from './solver';
import { InvalidProblemError, problemErrors, problemFaults } from './validate';
import type { DeliveryInput, DriverInput, Problem, Solution } from './types';

const NOW = Date.UTC(2026, 10, 26, 16, 0);
const MIN = 60_000;
const LNG = -122.4;
/** 0.01 degree of latitude along one meridian, in km (haversine, R = 6371 km). */
const STEP_KM = (6371 * Math.PI) / 180 / 100;
/** A point x hundredths of a degree north of 37.70 on one meridian: distances on a line. */
const at = (x: number, lng = LNG) => ({ lat: 37.7 + x / 100, lng });

function driver(id: string, x: number, extra: Partial<DriverInput> = {}, lng = LNG): DriverInput {
  return {
    id,
    name: id,
    ...at(x, lng),
    licence_class: 'standard',
    vehicle: { id: `v-${id}`, capacity_kg: 500, features: ['gps_tracking'], licence_classes: ['standard', 'commercial'] },
    ...extra,
  };
}

function delivery(id: string, from: number, to: number, extra: Partial<DeliveryInput> = {}, lng = LNG): DeliveryInput {
  return { id, pickup: at(from, lng), dropoff: at(to, lng), weight_kg: 5, ...extra };
}

const options = { now: NOW, speed_kmh: 25, service_minutes: 5 };
const problem = (drivers: DriverInput[], deliveries: DeliveryInput[], extra: Problem['options'] = {}): Problem => ({
  drivers,
  deliveries,
  options: { ...options, ...extra },
});

const routeOf = (s: Solution, driverId: string) => s.routes.find((r) => r.driver_id === driverId)!;
const order = (s: Solution, driverId: string) => routeOf(s, driverId).stops.map((x) => `${x.kind === 'pickup' ? 'P' : 'D'}:${x.delivery_id}`);

/**
 * Checks a solution against the problem independently of the solver's own bookkeeping: every
 * delivery placed once or reported, pickup then drop-off on one route, existing work in its order,
 * the database's rules, loads, arrivals recomputed from the coordinates and windows met.
 */
function assertValid(p: Problem, s: Solution): void {
  const speed = p.options?.speed_kmh ?? 25;
  const serviceDefault = (p.options?.service_minutes ?? 5) * MIN;
  const now = Number(p.options?.now ?? NOW);
  const byId = new Map(p.deliveries.map((d) => [d.id, d]));
  const seen = new Set<string>();
  let total = 0;
  for (const route of s.routes) {
    const drv = p.drivers.find((d) => d.id === route.driver_id)!;
    let t = Math.max(now, drv.available_from == null ? now : Number(drv.available_from));
    let pos = { lat: drv.lat, lng: drv.lng };
    let load = drv.current_load_kg ?? 0;
    let dist = 0;
    const picked = new Set<string>();
    const existing = route.stops.filter((x) => x.existing).map((x) => `${x.kind}:${x.delivery_id}`);
    expect(existing).toEqual((drv.existing_stops ?? []).map((x) => `${x.kind}:${x.delivery_id}`));
    for (const stop of route.stops) {
      const km = haversineKm(pos.lat, pos.lng, stop.lat, stop.lng);
      dist += km;
      const arrival = t + (km / speed) * 3_600_000;
      expect(stop.eta).toBeCloseTo(arrival, -1);
      const d = byId.get(stop.delivery_id);
      if (stop.existing || !d) {
        const e = drv.existing_stops!.find((x) => x.delivery_id === stop.delivery_id && x.kind === stop.kind)!;
        load += (e.kind === 'pickup' ? 1 : -1) * (e.weight_kg ?? 0);
        t = Math.max(arrival, e.window?.start == null ? -Infinity : Number(e.window.start)) + (e.service_minutes == null ? serviceDefault : e.service_minutes * MIN);
      } else {
        const window = stop.kind === 'pickup' ? d.pickup_window : d.dropoff_window;
        if (window?.end != null) expect(arrival).toBeLessThanOrEqual(Number(window.end) + 1);
        expect(stop.late_minutes).toBe(0);
        if (stop.kind === 'pickup') {
          expect(seen.has(d.id)).toBe(false);
          seen.add(d.id);
          picked.add(d.id);
          load += d.weight_kg;
          // The database's rules.
          expect(drv.vehicle!.licence_classes).toContain(drv.licence_class);
          for (const f of d.required_features ?? []) expect(drv.vehicle!.features).toContain(f);
          expect(d.weight_kg).toBeLessThanOrEqual(drv.vehicle!.capacity_kg);
          if (d.locked_driver_id) expect(d.locked_driver_id).toBe(drv.id);
        } else {
          expect(picked.has(d.id)).toBe(true);
          picked.delete(d.id);
          load -= d.weight_kg;
        }
        t = Math.max(arrival, window?.start == null ? -Infinity : Number(window.start)) + (d.service_minutes == null ? serviceDefault : d.service_minutes * MIN);
      }
      expect(stop.load_kg).toBeCloseTo(load, 6);
      expect(load).toBeLessThanOrEqual(drv.vehicle!.capacity_kg + 1e-6);
      pos = stop;
    }
    expect(picked.size).toBe(0);
    expect(route.distance_km).toBeCloseTo(dist, 6);
    total += dist;
  }
  expect(s.total_distance_km).toBeCloseTo(total, 6);
  for (const u of s.unassigned) {
    expect(seen.has(u.delivery_id)).toBe(false);
    seen.add(u.delivery_id);
  }
  expect([...seen].sort()).toEqual(p.deliveries.map((d) => d.id).sort());
}

describe('solve: known answers', () => {
  it('points on a line: one sweep north, the length of the line', () => {
    const p = problem([driver('ana', 0)], [delivery('a', 1, 2), delivery('b', 3, 5), delivery('c', 1.5, 4)]);
    const s = solve(p);
    assertValid(p, s);
    expect(order(s, 'ana')).toEqual(['P:a', 'P:c', 'D:a', 'P:b', 'D:c', 'D:b']);
    expect(s.total_distance_km).toBeCloseTo(5 * STEP_KM, 6);
    expect(s.unassigned).toEqual([]);
    expect(routeOf(s, 'ana').assigned_delivery_ids).toEqual(['a', 'c', 'b']);
  });

  it('arrivals: travel at the speed plus service, and early arrival waits for the window', () => {
    const start = NOW + 30 * MIN;
    const p = problem([driver('ana', 0)], [delivery('a', 1, 2, { pickup_window: { start, end: start + 60 * MIN } })]);
    const s = solve(p);
    const [pickup, drop] = routeOf(s, 'ana').stops;
    const leg = ((STEP_KM / 25) * 60) * MIN;
    expect(pickup!.eta).toBeCloseTo(NOW + leg, -1);
    expect(pickup!.service_start).toBe(start);
    expect(pickup!.departure).toBe(start + 5 * MIN);
    expect(drop!.eta).toBeCloseTo(start + 5 * MIN + leg, -1);
    expect(routeOf(s, 'ana').finish).toBe(drop!.eta);
  });

  it('two clusters and two drivers: each driver takes the cluster it stands in', () => {
    const west = -122.5;
    const east = -122.38;
    const p = problem(
      [driver('west', 0, {}, west), driver('east', 0, {}, east)],
      [delivery('e1', 1, 2, {}, east), delivery('w1', 1, 2, {}, west), delivery('e2', 3, 1, {}, east), delivery('w2', 2, 4, {}, west)],
    );
    const s = solve(p);
    assertValid(p, s);
    expect(routeOf(s, 'west').assigned_delivery_ids.sort()).toEqual(['w1', 'w2']);
    expect(routeOf(s, 'east').assigned_delivery_ids.sort()).toEqual(['e1', 'e2']);
    // Each cluster: out to its farthest stop and back to the nearer one, 4 + 1 steps west, 3 + 2 east.
    expect(routeOf(s, 'west').distance_km).toBeCloseTo(4 * STEP_KM, 6);
    expect(routeOf(s, 'east').distance_km).toBeCloseTo(5 * STEP_KM, 6);
  });

  it('a window forces the far delivery first', () => {
    const near = delivery('near', 1, 2);
    const far = delivery('far', 4, 5, { dropoff_window: { end: NOW + 20 * MIN } });
    const free = solve(problem([driver('ana', 0)], [near, { ...far, dropoff_window: null }]));
    expect(order(free, 'ana')).toEqual(['P:near', 'D:near', 'P:far', 'D:far']);
    const p = problem([driver('ana', 0)], [near, far]);
    const s = solve(p);
    assertValid(p, s);
    expect(order(s, 'ana')).toEqual(['P:far', 'D:far', 'P:near', 'D:near']);
    // Out to 5, back to 1, on to 2.
    expect(s.total_distance_km).toBeCloseTo(10 * STEP_KM, 6);
  });

  it('capacity forces a split between two drivers, and a bigger vehicle takes both at once', () => {
    const loads = [delivery('a', 1, 3, { weight_kg: 60 }), delivery('b', 1, 3, { weight_kg: 60 })];
    const small = { capacity_kg: 100, features: [], licence_classes: ['standard'] };
    const p = problem([driver('ana', 0, { vehicle: small }), driver('ben', 0, { vehicle: small })], loads);
    const s = solve(p);
    assertValid(p, s);
    expect(routeOf(s, 'ana').assigned_delivery_ids).toHaveLength(1);
    expect(routeOf(s, 'ben').assigned_delivery_ids).toHaveLength(1);
    expect(s.total_distance_km).toBeCloseTo(6 * STEP_KM, 6);

    const big = problem([driver('ana', 0, { vehicle: { ...small, capacity_kg: 200 } }), driver('ben', 0, { vehicle: small })], loads);
    const together = solve(big);
    assertValid(big, together);
    expect(routeOf(together, 'ana').stops.map((x) => x.kind)).toEqual(['pickup', 'pickup', 'dropoff', 'dropoff']);
    expect(routeOf(together, 'ana').stops.map((x) => x.load_kg)).toEqual([60, 120, 60, 0]);
    expect(together.total_distance_km).toBeCloseTo(3 * STEP_KM, 6);
  });

  it('one driver alone: capacity makes it go and come back', () => {
    const small = { capacity_kg: 100, features: [], licence_classes: ['standard'] };
    const p = problem([driver('ana', 0, { vehicle: small })], [delivery('a', 1, 3, { weight_kg: 60 }), delivery('b', 1, 3, { weight_kg: 60 })]);
    const s = solve(p);
    assertValid(p, s);
    expect(s.unassigned).toEqual([]);
    expect(s.total_distance_km).toBeCloseTo(7 * STEP_KM, 6);
    expect(Math.max(...routeOf(s, 'ana').stops.map((x) => x.load_kg))).toBe(60);
  });

  it('a feature only one vehicle has goes to that vehicle, however far; a licence class the vehicle refuses counts too', () => {
    const cold = { capacity_kg: 700, features: ['refrigeration', 'gps_tracking'], licence_classes: ['commercial', 'special'] };
    const p = problem(
      [driver('near', 1), driver('far', 20, { vehicle: cold, licence_class: 'commercial' }), driver('wrong-licence', 1, { vehicle: cold, licence_class: 'standard' })],
      [delivery('ice', 10, 11, { required_features: ['refrigeration'] }), delivery('box', 1, 2)],
    );
    const s = solve(p);
    assertValid(p, s);
    expect(routeOf(s, 'far').assigned_delivery_ids).toEqual(['ice']);
    expect(routeOf(s, 'near').assigned_delivery_ids).toEqual(['box']);
    expect(routeOf(s, 'wrong-licence').stops).toEqual([]);
  });

  it('a locked delivery stays on its driver, is not proposed again, and the rest still optimise', () => {
    const p = problem([driver('near', 0), driver('far', 10)], [delivery('hand', 1, 2, { locked_driver_id: 'far' }), delivery('free', -1, -2)]);
    const s = solve(p);
    assertValid(p, s);
    expect(routeOf(s, 'far').stops.map((x) => [x.delivery_id, x.locked])).toEqual([
      ['hand', true],
      ['hand', true],
    ]);
    expect(routeOf(s, 'far').assigned_delivery_ids).toEqual([]);
    expect(routeOf(s, 'near').assigned_delivery_ids).toEqual(['free']);
  });

  it('existing work keeps its order; new stops go between when cheaper', () => {
    const p = problem(
      [
        driver('ana', 0, {
          current_load_kg: 10,
          existing_stops: [
            { delivery_id: 'old', kind: 'dropoff', ...at(4), weight_kg: 10 },
            { delivery_id: 'old2', kind: 'pickup', ...at(1), weight_kg: 5 },
            { delivery_id: 'old2', kind: 'dropoff', ...at(6), weight_kg: 5 },
          ],
        }),
      ],
      [delivery('mid', 2, 3)],
    );
    const s = solve(p);
    assertValid(p, s);
    expect(order(s, 'ana')).toEqual(['P:mid', 'D:mid', 'D:old', 'P:old2', 'D:old2']);
    expect(routeOf(s, 'ana').assigned_delivery_ids).toEqual(['mid']);
  });

  it('existing work already over capacity is kept, and new work never passes the capacity', () => {
    const bike = { capacity_kg: 60, features: [], licence_classes: ['standard'] };
    const held = (id: string, from: number, to: number, weight_kg: number) => [
      { delivery_id: id, kind: 'pickup' as const, ...at(from), weight_kg },
      { delivery_id: id, kind: 'dropoff' as const, ...at(to), weight_kg },
    ];
    const p = problem(
      [driver('ana', 0, { vehicle: bike, existing_stops: [...held('over', 1, 2, 80), ...held('light', 3, 5, 30)] })],
      // Cheapest between light's pickup and drop-off, but 30 + 40 kg > 60 kg there: after it instead.
      [delivery('new', 3.5, 4.5, { weight_kg: 40 })],
    );
    const s = solve(p);
    expect(order(s, 'ana')).toEqual(['P:over', 'D:over', 'P:light', 'D:light', 'P:new', 'D:new']);
    expect(routeOf(s, 'ana').stops.map((x) => x.load_kg)).toEqual([80, 0, 30, 0, 40, 0]);
  });

  it('existing work already late is kept first (new work may not make it later) and does not block the driver', () => {
    const p = problem(
      [driver('ana', 0, { existing_stops: [{ delivery_id: 'old', kind: 'dropoff', ...at(3), window: { end: NOW - 10 * MIN } }] })],
      [delivery('new', 1, 2)],
    );
    const s = solve(p);
    assertValid(p, s);
    expect(order(s, 'ana')).toEqual(['D:old', 'P:new', 'D:new']);
    expect(routeOf(s, 'ana').stops[0]!.late_minutes).toBeGreaterThan(10);
    expect(routeOf(s, 'ana').assigned_delivery_ids).toEqual(['new']);
  });
});

describe('solve: why a delivery is not placed', () => {
  const reasons = (s: Solution) => Object.fromEntries(s.unassigned.map((u) => [u.delivery_id, u.reason]));

  it('no eligible vehicle, too heavy for any, windows already over, a conflict, the route too full', () => {
    const small = { capacity_kg: 100, features: ['gps_tracking'], licence_classes: ['standard'] };
    const p = problem(
      [driver('ana', 0, { vehicle: small, current_load_kg: 90, existing_stops: [{ delivery_id: 'old', kind: 'dropoff', ...at(9), weight_kg: 90 }] })],
      [
        delivery('cold', 1, 2, { required_features: ['refrigeration'] }),
        delivery('piano', 1, 2, { weight_kg: 300 }),
        delivery('missed', 1, 2, { dropoff_window: { end: NOW - MIN } }),
        // Only reachable in its window before the drop-off at 9, while 90 kg are still aboard.
        delivery('heavy', 1, 2, { weight_kg: 20, dropoff_window: { end: NOW + 15 * MIN } }),
        // Fits after that drop-off: placed.
        delivery('later', 1, 2, { weight_kg: 20 }),
      ],
    );
    const s = solve(p);
    assertValid(p, s);
    expect(reasons(s)).toEqual({ cold: 'no_eligible_vehicle', piano: 'capacity', missed: 'window_impossible', heavy: 'capacity' });
    for (const u of s.unassigned) expect(u.message).not.toBe('');
    expect(s.unassigned.find((u) => u.delivery_id === 'piano')!.message).toBe('The packages weigh 300 kg; the largest vehicle it could go in carries 100 kg');
  });

  it('two deliveries at the same time far apart with one driver: one is a schedule conflict', () => {
    const p = problem(
      [driver('ana', 0)],
      [delivery('north', 10, 11, { pickup_window: { end: NOW + 40 * MIN } }), delivery('south', -10, -11, { pickup_window: { end: NOW + 40 * MIN } })],
    );
    const s = solve(p);
    assertValid(p, s);
    expect(s.unassigned).toHaveLength(1);
    expect(s.unassigned[0]!.reason).toBe('schedule_conflict');
  });

  it('the per-driver limit reports drivers_full', () => {
    const p = problem([driver('ana', 0)], [delivery('a', 1, 2), delivery('b', 2, 3)], { max_deliveries_per_driver: 1 });
    const s = solve(p);
    assertValid(p, s);
    expect(s.unassigned.map((u) => [u.delivery_id, u.reason])).toEqual([['b', 'drivers_full']]);
  });

  it('the database refuses an inactive vehicle or an expired licence, and so does the solver', () => {
    const p = problem(
      [
        driver('expired', 0, { licence_expiry: '2026-11-25' }),
        driver('parked', 0, { vehicle: { capacity_kg: 500, features: [], licence_classes: ['standard'], active: false } }),
        driver('today', 5, { licence_expiry: '2026-11-26' }),
      ],
      [delivery('a', 1, 2)],
    );
    const s = solve(p);
    assertValid(p, s);
    expect(routeOf(s, 'today').assigned_delivery_ids).toEqual(['a']);
    const none = solve(problem(p.drivers.slice(0, 2), [delivery('a', 1, 2)]));
    expect(none.unassigned.map((u) => u.reason)).toEqual(['no_eligible_vehicle']);
  });

  it('a locked delivery its driver cannot carry is reported, never moved to another driver', () => {
    const small = { capacity_kg: 10, features: [], licence_classes: ['standard'] };
    const p = problem([driver('ana', 0, { vehicle: small }), driver('ben', 0)], [delivery('sofa', 1, 2, { weight_kg: 50, locked_driver_id: 'ana' })]);
    const s = solve(p);
    assertValid(p, s);
    expect(s.unassigned.map((u) => u.reason)).toEqual(['locked_driver_unfit']);
    expect(routeOf(s, 'ben').stops).toEqual([]);
  });
});

describe('solve: generated San Francisco days', () => {
  const seeds = [1, 2, 3, 4];

  it.each(seeds)('seed %i: every route valid (precedence, windows, capacity, rules, locks)', (seed) => {
    const p = generateSanFranciscoProblem({ seed, deliveries: 40, drivers: 6 });
    // Lock a few to their drivers and give one driver existing work.
    const deliveries = p.deliveries.map((d, i) => (i % 10 === 0 ? { ...d, locked_driver_id: p.drivers[i % 6]!.id } : d));
    const drivers = p.drivers.map((d, i) =>
      i === 0 ? { ...d, current_load_kg: 4, existing_stops: [{ delivery_id: 'aboard', kind: 'dropoff' as const, lat: 37.76, lng: -122.42, weight_kg: 4 }] } : d,
    );
    const full = { ...p, drivers, deliveries };
    const s = solve(full);
    assertValid(full, s);
    expect(s.stats.converged).toBe(true);
  });

  it.each(seeds)('seed %i: the improvement is never worse than construction', (seed) => {
    const p = generateSanFranciscoProblem({ seed, deliveries: 40, drivers: 6 });
    const built = solve({ ...p, options: { ...p.options, improve: false } });
    const improved = solve(p);
    assertValid(p, improved);
    expect(improved.construction_distance_km).toBeCloseTo(built.total_distance_km, 9);
    expect(improved.unassigned.length).toBeLessThanOrEqual(built.unassigned.length);
    if (improved.unassigned.length === built.unassigned.length) {
      expect(improved.total_distance_km).toBeLessThanOrEqual(built.total_distance_km + 1e-9);
    }
  });

  it('twenty more small days with existing work, some late, and locks: always a valid plan', () => {
    for (let seed = 100; seed < 120; seed++) {
      const p = generateSanFranciscoProblem({ seed, deliveries: 24, drivers: 4 });
      // The first four deliveries become existing work of the first two drivers (one already late).
      const [a, b, c, d, ...rest] = p.deliveries;
      // Parcels (the vehicle took them: within its capacity).
      const held = (x: DeliveryInput, late: boolean) => [
        { delivery_id: x.id, kind: 'pickup' as const, ...x.pickup, weight_kg: 5, window: late ? { end: NOW - 5 * MIN } : null },
        { delivery_id: x.id, kind: 'dropoff' as const, ...x.dropoff, weight_kg: 5 },
      ];
      const drivers = p.drivers.map((drv, i) => (i === 0 ? { ...drv, existing_stops: [...held(a!, true), ...held(b!, false)] } : i === 1 ? { ...drv, existing_stops: [...held(c!, false), ...held(d!, false)] } : drv));
      const deliveries = rest.map((x, i) => (i % 7 === 3 ? { ...x, locked_driver_id: drivers[i % 4]!.id } : x));
      const day = { ...p, drivers, deliveries };
      const s = solve(day);
      assertValid(day, s);
    }
  });

  it('deterministic: the same instance gives the same answer', () => {
    const p = generateSanFranciscoProblem({ seed: 7, deliveries: 60, drivers: 8 });
    const strip = (s: Solution) => ({ ...s, stats: null });
    expect(strip(solve(p))).toEqual(strip(solve(p)));
  });

  it('the improvement shortens a construction that leaves room (strictly, on this instance)', () => {
    const p = generateSanFranciscoProblem({ seed: 3, deliveries: 40, drivers: 6 });
    const s = solve(p);
    expect(s.stats.improving_moves).toBeGreaterThan(0);
    expect(s.total_distance_km).toBeLessThan(s.construction_distance_km);
  });
});

describe('solve: bad input', () => {
  it('refuses a problem it cannot read, naming every fault, instead of a wrong plan', () => {
    const bad = problem(
      [driver('ana', 0), { ...driver('ana', 0), lat: Number.NaN }],
      [
        delivery('a', 1, 2, { weight_kg: -1 }),
        delivery('a', 1, 2, { pickup_window: { end: 'not a time' } }),
        delivery('b', 1, 2, { dropoff_window: { start: NOW + 60 * MIN, end: NOW } }),
      ],
      { speed_kmh: 0 },
    );
    expect(() => solve(bad)).toThrow(InvalidProblemError);
    expect(problemErrors(bad)).toEqual([
      'driver ana: listed twice',
      'driver ana: a latitude and longitude are required',
      'delivery a: weight_kg must be 0 or more',
      'delivery a: listed twice',
      'delivery a pickup_window: not a time',
      'delivery b dropoff_window: ends before it starts',
      'speed_kmh must be more than 0',
    ]);
    // Whom each is about, so a screen names the delivery or the driver in its own words.
    expect(problemFaults(bad).map(({ subject, id }) => (id ? `${subject} ${id}` : subject))).toEqual(['driver ana', 'driver ana', 'delivery a', 'delivery a', 'delivery a', 'delivery b', 'options']);
    let thrown: unknown = null;
    try {
      solve(bad);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as InvalidProblemError).faults[5]).toEqual({ subject: 'delivery', id: 'b', message: 'delivery b dropoff_window: ends before it starts' });
  });

  it('nothing to do: every driver with an empty route', () => {
    const s = solve(problem([driver('ana', 0)], []));
    expect(s.routes).toEqual([{ driver_id: 'ana', vehicle_id: 'v-ana', stops: [], assigned_delivery_ids: [], distance_km: 0, finish: NOW }]);
    expect(s.unassigned).toEqual([]);
  });

  it('no drivers: every delivery reported', () => {
    const s = solve(problem([], [delivery('a', 1, 2)]));
    expect(s.unassigned).toEqual([{ delivery_id: 'a', reason: 'no_eligible_vehicle', message: 'No driver is available', why: { key: 'no_driver' } }]);
  });
});
