import { fitProblems } from './eligibility';
import { assertValidProblem } from './validate';
import { EPS, Model, type Insertion, type Route, type Stop } from './model';
import type { Problem, Solution, UnassignedDelivery } from './types';

/**
 * Auto-assign: proposes routes for the unassigned deliveries over the available drivers.
 *
 * 1. Locked deliveries (placed by hand) go on their driver first, at their cheapest feasible place.
 * 2. Construction by cheapest insertion: while some delivery fits somewhere, the (delivery, driver,
 *    pickup position, drop-off position) adding the least distance is applied. A delivery is a
 *    pickup then its drop-off on one route; arrival after a window's end is infeasible, arrival
 *    before its start waits; the load never passes the vehicle's capacity; only drivers the
 *    database would accept (eligibility.ts) are tried. Best insertions are cached per (delivery,
 *    route) and recomputed only for the route that changed.
 * 3. Improvement, until a pass improves nothing or the time budget is spent: relocate (a delivery's
 *    two stops to their best place on any eligible route, its own included: or-opt of the pair),
 *    or-opt of one stop within its route, 2-opt (segment reversal) within a route, each applied only
 *    when it shortens the total and keeps every window, capacity and precedence; then deliveries
 *    still unplaced are tried again. Objective: fewest unplaced, then least distance.
 * Existing work keeps its order; locked deliveries never leave their driver. Everything is
 * deterministic (no randomness, ties broken by input order) as long as the improvement converges
 * within its time budget (stats.converged; 150 deliveries over 20 drivers converge well within it).
 */
