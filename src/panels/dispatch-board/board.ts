import { startOfDay } from 'date-fns';
import { deliveryFromRow, driverFromRows, isLate, type DeliveryInput, type DriverInput, type ExistingStop } from '../../lib/dispatch';
import type { DeliveryStatus, DriverStatus } from '../../data/statuses';
import { DONE_STATUSES, OPEN_STATUSES, ON_DUTY_STATUSES, type BoardAssignment, type BoardDelivery, type BoardDriver, type BoardReference } from './model';

/**
 * The board's pure logic: which rows belong to the working set, the
 * drivers' health, the lanes and their counters, the URL filters, the optimistic moves and the
 * planner's inputs. The page only wires these to live data and the screen.
 */

export const NOT_RESPONDING_MS = 5 * 60_000;

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

/** The deliveries the board reads: every open one, and those finished (delivered or failed) since `dayStart`. */
export function inWorkingSet(delivery: Pick<BoardDelivery, 'status' | 'delivered_at' | 'failed_at'>, dayStart: Date): boolean {
  if (OPEN_STATUSES.includes(delivery.status)) return true;
  if (delivery.status === 'delivered') return ms(delivery.delivered_at) >= dayStart.getTime();
  if (delivery.status === 'failed') return ms(delivery.failed_at) >= dayStart.getTime();
  return false;
}

export function isOnDuty(driver: Pick<BoardDriver, 'status'>): boolean {
  return ON_DUTY_STATUSES.includes(driver.status);
}

export type DriverHealth = DriverStatus | 'not_responding';

/** A driver on duty who sent no position for five minutes (or never) is not responding, whatever their status says. */
export function driverHealth(driver: Pick<BoardDriver, 'status' | 'last_position_at'>, now: Date): DriverHealth {
  if (!isOnDuty(driver)) return driver.status;
  const at = ms(driver.last_position_at);
  if (Number.isNaN(at) || now.getTime() - at > NOT_RESPONDING_MS) return 'not_responding';
  return driver.status;
}

// ---------------------------------------------------------------------------------------------
// Filters, kept in the URL.

export const WINDOW_FILTERS = ['overdue', 'next_hour', 'today'] as const;
export type WindowFilter = (typeof WINDOW_FILTERS)[number];

export interface BoardFilters {
  kind: string;
  service: string;
  zone: string;
  window: WindowFilter | '';
  q: string;
}

