import { haversineKm } from '../geocoding/offline';
import { MINUTE_MS, toMs, windowMs } from './time';
import type { DeliveryInput, DriverInput, DriverRoute, PlannedStop, SolverOptions } from './types';

/**
 * The solver's internal model: points with a distance matrix, stops, and routes with their
 * timetable. Times are epoch ms; distances km (haversine: symmetric and a metric, so removing a stop
 * never makes a route longer or later).
 */

export const DEFAULT_SPEED_KMH = 25;
export const DEFAULT_SERVICE_MINUTES = 5;
export const EPS = 1e-9;
/** Arrivals are compared with deadlines to the millisecond: no rounding of a recomputed arrival flips a verdict. */
export const TIME_SLACK_MS = 1;

export interface Stop {
  /** Point index in the distance matrix. */
  pt: number;
  /** Index of a new delivery in the problem, or -1 for a stop of existing work. */
  del: number;
  pickup: boolean;
  deliveryId: string;
  /** Signed load change (kg): + at a pickup, - at a drop-off. */
  delta: number;
  open: number;
  /** Latest allowed arrival: the window's end, or for existing work already late, its current arrival. */
  deadline: number;
  /** The window's real end, for reporting lateness. */
  windowEnd: number;
  serviceMs: number;
  /** Order of existing work (kept), -1 for new stops. */
  seq: number;
  locked: boolean;
}

export interface Route {
  driver: number;
  driverId: string;
  vehicleId: string | null;
  startPt: number;
  start: number;
  startLoad: number;
  /** The vehicle's capacity (kg): never passed while a new delivery is aboard. */
  capacity: number;
  /** The existing work's own peak when that already exceeds the capacity (kept as it is), else the capacity. */
  cap: number;
  stops: Stop[];
  arr: number[];
  dep: number[];
  loadAfter: number[];
  dist: number;
}

export class Model {
  readonly now: number;
  readonly msPerKm: number;
  readonly defaultServiceMs: number;
  private readonly lat: number[] = [];
  private readonly lng: number[] = [];
  private matrix: Float64Array = new Float64Array(0);
  private size = 0;
  /** Marks for the precedence check (generation-stamped, no allocation per check). */
  private seen: Uint32Array = new Uint32Array(0);
  private gen = 0;
  /** Scratch for bestInsertion. */
  private drop = new Float64Array(0);
  private dropMin = new Float64Array(0);

  constructor(options: SolverOptions | undefined) {
    this.now = options?.now == null ? Date.now() : toMs(options.now);
    const speed = options?.speed_kmh ?? DEFAULT_SPEED_KMH;
    if (!(speed > 0)) throw new Error('speed_kmh must be positive');
    this.msPerKm = 3_600_000 / speed;
    this.defaultServiceMs = (options?.service_minutes ?? DEFAULT_SERVICE_MINUTES) * MINUTE_MS;
  }

  addPoint(lat: number, lng: number): number {
    this.lat.push(lat);
    this.lng.push(lng);
    return this.lat.length - 1;
  }

