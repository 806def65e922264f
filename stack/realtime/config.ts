import { z } from 'zod';
import { ConfigError } from '../config.ts';

/**
 * The per-connection limits of the Realtime server, read from config.toml's [realtime] table.
 * Names and defaults are Supabase Realtime's tenant settings (max_events_per_second, ...); the
 * stack applies them per websocket connection, so one noisy client never throttles the others.
 * `heartbeat_timeout_ms` is Phoenix's websocket idle timeout (60 s): a socket that sends nothing,
 * not even a heartbeat, for that long is closed.
 */
const LimitsSchema = z
  .object({
    enabled: z.boolean().default(true),
    max_channels_per_client: z.number().int().positive().default(100),
    max_events_per_second: z.number().int().positive().default(100),
    max_payload_size_in_kb: z.number().int().positive().default(3000),
    max_presence_events_per_second: z.number().int().positive().default(1000),
    max_client_presence_events_per_window: z.number().int().positive().default(5),
    client_presence_window_ms: z.number().int().positive().default(30_000),
    heartbeat_timeout_ms: z.number().int().positive().default(60_000),
  })
  .passthrough();

export interface RealtimeLimits {
  /** [realtime] enabled = false: the CLI runs no Realtime, so nothing answers at /realtime/v1. */
  enabled: boolean;
  maxChannelsPerClient: number;
  maxEventsPerSecond: number;
  /** Bytes: max_payload_size_in_kb * 1000, as Supabase counts it. */
  maxPayloadBytes: number;
  maxPresenceEventsPerSecond: number;
  clientPresenceMaxCalls: number;
  clientPresenceWindowMs: number;
  heartbeatTimeoutMs: number;
}

export function readRealtimeLimits(section: Record<string, unknown>): RealtimeLimits {
  const parsed = LimitsSchema.safeParse(section);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  realtime.${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`supabase/config.toml [realtime] is invalid:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    enabled: c.enabled,
    maxChannelsPerClient: c.max_channels_per_client,
    maxEventsPerSecond: c.max_events_per_second,
    maxPayloadBytes: c.max_payload_size_in_kb * 1000,
    maxPresenceEventsPerSecond: c.max_presence_events_per_second,
    clientPresenceMaxCalls: c.max_client_presence_events_per_window,
    clientPresenceWindowMs: c.client_presence_window_ms,
    heartbeatTimeoutMs: c.heartbeat_timeout_ms,
  };
}