export const EMPTY_FILTERS: BoardFilters = { kind: '', service: '', zone: '', window: '', q: '' };
const FILTER_KEYS = ['kind', 'service', 'zone', 'window', 'q'] as const;
const KINDS = ['on_demand', 'pickup', 'delivery', 'pickup_delivery'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Never throws: a value that does not parse is dropped, so a stale or hand-edited link still opens the board. */
export function parseFilters(search: string): BoardFilters {
  const params = new URLSearchParams(search);
  const kind = params.get('kind') ?? '';
  const service = params.get('service') ?? '';
  const zone = params.get('zone') ?? '';
  const window = params.get('window') ?? '';
  return {
    kind: KINDS.includes(kind) ? kind : '',
    service: UUID.test(service) ? service : '',
    zone: UUID.test(zone) ? zone : '',
    window: (WINDOW_FILTERS as readonly string[]).includes(window) ? (window as WindowFilter) : '',
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

export function hasFilters(search: string): boolean {
  const params = new URLSearchParams(search);
  return FILTER_KEYS.some((key) => params.has(key));
}

/** The query string with the filters written over `search` (other parameters, e.g. the selected delivery, are kept). */
export function writeFilters(filters: BoardFilters, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return params.toString();
}

function windowEnds(d: BoardDelivery): number[] {
  const picked = d.status === 'picked_up' || d.status === 'in_transit';
  return [picked ? NaN : ms(d.pickup_window_end), ms(d.dropoff_window_end)].filter((t) => !Number.isNaN(t));
}

export function matchesFilters(d: BoardDelivery, filters: BoardFilters, now: Date): boolean {
  if (filters.kind && d.kind !== filters.kind) return false;
  if (filters.service && d.service_id !== filters.service) return false;
  if (filters.zone && d.pickup_zone_id !== filters.zone && d.dropoff_zone_id !== filters.zone) return false;
  if (filters.window) {
    const ends = windowEnds(d);
    const t = now.getTime();
    if (filters.window === 'overdue' && !ends.some((end) => end < t)) return false;
    if (filters.window === 'next_hour' && !ends.some((end) => end >= t && end <= t + 3_600_000)) return false;
    if (filters.window === 'today') {
      const dayEnd = startOfDay(now).getTime() + 86_400_000;
      if (!ends.some((end) => end < dayEnd)) return false;
    }
  }
  const q = filters.q.trim().toLowerCase();
  if (q) {
    const haystack = [d.delivery_code, d.external_reference_id, d.pickup_address?.full_address, d.dropoff_address?.full_address, d.notes].filter(Boolean).join(' ').toLowerCase();
    if (!haystack.includes(q)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Optimistic moves: shown at once, rolled back on the database's refusal.

export interface PendingMove {
  deliveryId: string;
  /** The driver the delivery shows under meanwhile; null for an unassign. */
  driverId: string | null;
  status: DeliveryStatus;
  /** The row's updated_at when the move started: once the live row moves on, the database's row wins. */
  baseUpdatedAt: string;
}

export type PendingMoves = ReadonlyMap<string, PendingMove>;

export function startMove(moves: PendingMoves, move: PendingMove): PendingMoves {
  return new Map(moves).set(move.deliveryId, move);
}

/** The rollback (a refusal) and the clean-up (the live row arrived) alike. */
export function endMove(moves: PendingMoves, deliveryId: string, baseUpdatedAt?: string): PendingMoves {
  const move = moves.get(deliveryId);
  if (!move || (baseUpdatedAt !== undefined && move.baseUpdatedAt !== baseUpdatedAt)) return moves;
  const next = new Map(moves);
  next.delete(deliveryId);
  return next;
}

/** The deliveries as the board shows them: pending moves over rows the database has not changed since. */
export function withMoves(deliveries: readonly BoardDelivery[], moves: PendingMoves): BoardDelivery[] {
  if (moves.size === 0) return [...deliveries];
  return deliveries.map((d) => {
    const move = moves.get(d.id);
    if (!move || move.baseUpdatedAt !== d.updated_at) return d;
    return { ...d, driver_id: move.driverId, status: move.status };
  });
}

// ---------------------------------------------------------------------------------------------
// Lanes.

const IN_PROGRESS: readonly DeliveryStatus[] = ['picked_up', 'in_transit'];
const WITH_DRIVER: readonly DeliveryStatus[] = ['assigned', 'accepted', 'picked_up', 'in_transit'];

// A row's next window end, kept per row object (rows are replaced, never changed, when they change):
// the sorts compared thousands of rows, each comparison parsing both rows' windows again.
const dueOf = new WeakMap<BoardDelivery, number>();
function due(d: BoardDelivery): number {
  let value = dueOf.get(d);
  if (value === undefined) {
    value = Math.min(...windowEnds(d), Number.MAX_SAFE_INTEGER);
    dueOf.set(d, value);
  }
  return value;
}

/** A driver's tasks in the order they will be done: goods aboard first, then by the next window's end, then by assignment. */
export function compareTasks(a: BoardDelivery, b: BoardDelivery): number {
  const aboard = Number(IN_PROGRESS.includes(b.status)) - Number(IN_PROGRESS.includes(a.status));
  if (aboard) return aboard;
  return due(a) - due(b) || (a.assigned_at ?? a.created_at).localeCompare(b.assigned_at ?? b.created_at) || a.delivery_code.localeCompare(b.delivery_code);
}

/** The unassigned queue's order: most urgent window first, then priority, then the oldest. */
const PRIORITY_RANK: Record<string, number> = { urgent: 0, high: 1, normal: 2, low: 3 };
export function compareQueue(a: BoardDelivery, b: BoardDelivery): number {
  return due(a) - due(b) || (PRIORITY_RANK[a.priority] ?? 2) - (PRIORITY_RANK[b.priority] ?? 2) || a.created_at.localeCompare(b.created_at);
}

export interface BoardLanes {
  unassigned: BoardDelivery[];
  /** Every on-duty driver's tasks (assigned .. in transit), in order. */
  tasksByDriver: Map<string, BoardDelivery[]>;
  inProgress: BoardDelivery[];
  doneToday: BoardDelivery[];
  /** Late (window passed, or the estimate after it) and failed today. */
  exceptions: BoardDelivery[];
  late: Set<string>;
}

export interface LaneOptions {
  now: Date;
  filters: BoardFilters;
  /** The dispatcher's late threshold (minutes past a window before it counts as late). */
  graceMinutes?: number;
  /** Estimated arrivals, when known (suggestions or a plan), by delivery id. */
  etas?: ReadonlyMap<string, { pickup?: number | null; dropoff?: number | null }>;
}

export function lateCheck(d: BoardDelivery, now: Date, graceMinutes = 0, eta?: { pickup?: number | null; dropoff?: number | null }): boolean {
  return isLate(
    {
      status: d.status,
      pickup_window: { start: d.pickup_window_start, end: d.pickup_window_end },
      dropoff_window: { start: d.dropoff_window_start, end: d.dropoff_window_end },
    },
    now,
    eta,
    graceMinutes,
  );
}

/**
 * Whether a row shows under the filters and is late, kept per row object with the options it was
 * worked out for: a live batch replaces a few dozen of two thousand rows, so the lanes work out only
 * those again (until the clock, the filters or the threshold change, which happens every 15 s at most).
 */
const classOf = new WeakMap<BoardDelivery, { key: string; shown: boolean; late: boolean }>();

function classify(d: BoardDelivery, dayStart: Date, options: LaneOptions, key: string | null): { shown: boolean; late: boolean } {
  const known = key === null ? undefined : classOf.get(d);
  if (known && known.key === key) return known;
  const shown = inWorkingSet(d, dayStart) && matchesFilters(d, options.filters, options.now);
  const late = shown && lateCheck(d, options.now, options.graceMinutes, options.etas?.get(d.id));
  if (key !== null) classOf.set(d, { key, shown, late });
  return { shown, late };
}

export function buildLanes(deliveries: readonly BoardDelivery[], options: LaneOptions): BoardLanes {
  const dayStart = startOfDay(options.now);
  const f = options.filters;
  // Estimates come with a plan, for one call: rows are worked out afresh then.
  const key = options.etas ? null : [options.now.getTime(), options.graceMinutes ?? 0, f.kind, f.service, f.zone, f.window, f.q].join('|');
  const lanes: BoardLanes = { unassigned: [], tasksByDriver: new Map(), inProgress: [], doneToday: [], exceptions: [], late: new Set() };
  for (const d of deliveries) {
    const { shown, late } = classify(d, dayStart, options, key);
    if (!shown) continue;
    if (late) lanes.late.add(d.id);
    if (late || d.status === 'failed') lanes.exceptions.push(d);
    if (d.status === 'pending') lanes.unassigned.push(d);
    else if (d.status === 'delivered' || d.status === 'failed') lanes.doneToday.push(d);
    if (IN_PROGRESS.includes(d.status)) lanes.inProgress.push(d);
    if (d.driver_id && WITH_DRIVER.includes(d.status)) {
      const list = lanes.tasksByDriver.get(d.driver_id) ?? [];
      list.push(d);
      lanes.tasksByDriver.set(d.driver_id, list);
    }
  }
  lanes.unassigned.sort(compareQueue);
  lanes.inProgress.sort(compareTasks);
  lanes.exceptions.sort(compareQueue);
  lanes.doneToday.sort((a, b) => (b.delivered_at ?? b.failed_at ?? '').localeCompare(a.delivered_at ?? a.failed_at ?? ''));
  for (const list of lanes.tasksByDriver.values()) list.sort(compareTasks);
  return lanes;
}

export const DONE_TODAY_STATUSES = DONE_STATUSES;

/** The open assignment of a delivery (pending or accepted), the one a reassign changes. */
export function openAssignmentOf(assignments: Iterable<BoardAssignment>, deliveryId: string): BoardAssignment | null {
  for (const a of assignments) if (a.delivery_id === deliveryId && (a.status === 'pending' || a.status === 'accepted')) return a;
  return null;
}

/** The driver whose dot is nearest a drop on the map, within `maxPx` screen pixels; null when none is that close. */
export function nearestDriverAt(point: { x: number; y: number }, dots: readonly { id: string; x: number; y: number }[], maxPx = 32): string | null {
  let best: string | null = null;
  let bestDistance = maxPx;
  for (const dot of dots) {
    const distance = Math.hypot(dot.x - point.x, dot.y - point.y);
    if (distance <= bestDistance) {
      best = dot.id;
      bestDistance = distance;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// The planner's inputs (src/lib/dispatch): suggestions and auto-assign.

export function plannerDelivery(d: BoardDelivery, reference: BoardReference, extra: Partial<DeliveryInput> = {}): DeliveryInput {
  return deliveryFromRow(d, reference.services.get(d.service_id)?.required_vehicle_features ?? [], extra);
}

/**
 * The on-duty drivers as the solver sees them: their default vehicle, last position and the work
 * they hold (goods aboard count as load; accepted and assigned work as existing stops in task order).
 * A driver without a vehicle or a position cannot be planned for and is left out.
 */
export function plannerDrivers(
  drivers: readonly BoardDriver[],
  lanes: Pick<BoardLanes, 'tasksByDriver'>,
  reference: BoardReference,
  names: ReadonlyMap<string, string>,
  options: { statuses?: readonly DriverStatus[] } = {},
): DriverInput[] {
  const statuses = options.statuses ?? ['available', 'busy'];
  const planned: DriverInput[] = [];
  for (const driver of drivers) {
    if (!statuses.includes(driver.status)) continue;
    const vehicle = driver.default_vehicle_id ? reference.vehicles.get(driver.default_vehicle_id) ?? null : null;
    if (!vehicle) continue;
    let load = 0;
    const stops: ExistingStop[] = [];
    for (const task of lanes.tasksByDriver.get(driver.id) ?? []) {
      const weight = Number(task.total_weight_kg) || 0;
      if (IN_PROGRESS.includes(task.status)) load += weight;
      else stops.push({ delivery_id: task.id, kind: 'pickup', lat: task.pickup_lat, lng: task.pickup_lng, weight_kg: weight, window: { start: task.pickup_window_start, end: task.pickup_window_end } });
      stops.push({ delivery_id: task.id, kind: 'dropoff', lat: task.dropoff_lat, lng: task.dropoff_lng, weight_kg: weight, window: { start: task.dropoff_window_start, end: task.dropoff_window_end } });
    }
    const input = driverFromRows(
      { id: driver.id, licence_class: driver.licence_class, licence_expiry: driver.licence_expiry, last_lat: driver.last_lat, last_lng: driver.last_lng },
      { id: vehicle.id, capacity_unit: vehicle.capacity_unit, active: vehicle.active, vehicle_requirements: vehicle.vehicle_requirements },
      { name: names.get(driver.id), currentLoadKg: load, existingStops: stops },
    );
    if (input) planned.push(input);
  }
  return planned;
}
