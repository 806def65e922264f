/**
 * The load generator for the throughput phase, run as its own process (see throughput.ts): the
 * clients' JavaScript must not share the stack's event loop, or it would be measuring itself.
 * Reads its orders from the IPC channel, answers with one ThroughputResult, and exits.
 */
import { benchClient } from './clients.ts';
import { runClosedLoop, type ClosedLoopOptions, type ThroughputResult } from './closed-loop.ts';
import { selectOrdersPage } from './orders-query.ts';

export interface LoadOrder extends ClosedLoopOptions {
  url: string;
  anonKey: string;
}

export type LoadReply = { ok: true; result: ThroughputResult } | { ok: false; error: string };

function reply(message: LoadReply): void {
  process.send?.(message, () => process.exit(0));
}

process.once('message', (order: LoadOrder) => {
  // One client object, as an app has one: supabase-js holds no per-request state, and undici's
  // global dispatcher opens one keep-alive socket per concurrent request.
  const supabase = benchClient(order.url, order.anonKey);
  runClosedLoop(() => selectOrdersPage(supabase), order)
    .then((result) => reply({ ok: true, result }))
    .catch((e: unknown) => reply({ ok: false, error: (e as Error).message }));
});
