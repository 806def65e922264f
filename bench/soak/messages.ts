/** The IPC conversation between the soak bench (main.ts, the stack's process) and its load client (load-client.ts). */

export interface SoakSetup {
  type: 'setup';
  url: string;
  anonKey: string;
  tenantId: string;
  email: string;
  password: string;
  /** The deliveries the load creates: as the dispatcher's form makes them. */
  delivery: { customer_id: string; pickup_address_id: string; dropoff_address_id: string; service_id: string };
  /** A few existing deliveries the detail reads open. */
  detailIds: string[];
  subscribers: number;
  /** Requests per second, open loop (each sent when due, whatever the others do). */
  rate: number;
  /** More requests than this in flight: the next one due is not sent and counts as an error (the stack fell behind). */
  maxInFlight: number;
  joinTimeoutMs: number;
}

/** Counters of one sampling window (a minute in the full profile). */
export interface WindowStats {
  requests: number;
  errors: number;
  firstError: string | null;
  /** Latency (ms) of every answered request of the window, by the load client's clock. */
  latencies: number[];
  /** Per request kind: answered and failed. */
  kinds: Record<string, { answered: number; errors: number }>;
  /** Broadcasts the window's writes should have brought every subscriber, and what arrived, for writes older than the settle time. */
  expectedMessages: number;
  deliveredMessages: number;
  /** Writes committed in the window (each brings one broadcast to every subscriber). */
  writes: number;
  cpuMs: number;
}

/** `rampMs`: the rate rises linearly from 0 to `rate` over this long, then holds (a soak's ramp-up). */
export type SoakOrder = SoakSetup | { type: 'start'; rampMs: number } | { type: 'sample' } | { type: 'finish'; drainMs: number } | { type: 'stop' };

export type SoakReply =
  | { type: 'ready'; subscribed: number; failed: number; firstError: string | null; joinMs: number }
  | { type: 'started' }
  | ({ type: 'window' } & WindowStats)
  | { type: 'error'; error: string };
