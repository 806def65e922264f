import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startBenchStack, type BackendName, type BenchStack } from '../stack/backends.ts';
import type { Outcome } from '../stack/measure-backend.ts';
import { round } from '../stack/stats.ts';
import { measureNotifyFloor, type NotifyFloor } from './floor.ts';
import { benchCpuMs, ClusterCpu, phaseCpu, type PhaseCpu } from './cpu.ts';
import type { CensoredSummary, SubscriberClient, SubscriptionMode } from './messages.ts';
import type { RealtimeBenchSettings } from './settings.ts';
import { Subscribers, type Ready } from './subscribers.ts';
import { writePaced, type WriteResult } from './writer.ts';

export interface Phase {
  write: WriteResult;
  latency: CensoredSummary;
  cpu: PhaseCpu;
}

export interface Step extends Phase {
  rate: number;
  sustained: boolean;
  /** Why the step failed (null when sustained). */
  why: string | null;
}

export interface PathResult {
  mode: SubscriptionMode;
  /** The supabase-js subscribers of (a)/(b). */
  ready: Ready;
  warmup: Phase;
  /** (a) database broadcast or (b) postgres_changes at the issue's load. */
  load: Phase;
  /** The protocol subscribers of (c), a separate set of sockets. */
  stepsReady: Ready;
  /** (c): the rates tried, in order, up to the first that failed. */
  steps: Step[];
  /** The highest rate sustained; null when even the first step failed. */
  maxSustainedRate: number | null;
  /** True when the last step (the cap) was sustained too: the real limit is higher. */
  capped: boolean;
}

/** (d): many subscribers on one topic at a modest rate: what one commit costs to fan out. */
export interface FanoutResult {
  ready: Ready;
  warmup: Phase;
  load: Phase;
}

export type BackendResult =
  | { backend: BackendName; available: false; reason: string }
  | {
      backend: BackendName;
      available: true;
      startupMs: number;
      elapsedMs: number;
      floor: Outcome<NotifyFloor>;
      broadcast: Outcome<PathResult>;
      changes: Outcome<PathResult>;
      fanout: Outcome<FanoutResult>;
    };

type Sql = (sql: string, params: unknown[]) => Promise<unknown>;

const TABLES: Record<SubscriptionMode, { target: string; insert: string }> = {
  broadcast: { target: 'bench:broadcast', insert: 'insert into public.bench_rt_broadcast (run, seq) values ($1, $2)' },
  changes: { target: 'bench_rt_changes', insert: 'insert into public.bench_rt_changes (tenant_id, run, seq) values (1, $1, $2)' },
};

async function attempt<T>(label: string, fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    const error = (e as Error).message;
    console.error(`  ${label}: ${error}`);
    return { ok: false, error };
  }
}

/** One access token per subscriber: distinct users of tenant 1, so postgres_changes checks each one. */
async function mintTokens(bench: BenchStack, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const sub = randomUUID();
    tokens.push(await bench.stack.ctx.jwt.sign({ sub, role: 'authenticated', aud: 'authenticated', email: `${sub}@bench.test`, tenant_id: 1 }, 3600));
  }
  return tokens;
}

const fmt = (v: number | null) => (v === null ? 'n/a' : v >= 100 ? v.toFixed(0) : v.toFixed(1));

class PathRunner {
  constructor(
    private readonly label: string,
    private readonly bench: BenchStack,
    private readonly sql: Sql,
    private readonly tokens: string[],
    private readonly mode: SubscriptionMode,
    private readonly settings: RealtimeBenchSettings,
    private readonly cluster: ClusterCpu | null,
  ) {}

  async start(client: SubscriberClient): Promise<{ subscribers: Subscribers; ready: Ready }> {
    const { stack } = this.bench;
    const started = await Subscribers.start({
      url: stack.url,
      anonKey: stack.config.anonKey,
      tokens: this.tokens,
      mode: this.mode,
      client,
      target: TABLES[this.mode].target,
      dbUrl: stack.dbUrl,
      joinTimeoutMs: this.settings.joinTimeoutMs,
    });
    const r = started.ready;
    console.log(`${this.label}: ${r.subscribed} ${client} subscribers joined in ${r.joinMs} ms${r.failed > 0 ? `, ${r.failed} failed (${r.firstError})` : ''}; clock offset ${r.clock.offsetMs.toFixed(2)} ms (rtt ${r.clock.rttMs.toFixed(2)})`);
    if (r.subscribed === 0) {
      await started.subscribers.stop();
      throw new Error(`no subscriber could join: ${r.firstError}`);
    }
    return started;
  }

