import { performance } from 'node:perf_hooks';
import { round, summarize, type LatencySummary } from './stats.ts';

export interface ClosedLoopOptions {
  concurrency: number;
  /** Load before measuring, not counted: sockets, pool connections and caches fill up. */
  warmupMs: number;
  durationMs: number;
  maxRequests: number;
}

export interface ThroughputResult {
  concurrency: number;
  requests: number;
  errors: number;
  firstError: string | null;
  elapsedMs: number;
  rps: number;
  latency: LatencySummary | null;
}

/** Called as the measured window opens (after the warm-up) and as it closes (every request answered). */
export interface WindowHooks {
  start?: () => void;
  end?: () => void;
}

/** One measured window of a closed loop: every answered request's latency, and the failures. */
export interface LoopWindow {
  samples: number[];
  errors: number;
  firstError: string | null;
  elapsedMs: number;
}

/**
 * `concurrency` clients, each sending its next request as soon as its last one is answered (a closed
 * loop, like users clicking, not an open arrival rate). It stops by itself at `durationMs` or after
 * `maxRequests`; requests in flight then finish and are counted.
 */
export async function runLoopWindow(probe: () => Promise<unknown>, opts: ClosedLoopOptions, hooks: WindowHooks = {}): Promise<LoopWindow> {
  await drive(probe, opts.concurrency, performance.now() + opts.warmupMs, Number.POSITIVE_INFINITY, null);
  const samples: number[] = [];
  const failures = { count: 0, first: null as string | null };
  hooks.start?.();
  const started = performance.now();
  await drive(probe, opts.concurrency, started + opts.durationMs, opts.maxRequests, { samples, failures });
  const elapsedMs = performance.now() - started;
  hooks.end?.();
  return { samples, errors: failures.count, firstError: failures.first, elapsedMs };
}

/** The throughput of one or more windows of the same loop taken together: requests over their summed time. */
export function throughputOf(concurrency: number, windows: LoopWindow[]): ThroughputResult {
  const samples = windows.flatMap((w) => w.samples);
  const elapsedMs = windows.reduce((a, w) => a + w.elapsedMs, 0);
  return {
    concurrency,
    requests: samples.length,
    errors: windows.reduce((a, w) => a + w.errors, 0),
    firstError: windows.find((w) => w.firstError !== null)?.firstError ?? null,
    elapsedMs: round(elapsedMs, 1),
    rps: elapsedMs > 0 ? round((samples.length / elapsedMs) * 1000, 1) : 0,
    latency: samples.length > 0 ? summarize(samples) : null,
  };
}

interface Recorder {
  samples: number[];
  failures: { count: number; first: string | null };
}

async function drive(probe: () => Promise<unknown>, concurrency: number, deadline: number, maxRequests: number, record: Recorder | null): Promise<void> {
  let issued = 0;
  const client = async () => {
    while (performance.now() < deadline && issued < maxRequests) {
      issued++;
      const t0 = performance.now();
      try {
        await probe();
        record?.samples.push(performance.now() - t0);
      } catch (e) {
        if (!record) continue;
        record.failures.count++;
        record.failures.first ??= (e as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
}
