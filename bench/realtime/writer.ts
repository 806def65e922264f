import { performance } from 'node:perf_hooks';
import { round } from '../stack/stats.ts';

export interface WriteResult {
  /** The rate asked for, changes/s. */
  rate: number;
  planned: number;
  written: number;
  errors: number;
  firstError: string | null;
  elapsedMs: number;
  /** written / elapsed: below the rate asked for when the writer (or the database) could not keep up. */
  achievedRate: number;
}

/**
 * An open-loop writer: change n is due at n/rate seconds after the start and is sent then (or at
 * once, when late), whatever happened to the changes before it, so a slow subscriber path never
 * slows the load down. Each change is its own transaction (autocommit). At most `concurrency` are
 * in flight; a change not started by 1.5 x the duration is dropped, so a writer that cannot keep
 * up ends on time and reports the rate it achieved.
 */
export async function writePaced(write: (seq: number) => Promise<unknown>, rate: number, durationMs: number, concurrency: number): Promise<WriteResult> {
  const planned = Math.max(1, Math.round((rate * durationMs) / 1000));
  const start = performance.now();
  const cutoff = start + durationMs * 1.5;
  let next = 0;
  let written = 0;
  let errors = 0;
  let firstError: string | null = null;
  const worker = async () => {
    while (next < planned) {
      const seq = next++;
      const due = start + (seq * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() > cutoff) return;
      try {
        await write(seq);
        written++;
      } catch (e) {
        errors++;
        firstError ??= (e as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const elapsedMs = Math.max(durationMs, performance.now() - start);
  return { rate, planned, written, errors, firstError, elapsedMs: round(elapsedMs, 1), achievedRate: round((written * 1000) / elapsedMs, 1) };
}
