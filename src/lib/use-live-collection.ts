import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { createLiveRegistry, type ConnectionState, type LiveRegistry, type LiveSource, type Row, type Rows, type Store } from './realtime';
import { supabase } from './supabase';

// One registry per jotai store: a Provider with its own store (tests, a signed-in user's subtree) gets its own channels.
const registries = new WeakMap<Store, LiveRegistry>();

function registryFor(store: Store): LiveRegistry {
  let registry = registries.get(store);
  if (!registry) {
    // A short linger keeps the channel across StrictMode's remount and a quick navigation back.
    registry = createLiveRegistry(supabase, store, { lingerMs: 2_000 });
    registries.set(store, registry);
  }
  return registry;
}

export interface LiveCollection<T extends Row> {
  rows: Rows<T>;
  state: ConnectionState;
  error: Error | null;
  /** A read is in flight (the first one, a reconnect's or a retry's). */
  fetching: boolean;
  /** Reads the rows again: the way out of a failed read. */
  refetch: () => void;
}

/**
 * The live rows of one entity of one tenant, and the connection state for a LiveIndicator.
 * `source` must be a module-level constant (declare it in the feature's atoms.ts): it names the
 * topic's one channel, shared by every component that shows the entity.
 */
export function useLiveCollection<T extends Row>(source: LiveSource<T>, tenantId: string): LiveCollection<T> {
  const registry = registryFor(useStore());
  const topic = registry.topic(source, tenantId);
  useEffect(() => registry.acquire(source, tenantId), [registry, source, tenantId]);
  return {
    rows: useAtomValue(topic.rows),
    state: useAtomValue(topic.state),
    error: useAtomValue(topic.error),
    fetching: useAtomValue(topic.fetching),
    refetch: () => registry.refetch(source, tenantId),
  };
}
