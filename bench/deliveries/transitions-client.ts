/**
 * The transitions load, run as its own process (like stack/load-client.ts: the clients' JavaScript
 * must not share the stack's event loop). Each of the drivers signs in with supabase-js and, as
 * one closed-loop client, moves its own accepted deliveries through picked_up > in_transit >
 * delivered with `rpc('transition_delivery')`, one call after the other. Transitions during the
 * warm-up are not counted. Answers with one TransitionsResult and exits.
 */
import { performance } from 'node:perf_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import { benchClient } from '../stack/clients.ts';
import { round, summarize, type LatencySummary } from '../stack/stats.ts';

export interface TransitionsOrder {
  url: string;
  anonKey: string;
  password: string;
  drivers: Array<{ email: string; deliveryIds: string[] }>;
  warmupMs: number;
  durationMs: number;
}

export interface TransitionsResult {
  clients: number;
  transitions: number;
  errors: number;
  firstError: string | null;
  elapsedMs: number;
  perSecond: number;
  /** Deliveries a client ran out of before the end (the run then measured fewer clients for a while). */
  exhaustedClients: number;
  latency: LatencySummary | null;
}

export type TransitionsReply = { ok: true; result: TransitionsResult } | { ok: false; error: string };

const STEPS = ['picked_up', 'in_transit', 'delivered'] as const;

async function signIn(order: TransitionsOrder, email: string): Promise<SupabaseClient> {
  const client = benchClient(order.url, order.anonKey);
  const { error } = await client.auth.signInWithPassword({ email, password: order.password });
  if (error) throw new Error(`${email} could not sign in: ${error.message}`);
  return client;
}

async function run(order: TransitionsOrder): Promise<TransitionsResult> {
  const clients = await Promise.all(order.drivers.map((d) => signIn(order, d.email)));
  const samples: number[] = [];
  const failures = { count: 0, first: null as string | null };
  let exhausted = 0;
  const t0 = performance.now();
  const measureFrom = t0 + order.warmupMs;
  const deadline = measureFrom + order.durationMs;
  await Promise.all(
    clients.map(async (client, i) => {
      for (const id of order.drivers[i].deliveryIds) {
        for (const status of STEPS) {
          if (performance.now() >= deadline) return;
          const start = performance.now();
          const { error } = await client.rpc('transition_delivery', { delivery_id: id, status });
          const end = performance.now();
          if (start < measureFrom) continue;
          if (error) {
            failures.count++;
            failures.first ??= `${error.code}: ${error.message}`;
          } else if (end <= deadline) {
            samples.push(end - start);
          }
        }
      }
      exhausted++;
    }),
  );
  const elapsedMs = Math.min(performance.now(), deadline) - measureFrom;
  return {
    clients: clients.length,
    transitions: samples.length,
    errors: failures.count,
    firstError: failures.first,
    elapsedMs: round(elapsedMs, 1),
    perSecond: round((samples.length / elapsedMs) * 1000, 1),
    exhaustedClients: exhausted,
    latency: samples.length > 0 ? summarize(samples) : null,
  };
}

process.once('message', (order: TransitionsOrder) => {
  run(order)
    .then((result) => process.send?.({ ok: true, result } satisfies TransitionsReply, () => process.exit(0)))
    .catch((e: unknown) => process.send?.({ ok: false, error: (e as Error).message } satisfies TransitionsReply, () => process.exit(0)));
});
