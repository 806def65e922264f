import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startBenchStack, type BackendName, type BenchStack } from '../stack/backends.ts';
import type { Outcome } from '../stack/measure-backend.ts';
import { round } from '../stack/stats.ts';
import { measureNotifyFloor, type NotifyFloor } from './floor.ts';
import type { CensoredSummary, SubscriptionMode } from './messages.ts';
import type { RealtimeBenchSettings } from './settings.ts';
import { Subscribers, type Ready } from './subscribers.ts';
import { writePaced, type WriteResult } from './writer.ts';

export interface Phase {
  write: WriteResult;
  latency: CensoredSummary;
}

export interface Step extends Phase {
  rate: number;
  sustained: boolean;
  /** Why the step failed (null when sustained). */
  why: string | null;
}

export interface PathResult {
  mode: SubscriptionMode;
  ready: Ready;
  warmup: Phase;
  /** (a) database broadcast or (b) postgres_changes at the issue's load. */
  load: Phase;
  /** (c): the rates tried, in order, up to the first that failed. */
  steps: Step[];
  /** The highest rate sustained; null when even the first step failed. */
  maxSustainedRate: number | null;
  /** True when the last step (the cap) was sustained too: the real limit is higher. */
  capped: boolean;
  /** The subscribers were restarted before the load phase (a failed step had left a backlog). */
  restarted: boolean;
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
  ) {}

  async start(): Promise<{ subscribers: Subscribers; ready: Ready }> {
    const { stack } = this.bench;
    const started = await Subscribers.start({
      url: stack.url,
      anonKey: stack.config.anonKey,
      tokens: this.tokens,
      mode: this.mode,
      target: TABLES[this.mode].target,
      dbUrl: stack.dbUrl,
      joinTimeoutMs: this.settings.joinTimeoutMs,
    });
    const r = started.ready;
    console.log(`${this.label}: ${r.subscribed} subscribed in ${r.joinMs} ms${r.failed > 0 ? `, ${r.failed} failed (${r.firstError})` : ''}; clock offset ${r.clock.offsetMs.toFixed(2)} ms (rtt ${r.clock.rttMs.toFixed(2)})`);
    if (r.subscribed === 0) {
      await started.subscribers.stop();
      throw new Error(`no subscriber could join: ${r.firstError}`);
    }
    return started;
  }

  /** Writes `rate` changes/s for `durationMs` as run `run`, then collects what the subscribers saw. */
  async phase(subscribers: Subscribers, ready: Ready, run: string, rate: number, durationMs: number, waitMs: number): Promise<Phase> {
    const insert = TABLES[this.mode].insert;
    const write = await writePaced((seq) => this.sql(insert, [run, seq]), rate, durationMs, this.settings.writerConcurrency);
    const latency = await subscribers.collect(run, write.written * ready.subscribed, waitMs);
    return { write, latency };
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

  async run(): Promise<PathResult> {
    const s = this.settings;
    let { subscribers, ready } = await this.start();
    try {
      const warmup = await this.warmup(subscribers, ready, 'warmup');
      const steps: Step[] = [];
      const runSteps = async () => {
        const rates = this.mode === 'broadcast' ? s.broadcastSteps : s.changesSteps;
        for (const rate of rates) {
          const st = this.step(await this.phase(subscribers, ready, `step-${rate}`, rate, s.stepMs, s.stepDrainMs), rate);
          steps.push(st);
          console.log(`${this.label}: step ${rate}/s: p50 ${fmt(st.latency.p50)} p99 ${fmt(st.latency.p99)} ms, ${st.latency.received}/${st.latency.expected} delivered: ${st.sustained ? 'sustained' : `not sustained (${st.why})`}`);
          if (!st.sustained) return;
        }
      };
      const runLoad = async () => {
        const p = await this.phase(subscribers, ready, 'load', s.loadRate, s.loadMs, s.loadDrainMs);
        console.log(
          `${this.label}: ${ready.subscribed} x ${s.loadRate}/s for ${s.loadMs / 1000} s (writer ${p.write.achievedRate}/s): p50 ${fmt(p.latency.p50)} p95 ${fmt(p.latency.p95)} p99 ${fmt(p.latency.p99)} ms, ${p.latency.received}/${p.latency.expected} delivered`,
        );
        return p;
      };
      let load: Phase;
      let restarted = false;
      if (this.mode === 'broadcast') {
        load = await runLoad();
        await runSteps();
      } else {
        // postgres_changes backs up well below the issue's load: step first, from a clean state,
        // then start over (new sockets, a warm-up behind any backlog) for the load phase.
        await runSteps();
        if (steps.length > 0 && !steps[steps.length - 1].sustained) {
          await subscribers.stop();
          ({ subscribers, ready } = await this.start());
          await this.warmup(subscribers, ready, 'warmup-2');
          restarted = true;
        }
        load = await runLoad();
      }
      const passed = steps.filter((x) => x.sustained);
      return {
        mode: this.mode,
        ready,
        warmup,
        load,
        steps,
        maxSustainedRate: passed.length > 0 ? passed[passed.length - 1].rate : null,
        capped: steps.length > 0 && steps.every((x) => x.sustained),
        restarted,
      };
    } finally {
      await subscribers.stop();
    }
  }
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
  const sql: Sql = pool ? (text, params) => pool.query(text, params) : (text, params) => stack.db.query(text, params);
  try {
    console.log(`${backend}: up in ${startupMs} ms; NOTIFY round trip floor ...`);
    const floor = await attempt('floor', () => measureNotifyFloor(stack.db, sql, settings.floorRate, settings.floorMs));
    if (floor.ok && floor.value.latency) {
      const l = floor.value.latency;
      console.log(`${backend}: NOTIFY floor p50 ${fmt(l.p50)} p95 ${fmt(l.p95)} p99 ${fmt(l.p99)} ms`);
    }
    const tokens = await mintTokens(bench, settings.subscribers);
    const broadcast = await attempt('database broadcast', () => new PathRunner(`${backend} broadcast`, bench, sql, tokens, 'broadcast', settings).run());
    const changes = await attempt('postgres_changes', () => new PathRunner(`${backend} postgres_changes`, bench, sql, tokens, 'changes', settings).run());
    return { backend, available: true, startupMs, elapsedMs: round(performance.now() - t0, 0), floor, broadcast, changes };
  } finally {
    await pool?.end().catch(() => {});
    await bench.close();
  }
}
