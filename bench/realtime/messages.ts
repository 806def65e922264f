/** The IPC conversation between the bench (parent) and its load client (subscribers.ts, load-client.ts). */
import type { LatencySummary } from '../stack/stats.ts';

export type SubscriptionMode = 'broadcast' | 'changes';

/**
 * What each subscriber runs: 'supabase-js' is the app's client (one RealtimeClient per subscriber);
 * 'protocol' speaks the same Phoenix protocol over its own websocket and decodes only what the
 * latency needs, so that 100 of them in one process cost far less CPU than the server they load.
 */
export type SubscriberClient = 'supabase-js' | 'protocol';

export interface SetupOrder {
  type: 'setup';
  url: string;
  anonKey: string;
  /** One access token per subscriber: each is a distinct authenticated user. */
  tokens: string[];
  mode: SubscriptionMode;
  client: SubscriberClient;
  /** broadcast: the private topic; changes: the table in schema public. */
  target: string;
  /** Where the load client reads the database's clock (clock calibration). */
  dbUrl: string;
  joinTimeoutMs: number;
}

export interface CollectOrder {
  type: 'collect';
  run: string;
  /** Messages expected: rows written x subscribers. */
  expected: number;
  /** Wait at most this long for the missing ones. */
  waitMs: number;
}

export type LoadOrder = SetupOrder | CollectOrder | { type: 'stop' };

export interface ClockCalibration {
  /** Database clock minus this process's clock (ms), from the round trip with the smallest RTT. */
  offsetMs: number;
  rttMs: number;
}

/** Latency percentiles over every expected message: a message that never arrived counts as later than any that did (null). */
export interface CensoredSummary {
  expected: number;
  received: number;
  missing: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  /** Over the received messages only. */
  delivered: LatencySummary | null;
}

export type LoadReply =
  | { type: 'ready'; subscribed: number; failed: number; firstError: string | null; joinMs: number; clock: ClockCalibration }
  /** cpuMs: the load client's CPU time (user + system) since the previous collect or the setup. */
  | { type: 'collected'; run: string; summary: CensoredSummary; waitedMs: number; cpuMs: number }
  | { type: 'error'; error: string };
