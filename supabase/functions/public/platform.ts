import { serverClient } from '../_shared/database.ts';
import { type ClientRateLimit, type RateLimitAnswer, rateLimitDecision } from '../_shared/rate_limit.ts';

export interface PublicRateLimitEnv {
  url: string;
  serviceRoleKey: string;
  /** Requests a client address may send per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * The per-client limit counted in the database (public.take_public_rate_limit, service role only):
 * one count every worker of the function shares, one round trip per request.
 */
export function databaseRateLimit(env: PublicRateLimitEnv): ClientRateLimit {
  const service = serverClient(env.url, env.serviceRoleKey);
  return {
    async hit(key) {
      const { data, error } = await service.rpc('take_public_rate_limit', { p_client: key, p_limit: env.limit, p_window_seconds: env.windowSeconds });
      if (error) throw new Error(`take_public_rate_limit: ${error.message}`);
      return rateLimitDecision(data as RateLimitAnswer);
    },
  };
}
