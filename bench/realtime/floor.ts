import { performance } from 'node:perf_hooks';
import type { Database } from '../../stack/db/database.ts';
import { summarize, type LatencySummary } from '../stack/stats.ts';
import { writePaced, type WriteResult } from './writer.ts';

const CHANNEL = 'bench_notify_floor';

export interface NotifyFloor {
  write: WriteResult;
  received: number;
  missing: number;
  latency: LatencySummary | null;
}

/**
 * The raw NOTIFY round trip, the floor under every realtime figure: LISTEN on the stack's own
 * listening connection (the one its database broadcast and change capture LISTEN on), NOTIFY from
 * another (the bench writer's), paced like the load, timed in this one process from before the
 * NOTIFY is sent to the listener's callback. On PGlite both are the one in-process session.
 */
export async function measureNotifyFloor(db: Database, notify: (sql: string, params: unknown[]) => Promise<unknown>, rate: number, durationMs: number): Promise<NotifyFloor> {
  const sentAt = new Map<number, number>();
  const samples: number[] = [];
  const unlisten = await db.listen(CHANNEL, (payload) => {
    const t = performance.now();
    const seq = Number(payload);
    const t0 = sentAt.get(seq);
    if (t0 === undefined) return;
    sentAt.delete(seq);
    samples.push(t - t0);
  });
  try {
    const write = await writePaced(
      (seq) => {
        sentAt.set(seq, performance.now());
        return notify('select pg_notify($1, $2)', [CHANNEL, String(seq)]);
      },
      rate,
      durationMs,
      1,
    );
    // Bounded: the last notifications get at most 2 s.
    const deadline = performance.now() + 2_000;
    while (samples.length < write.written && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return { write, received: samples.length, missing: Math.max(0, write.written - samples.length), latency: samples.length > 0 ? summarize(samples) : null };
  } finally {
    await unlisten();
  }
}
