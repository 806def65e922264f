/**
 * How much the bench measures. Every loop is bounded twice, by a count and by a time budget, so a
 * slow backend makes the run less precise, never longer than planned: the full profile keeps a
 * two-backend run under two minutes on 2 idle cores and under four on busy ones; `--quick` is a
 * smoke run of the bench itself.
 */
export interface BenchSettings {
  /** Interleaved rounds (floor, supabase-js, raw HTTP each once) before measuring: JIT, plan and schema caches, sockets. */
  warmupRounds: number;
  latencyRounds: number;
  latencyBudgetMs: number;
  concurrency: number;
  /** Load before a path's first throughput window, not counted. */
  throughputWarmupMs: number;
  /** Load before each later window of a path (its loop refilling), not counted. */
  throughputRoundWarmupMs: number;
  /** Measured time per path, split over the rounds. */
  throughputMs: number;
  /** Interleaved rounds of the throughput phase: one window of each path per round. */
  throughputRounds: number;
  /** Safety cap on requests in one throughput phase. */
  throughputMaxRequests: number;
  functionWarmupCalls: number;
  functionCalls: number;
  functionBudgetMs: number;
}

export const FULL: BenchSettings = {
  warmupRounds: 50,
  latencyRounds: 500,
  latencyBudgetMs: 30_000,
  concurrency: 16,
  throughputWarmupMs: 1_000,
  throughputRoundWarmupMs: 300,
  throughputMs: 10_000,
  throughputRounds: 5,
  throughputMaxRequests: 200_000,
  functionWarmupCalls: 20,
  functionCalls: 200,
  functionBudgetMs: 20_000,
};

export const QUICK: BenchSettings = {
  warmupRounds: 10,
  latencyRounds: 60,
  latencyBudgetMs: 5_000,
  concurrency: 16,
  throughputWarmupMs: 300,
  throughputRoundWarmupMs: 200,
  throughputMs: 2_000,
  throughputRounds: 2,
  throughputMaxRequests: 20_000,
  functionWarmupCalls: 5,
  functionCalls: 30,
  functionBudgetMs: 5_000,
};

/** The target (1.5 ms until 2026-11-29): the stack adds at most this much over the direct query at p50, on Postgres. */
export const OVERHEAD_TARGET_P50_MS = 1.0;
/** The target: at 16 clients the stack serves at least this share of the floor's requests/s, on Postgres, in the same run. */
export const THROUGHPUT_TARGET_RATIO = 0.9;
