import type { BackendName } from '../stack/backends.ts';
import type { StackBenchReport, Verdict } from '../stack/report.ts';
import type { BackendResult, PathResult, Phase } from './measure-backend.ts';
import type { CensoredSummary } from './messages.ts';
import { BROADCAST_P99_TARGET_MS, FANOUT_P99_TARGET_MS, SUSTAINED_RATIO_TARGET, type RealtimeBenchSettings } from './settings.ts';

export interface RealtimeTargets {
  backend: BackendName;
  broadcastP99: { limitMs: number; measuredMs: number | null; verdict: Verdict };
  sustainedRatio: { min: number; broadcast: number | null; changes: number | null; ratio: number | null; verdict: Verdict };
  /** (d): p99 at most the limit, every subscriber joined, no message lost. */
  fanoutP99: { limitMs: number; measuredMs: number | null; missing: number | null; verdict: Verdict };
}

export interface RealtimeBenchReport {
  benchmark: 'realtime';
  schemaVersion: 3;
  startedAt: string;
  finishedAt: string;
  machine: StackBenchReport['machine'];
  profile: 'full' | 'quick';
  settings: RealtimeBenchSettings;
  targets: RealtimeTargets;
  backends: BackendResult[];
}

type Measured = Extract<BackendResult, { available: true }>;

/**
 * broadcast / postgres_changes sustained rates. When postgres_changes sustained not even the first
 * step, its rate is below that step: the first step is then an upper bound and the ratio a lower
 * bound. A broadcast that sustained every step (capped) makes the ratio a lower bound too.
 */
export function sustainedRatio(b: PathResult | null, c: PathResult | null, settings: RealtimeBenchSettings): number | null {
  if (!b || !c || b.maxSustainedRate === null) return null;
  const changes = c.maxSustainedRate ?? settings.changesSteps[0];
  return Math.round((b.maxSustainedRate / changes) * 10) / 10;
}

/** The issue's targets apply to Postgres; PGlite is one serialized session and is shown for comparison. */
export function targets(backends: BackendResult[], settings: RealtimeBenchSettings): RealtimeTargets {
  const pg = backends.find((b): b is Measured => b.backend === 'postgres' && b.available);
  const broadcast = pg?.broadcast.ok ? pg.broadcast.value : null;
  const changes = pg?.changes.ok ? pg.changes.value : null;
  const measuredMs = broadcast?.load.latency.p99 ?? null;
  const p99Verdict: Verdict = !broadcast ? 'NOT MEASURED' : measuredMs !== null && measuredMs <= BROADCAST_P99_TARGET_MS && broadcast.ready.failed === 0 ? 'PASS' : 'FAIL';
  const ratio = sustainedRatio(broadcast, changes, settings);
  const ratioVerdict: Verdict = !broadcast || !changes ? 'NOT MEASURED' : ratio !== null && ratio >= SUSTAINED_RATIO_TARGET ? 'PASS' : 'FAIL';
  const fanout = pg?.fanout.ok ? pg.fanout.value : null;
  const fanoutMs = fanout?.load.latency.p99 ?? null;
  const fanoutVerdict: Verdict = !fanout
    ? 'NOT MEASURED'
    : fanoutMs !== null && fanoutMs <= FANOUT_P99_TARGET_MS && fanout.load.latency.missing === 0 && fanout.ready.failed === 0 && fanout.ready.subscribed === settings.fanoutSubscribers
      ? 'PASS'
      : 'FAIL';
  return {
    backend: 'postgres',
    broadcastP99: { limitMs: BROADCAST_P99_TARGET_MS, measuredMs, verdict: p99Verdict },
    sustainedRatio: { min: SUSTAINED_RATIO_TARGET, broadcast: broadcast?.maxSustainedRate ?? null, changes: changes?.maxSustainedRate ?? null, ratio, verdict: ratioVerdict },
    fanoutP99: { limitMs: FANOUT_P99_TARGET_MS, measuredMs: fanoutMs, missing: fanout ? fanout.load.latency.missing : null, verdict: fanoutVerdict },
  };
}

