import { guardedFetch, type GuardOptions } from '../_shared/net_guard.ts';
import { serverClient } from '../_shared/database.ts';
import type { AttemptResult, ClaimedDelivery, DispatchDeps } from './handler.ts';

export interface PlatformEnv {
  url: string;
  serviceRoleKey: string;
  guard: GuardOptions;
}

/** How long a receiver has to answer a delivery. */
export const DELIVERY_TIMEOUT_MS = 15_000;

export function platformDeps(env: PlatformEnv): Omit<DispatchDeps, 'log'> {
  const service = serverClient(env.url, env.serviceRoleKey);
  return {
    serviceRoleKey: env.serviceRoleKey,
    async enter() {
      const { data, error } = await service.rpc('webhook_dispatch_enter', {});
      if (error) throw error;
      return (data as string | null) ?? null;
    },
    async leave(token) {
      const { error } = await service.rpc('webhook_dispatch_leave', { token });
      if (error) throw error;
    },
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
