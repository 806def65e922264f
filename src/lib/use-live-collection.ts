import { useAtomValue, useStore } from 'jotai';
import { startTransition, useEffect, useState } from 'react';
import { atom, type Atom } from 'jotai/vanilla';
import { createLiveRegistry, type ConnectionState, type LiveRegistry, type LiveSource, type Row, type Rows, type Store } from './realtime';
import { supabase } from './supabase';

interface LiveContent<T extends Row> {
  rows: Rows<T>;
  fetching: boolean;
}
const EMPTY_ROWS_ATOM = atom<Rows<Row>>(new Map());
const NOT_FETCHING = atom(false);
const EMPTY_CONTENT = atom<LiveContent<Row>>({ rows: new Map(), fetching: false });
const contents = new WeakMap<Atom<unknown>, Atom<LiveContent<Row>>>();

/** A topic's rows and fetching flag as one value (one derived atom per topic, kept while the topic is). */
function contentAtom<T extends Row>(topic: { rows: Atom<Rows<T>>; fetching: Atom<boolean> }): Atom<LiveContent<T>> {
  let content = contents.get(topic.rows);
  if (!content) {
    content = atom((get) => ({ rows: get(topic.rows) as Rows<Row>, fetching: get(topic.fetching) }));
    contents.set(topic.rows, content);
  }
  return content as unknown as Atom<LiveContent<T>>;
}

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

/** The store's registry and the store: for a hook that listens to a varying set of topics (one channel per topic, shared with useLiveCollection). */
export function useLiveRegistry(): { registry: LiveRegistry; store: Store } {
  const store = useStore();
  return { registry: registryFor(store), store };
}

export interface LiveCollection<T extends Row> {
  rows: Rows<T>;
  state: ConnectionState;
  error: Error | null;
  /** A read is in flight (the first one, a reconnect's or a retry's). */
  fetching: boolean;
  /** The ids the database deleted (LiveTopic.deleted): a row gone from `rows` is a deletion when here, else it only left the working set. */
  deleted: ReadonlySet<string>;
  /** Reads the rows again: the way out of a failed read. */
  refetch: () => void;
}

export interface LiveCollectionOptions {
  /**
   * Show row changes at most every `batchMs`, on an animation frame, instead of on every broadcast: a
   * screen whose render is costly (the dispatcher's board, with dozens of changes a second) renders
   * once for all that arrived meanwhile. The atom itself stays current; only this screen's view waits.
   */
  batchMs?: number;
}

const nextFrame: (run: () => void) => () => void =
  typeof requestAnimationFrame === 'function'
    ? (run) => {
        const id = requestAnimationFrame(run);
        return () => cancelAnimationFrame(id);
      }
    : (run) => {
        const id = setTimeout(run, 16);
        return () => clearTimeout(id);
      };

/** An atom's value, taken from the store at most every `batchMs` (on the next animation frame after it); idle when `batchMs` is 0. */
function useBatchedAtomValue<V>(store: Store, value: Atom<V>, batchMs: number): V {
  const [shown, setShown] = useState(() => ({ atom: value, value: store.get(value) }));
  useEffect(() => {
    if (batchMs <= 0) return;
    let cancel: (() => void) | null = null;
    let last = 0;
    const flush = () => {
      cancel = null;
      last = performance.now();
      // A transition: React renders it in slices of a few milliseconds and yields between them, so
      // a large screen's re-render never blocks input or the next frame for its whole length.
      startTransition(() => setShown({ atom: value, value: store.get(value) }));
    };
    const schedule = () => {
      if (cancel) return;
      const wait = last + batchMs - performance.now();
      if (wait <= 0) {
        cancel = nextFrame(flush);
        return;
      }
      const timer = setTimeout(() => {
        cancel = nextFrame(flush);
      }, wait);
      cancel = () => clearTimeout(timer);
    };
    const unsubscribe = store.sub(value, schedule);
    // A change between this render and the subscription is not lost.
    if (store.get(value) !== shown.value) schedule();
    return () => {
      unsubscribe();
      cancel?.();
    };
    // `shown` is read once at subscription time on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, value, batchMs]);
  // Another topic's atom (a new tenant): its value now, not the previous topic's rows.
  return shown.atom === value ? shown.value : store.get(value);
}

/**
 * The live rows of one entity of one tenant, and the connection state for a LiveIndicator.
 * `source` must be a module-level constant (declare it in the feature's atoms.ts): it names the
 * topic's one channel, shared by every component that shows the entity.
 */
export function useLiveCollection<T extends Row>(source: LiveSource<T>, tenantId: string, options: LiveCollectionOptions = {}): LiveCollection<T> {
  const store = useStore();
  const registry = registryFor(store);
  const topic = registry.topic(source, tenantId);
  useEffect(() => registry.acquire(source, tenantId), [registry, source, tenantId]);
  const batchMs = options.batchMs ?? 0;
  // Batched, the rows and whether a read is in flight are taken together, so a finished first read
  // never shows as an empty list for a frame.
  const batched = useBatchedAtomValue(store, batchMs > 0 ? contentAtom(topic) : EMPTY_CONTENT, batchMs) as LiveContent<T>;
  const rows = useAtomValue(batchMs > 0 ? EMPTY_ROWS_ATOM : topic.rows) as Rows<T>;
  const fetching = useAtomValue(batchMs > 0 ? NOT_FETCHING : topic.fetching);
  return {
    rows: batchMs > 0 ? batched.rows : rows,
    state: useAtomValue(topic.state),
    error: useAtomValue(topic.error),
    fetching: batchMs > 0 ? batched.fetching : fetching,
    deleted: useAtomValue(topic.deleted),
    refetch: () => registry.refetch(source, tenantId),
  };
}