  /** Writes `rate` changes/s for `durationMs` as run `run`, then collects what the subscribers saw. */
  async phase(subscribers: Subscribers, ready: Ready, run: string, rate: number, durationMs: number, waitMs: number): Promise<Phase> {
    const insert = TABLES[this.mode].insert;
    const bench0 = benchCpuMs();
    const pg0 = this.cluster?.totalMs() ?? null;
    const write = await writePaced((seq) => this.sql(insert, [run, seq]), rate, durationMs, this.settings.writerConcurrency);
    const { summary: latency, cpuMs } = await subscribers.collect(run, write.written * ready.subscribed, waitMs);
    const pg1 = this.cluster?.totalMs() ?? null;
    const cpu = phaseCpu(benchCpuMs() - bench0, cpuMs, pg0 === null || pg1 === null ? null : pg1 - pg0, latency.received);
    return { write, latency, cpu };
  }

  async warmup(subscribers: Subscribers, ready: Ready, run: string): Promise<Phase> {
    const s = this.settings;
    const w = await this.phase(subscribers, ready, run, s.warmupRate, s.warmupMs, s.warmupWaitMs);
    if (w.latency.missing > 0) console.log(`${this.label}: warm-up: ${w.latency.missing} of ${w.latency.expected} messages did not arrive within ${s.warmupWaitMs} ms`);
    return w;
  }

  step(p: Phase, rate: number): Step {
    const s = this.settings;
    let why: string | null = null;
    if (p.write.errors > 0) why = `${p.write.errors} writes failed: ${p.write.firstError}`;
    else if (p.write.achievedRate < rate * s.minAchievedRatio) why = `the writer achieved only ${p.write.achievedRate} changes/s`;
    else if (p.latency.p99 === null) why = `${p.latency.missing} of ${p.latency.expected} messages not delivered within ${s.stepDrainMs} ms of the last write`;
    else if (p.latency.p99 > s.stepP99LimitMs) why = `p99 ${fmt(p.latency.p99)} ms`;
    return { ...p, rate, sustained: why === null, why };
  }

  /** (a)/(b): supabase-js subscribers, warmed up (a barrier behind any backlog of the steps), at the issue's load. */
  private async load(): Promise<{ ready: Ready; warmup: Phase; load: Phase }> {
    const s = this.settings;
    const { subscribers, ready } = await this.start('supabase-js');
    try {
      const warmup = await this.warmup(subscribers, ready, 'warmup');
      const p = await this.phase(subscribers, ready, 'load', s.loadRate, s.loadMs, s.loadDrainMs);
      console.log(
        `${this.label}: ${ready.subscribed} x ${s.loadRate}/s for ${s.loadMs / 1000} s (writer ${p.write.achievedRate}/s): p50 ${fmt(p.latency.p50)} p95 ${fmt(p.latency.p95)} p99 ${fmt(p.latency.p99)} ms, ${p.latency.received}/${p.latency.expected} delivered${cpuNote(p.cpu)}`,
      );
      return { ready, warmup, load: p };
    } finally {
      await subscribers.stop();
    }
  }

  /** (c): protocol subscribers, the rate stepped up until a step is not sustained. */
  private async ladder(): Promise<{ stepsReady: Ready; steps: Step[] }> {
    const s = this.settings;
    const { subscribers, ready } = await this.start('protocol');
    try {
      await this.warmup(subscribers, ready, 'warmup-steps');
      const steps: Step[] = [];
      for (const rate of this.mode === 'broadcast' ? s.broadcastSteps : s.changesSteps) {
        const st = this.step(await this.phase(subscribers, ready, `step-${rate}`, rate, s.stepMs, s.stepDrainMs), rate);
        steps.push(st);
        console.log(
          `${this.label}: step ${rate}/s: p50 ${fmt(st.latency.p50)} p99 ${fmt(st.latency.p99)} ms, ${st.latency.received}/${st.latency.expected} delivered${cpuNote(st.cpu)}: ${st.sustained ? 'sustained' : `not sustained (${st.why})`}`,
        );
        if (!st.sustained) break;
      }
      return { stepsReady: ready, steps };
    } finally {
      await subscribers.stop();
    }
  }

