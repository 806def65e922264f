/**
 * The load generator for the throughput phases, run as its own process (see throughput.ts): the
 * clients' JavaScript must not share the stack's event loop, or it would be measuring itself.
 * Reads its orders from the IPC channel, says when its measured window opens, answers with one
 * ThroughputResult and its own CPU time over that window, and exits.
 *
 * Two kinds of client send the same request: supabase-js (what an app runs: the client library and
 * undici's fetch) and raw HTTP (supabase-js's captured request replayed with node:http, parsed as
 * JSON all the same), a load generator that costs the machine less CPU per request than the server
 * it measures, as a load generator should (bench/README.md, "Target").
 */
import { benchClient, type CapturedRequest } from './clients.ts';
import { runClosedLoop, type ClosedLoopOptions, type ThroughputResult } from './closed-loop.ts';
import { selectOrdersPage } from './orders-query.ts';
import { RawHttpReplay } from './raw-http.ts';

export type LoadClientKind = 'supabase-js' | 'raw-http';

export interface LoadOrder extends ClosedLoopOptions {
  url: string;
  anonKey: string;
  client: LoadClientKind;
  /** The request supabase-js sends, which the raw HTTP client replays. */
  request: CapturedRequest;
}

export type LoadReply =
  | { ok: true; result: ThroughputResult; clientCpuMs: number }
  | { ok: false; error: string }
  /** The warm-up is over: the parent samples its own and the database's CPU now. */
  | { window: 'start' };

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function reply(message: LoadReply): void {
  process.send?.(message, () => process.exit(0));
}

process.once('message', (order: LoadOrder) => {
  // One client object, as an app has one: supabase-js holds no per-request state, and undici's
  // global dispatcher opens one keep-alive socket per concurrent request.
  let send: () => Promise<unknown>;
  if (order.client === 'raw-http') {
    const replay = new RawHttpReplay(order.request, order.concurrency);
    send = () => replay.fetchPage();
  } else {
    const supabase = benchClient(order.url, order.anonKey);
    send = () => selectOrdersPage(supabase);
  }
  let cpu0 = 0;
  let clientCpuMs = 0;
  const hooks = {
    start: () => {
      cpu0 = cpuMs();
      process.send?.({ window: 'start' } satisfies LoadReply);
    },
    end: () => {
      clientCpuMs = cpuMs() - cpu0;
    },
  };
  runClosedLoop(send, order, hooks)
    .then((result) => reply({ ok: true, result, clientCpuMs }))
    .catch((e: unknown) => reply({ ok: false, error: (e as Error).message }));
});
