import { performance } from 'node:perf_hooks';
import { summarize, type LatencySummary } from './stats.ts';

export type Probe = () => Promise<unknown>;

export interface InterleavedOptions {
  warmupRounds: number;
  rounds: number;
  budgetMs: number;
}

/**
 * Times several ways of doing the same thing, one call of each per round, one call at a time.
 * Interleaving matters: run back to back, a later variant would meet a warmer (or busier, or
 * autovacuuming) machine than an earlier one, and their difference, the figure the bench is about,
 * would carry that drift. Stops after `rounds` or when `budgetMs` is spent, whichever comes first.
 */
export async function timeInterleaved<K extends string>(
  probes: Record<K, Probe>,
  opts: InterleavedOptions,
): Promise<Record<K, LatencySummary>> {
  const names = Object.keys(probes) as K[];
  for (let i = 0; i < opts.warmupRounds; i++) for (const name of names) await probes[name]();

  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  const deadline = performance.now() + opts.budgetMs;
  for (let round = 0; round < opts.rounds && performance.now() < deadline; round++) {
    // Rotating the starting variant keeps any "first call of a round" effect off a single variant.
    for (let j = 0; j < names.length; j++) {
      const name = names[(round + j) % names.length];
      const t0 = performance.now();
      await probes[name]();
      samples[name].push(performance.now() - t0);
    }
  }
  return Object.fromEntries(names.map((n) => [n, summarize(samples[n])])) as Record<K, LatencySummary>;
}

/** Sequential calls of one probe, after a warm-up; bounded by count and time. */
export async function timeSequential(probe: Probe, opts: { warmupCalls: number; calls: number; budgetMs: number }): Promise<LatencySummary> {
  for (let i = 0; i < opts.warmupCalls; i++) await probe();
  const samples: number[] = [];
  const deadline = performance.now() + opts.budgetMs;
  while (samples.length < opts.calls && performance.now() < deadline) {
    const t0 = performance.now();
    await probe();
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

/** One timed call: the cold figures are single observations by nature. */
export async function timeOnce(probe: Probe): Promise<number> {
  const t0 = performance.now();
  await probe();
  return performance.now() - t0;
}