  /** (d): protocol subscribers (this runner's tokens, one each) on the broadcast topic, at the fan-out rate. */
  async fanout(): Promise<FanoutResult> {
    const s = this.settings;
    const { subscribers, ready } = await this.start('protocol');
    try {
      const warmup = await this.warmup(subscribers, ready, 'warmup-fanout');
      const load = await this.phase(subscribers, ready, 'fanout', s.fanoutRate, s.fanoutMs, s.fanoutDrainMs);
      console.log(
        `${this.label}: ${ready.subscribed} x ${s.fanoutRate}/s for ${s.fanoutMs / 1000} s (writer ${load.write.achievedRate}/s): p50 ${fmt(load.latency.p50)} p95 ${fmt(load.latency.p95)} p99 ${fmt(load.latency.p99)} ms, ${load.latency.received}/${load.latency.expected} delivered${cpuNote(load.cpu)}`,
      );
      return { ready, warmup, load };
    } finally {
      await subscribers.stop();
    }
  }

  async run(): Promise<PathResult> {
    // postgres_changes backs up well below the issue's load: its steps run first, and the load
    // phase's warm-up then waits behind whatever backlog a failed step left.
    const first = this.mode === 'broadcast' ? await this.load() : null;
    const { stepsReady, steps } = await this.ladder();
    const { ready, warmup, load } = first ?? (await this.load());
    const passed = steps.filter((x) => x.sustained);
    return {
      mode: this.mode,
      ready,
      warmup,
      load,
      stepsReady,
      steps,
      maxSustainedRate: passed.length > 0 ? passed[passed.length - 1].rate : null,
      capped: steps.length > 0 && steps.every((x) => x.sustained),
    };
  }
}

/** CPU ms per 1,000 delivered messages: bench process (stack + writer), load client, Postgres. */
function cpuNote(cpu: PhaseCpu): string {
  const p = cpu.perThousand;
  if (!p) return '';
  return `; cpu ms/1k msgs: stack+writer ${p.bench}, client ${p.client}${p.postgres === null ? '' : `, postgres ${p.postgres}`}`;
}

export async function measureBackend(backend: BackendName, settings: RealtimeBenchSettings): Promise<BackendResult> {
  console.log(`\n${backend}: starting the stack ...`);
  const t0 = performance.now();
  const bench = await startBenchStack(backend);
  const startupMs = round(performance.now() - t0, 0);
  const { stack } = bench;
  // The writer: its own connections on Postgres (an app writing beside the stack); on PGlite the
  // one session, in process.
  const pool = backend === 'postgres' ? new pg.Pool({ connectionString: stack.dbUrl, max: settings.writerConcurrency }) : null;
  // Named statements, as an app's driver would prepare its hot insert: parsed and planned once per connection.
  const named = new Map<string, string>();
  const nameOf = (text: string) => named.get(text) ?? (named.set(text, `bench_${named.size}`), named.get(text)!);
  const sql: Sql = pool ? (text, values) => pool.query({ name: nameOf(text), text, values }) : (text, params) => stack.db.query(text, params);
  try {
    console.log(`${backend}: up in ${startupMs} ms; NOTIFY round trip floor ...`);
    const floor = await attempt('floor', () => measureNotifyFloor(stack.db, sql, settings.floorRate, settings.floorMs));
    if (floor.ok && floor.value.latency) {
      const l = floor.value.latency;
      console.log(`${backend}: NOTIFY floor p50 ${fmt(l.p50)} p95 ${fmt(l.p95)} p99 ${fmt(l.p99)} ms`);
    }
    const tokens = await mintTokens(bench, settings.subscribers);
    const cluster = pool ? ClusterCpu.fromBackend(((await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]).pid) : null;
    const broadcast = await attempt('database broadcast', () => new PathRunner(`${backend} broadcast`, bench, sql, tokens, 'broadcast', settings, cluster).run());
    const changes = await attempt('postgres_changes', () => new PathRunner(`${backend} postgres_changes`, bench, sql, tokens, 'changes', settings, cluster).run());
    const fanoutTokens = await mintTokens(bench, settings.fanoutSubscribers);
    const fanout = await attempt('fan-out', () => new PathRunner(`${backend} fan-out`, bench, sql, fanoutTokens, 'broadcast', settings, cluster).fanout());
    return { backend, available: true, startupMs, elapsedMs: round(performance.now() - t0, 0), floor, broadcast, changes, fanout };
  } finally {
    await pool?.end().catch(() => {});
    await bench.close();
  }
}
