/**
 * The load generator for the throughput phases, run as its own process (see throughput.ts): the
 * clients' JavaScript must not share the stack's event loop, or it would be measuring itself.
 * Reads its orders from the IPC channel: for each, it runs one window of the closed loop, says when
 * the window's measured part opens, and answers with the window and its own CPU time over it. It
 * keeps its client (and so its keep-alive sockets) from one window to the next, and exits when told
 * to or when its parent goes.
 *
 * Two kinds of client send the same request: supabase-js (what an app runs: the client library and
 * undici's fetch) and raw HTTP (supabase-js's captured request replayed with node:http, parsed as
 * JSON all the same), a load generator that costs the machine less CPU per request than the server
 * it measures, as a load generator should (bench/README.md, "Target").
 */
import { benchClient, type CapturedRequest } from './clients.ts';
import { runLoopWindow, type ClosedLoopOptions, type LoopWindow } from './closed-loop.ts';
import { selectOrdersPage } from './orders-query.ts';
import { RawHttpReplay } from './raw-http.ts';

export type LoadClientKind = 'supabase-js' | 'raw-http';

export interface LoadTarget {
  url: string;
  anonKey: string;
  client: LoadClientKind;
  /** The request supabase-js sends, which the raw HTTP client replays. */
  request: CapturedRequest;
}

export type LoadOrder = { run: LoadTarget & ClosedLoopOptions } | { exit: true };

export type LoadReply =
  | { ok: true; window: LoopWindow; clientCpuMs: number }
  | { ok: false; error: string }
  /** The warm-up is over: the parent samples its own and the database's CPU now. */
  | { started: true };

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

let send: (() => Promise<unknown>) | null = null;

/** One client object for the process's life, as an app has one: undici's global dispatcher and the replay keep their sockets. */
function sender(target: LoadTarget, concurrency: number): () => Promise<unknown> {
  if (send) return send;
  if (target.client === 'raw-http') {
    const replay = new RawHttpReplay(target.request, concurrency);
    send = () => replay.fetchPage();
  } else {
    const supabase = benchClient(target.url, target.anonKey);
    send = () => selectOrdersPage(supabase);
  }
  return send;
}

process.on('message', (order: LoadOrder) => {
  if ('exit' in order) process.exit(0);
  let cpu0 = 0;
  let clientCpuMs = 0;
  const hooks = {
    start: () => {
      cpu0 = cpuMs();
      process.send?.({ started: true } satisfies LoadReply);
    },
    end: () => {
      clientCpuMs = cpuMs() - cpu0;
    },
  };
  runLoopWindow(sender(order.run, order.run.concurrency), order.run, hooks)
    .then((window) => process.send?.({ ok: true, window, clientCpuMs } satisfies LoadReply))
    .catch((e: unknown) => process.send?.({ ok: false, error: (e as Error).message } satisfies LoadReply));
});
process.on('disconnect', () => process.exit(0));
