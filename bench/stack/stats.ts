/** Summary of a set of latency samples, in milliseconds. */
export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile of ascending-sorted samples: always a value that was actually observed. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarize(samplesMs: number[]): LatencySummary {
  if (samplesMs.length === 0) throw new Error('no samples to summarize');
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(sum / sorted.length),
    min: round(sorted[0]),
    max: round(sorted[sorted.length - 1]),
  };
}

/** Microsecond resolution is all a loopback benchmark can claim. */
export function round(ms: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(ms * f) / f;
}
