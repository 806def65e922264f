import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { RunningStack } from '../../stack/server.ts';
import { startAppStack, type AppStack } from '../app-stack.ts';
import { TurnTakingChild } from '../child-process.ts';
import { postgresUnavailable } from '../stack/backends.ts';
import { machineInfo } from '../stack/report.ts';
import { round, summarize } from '../stack/stats.ts';
import type { SoakOrder, SoakReply, WindowStats } from './messages.ts';
import { writeResults } from '../results.ts';

/**
 * `npm run bench -- --suite soak`: the stack on the app's own project and a throwaway PostgreSQL 15,
 * held for half an hour under the console's traffic after a two-minute ramp-up (load-client.ts: 200 requests/s, 20 of them
 * writes, each broadcast to 100 subscribers of the tenant's deliveries topic), sampled every minute:
 * the stack's memory, its event-loop delay, request latency, errors and messages delivered
 * (bench/README.md). `--quick`: three minutes, sampled every 30 s, for developing the bench.
 */

const LOAD_CLIENT = new URL('./load-client.ts', import.meta.url);

const ACME = 'a0000000-0000-4000-8000-000000000001';
const DISPATCHER_EMAIL = 'dispatcher@acme.test';
const PASSWORD = 'Waypost!2026';
// The seed's customer Carla, the San Francisco depot and the same-day service: priced between them.
const CUSTOMER = 'a1000000-0000-4000-8000-000000000004';
const DEPOT = 'a4000000-0000-4000-8000-000000000001';
const SAME_DAY = 'a6100000-0000-4000-8000-000000000002';

interface Settings {
  /**
   * The ramp-up before the plateau: the rate rises linearly from 0 to `rate` (a soak is ramp up,
   * hold, ramp down, as k6's soak-testing guide shapes it). Its requests and messages count toward
   * the error and loss targets; memory and latency drift are judged on the plateau.
   */
  rampMs: number;
  /** The plateau at `rate`. */
  durationMs: number;
  windowMs: number;
  rate: number;
  subscribers: number;
  maxInFlight: number;
  /** The memory target's baseline: RSS at the end of this many windows (the first five minutes). */
  baselineWindows: number;
  /** The latency target compares the first and the last this many windows (five minutes each). */
  compareWindows: number;
  drainMs: number;
}

const FULL: Settings = { rampMs: 120_000, durationMs: 30 * 60_000, windowMs: 60_000, rate: 200, subscribers: 100, maxInFlight: 200, baselineWindows: 5, compareWindows: 5, drainMs: 10_000 };
const QUICK: Settings = { rampMs: 30_000, durationMs: 3 * 60_000, windowMs: 30_000, rate: 200, subscribers: 100, maxInFlight: 200, baselineWindows: 2, compareWindows: 2, drainMs: 10_000 };

/** The targets: nothing fails, nothing is lost, memory levels off, latency does not drift. */
export const TARGETS = { errors: 0, lost: 0, rssGrowthMax: 0.1, p99DriftMax: 0.2 } as const;

type Verdict = 'PASS' | 'FAIL' | 'NOT MEASURED';

interface WindowRow {
  phase: 'ramp' | 'plateau' | 'drain';
  /** Minutes since the load started (the ramp's start), at the window's end. */
  atMin: number;
  requests: number;
  errors: number;
  firstError: string | null;
  p50: number | null;
  p99: number | null;
  expectedMessages: number;
  deliveredMessages: number;
  writes: number;
  rssMb: number;
  heapUsedMb: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  clientCpuMs: number;
  kinds: WindowStats['kinds'];
}

export interface SoakBenchReport {
  benchmark: 'soak';
  schemaVersion: 2;
  startedAt: string;
  finishedAt: string;
  machine: ReturnType<typeof machineInfo>;
  profile: 'full' | 'quick';
  settings: Settings;
  joined?: { subscribers: number; failed: number; firstError: string | null; joinMs: number };
  windows: WindowRow[];
  totals?: { requests: number; errors: number; firstError: string | null; expectedMessages: number; deliveredMessages: number; writes: number; achievedRate: number };
  targets: {
    errors: { max: number; measured: number | null; verdict: Verdict };
    lost: { max: number; measured: number | null; verdict: Verdict };
    rssGrowth: { max: number; baselineMb: number | null; endMb: number | null; growth: number | null; verdict: Verdict };
    p99Drift: { max: number; firstMs: number | null; lastMs: number | null; drift: number | null; verdict: Verdict };
  };
  error?: string;
}