export function solve(problem: Problem): Solution {
  assertValidProblem(problem);
  const options = problem.options ?? {};
  const clock = options.clock ?? (() => performance.now());
  const t0 = clock();
  const m = new Model(options);
  const { drivers, deliveries } = problem;
  const routes = drivers.map((driver, index) => m.driverRoute(driver, index));
  const driverIndex = new Map(drivers.map((d, i) => [d.id, i]));
  const stops: [Stop, Stop][] = deliveries.map((d, i) => m.deliveryStops(d, i, d.locked_driver_id != null));
  m.finishPoints(deliveries.length);
  for (const r of routes) m.tolerateExisting(r);

  const nD = deliveries.length;
  const nR = routes.length;
  const eligible: number[][] = deliveries.map((delivery) =>
    drivers.flatMap((driver, r) => (fitProblems(driver, delivery, m.now).length === 0 ? [r] : [])),
  );
  /** Route index of each placed delivery, -1 when not placed. */
  const placedOn = new Int32Array(nD).fill(-1);
  const maxPerDriver = options.max_deliveries_per_driver ?? Math.max(8, Math.ceil((1.5 * nD) / Math.max(1, nR)));
  /** New (not locked) deliveries per route, against maxPerDriver. */
  const given = new Int32Array(nR);
  const full = (r: number) => given[r]! >= maxPerDriver;
  const unassigned = new Map<number, UnassignedDelivery>();

  // 1. Locked deliveries.
  deliveries.forEach((delivery, d) => {
    if (delivery.locked_driver_id == null) return;
    const r = driverIndex.get(delivery.locked_driver_id);
    const driver = r === undefined ? undefined : drivers[r];
    if (r === undefined || !driver) {
      unassigned.set(d, { delivery_id: delivery.id, reason: 'locked_driver_unfit', message: 'It is locked to a driver who is not available', why: { key: 'locked_unavailable' } });
      return;
    }
    const problems = fitProblems(driver, delivery, m.now);
    if (problems.length > 0) {
      unassigned.set(d, { delivery_id: delivery.id, reason: 'locked_driver_unfit', message: problems.map((p) => p.message).join('; '), why: { key: 'locked_problems', problems } });
      return;
    }
    const [p, q] = stops[d]!;
    const ins = m.bestInsertion(routes[r]!, p, q);
    if (!ins) {
      unassigned.set(d, {
        delivery_id: delivery.id,
        reason: 'locked_driver_unfit',
        message: `${driver.name ?? 'Its driver'} cannot fit it within its windows and the vehicle's capacity`,
        why: { key: 'locked_cannot_fit', driver: driver.name ?? null },
      });
      return;
    }
    m.insert(routes[r]!, p, q, ins);
    placedOn[d] = r;
  });

  // 2. Cheapest insertion.
  const candidates = (): number[] => {
    const out: number[] = [];
    for (let d = 0; d < nD; d++) {
      if (placedOn[d] < 0 && deliveries[d]!.locked_driver_id == null && eligible[d]!.length > 0) out.push(d);
    }
    return out;
  };
  const cheapestInsertion = (pending: number[]): number => {
    const delta = new Float64Array(nD * nR).fill(Infinity);
    const where: (Insertion | null)[] = new Array<Insertion | null>(nD * nR).fill(null);
    const evaluate = (d: number, r: number) => {
      const [p, q] = stops[d]!;
      const ins = m.bestInsertion(routes[r]!, p, q);
      where[d * nR + r] = ins;
      delta[d * nR + r] = ins ? ins.delta : Infinity;
    };
    for (const d of pending) for (const r of eligible[d]!) if (!full(r)) evaluate(d, r);
    const open = new Set(pending);
    let placed = 0;
    for (;;) {
      let bestD = -1;
      let bestR = -1;
      let best = Infinity;
      for (const d of open) {
        for (const r of eligible[d]!) {
          const x = delta[d * nR + r]!;
          if (x < best - EPS) {
            best = x;
            bestD = d;
            bestR = r;
          }
        }
      }
      if (bestD < 0) break;
      const [p, q] = stops[bestD]!;
      m.insert(routes[bestR]!, p, q, where[bestD * nR + bestR]!);
      placedOn[bestD] = bestR;
      given[bestR]++;
      open.delete(bestD);
      placed++;
      if (full(bestR)) {
        for (const d of open) delta[d * nR + bestR] = Infinity;
      } else {
        for (const d of open) if (eligible[d]!.includes(bestR)) evaluate(d, bestR);
      }
    }
    return placed;
  };
  cheapestInsertion(candidates());
  const total = () => routes.reduce((sum, r) => sum + r.dist, 0);
  const constructionDistance = total();
  const t1 = clock();

  // 3. Improvement.
  let moves = 0;
  let converged = true;
  if (options.improve !== false) {
    const deadline = t1 + (options.improve_ms ?? 1500);
    let improved = true;
    while (improved && clock() < deadline) {
      improved = false;
      for (let d = 0; d < nD && clock() < deadline; d++) {
        if (placedOn[d]! >= 0 && relocate(d)) {
          improved = true;
          moves++;
        }
      }
      for (const r of routes) {
        if (clock() >= deadline) break;
        while (orOpt(r) || twoOpt(r)) {
          improved = true;
          moves++;
          if (clock() >= deadline) break;
        }
      }
      const pending = candidates();
      if (pending.length > 0 && cheapestInsertion(pending) > 0) improved = true;
    }
    converged = !improved;
  }
  const t2 = clock();

  function relocate(d: number): boolean {
    const from = routes[placedOn[d]!]!;
    const [p, q] = stops[d]!;
    const rest = from.stops.filter((s) => s.del !== d);
    const without: Route = { ...from, stops: rest, arr: [], dep: [], loadAfter: [] };
    m.refresh(without);
    const gain = from.dist - without.dist;
    let bestDelta = gain - 1e-7;
    let target = -1;
    let where: Insertion | null = null;
    const options = deliveries[d]!.locked_driver_id == null ? eligible[d]! : [from.driver];
    for (const r of options) {
      if (r !== from.driver && full(r)) continue;
      const ins = m.bestInsertion(r === from.driver ? without : routes[r]!, p, q, bestDelta);
      if (ins && ins.delta < bestDelta) {
        bestDelta = ins.delta;
        target = r;
        where = ins;
      }
    }
    if (target < 0 || !where) return false;
    from.stops = rest;
    m.refresh(from);
    m.insert(routes[target]!, p, q, where);
    given[from.driver]--;
    given[target]++;
    placedOn[d] = target;
    return true;
  }

  /** Moves one stop elsewhere in its route when that is shorter and feasible (first improvement). */
  function orOpt(r: Route): boolean {
    const n = r.stops.length;
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        if (b === a) continue;
        const next = r.stops.slice();
        const [s] = next.splice(a, 1);
        next.splice(b, 0, s!);
        const dist = m.check(r, next);
        if (dist >= 0 && dist < r.dist - 1e-7) {
          r.stops = next;
          m.refresh(r);
          return true;
        }
      }
    }
    return false;
  }

  /** Reverses a segment of a route when that is shorter and feasible (first improvement). */
  function twoOpt(r: Route): boolean {
    const n = r.stops.length;
    for (let i = 0; i < n - 1; i++) {
      const prev = i === 0 ? r.startPt : r.stops[i - 1]!.pt;
      for (let j = i + 1; j < n; j++) {
        const si = r.stops[i]!.pt;
        const sj = r.stops[j]!.pt;
        const next = j + 1 < n ? r.stops[j + 1]!.pt : -1;
        const delta = m.d(prev, sj) - m.d(prev, si) + (next >= 0 ? m.d(si, next) - m.d(sj, next) : 0);
        if (delta >= -1e-7) continue;
        const candidate = [...r.stops.slice(0, i), ...r.stops.slice(i, j + 1).reverse(), ...r.stops.slice(j + 1)];
        const dist = m.check(r, candidate);
        if (dist >= 0 && dist < r.dist - 1e-7) {
          r.stops = candidate;
          m.refresh(r);
          return true;
        }
      }
    }
    return false;
  }

  // Why the rest could not be placed.
  for (let d = 0; d < nD; d++) {
    if (placedOn[d]! >= 0 || unassigned.has(d)) continue;
    unassigned.set(d, explain(d));
  }

  function explain(d: number): UnassignedDelivery {
    const delivery = deliveries[d]!;
    const id = delivery.id;
    const [p, q] = stops[d]!;
    if (eligible[d]!.length === 0) {
      const allProblems = drivers.map((driver) => fitProblems(driver, delivery, m.now));
      const onlyWeight = allProblems.some((ps) => ps.length > 0 && ps.every((x) => x.rule === 'weight'));
      if (onlyWeight) {
        const largest = Math.max(...drivers.filter((_, i) => allProblems[i]!.every((x) => x.rule === 'weight')).map((dr) => dr.vehicle?.capacity_kg ?? 0));
        return { delivery_id: id, reason: 'capacity', message: `The packages weigh ${delivery.weight_kg} kg; the largest vehicle it could go in carries ${largest} kg`, why: { key: 'too_heavy', weight_kg: delivery.weight_kg, largest_kg: largest } };
      }
      return {
        delivery_id: id,
        reason: 'no_eligible_vehicle',
        message: drivers.length === 0 ? 'No driver is available' : 'No available driver\'s vehicle meets its requirements (features, licence class)',
        why: { key: drivers.length === 0 ? 'no_driver' : 'no_vehicle_fits' },
      };
    }
    const alone = eligible[d]!.some((r) => {
      const empty: Route = { ...routes[r]!, stops: [], arr: [], dep: [], loadAfter: [], startLoad: 0, cap: routes[r]!.capacity };
      m.refresh(empty, true);
      return m.bestInsertion(empty, p, q) !== null;
    });
    if (!alone) return { delivery_id: id, reason: 'window_impossible', message: 'No eligible driver can reach it within its windows', why: { key: 'window_impossible' } };
    const open = eligible[d]!.filter((r) => !full(r));
    if (open.some((r) => m.bestInsertion(routes[r]!, p, q) !== null)) {
      // Only when the improvement's time ran out before trying it again.
      return { delivery_id: id, reason: 'schedule_conflict', message: 'It was not reached before the time budget ran out', why: { key: 'time_budget' } };
    }
    if (open.some((r) => m.bestInsertion(routes[r]!, p, q, Infinity, true) !== null)) {
      return { delivery_id: id, reason: 'capacity', message: 'Every eligible vehicle is too full at the times it would be aboard', why: { key: 'too_full' } };
    }
    if (eligible[d]!.some((r) => full(r) && m.bestInsertion(routes[r]!, p, q) !== null)) {
      return { delivery_id: id, reason: 'drivers_full', message: `The drivers who could take it already have ${maxPerDriver} deliveries in this plan`, why: { key: 'drivers_full', max: maxPerDriver } };
    }
    return { delivery_id: id, reason: 'schedule_conflict', message: 'Eligible drivers are busy with other work at the times of its windows', why: { key: 'busy' } };
  }

  const outRoutes = routes.map((r) => m.output(r));
  return {
    routes: outRoutes,
    unassigned: [...unassigned.entries()].sort((a, b) => a[0] - b[0]).map(([, u]) => u),
    total_distance_km: total(),
    construction_distance_km: constructionDistance,
    stats: { construction_ms: t1 - t0, improve_ms: t2 - t1, improving_moves: moves, converged },
  };
}