  /** Call once every point is added. */
  finishPoints(deliveryCount: number): void {
    const n = (this.size = this.lat.length);
    this.matrix = new Float64Array(n * n);
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const km = haversineKm(this.lat[a]!, this.lng[a]!, this.lat[b]!, this.lng[b]!);
        this.matrix[a * n + b] = km;
        this.matrix[b * n + a] = km;
      }
    }
    this.seen = new Uint32Array(Math.max(1, deliveryCount));
  }

  d(a: number, b: number): number {
    return this.matrix[a * this.size + b]!;
  }

  travel(a: number, b: number): number {
    return this.matrix[a * this.size + b]! * this.msPerKm;
  }

  /** Stops of a delivery: pickup then drop-off. */
  deliveryStops(delivery: DeliveryInput, index: number, locked: boolean): [Stop, Stop] {
    const serviceMs = delivery.service_minutes == null ? this.defaultServiceMs : delivery.service_minutes * MINUTE_MS;
    const pw = windowMs(delivery.pickup_window);
    const dw = windowMs(delivery.dropoff_window);
    const common = { del: index, deliveryId: delivery.id, serviceMs, seq: -1, locked };
    return [
      { ...common, pt: this.addPoint(delivery.pickup.lat, delivery.pickup.lng), pickup: true, delta: delivery.weight_kg, open: pw.start, deadline: pw.end, windowEnd: pw.end },
      { ...common, pt: this.addPoint(delivery.dropoff.lat, delivery.dropoff.lng), pickup: false, delta: -delivery.weight_kg, open: dw.start, deadline: dw.end, windowEnd: dw.end },
    ];
  }

  /** A route holding the driver's existing work (its points added here; call before finishPoints). */
  driverRoute(driver: DriverInput, index: number): Route {
    const startPt = this.addPoint(driver.lat, driver.lng);
    const stops: Stop[] = (driver.existing_stops ?? []).map((s, seq) => {
      const w = windowMs(s.window);
      const weight = s.weight_kg ?? 0;
      return {
        pt: this.addPoint(s.lat, s.lng),
        del: -1,
        pickup: s.kind === 'pickup',
        deliveryId: s.delivery_id,
        delta: s.kind === 'pickup' ? weight : -weight,
        open: w.start,
        deadline: w.end,
        windowEnd: w.end,
        serviceMs: s.service_minutes == null ? this.defaultServiceMs : s.service_minutes * MINUTE_MS,
        seq,
        locked: false,
      };
    });
    const from = driver.available_from == null ? this.now : Math.max(this.now, toMs(driver.available_from));
    return {
      driver: index,
      driverId: driver.id,
      vehicleId: driver.vehicle?.id ?? null,
      startPt,
      start: from,
      startLoad: driver.current_load_kg ?? 0,
      capacity: driver.vehicle?.capacity_kg ?? 0,
      cap: driver.vehicle?.capacity_kg ?? 0,
      stops,
      arr: [],
      dep: [],
      loadAfter: [],
      dist: 0,
    };
  }

  /**
   * Existing work is kept even when it is already late or over capacity: its current arrivals become
   * its deadlines where they pass the window, and its peak load the capacity where it passes it, so
   * new work may not make it worse, and the solver does not refuse the driver altogether.
   */
  tolerateExisting(r: Route): void {
    this.refresh(r, true);
    r.stops.forEach((s, k) => {
      const arrival = r.arr[k]!;
      // Floating-point slack: a removal may recompute an arrival a hair later by rounding.
      if (arrival > s.deadline) s.deadline = arrival + TIME_SLACK_MS;
    });
    let peak = r.startLoad;
    for (const l of r.loadAfter) peak = Math.max(peak, l);
    r.cap = Math.max(r.cap, peak);
  }

  /** Recomputes the timetable, loads and distance (no feasibility check unless asked). */
  refresh(r: Route, unchecked = false): void {
    const n = r.stops.length;
    r.arr.length = n;
    r.dep.length = n;
    r.loadAfter.length = n;
    let t = r.start;
    let cur = r.startPt;
    let load = r.startLoad;
    let dist = 0;
    for (let k = 0; k < n; k++) {
      const s = r.stops[k]!;
      dist += this.d(cur, s.pt);
      const arrival = t + this.travel(cur, s.pt);
      r.arr[k] = arrival;
      t = Math.max(arrival, s.open) + s.serviceMs;
      r.dep[k] = t;
      load += s.delta;
      r.loadAfter[k] = load;
      cur = s.pt;
    }
    r.dist = dist;
    if (!unchecked && this.check(r, r.stops) < 0) throw new Error('internal: an infeasible route was kept');
  }

  /**
   * Distance of `stops` driven by route r's driver, or -1 when infeasible: an arrival after a
   * deadline, a load over capacity, a drop-off before its pickup, or existing work out of order.
   */
  check(r: Route, stops: readonly Stop[]): number {
    const gen = ++this.gen;
    let t = r.start;
    let cur = r.startPt;
    let load = r.startLoad;
    let dist = 0;
    let lastSeq = -1;
    let aboard = 0;
    for (const s of stops) {
      if (s.seq >= 0) {
        if (s.seq < lastSeq) return -1;
        lastSeq = s.seq;
      } else if (s.pickup) {
        this.seen[s.del] = gen;
        aboard++;
      } else if (this.seen[s.del] !== gen) {
        return -1;
      } else {
        aboard--;
      }
      const km = this.d(cur, s.pt);
      dist += km;
      const arrival = t + km * this.msPerKm;
      if (arrival > s.deadline) return -1;
      load += s.delta;
      // Over the capacity only as the existing work already was, and with nothing new aboard.
      if (load > r.capacity + EPS && (aboard > 0 || load > r.cap + EPS)) return -1;
      t = Math.max(arrival, s.open) + s.serviceMs;
      cur = s.pt;
    }
    return dist;
  }

  /**
   * The cheapest feasible way to add a delivery (pickup p, drop-off q) to route r: p before index i,
   * q before index j of the current stops (i <= j). Returns null when none costs less than `bound`.
   */
  bestInsertion(r: Route, p: Stop, q: Stop, bound = Infinity, ignoreCapacity = false): Insertion | null {
    const stops = r.stops;
    const n = stops.length;
    const w = p.delta;
    const cap = ignoreCapacity ? Infinity : r.capacity + EPS;
    if (this.drop.length < n + 2) {
      this.drop = new Float64Array(2 * n + 4);
      this.dropMin = new Float64Array(2 * n + 4);
    }
    // The drop-off's detour before index j (j > i) does not depend on i: computed once, with its
    // suffix minimum, so a pickup place that cannot beat the best so far is skipped whole.
    const drop = this.drop;
    const dropMin = this.dropMin;
    dropMin[n + 1] = Infinity;
    for (let j = n; j >= 1; j--) {
      const last = stops[j - 1]!.pt;
      const next = j < n ? stops[j]!.pt : -1;
      drop[j] = this.d(last, q.pt) + (next >= 0 ? this.d(q.pt, next) - this.d(last, next) : 0);
      dropMin[j] = Math.min(drop[j]!, dropMin[j + 1]!);
    }
    const pq = this.d(p.pt, q.pt);
    let best: Insertion | null = null;
    let bestDelta = bound;
    for (let i = 0; i <= n; i++) {
      const prev = i === 0 ? r.startPt : stops[i - 1]!.pt;
      const next = i < n ? stops[i]!.pt : -1;
      const toP = this.d(prev, p.pt);
      // Both stops together before index i.
      const together = toP + pq + (next >= 0 ? this.d(q.pt, next) - this.d(prev, next) : 0);
      // The pickup alone before index i (the drop-off later).
      const pick = next >= 0 ? toP + this.d(p.pt, next) - this.d(prev, next) : Infinity;
      if (Math.min(together, pick + dropMin[i + 1]!) >= bestDelta - EPS) continue;
      const before = i === 0 ? r.start : r.dep[i - 1]!;
      if (before + toP * this.msPerKm > p.deadline) continue;
      let peak = (i === 0 ? r.startLoad : r.loadAfter[i - 1]!) + w;
      if (peak > cap) continue;
      for (let j = i; j <= n; j++) {
        if (j > i) {
          peak = Math.max(peak, r.loadAfter[j - 1]! + w);
          if (peak > cap) break;
        }
        const delta = j === i ? together : pick + drop[j]!;
        if (delta >= bestDelta - EPS) continue;
        if (this.timesHold(r, p, q, i, j)) {
          bestDelta = delta;
          best = { delta, i, j };
        }
      }
    }
    return best;
  }

  /** Whether every arrival meets its deadline with p inserted before i and q before j. */
  private timesHold(r: Route, p: Stop, q: Stop, i: number, j: number): boolean {
    const stops = r.stops;
    const n = stops.length;
    let t = i === 0 ? r.start : r.dep[i - 1]!;
    let cur = i === 0 ? r.startPt : stops[i - 1]!.pt;
    let arrival = t + this.travel(cur, p.pt);
    if (arrival > p.deadline) return false;
    t = Math.max(arrival, p.open) + p.serviceMs;
    cur = p.pt;
    for (let k = i; k <= n; k++) {
      if (k === j) {
        arrival = t + this.travel(cur, q.pt);
        if (arrival > q.deadline) return false;
        t = Math.max(arrival, q.open) + q.serviceMs;
        cur = q.pt;
      }
      if (k === n) break;
      const s = stops[k]!;
      arrival = t + this.travel(cur, s.pt);
      if (arrival > s.deadline) return false;
      // Past the drop-off and no later than before: the rest of the route is as it was.
      if (k >= j && arrival <= r.arr[k]!) return true;
      t = Math.max(arrival, s.open) + s.serviceMs;
      cur = s.pt;
    }
    return true;
  }

  insert(r: Route, p: Stop, q: Stop, ins: Insertion): void {
    r.stops.splice(ins.j, 0, q);
    r.stops.splice(ins.i, 0, p);
    this.refresh(r);
  }

  /** The route as the board shows it. */
  output(r: Route): DriverRoute {
    const stops: PlannedStop[] = r.stops.map((s, k) => ({
      delivery_id: s.deliveryId,
      kind: s.pickup ? 'pickup' : 'dropoff',
      lat: this.lat[s.pt]!,
      lng: this.lng[s.pt]!,
      existing: s.seq >= 0,
      locked: s.locked,
      eta: r.arr[k]!,
      service_start: Math.max(r.arr[k]!, s.open),
      departure: r.dep[k]!,
      late_minutes: Math.max(0, r.arr[k]! - s.windowEnd) / MINUTE_MS,
      load_kg: r.loadAfter[k]!,
    }));
    return {
      driver_id: r.driverId,
      vehicle_id: r.vehicleId,
      stops,
      assigned_delivery_ids: r.stops.filter((s) => s.seq < 0 && s.pickup && !s.locked).map((s) => s.deliveryId),
      distance_km: r.dist,
      finish: r.arr.length > 0 ? r.arr[r.arr.length - 1]! : r.start,
    };
  }
}

export interface Insertion {
  delta: number;
  i: number;
  j: number;
}
