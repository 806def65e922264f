/**
 * The auto-assign solver's data (auto-assign and suggestions): plain values the board
 * builds from drivers, vehicles, deliveries and their services (core contract), so this module stays
 * pure (no React, no supabase) and is tested on fixed instances.
 *
 * Times are accepted as Date, epoch milliseconds or ISO strings and normalised to epoch ms.
 */
import type { FitProblem } from './eligibility';

export type TimeInput = Date | number | string;

export interface LatLng {
  lat: number;
  lng: number;
}

/** A time window; either end may be open. Arrival after `end` is late; arrival before `start` waits. */
export interface TimeWindow {
  start?: TimeInput | null;
  end?: TimeInput | null;
}

export interface VehicleInput {
  id?: string;
  /** vehicles.capacity_unit (kg). */
  capacity_kg: number;
  /** vehicle_requirements.special_features. */
  features: readonly string[];
  /** vehicle_requirements.license_requirements. */
  licence_classes: readonly string[];
  /** vehicles.active; the database refuses an inactive vehicle. Default true. */
  active?: boolean;
}

/** A stop of work the driver already holds (accepted): kept, in this order; new stops go between. */
export interface ExistingStop extends LatLng {
  delivery_id: string;
  kind: 'pickup' | 'dropoff';
  /** Weight taken on at a pickup or put down at a drop-off (kg). Goods already aboard count in current_load_kg. */
  weight_kg?: number;
  window?: TimeWindow | null;
  service_minutes?: number;
}

export interface DriverInput extends LatLng {
  /** drivers.id (= profile id). lat/lng: the last position, or the home zone's centre. */
  id: string;
  name?: string;
  /** When the driver can start (default: options.now). */
  available_from?: TimeInput | null;
  vehicle: VehicleInput | null;
  /** drivers.licence_class. */
  licence_class: string;
  /** drivers.licence_expiry (YYYY-MM-DD or a time); the database refuses an expired licence. */
  licence_expiry?: TimeInput | null;
  /** Goods aboard when the route starts (kg). */
  current_load_kg?: number;
  existing_stops?: readonly ExistingStop[];
}

export interface DeliveryInput {
  id: string;
  pickup: LatLng;
  dropoff: LatLng;
  pickup_window?: TimeWindow | null;
  dropoff_window?: TimeWindow | null;
  /** deliveries.total_weight_kg. */
  weight_kg: number;
  /** The service's required_vehicle_features. */
  required_features?: readonly string[];
  /** Minutes spent at each of its stops (default options.service_minutes). */
  service_minutes?: number;
  /** Placed by hand: the solver keeps it on this driver and never moves it to another. */
  locked_driver_id?: string | null;
}

export interface SolverOptions {
  /** Travel speed (default 25 km/h, in town). */
  speed_kmh?: number;
  /** The solve's clock (default Date.now()). */
  now?: TimeInput;
  /** Minutes at a stop when the delivery does not say (default 5). */
  service_minutes?: number;
  /**
   * At most this many new deliveries per driver in one solve (default max(8, ceil(1.5 x deliveries /
   * drivers))): distance alone would pile a district's work on one driver while others wait.
   */
  max_deliveries_per_driver?: number;
  /** Upper bound on the improvement pass's time (default 1,500 ms); it stops earlier when nothing improves. */
  improve_ms?: number;
  /** Skip the improvement pass (tests compare construction with the improved answer). */
  improve?: boolean;
  /** Injected clock for the time budget (tests); default performance.now / Date.now. */
  clock?: () => number;
}

export interface Problem {
  drivers: readonly DriverInput[];
  deliveries: readonly DeliveryInput[];
  options?: SolverOptions;
}

/** Why a delivery could not be placed. */
export type UnassignedReason =
  /** No driver's vehicle passes the database's rules (features, licence class, weight <= capacity, active, licence valid). */
  | 'no_eligible_vehicle'
  /** A vehicle would pass the rules, but every eligible route carries too much at the time it would be aboard. */
  | 'capacity'
  /** Its windows cannot be met by any eligible driver even with nothing else to do (or they are already over). */
  | 'window_impossible'
  /** Eligible drivers could meet its windows alone, but not alongside the work they hold or were given. */
  | 'schedule_conflict'
  /** The drivers who could take it already have max_deliveries_per_driver deliveries in this plan. */
  | 'drivers_full'
  /** Locked to a driver who is not eligible or cannot fit it. */
  | 'locked_driver_unfit';

/**
 * Why a delivery could not be placed, as data a screen words in its own language (the English
 * `message` says the same).
 */
export type UnassignedWhy =
  | { key: 'locked_unavailable' }
  | { key: 'locked_problems'; problems: FitProblem[] }
  | { key: 'locked_cannot_fit'; driver: string | null }
  | { key: 'too_heavy'; weight_kg: number; largest_kg: number }
  | { key: 'no_driver' }
  | { key: 'no_vehicle_fits' }
  | { key: 'window_impossible' }
  | { key: 'time_budget' }
  | { key: 'too_full' }
  | { key: 'drivers_full'; max: number }
  | { key: 'busy' };

export interface UnassignedDelivery {
  delivery_id: string;
  reason: UnassignedReason;
  /** In English. */
  message: string;
  why: UnassignedWhy;
}

export interface PlannedStop {
  delivery_id: string;
  kind: 'pickup' | 'dropoff';
  lat: number;
  lng: number;
  /** Work the driver already held (kept in its order), as opposed to proposed by this solve. */
  existing: boolean;
  /** A delivery placed by hand on this driver (kept on the driver; the board does not commit it again). */
  locked: boolean;
  /** Arrival (epoch ms). */
  eta: number;
  /** Service start: arrival, or the window's start when early (epoch ms). */
  service_start: number;
  departure: number;
  /** Minutes after the window's end (0 when on time). */
  late_minutes: number;
  /** Load aboard on leaving the stop (kg). */
  load_kg: number;
}

export interface DriverRoute {
  driver_id: string;
  vehicle_id: string | null;
  stops: PlannedStop[];
  /** The deliveries this solve gives the driver (the board commits these), in pickup order; locked ones excluded. */
  assigned_delivery_ids: string[];
  distance_km: number;
  /** Arrival at the last stop (epoch ms), or the start when there are no stops. */
  finish: number;
}

export interface Solution {
  routes: DriverRoute[];
  unassigned: UnassignedDelivery[];
  total_distance_km: number;
  /** Distance after construction, before improvement (<= is guaranteed for total_distance_km with as many placed). */
  construction_distance_km: number;
  stats: {
    construction_ms: number;
    improve_ms: number;
    improving_moves: number;
    /** The improvement stopped because nothing improved (false: the time budget ran out first). */
    converged: boolean;
  };
}
