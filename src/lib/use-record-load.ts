import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** One record a screen shows: loading, ready, missing (the read found nothing) or failed. */
export type RecordLoad<T> = { status: 'loading' } | { status: 'ready'; record: T } | { status: 'missing' } | { status: 'failed'; error: unknown };

export interface RecordLoadOptions<T> {
  /** The state before any load, e.g. `{ status: 'ready', record: null }` for a create form that loads nothing. */
  initial?: RecordLoad<T>;
  /** Runs once per failed load (e.g. the spec's error toast); not for an answer that came too late. */
  onError?: (error: unknown) => void;
  /**
   * Runs once per answer the screen takes (null: missing), before it shows; not for an answer that
   * came too late. For what follows an answer beyond showing it: a form field filled from it, a cache written.
   */
  onLoad?: (record: T | null) => void;
  /**
   * While a new key's record is on its way the state reads loading, rather than the previous key's
   * record (a picker's dependent fields: another choice shows loading, not the last choice's lines).
   */
  loadingOnNewKey?: boolean;
}

/**
 * Loads one record for a screen, and `retry` to load it again (back to loading first). `load` runs
 * when `key` changes (e.g. `${tenantId}/${id}`); a null key loads nothing (no tenant yet, or a create
 * form). An answer for a superseded key, or after the screen left, is dropped, and `load`'s signal
 * is aborted then (pass it to the request, or to a wait before it). `setRecord` shows a record the
 * screen got otherwise (an action's answer).
 *
 * This is the one way a screen reads what depends on its inputs: the key names the inputs, so no
 * screen keeps its own "is this answer still wanted" flag. A record that follows its parent's reads
 * keys on `identityKey(parent)`; a read that should run again on a signal (a live change, Retry
 * without the loading state) adds a counter to the key. `setRecord` from a render of another key (an
 * action or a 'show more' that answered after the screen moved on) is dropped like a late answer.
 */
export function useRecordLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T | null>,
  options: RecordLoadOptions<T> = {},
): { state: RecordLoad<T>; answeredKey: string | null; retry: () => void; setRecord: (record: T) => void } {
  // The state, and the key it answers for (null before any answer).
  const [held, setHeld] = useState<{ key: string | null; state: RecordLoad<T> }>(() => ({ key: null, state: options.initial ?? { status: 'loading' } }));
  // Retry: a new attempt runs the load again.
  const [attempt, setAttempt] = useState(0);
  const { onError, onLoad } = options;
  // The key of the last render: a setRecord made for another key comes too late.
  const latestKey = useRef(key);
  useLayoutEffect(() => {
    latestKey.current = key;
  });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (record) => {
        if (controller.signal.aborted) return;
        onLoad?.(record);
        setHeld({ key, state: record === null ? { status: 'missing' } : { status: 'ready', record } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        onError?.(error);
        setHeld({ key, state: { status: 'failed', error } });
      },
    );
    return () => controller.abort();
    // `load`, `onError` and `onLoad` are new closures every render; the key says when the record to load changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const state: RecordLoad<T> = options.loadingOnNewKey && key !== null && held.key !== key ? { status: 'loading' } : held.state;
  return {
    state,
    // The key the state answers (null: none yet, or a retry on its way): a screen that keeps the previous
    // key's record on screen but not its failure asks it.
    answeredKey: held.key,
    retry: () => {
      setHeld({ key: null, state: { status: 'loading' } });
      setAttempt((n) => n + 1);
    },
    // The screen changed the record itself (e.g. an action answered with the new row), unless it has
    // moved to another key since.
    setRecord: (record: T) => {
      if (latestKey.current === key) setHeld({ key, state: { status: 'ready', record } });
    },
  };
}

/**
 * Waits `ms`, or rejects with the signal's reason as soon as it aborts: the typing pause before a
 * search a load makes (`await pause(debounceMs, signal)` first), so a key replaced within the pause
 * sends no request at all.
 */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    function stop() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', stop, { once: true });
  });
}

const identities = new WeakMap<object, string>();
let nextIdentity = 0;

/**
 * A key that changes when `value` is another object (not when its contents are equal): for a load
 * that follows a record its parent reads again (each read answers a new object).
 */
export function identityKey(value: object): string {
  let found = identities.get(value);
  if (found === undefined) {
    nextIdentity += 1;
    found = `#${nextIdentity}`;
    identities.set(value, found);
  }
  return found;
}