const fmt = (ms: number | null) => (ms === null ? 'n/a' : ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
/** A percentile over messages some of which never arrived within the wait: later than the wait. */
const pct = (v: number | null, waitMs: number) => (v === null ? `>${(waitMs / 1000).toFixed(0)}s` : fmt(v));
const triple = (l: CensoredSummary, waitMs: number) => `${pct(l.p50, waitMs)} / ${pct(l.p95, waitMs)} / ${pct(l.p99, waitMs)}`;
const rate = (p: PathResult) => (p.maxSustainedRate === null ? `< ${p.steps[0]?.rate ?? '?'}` : `${p.capped ? '>= ' : ''}${p.maxSustainedRate}`);

const cpuCell = (p: Phase) => {
  const c = p.cpu.perThousand;
  return c ? `${c.bench} / ${c.client} / ${c.postgres ?? 'in stack'}` : 'n/a';
};

type Row = { metric: string; unit: string; cell: (b: Measured) => string; target?: string };

function rows(report: RealtimeBenchReport): Row[] {
  const s = report.settings;
  const t = report.targets;
  const mark = (b: Measured, v: Verdict) => (b.backend === t.backend && v !== 'NOT MEASURED' ? `  ${v}` : '');
  const path = (b: Measured, which: 'broadcast' | 'changes', show: (p: PathResult) => string) => {
    const o = b[which];
    return o.ok ? show(o.value) : 'error';
  };
  const load = `${s.subscribers} subs x ${s.loadRate}/s`;
  return [
    { metric: 'startup', unit: 'ms', cell: (b) => fmt(b.startupMs) },
    { metric: 'NOTIFY round trip (floor) p50 / p95 / p99', unit: 'ms', cell: (b) => (b.floor.ok && b.floor.value.latency ? `${fmt(b.floor.value.latency.p50)} / ${fmt(b.floor.value.latency.p95)} / ${fmt(b.floor.value.latency.p99)}` : 'error') },
    {
      metric: 'subscribers joined: broadcast / changes',
      unit: '',
      cell: (b) => `${path(b, 'broadcast', (p) => `${p.ready.subscribed}+${p.stepsReady.subscribed}`)} / ${path(b, 'changes', (p) => `${p.ready.subscribed}+${p.stepsReady.subscribed}`)}`,
    },
    {
      metric: `(a) db broadcast p50 / p95 / p99, ${load}`,
      unit: 'ms',
      cell: (b) => path(b, 'broadcast', (p) => triple(p.load.latency, s.loadDrainMs)) + mark(b, t.broadcastP99.verdict),
      target: `p99 <= ${BROADCAST_P99_TARGET_MS} on postgres`,
    },
    { metric: '(a) delivered / expected', unit: 'msgs', cell: (b) => path(b, 'broadcast', (p) => `${p.load.latency.received} / ${p.load.latency.expected}`) },
    { metric: '(a) writer achieved', unit: 'chg/s', cell: (b) => path(b, 'broadcast', (p) => p.load.write.achievedRate.toFixed(0)) },
    { metric: '(a) cpu per 1k msgs: stack+writer / client / postgres', unit: 'ms', cell: (b) => path(b, 'broadcast', (p) => cpuCell(p.load)) },
    { metric: `(b) postgres_changes+RLS p50 / p95 / p99, ${load}`, unit: 'ms', cell: (b) => path(b, 'changes', (p) => triple(p.load.latency, s.loadDrainMs)) },
    { metric: '(b) delivered / expected', unit: 'msgs', cell: (b) => path(b, 'changes', (p) => `${p.load.latency.received} / ${p.load.latency.expected}`) },
    { metric: '(b) cpu per 1k msgs: stack+writer / client / postgres', unit: 'ms', cell: (b) => path(b, 'changes', (p) => cpuCell(p.load)) },
    { metric: `(c) db broadcast max sustained (p99 <= ${s.stepP99LimitMs} ms)`, unit: 'chg/s', cell: (b) => path(b, 'broadcast', rate) },
    { metric: `(c) postgres_changes max sustained (p99 <= ${s.stepP99LimitMs} ms)`, unit: 'chg/s', cell: (b) => path(b, 'changes', rate) },
    {
      metric: '(c) broadcast / postgres_changes',
      unit: 'x',
      cell: (b) => {
        const r = sustainedRatio(b.broadcast.ok ? b.broadcast.value : null, b.changes.ok ? b.changes.value : null, s);
        return (r === null ? 'n/a' : `${r}`) + mark(b, t.sustainedRatio.verdict);
      },
      target: `>= ${SUSTAINED_RATIO_TARGET} on postgres`,
    },
    {
      metric: `(d) fan-out p50 / p95 / p99, ${s.fanoutSubscribers} subs x ${s.fanoutRate}/s`,
      unit: 'ms',
      cell: (b) => (b.fanout.ok ? triple(b.fanout.value.load.latency, s.fanoutDrainMs) : 'error') + mark(b, t.fanoutP99.verdict),
      target: `p99 <= ${FANOUT_P99_TARGET_MS}, none lost, on postgres`,
    },
    {
      metric: '(d) joined / delivered / expected',
      unit: 'msgs',
      cell: (b) => (b.fanout.ok ? `${b.fanout.value.ready.subscribed} / ${b.fanout.value.load.latency.received} / ${b.fanout.value.load.latency.expected}` : 'error'),
    },
    { metric: '(d) cpu per 1k msgs: stack+writer / client / postgres', unit: 'ms', cell: (b) => (b.fanout.ok ? cpuCell(b.fanout.value.load) : 'error') },
  ];
}

export function renderTable(report: RealtimeBenchReport): string {
  const table = rows(report);
  const header = ['metric', 'unit', ...report.backends.map((b) => b.backend), 'target'];
  const body = table.map((r) => [r.metric, r.unit, ...report.backends.map((b) => (b.available ? r.cell(b) : 'unavailable')), r.target ?? '']);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line), ''];

  for (const b of report.backends) {
    if (!b.available) {
      out.push(`note: ${b.backend}: not measured: ${b.reason}`);
      continue;
    }
    for (const [name, o] of [['database broadcast', b.broadcast], ['postgres_changes', b.changes]] as const) {
      if (!o.ok) {
        out.push(`note: ${b.backend}: ${name} failed: ${o.error}`);
        continue;
      }
      const steps = o.value.steps
        .map((st) => `${st.rate}/s p99 ${pct(st.latency.p99, report.settings.stepDrainMs)}${st.cpu.perThousand ? ` [cpu/1k ${cpuCell(st)}]` : ''}${st.sustained ? '' : ' (stop)'}`)
        .join(', ');
      out.push(`${b.backend} ${name} steps: ${steps}`);
      if (o.value.ready.failed > 0) out.push(`note: ${b.backend}: ${name}: ${o.value.ready.failed} subscribers could not join: ${o.value.ready.firstError}`);
    }
    if (!b.fanout.ok) out.push(`note: ${b.backend}: fan-out failed: ${b.fanout.error}`);
    else if (b.fanout.value.ready.failed > 0) out.push(`note: ${b.backend}: fan-out: ${b.fanout.value.ready.failed} subscribers could not join: ${b.fanout.value.ready.firstError}`);
  }
  const m = report.machine;
  if (m.loadAverage1mAtStart > m.cpus / 2) {
    out.push(`note: the machine was busy (1-minute load average ${m.loadAverage1mAtStart} on ${m.cpus} cores): figures are pessimistic`);
  }
  const t = report.targets;
  out.push(
    `Target (database broadcast p99 <= ${t.broadcastP99.limitMs} ms at ${report.settings.subscribers} subscribers x ${report.settings.loadRate} changes/s, on Postgres): ${t.broadcastP99.verdict}` +
      (t.broadcastP99.verdict === 'NOT MEASURED' ? '' : ` (${pct(t.broadcastP99.measuredMs, report.settings.loadDrainMs)} ms)`),
    `Target (database broadcast sustains >= ${t.sustainedRatio.min}x the changes/s of postgres_changes with RLS, on Postgres): ${t.sustainedRatio.verdict}` +
      (t.sustainedRatio.verdict === 'NOT MEASURED' ? '' : t.sustainedRatio.ratio === null ? ' (broadcast sustained no step)' : ` (${t.sustainedRatio.ratio}x)`),
    `Target (fan-out p99 <= ${t.fanoutP99.limitMs} ms at ${report.settings.fanoutSubscribers} subscribers x ${report.settings.fanoutRate} broadcasts/s, none lost, on Postgres): ${t.fanoutP99.verdict}` +
      (t.fanoutP99.verdict === 'NOT MEASURED' ? '' : ` (${pct(t.fanoutP99.measuredMs, report.settings.fanoutDrainMs)} ms, ${t.fanoutP99.missing} lost)`),
  );
  return out.join('\n');
}

/** bench/results/realtime-<timestamp>.json and realtime-latest.json; returns the timestamped path. */
