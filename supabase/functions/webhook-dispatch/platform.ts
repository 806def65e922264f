import { createClient } from '@supabase/supabase-js';
import { guardedFetch, type GuardOptions } from '../_shared/net_guard.ts';
import type { AttemptResult, ClaimedDelivery, DispatchDeps } from './handler.ts';

export interface PlatformEnv {
  url: string;
  serviceRoleKey: string;
  guard: GuardOptions;
}

/** How long a receiver has to answer a delivery. */
export const DELIVERY_TIMEOUT_MS = 15_000;
const CLIENT_OPTIONS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function platformDeps(env: PlatformEnv): Omit<DispatchDeps, 'log'> {
  const service = createClient(env.url, env.serviceRoleKey, CLIENT_OPTIONS);
  return {
    serviceRoleKey: env.serviceRoleKey,
    async claim(batch) {
      const { data, error } = await service.rpc('webhook_dispatch_claim', { batch });
      if (error) throw error;
      return (data ?? []) as ClaimedDelivery[];
    },
    async record(results: AttemptResult[]) {
      const { error } = await service.rpc('webhook_dispatch_record', { results });
      if (error) throw error;
    },
    send: (url, init) => guardedFetch(url, { ...init, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) }, env.guard),
  };
}
