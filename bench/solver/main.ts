/**
 * `npm run bench -- --suite solver`: the auto-assign solver (src/lib/dispatch) on 150
 * deliveries over 20 drivers of a San Francisco day generated from a fixed seed. Target:
 * under 2 s on this machine. The solver is pure TypeScript and runs in the dispatcher's browser; here
 * it runs in this Node process, the same V8.
 */
import { machineInfo } from '../stack/report.ts';
import { round, summarize, type LatencySummary } from '../stack/stats.ts';
import { writeResults } from '../results.ts';

/**
 * src/lib/dispatch is app code (bundler resolution, extensionless imports), outside this Node project's
 * type check: loaded at run time (tsx resolves it), typed here by the few fields the bench reads.
 */
const DISPATCH_MODULE = new URL('../../src/lib/dispatch/index.ts', import.meta.url).href;

interface Problem {
  drivers: { id: string; vehicle: { capacity_kg: number } | null }[];
  deliveries: { id: string; pickup_window?: { end?: unknown } | null; dropoff_window?: { end?: unknown } | null; required_features?: readonly string[] }[];
}
interface Solution {
  routes: { driver_id: string; stops: { delivery_id: string; kind: 'pickup' | 'dropoff'; existing: boolean; late_minutes: number; load_kg: number }[] }[];
  unassigned: { delivery_id: string; reason: string }[];
  total_distance_km: number;
  construction_distance_km: number;
  stats: { construction_ms: number; improve_ms: number; improving_moves: number; converged: boolean };
}
interface DispatchModule {
  solve(problem: Problem): Solution;
  generateSanFranciscoProblem(options: { seed: number; deliveries: number; drivers: number }): Problem;
}

export const SOLVER_SETTINGS = {
  seed: 20261126,
  deliveries: 150,
  drivers: 20,
  targetMs: 2000,
  runs: { full: 15, quick: 5 },
};

export interface SolverBenchReport {
  suite: 'solver';
  startedAt: string;
  profile: 'full' | 'quick';
  machine: ReturnType<typeof machineInfo>;
  instance: { seed: number; deliveries: number; drivers: number; withWindows: number; needingFeatures: number };
  /** The first call, with V8 still compiling the solver (the board's first auto-assign of a session). */
  coldMs: number;
  /** Later calls, each a whole solve on a fresh copy of the instance. */
  timing: LatencySummary;
  /** CPU time of this process per solve: what the solve costs apart from waiting for a busy machine's cores. */
  cpuMs: LatencySummary;
  constructionMs: LatencySummary;
  improveMs: LatencySummary;
  solution: {
    totalDistanceKm: number;
    constructionDistanceKm: number;
    assigned: number;
    unassigned: number;
    unassignedByReason: Record<string, number>;
    driversUsed: number;
    improvingMoves: number;
    converged: boolean;
    /** Every run returned the same routes (the solver is deterministic when it converges). */
    identicalAcrossRuns: boolean;
    /** Problems found by the bench's own check of the answer; a wrong answer is no pass. */
    problems: string[];
  };
  target: { targetMs: number; measuredP95Ms: number; measuredP50Ms: number; verdict: 'PASS' | 'FAIL' };
}

/** A structural check of the answer: every delivery once, pickup before drop-off, windows and capacity held. */
function verify(problem: Problem, s: Solution): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const route of s.routes) {
    const driver = problem.drivers.find((d) => d.id === route.driver_id)!;
    const picked = new Set<string>();
    for (const stop of route.stops) {
      if (stop.late_minutes > 0) problems.push(`${stop.delivery_id} ${stop.kind} is ${stop.late_minutes.toFixed(1)} min late`);
      if (stop.load_kg > (driver.vehicle?.capacity_kg ?? 0) + 1e-6) problems.push(`${driver.id} carries ${stop.load_kg} kg`);
      if (stop.kind === 'pickup') {
        picked.add(stop.delivery_id);
        seen.set(stop.delivery_id, (seen.get(stop.delivery_id) ?? 0) + 1);
      } else if (!picked.delete(stop.delivery_id)) problems.push(`${stop.delivery_id} dropped off before its pickup`);
    }
  }
  for (const u of s.unassigned) seen.set(u.delivery_id, (seen.get(u.delivery_id) ?? 0) + 1);
  for (const d of problem.deliveries) if (seen.get(d.id) !== 1) problems.push(`${d.id} appears ${seen.get(d.id) ?? 0} times`);
  return problems;
}

const fingerprint = (s: Solution) => JSON.stringify([s.routes, s.unassigned]);

