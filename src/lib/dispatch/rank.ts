import { fitProblems } from './eligibility';
import { Model } from './model';
import { assertValidProblem } from './validate';
import type { DeliveryInput, DriverInput, SolverOptions } from './types';

/**
 * Suggestions: for one delivery, the drivers the database would accept, best first.
 *
 * score (km-equivalent, lower is better) = distance from the driver's last position to the pickup
 *   + LOAD_WEIGHT_KM x the share of the vehicle's capacity already aboard
 *   + FIT_WEIGHT_KM x the share of capacity left unused once the delivery is aboard (a van for a
 *     parcel scores better than a truck for it).
 * Drivers who can take it within its windows alongside their existing work come first; the others
 * follow (the dispatcher may still choose them: the database accepts them), flagged on_time false.
 * The estimated pickup is its arrival at the cheapest feasible place in the driver's route, or after
 * the existing work when no place meets the windows.
 */
export const LOAD_WEIGHT_KM = 2;
export const FIT_WEIGHT_KM = 1;

export interface RankedDriver {
  driver_id: string;
  distance_km: number;
  current_load_kg: number;
  capacity_kg: number;
  /** Capacity left once this delivery is aboard with the current load (kg). */
  spare_kg: number;
  /** Estimated pickup arrival (epoch ms). */
  estimated_pickup: number;
  /** Estimated drop-off arrival (epoch ms). */
  estimated_dropoff: number;
  /** Both windows can be met alongside the driver's existing work. */
  on_time: boolean;
  score: number;
}

export function rankDrivers(delivery: DeliveryInput, drivers: readonly DriverInput[], options?: SolverOptions): RankedDriver[] {
  assertValidProblem({ drivers, deliveries: [delivery], options });
  const m = new Model(options);
  const eligible = drivers.filter((driver) => fitProblems(driver, delivery, m.now).length === 0);
  const routes = eligible.map((driver, i) => m.driverRoute(driver, i));
  const [p, q] = m.deliveryStops({ ...delivery, locked_driver_id: null }, 0, false);
  m.finishPoints(1);
  const ranked = routes.map((r, i): RankedDriver => {
    const driver = eligible[i]!;
    m.tolerateExisting(r);
    const capacity = driver.vehicle!.capacity_kg;
    const load = driver.current_load_kg ?? 0;
    const ins = m.bestInsertion(r, p, q);
    const n = r.stops.length;
    const at = ins ?? { delta: 0, i: n, j: n };
    const trial = { ...r, stops: [...r.stops], arr: [], dep: [], loadAfter: [] };
    trial.stops.splice(at.j, 0, q);
    trial.stops.splice(at.i, 0, p);
    m.refresh(trial, true);
    const distance = m.d(r.startPt, p.pt);
    const spare = Math.max(0, capacity - load - delivery.weight_kg);
    const score = distance + LOAD_WEIGHT_KM * (capacity > 0 ? load / capacity : 1) + FIT_WEIGHT_KM * (capacity > 0 ? spare / capacity : 1);
    return {
      driver_id: driver.id,
      distance_km: distance,
      current_load_kg: load,
      capacity_kg: capacity,
      spare_kg: spare,
      estimated_pickup: trial.arr[at.i]!,
      estimated_dropoff: trial.arr[at.j + 1]!,
      on_time: ins !== null,
      score,
    };
  });
  return ranked.sort(
    (a, b) => Number(b.on_time) - Number(a.on_time) || a.score - b.score || a.distance_km - b.distance_km || (a.driver_id < b.driver_id ? -1 : a.driver_id > b.driver_id ? 1 : 0),
  );
}
