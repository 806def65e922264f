import { useEffect, useState } from 'react';
import { useRecordLoad } from './use-record-load';

export type SharedReadState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: Error };

export interface SharedRead<T> {
  /** The value for `id`: read once per page life (a failed read is tried again next time). */
  load(id: string): Promise<T>;
  /** After a save: the next load reads again, and every screen showing the value re-reads it. */
  invalidate(id: string): void;
  /** The value for `id` in a screen (null: nothing to read yet), and `retry` to read it again. */
  useValue(id: string | null): SharedReadState<T> & { retry: () => void };
}

/**
 * A read every screen of the page shares (the tenant's settings, a user's preferences): one request
 * per id however many screens ask, kept until invalidated. An answer for an id or a version the
 * screen has left is dropped.
 */
export function defineSharedRead<T>(fetch: (id: string) => Promise<T>): SharedRead<T> {
  const cache = new Map<string, Promise<T>>();
  const listeners = new Set<() => void>();

  function load(id: string): Promise<T> {
    let pending = cache.get(id);
    if (!pending) {
      pending = fetch(id);
      pending.catch(() => cache.delete(id));
      cache.set(id, pending);
    }
    return pending;
  }

  function invalidate(id: string): void {
    cache.delete(id);
    for (const listener of listeners) listener();
  }

  function useValue(id: string | null): SharedReadState<T> & { retry: () => void } {
    const [version, setVersion] = useState(0);
    const key = `${id ?? ''}:${version}`;

    useEffect(() => {
      const listener = () => setVersion((n) => n + 1);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    }, []);

    // Keyed by the id and the version: an answer for an id or a version the screen has left is dropped.
    // The value travels boxed, so a null value is an answer rather than 'missing'.
    const { state } = useRecordLoad<{ value: T }>(id ? key : null, () => (id ? load(id).then((value) => ({ value })) : Promise.resolve(null)), { loadingOnNewKey: true });
    const value: SharedReadState<T> =
      id && state.status === 'ready'
        ? { status: 'ready', value: state.record.value }
        : id && state.status === 'failed'
          ? { status: 'failed', error: state.error instanceof Error ? state.error : new Error(String(state.error)) }
          : { status: 'loading' };
    return { ...value, retry: () => setVersion((n) => n + 1) };
  }

  return { load, invalidate, useValue };
}