export async function runSolverBench({ quick }: { quick: boolean }): Promise<SolverBenchReport> {
  const { solve, generateSanFranciscoProblem } = (await import(DISPATCH_MODULE)) as DispatchModule;
  const startedAt = new Date().toISOString();
  const settings = SOLVER_SETTINGS;
  const instance = () => generateSanFranciscoProblem({ seed: settings.seed, deliveries: settings.deliveries, drivers: settings.drivers });
  const problem = instance();
  const runs = quick ? settings.runs.quick : settings.runs.full;
  console.log(`Solver benchmark: ${settings.deliveries} deliveries over ${settings.drivers} drivers, seed ${settings.seed}, ${runs} runs after a cold one`);

  const timeOne = () => {
    const p = instance();
    const cpu = process.cpuUsage();
    const t = performance.now();
    const s = solve(p);
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    return { ms, cpuMs: (used.user + used.system) / 1000, s };
  };
  const cold = timeOne();
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  const construction: number[] = [];
  const improve: number[] = [];
  let identical = true;
  let last = cold.s;
  for (let i = 0; i < runs; i++) {
    const { ms, cpuMs, s } = timeOne();
    samples.push(ms);
    cpuSamples.push(cpuMs);
    construction.push(s.stats.construction_ms);
    improve.push(s.stats.improve_ms);
    identical &&= fingerprint(s) === fingerprint(cold.s);
    last = s;
  }
  const timing = summarize(samples);
  const byReason: Record<string, number> = {};
  for (const u of last.unassigned) byReason[u.reason] = (byReason[u.reason] ?? 0) + 1;
  const assigned = last.routes.reduce((n, r) => n + r.stops.filter((x) => x.kind === 'pickup' && !x.existing).length, 0);
  const problems = verify(problem, last);
  const verdict = timing.p95 < settings.targetMs && problems.length === 0 ? 'PASS' : 'FAIL';
  const report: SolverBenchReport = {
    suite: 'solver',
    startedAt,
    profile: quick ? 'quick' : 'full',
    machine: machineInfo(),
    instance: {
      seed: settings.seed,
      deliveries: settings.deliveries,
      drivers: settings.drivers,
      withWindows: problem.deliveries.filter((d) => d.pickup_window?.end != null || d.dropoff_window?.end != null).length,
      needingFeatures: problem.deliveries.filter((d) => (d.required_features ?? []).length > 0).length,
    },
    coldMs: round(cold.ms),
    timing,
    cpuMs: summarize(cpuSamples),
    constructionMs: summarize(construction),
    improveMs: summarize(improve),
    solution: {
      totalDistanceKm: round(last.total_distance_km),
      constructionDistanceKm: round(last.construction_distance_km),
      assigned,
      unassigned: last.unassigned.length,
      unassignedByReason: byReason,
      driversUsed: last.routes.filter((r) => r.stops.length > 0).length,
      improvingMoves: last.stats.improving_moves,
      converged: last.stats.converged,
      identicalAcrossRuns: identical,
      problems,
    },
    target: { targetMs: settings.targetMs, measuredP95Ms: timing.p95, measuredP50Ms: timing.p50, verdict },
  };
  console.log(render(report));
  console.log(`written: ${writeResults('solver', report)} (and solver-latest.json)`);
  return report;
}

function render(r: SolverBenchReport): string {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const s = r.solution;
  const lines = [
    `machine: ${r.machine.cpus} x ${r.machine.cpuModel}, Node ${r.machine.node}, load average ${r.machine.loadAverage1mAtStart}`,
    `instance: ${r.instance.deliveries} deliveries (${r.instance.withWindows} with windows, ${r.instance.needingFeatures} needing a vehicle feature), ${r.instance.drivers} drivers`,
    `solve time: median ${ms(r.timing.p50)}, p95 ${ms(r.timing.p95)}, min ${ms(r.timing.min)}, max ${ms(r.timing.max)} over ${r.timing.n} runs; cold first run ${ms(r.coldMs)}`,
    `  CPU time per solve: median ${ms(r.cpuMs.p50)}, p95 ${ms(r.cpuMs.p95)}; construction median ${ms(r.constructionMs.p50)}, improvement median ${ms(r.improveMs.p50)}`,
    `solution: ${s.totalDistanceKm.toFixed(1)} km total (construction ${s.constructionDistanceKm.toFixed(1)} km, ${s.improvingMoves} improving moves, ${s.converged ? 'converged' : 'stopped by its time budget'}), ` +
      `${s.assigned} assigned over ${s.driversUsed} drivers, ${s.unassigned} unassigned${s.unassigned ? ` (${Object.entries(s.unassignedByReason).map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}`,
    `same answer every run: ${s.identicalAcrossRuns ? 'yes' : 'NO'}`,
  ];
  if (r.machine.loadAverage1mAtStart > r.machine.cpus / 2) {
    lines.push(`note: the machine was busy (1-minute load average ${r.machine.loadAverage1mAtStart} on ${r.machine.cpus} cores): times are pessimistic; rerun on an idle machine`);
  }
  for (const p of s.problems) lines.push(`problem: ${p}`);
  lines.push(`Target (150 deliveries over 20 drivers in under ${r.target.targetMs} ms, p95, with a valid answer): ${r.target.verdict} (p95 ${ms(r.target.measuredP95Ms)}, median ${ms(r.target.measuredP50Ms)})`);
  return lines.join('\n');
}