class Load extends TurnTakingChild<SoakOrder, SoakReply> {
  constructor() {
    super(LOAD_CLIENT, 'the load client', { execArgv: ['--import', import.meta.resolve('tsx')] });
  }
}

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

/** A drop-off address of Carla's and a few of the tenant's deliveries for the detail reads. */
async function prepare(stack: RunningStack): Promise<{ dropoff: string; detailIds: string[] }> {
  const home = await stack.db.query<{ id: string }>(
    `select id from public.addresses where tenant_id = $1 and user_id = $2 and is_active and latitude is not null order by is_primary desc, id limit 1`,
    [ACME, CUSTOMER],
  );
  if (!home.rows[0]) throw new Error("the seed's customer has no active address");
  const detail = await stack.db.query<{ id: string }>(`select id from public.deliveries where tenant_id = $1 order by created_at desc limit 40`, [ACME]);
  return { dropoff: home.rows[0].id, detailIds: detail.rows.map((r) => r.id) };
}

function windowRow(phase: WindowRow['phase'], atMin: number, w: WindowStats, loop: ReturnType<typeof monitorEventLoopDelay>): WindowRow {
  const mem = process.memoryUsage();
  const lat = w.latencies.length > 0 ? summarize(w.latencies) : null;
  return {
    phase,
    atMin: round(atMin, 1),
    requests: w.requests,
    errors: w.errors,
    firstError: w.firstError,
    p50: lat ? round(lat.p50, 1) : null,
    p99: lat ? round(lat.p99, 1) : null,
    expectedMessages: w.expectedMessages,
    deliveredMessages: w.deliveredMessages,
    writes: w.writes,
    rssMb: mb(mem.rss),
    heapUsedMb: mb(mem.heapUsed),
    eventLoopP99Ms: round(loop.percentile(99) / 1e6, 1),
    eventLoopMaxMs: round(loop.max / 1e6, 1),
    clientCpuMs: w.cpuMs,
    kinds: w.kinds,
  };
}

