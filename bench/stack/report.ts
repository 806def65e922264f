import os from 'node:os';
import type { BackendName } from './backends.ts';
import type { BackendResult, Outcome, PathCpu } from './measure-backend.ts';
import { OVERHEAD_TARGET_P50_MS, THROUGHPUT_TARGET_RATIO, type BenchSettings } from './settings.ts';
import type { LatencySummary } from './stats.ts';

export type Verdict = 'PASS' | 'FAIL' | 'NOT MEASURED';

export interface StackBenchReport {
  benchmark: 'stack';
  /** Bumped when a field changes meaning, so old result files are never compared with new ones by mistake. */
  schemaVersion: 5;
  startedAt: string;
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string; loadAverage1mAtStart: number };
  profile: 'full' | 'quick';
  settings: BenchSettings;
  query: string;
  /** Both must hold on Postgres, measured in the same run: the overhead p50 and the throughput ratio. */
  target: {
    overheadP50Ms: number;
    throughputRatio: number;
    backend: BackendName;
    verdict: Verdict;
    measuredMs: number | null;
    measuredRatio: number | null;
  };
  backends: BackendResult[];
}

export function machineInfo(): StackBenchReport['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage1mAtStart: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

/** The target applies to Postgres: PGlite is one serialized session and has no target. */
export function verdict(backends: BackendResult[]): StackBenchReport['target'] {
  const base = { overheadP50Ms: OVERHEAD_TARGET_P50_MS, throughputRatio: THROUGHPUT_TARGET_RATIO, backend: 'postgres' as const };
  const pg = backends.find((b) => b.backend === 'postgres');
  if (!pg?.available || !pg.select.ok || !pg.throughput.ok) return { ...base, verdict: 'NOT MEASURED', measuredMs: null, measuredRatio: null };
  const measuredMs = pg.select.value.overheadP50Ms;
  const measuredRatio = throughputRatio(pg.throughput.value.stackRawHttp, pg.throughput.value.floor);
  // A fast wrong answer is not a pass.
  const pass = measuredMs <= OVERHEAD_TARGET_P50_MS && measuredRatio >= THROUGHPUT_TARGET_RATIO && pg.select.value.mismatch === null;
  return { ...base, verdict: pass ? 'PASS' : 'FAIL', measuredMs, measuredRatio };
}

function throughputRatio(stack: { rps: number }, floor: { rps: number }): number {
  return floor.rps > 0 ? Math.round((stack.rps / floor.rps) * 100) / 100 : 0;
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const pair = (s: LatencySummary) => `${fmt(s.p50)} / ${fmt(s.p95)}`;

type Row = { metric: string; unit: string; cell: (b: Extract<BackendResult, { available: true }>) => string; target?: string };

function cellOf<T>(outcome: Outcome<T>, show: (v: T) => string): string {
  return outcome.ok ? show(outcome.value) : 'error';
}

function rows(target: StackBenchReport['target'], concurrency: number): Row[] {
  const mark = (b: BackendResult) => (b.backend === target.backend && target.verdict !== 'NOT MEASURED' ? `  ${target.verdict}` : '');
  return [
    { metric: 'startup incl. 100k-row data generation', unit: 'ms', cell: (b) => fmt(b.startupMs) },
    { metric: 'select p50 / p95: floor (driver)', unit: 'ms', cell: (b) => cellOf(b.select, (v) => pair(v.floor)) },
    { metric: 'select p50 / p95: floor in a tx as anon', unit: 'ms', cell: (b) => cellOf(b.select, (v) => pair(v.floorAsAnon)) },
    { metric: 'select p50 / p95: stack via supabase-js', unit: 'ms', cell: (b) => cellOf(b.select, (v) => pair(v.supabaseJs)) },
    { metric: 'select p50 / p95: stack via raw HTTP', unit: 'ms', cell: (b) => cellOf(b.select, (v) => pair(v.rawHttp)) },
    {
      metric: 'select p50 / p95: supabase-js, do-nothing server',
      unit: 'ms',
      cell: (b) => cellOf(b.select, (v) => pair(v.supabaseJsNullServer)),
    },
    { metric: 'select p50 / p95: raw HTTP, do-nothing server', unit: 'ms', cell: (b) => cellOf(b.select, (v) => pair(v.rawHttpNullServer)) },
    {
      metric: 'overhead p50: stack via raw HTTP - floor',
      unit: 'ms',
      cell: (b) => cellOf(b.select, (v) => fmt(v.overheadP50Ms) + mark(b)),
      target: `<= ${OVERHEAD_TARGET_P50_MS} on postgres`,
    },
    { metric: 'overhead p50: stack via supabase-js - floor', unit: 'ms', cell: (b) => cellOf(b.select, (v) => fmt(v.supabaseJsOverheadP50Ms)) },
    {
      metric: `throughput, ${concurrency} clients: stack, raw HTTP load`,
      unit: 'req/s',
      cell: (b) => cellOf(b.throughput, (v) => v.stackRawHttp.rps.toFixed(0) + errorsNote(v.stackRawHttp.errors)),
    },
    { metric: `throughput, ${concurrency} clients: stack, supabase-js load`, unit: 'req/s', cell: (b) => cellOf(b.throughput, (v) => v.stack.rps.toFixed(0) + errorsNote(v.stack.errors)) },
    { metric: `throughput, ${concurrency} clients: floor`, unit: 'req/s', cell: (b) => cellOf(b.throughput, (v) => v.floor.rps.toFixed(0) + errorsNote(v.floor.errors)) },
    {
      metric: `throughput, ${concurrency} clients: stack (raw HTTP) / floor`,
      unit: 'ratio',
      cell: (b) => cellOf(b.throughput, (v) => throughputRatio(v.stackRawHttp, v.floor).toFixed(2) + mark(b)),
      target: `>= ${THROUGHPUT_TARGET_RATIO} on postgres`,
    },
    { metric: `throughput, ${concurrency} clients: stack (supabase-js) / floor`, unit: 'ratio', cell: (b) => cellOf(b.throughput, (v) => throughputRatio(v.stack, v.floor).toFixed(2)) },
    { metric: 'cpu per request: stack, raw HTTP (server+client+pg)', unit: 'us', cell: (b) => cellOf(b.throughput, (v) => cpuCell(v.cpu.stackRawHttp)) },
    { metric: 'cpu per request: stack, supabase-js (server+client+pg)', unit: 'us', cell: (b) => cellOf(b.throughput, (v) => cpuCell(v.cpu.stack)) },
    { metric: 'cpu per request: floor (driver+pg)', unit: 'us', cell: (b) => cellOf(b.throughput, (v) => cpuCell(v.cpu.floor, false)) },
    {
      metric: `latency p50 / p95 at ${concurrency} clients: stack, raw HTTP`,
      unit: 'ms',
      cell: (b) => cellOf(b.throughput, (v) => (v.stackRawHttp.latency ? pair(v.stackRawHttp.latency) : 'n/a')),
    },
    { metric: 'edge function cold (first call)', unit: 'ms', cell: (b) => cellOf(b.edgeFunction, (v) => fmt(v.coldMs)) },
    { metric: 'edge function warm p50 / p95', unit: 'ms', cell: (b) => cellOf(b.edgeFunction, (v) => pair(v.warm)) },
  ];
}

/** `total = bench + client + postgres`, in microseconds per request answered. */
function cpuCell(c: PathCpu, withClient = true): string {
  const u = c.perRequestUs;
  const parts = [String(u.bench), ...(withClient ? [String(u.client)] : []), u.postgres === null ? 'n/a' : String(u.postgres)];
  return u.total === null ? parts.join(' + ') : `${u.total} = ${parts.join(' + ')}`;
}

const errorsNote = (errors: number) => (errors > 0 ? ` (${errors} errors)` : '');

export function renderTable(report: StackBenchReport): string {
  const table = rows(report.target, report.settings.concurrency);
  const header = ['metric', 'unit', ...report.backends.map((b) => b.backend), 'target'];
  const body = table.map((r) => [r.metric, r.unit, ...report.backends.map((b) => (b.available ? r.cell(b) : 'unavailable')), r.target ?? '']);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];

  const notes: string[] = [];
  const m = report.machine;
  // Other work on the machine lands on every figure; a load near the core count makes them noise.
  if (m.loadAverage1mAtStart > m.cpus / 2) {
    notes.push(`the machine was busy (1-minute load average ${m.loadAverage1mAtStart} on ${m.cpus} cores): figures are pessimistic; rerun on an idle machine`);
  }
  for (const b of report.backends) {
    if (!b.available) notes.push(`${b.backend}: not measured: ${b.reason}`);
    else {
      for (const [phase, outcome] of [['select', b.select], ['throughput', b.throughput], ['edge function', b.edgeFunction]] as const) {
        if (!outcome.ok) notes.push(`${b.backend}: ${phase} failed: ${outcome.error}`);
      }
      if (b.select.ok && b.select.value.mismatch) notes.push(`${b.backend}: the stack's answer differs from the direct query's: ${b.select.value.mismatch}`);
      for (const [load, result] of [['supabase-js', b.throughput.ok ? b.throughput.value.stack : null], ['raw HTTP', b.throughput.ok ? b.throughput.value.stackRawHttp : null]] as const) {
        if (result?.firstError) notes.push(`${b.backend}: first throughput error (${load} load): ${result.firstError}`);
      }
    }
  }
  const t = report.target;
  const what = `Target (on Postgres: stack adds <= ${t.overheadP50Ms} ms at p50 over the direct query, and serves >= ${t.throughputRatio} of its throughput at ${report.settings.concurrency} clients)`;
  const summary =
    t.verdict === 'NOT MEASURED' ? `${what}: NOT MEASURED` : `${what}: ${t.verdict} (${fmt(t.measuredMs ?? NaN)} ms, ${(t.measuredRatio ?? NaN).toFixed(2)})`;
  return [...out, '', ...notes.map((n) => `note: ${n}`), summary].join('\n');
}

/** bench/results/stack-<timestamp>.json and stack-latest.json; returns the timestamped path. */