function render(report: SoakBenchReport): string {
  const header = ['phase', 'min', 'requests', 'errors', 'p50 ms', 'p99 ms', 'msgs delivered/expected', 'rss MB', 'heap MB', 'loop p99/max ms'];
  const body = report.windows.map((w) => [
    w.phase,
    String(w.atMin),
    String(w.requests),
    String(w.errors),
    w.p50 === null ? 'n/a' : String(w.p50),
    w.p99 === null ? 'n/a' : String(w.p99),
    `${w.deliveredMessages}/${w.expectedMessages}`,
    String(w.rssMb),
    String(w.heapUsedMb),
    `${w.eventLoopP99Ms}/${w.eventLoopMaxMs}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The p99 of several windows' requests together. */
function pooledP99(rows: WindowStats[]): number | null {
  const all = rows.flatMap((w) => w.latencies);
  return all.length > 0 ? summarize(all).p99 : null;
}

/** Errors and losses over every window (ramp, plateau, drain: the totals); memory and latency over the plateau's. */
function judge(report: SoakBenchReport, plateau: { raw: WindowStats[]; rows: WindowRow[] }): void {
  const s = report.settings;
  const t = report.targets;
  const totals = report.totals!;
  t.errors.measured = totals.errors;
  t.errors.verdict = totals.errors <= TARGETS.errors ? 'PASS' : 'FAIL';
  const lost = totals.expectedMessages - totals.deliveredMessages;
  t.lost.measured = lost;
  t.lost.verdict = lost <= TARGETS.lost && (report.joined?.failed ?? 1) === 0 ? 'PASS' : 'FAIL';
  // Memory and latency are judged on the plateau: not the ramp (a rising load), not the drain (none).
  const timed = plateau.rows;
  if (timed.length >= s.baselineWindows + 1) {
    const baseline = timed[s.baselineWindows - 1].rssMb;
    const end = timed[timed.length - 1].rssMb;
    const growth = round((end - baseline) / baseline, 3);
    t.rssGrowth = { max: TARGETS.rssGrowthMax, baselineMb: baseline, endMb: end, growth, verdict: growth < TARGETS.rssGrowthMax ? 'PASS' : 'FAIL' };
  }
  const timedRaw = plateau.raw;
  if (timedRaw.length >= 2 * s.compareWindows) {
    const p99 = (rows: WindowStats[]) => {
      const v = pooledP99(rows);
      return v === null ? null : round(v, 1);
    };
    const first = p99(timedRaw.slice(0, s.compareWindows));
    const last = p99(timedRaw.slice(-s.compareWindows));
    const drift = first !== null && last !== null ? round((last - first) / first, 3) : null;
    t.p99Drift = { max: TARGETS.p99DriftMax, firstMs: first, lastMs: last, drift, verdict: drift !== null && drift <= TARGETS.p99DriftMax ? 'PASS' : 'FAIL' };
  }
}

function finish(report: SoakBenchReport): SoakBenchReport {
  report.finishedAt = new Date().toISOString();
  const file = writeResults('soak', report);
  const t = report.targets;
  const pct = (v: number | null) => (v === null ? 'n/a' : `${round(v * 100, 1)} %`);
  console.log(`\ntarget: no request fails: ${t.errors.measured ?? 'n/a'} errors -> ${t.errors.verdict}`);
  console.log(`target: no broadcast lost: ${t.lost.measured ?? 'n/a'} lost -> ${t.lost.verdict}`);
  console.log(`target: RSS grows < ${TARGETS.rssGrowthMax * 100} % after the first windows: ${t.rssGrowth.baselineMb ?? 'n/a'} -> ${t.rssGrowth.endMb ?? 'n/a'} MB (${pct(t.rssGrowth.growth)}) -> ${t.rssGrowth.verdict}`);
  console.log(`target: p99 of the last windows within ${TARGETS.p99DriftMax * 100} % of the first: ${t.p99Drift.firstMs ?? 'n/a'} -> ${t.p99Drift.lastMs ?? 'n/a'} ms (${pct(t.p99Drift.drift)}) -> ${t.p99Drift.verdict}`);
  const m = report.machine;
  if (m.loadAverage1mAtStart > m.cpus / 2) console.log(`note: the machine was busy (1-minute load average ${m.loadAverage1mAtStart} on ${m.cpus} cores): figures are pessimistic`);
  console.log(`written: ${file} (and soak-latest.json)`);
  return report;
}

export async function runSoakBench(opts: { quick: boolean }): Promise<SoakBenchReport> {
  const s = opts.quick ? QUICK : FULL;
  const report: SoakBenchReport = {
    benchmark: 'soak',
    schemaVersion: 2,
    startedAt: new Date().toISOString(),
    finishedAt: '',
    machine: machineInfo(),
    profile: opts.quick ? 'quick' : 'full',
    settings: s,
    windows: [],
    targets: {
      errors: { max: TARGETS.errors, measured: null, verdict: 'NOT MEASURED' },
      lost: { max: TARGETS.lost, measured: null, verdict: 'NOT MEASURED' },
      rssGrowth: { max: TARGETS.rssGrowthMax, baselineMb: null, endMb: null, growth: null, verdict: 'NOT MEASURED' },
      p99Drift: { max: TARGETS.p99DriftMax, firstMs: null, lastMs: null, drift: null, verdict: 'NOT MEASURED' },
    },
  };
  const m = report.machine;
  console.log(`\nSoak benchmark, ${report.profile} profile (${s.durationMs / 60_000} min): ${m.cpus} x ${m.cpuModel}, Node ${m.node}`);
  const missing = postgresUnavailable();
  if (missing) {
    report.error = missing;
    console.log(`postgres: ${missing}`);
    return finish(report);
  }
  let appStack: AppStack | null = null;
  let load: Load | null = null;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  try {
    console.log('starting the stack on the app project (migrations and seed) on a throwaway PostgreSQL 15 ...');
    appStack = await startAppStack('soak', { serveApp: false });
    const stack = appStack.stack;
    const { dropoff, detailIds } = await prepare(stack);
    load = new Load();
    const ready = await load.ask(
      {
        type: 'setup',
        url: stack.url,
        anonKey: stack.config.anonKey,
        tenantId: ACME,
        email: DISPATCHER_EMAIL,
        password: PASSWORD,
        delivery: { customer_id: CUSTOMER, pickup_address_id: DEPOT, dropoff_address_id: dropoff, service_id: SAME_DAY },
        detailIds,
        subscribers: s.subscribers,
        rate: s.rate,
        maxInFlight: s.maxInFlight,
        joinTimeoutMs: 30_000,
      },
      180_000,
    );
    if (ready.type !== 'ready') throw new Error(`unexpected ${ready.type}`);
    report.joined = { subscribers: ready.subscribed, failed: ready.failed, firstError: ready.firstError, joinMs: ready.joinMs };
    console.log(`${ready.subscribed} subscribers joined tenant:<acme>:deliveries in ${ready.joinMs} ms${ready.failed ? `, ${ready.failed} failed (${ready.firstError})` : ''}`);
    if (ready.subscribed === 0) throw new Error(`no subscriber could join: ${ready.firstError}`);

    console.log(`load: rising to ${s.rate} requests/s over ${s.rampMs / 1000} s, then ${s.rate}/s for ${s.durationMs / 60_000} min, sampled every ${s.windowMs / 1000} s ...`);
    const raw: WindowStats[] = [];
    const plateau: { raw: WindowStats[]; rows: WindowRow[] } = { raw: [], rows: [] };
    const t0 = performance.now();
    loop.enable();
    await load.ask({ type: 'start', rampMs: s.rampMs }, 10_000);
    const ends = [s.rampMs];
    for (let next = s.rampMs + s.windowMs; next <= s.rampMs + s.durationMs; next += s.windowMs) ends.push(next);
    for (const [i, end] of ends.entries()) {
      const wait = t0 + end - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const w = await load.ask({ type: 'sample' }, 30_000);
      if (w.type !== 'window') throw new Error(`unexpected ${w.type}`);
      raw.push(w);
      const row = windowRow(i === 0 ? 'ramp' : 'plateau', (performance.now() - t0) / 60_000, w, loop);
      loop.reset();
      report.windows.push(row);
      if (i > 0) {
        plateau.raw.push(w);
        plateau.rows.push(row);
      }
      console.log(
        `  ${row.phase} ${row.atMin} min: ${row.requests} requests, ${row.errors} errors${row.firstError ? ` (${row.firstError})` : ''}, p50 ${row.p50 ?? 'n/a'} p99 ${row.p99 ?? 'n/a'} ms; ` +
          `${row.deliveredMessages}/${row.expectedMessages} messages; rss ${row.rssMb} MB, heap ${row.heapUsedMb} MB; event loop p99 ${row.eventLoopP99Ms} max ${row.eventLoopMaxMs} ms`,
      );
    }
    const loadMs = performance.now() - t0;
    const last = await load.ask({ type: 'finish', drainMs: s.drainMs }, s.drainMs + 60_000);
    if (last.type !== 'window') throw new Error(`unexpected ${last.type}`);
    raw.push(last);
    report.windows.push(windowRow('drain', (performance.now() - t0) / 60_000, last, loop));
    loop.disable();
    const requests = raw.reduce((n, w) => n + w.requests, 0);
    report.totals = {
      requests,
      errors: raw.reduce((n, w) => n + w.errors, 0),
      firstError: raw.find((w) => w.firstError)?.firstError ?? null,
      expectedMessages: raw.reduce((n, w) => n + w.expectedMessages, 0),
      deliveredMessages: raw.reduce((n, w) => n + w.deliveredMessages, 0),
      writes: raw.reduce((n, w) => n + w.writes, 0),
      achievedRate: round((requests / loadMs) * 1000, 1),
    };
    judge(report, plateau);
    console.log(`\n${render(report)}\n(the ramp: the rate rising to ${s.rate}/s; the drain: the load stopped, the last messages counted)`);
    console.log(
      `totals: ${report.totals.requests} requests at ${report.totals.achievedRate}/s, ${report.totals.errors} errors${report.totals.firstError ? ` (first: ${report.totals.firstError})` : ''}; ` +
        `${report.totals.writes} writes; ${report.totals.deliveredMessages}/${report.totals.expectedMessages} messages delivered`,
    );
  } catch (e) {
    const detail = (e as { detail?: string }).detail;
    report.error = detail ? `${(e as Error).message}: ${detail}` : (e as Error).message;
    console.error(`soak bench: ${report.error}`);
  } finally {
    loop.disable();
    await load?.stop().catch(() => {});
    await appStack?.close();
  }
  return finish(report);
}
