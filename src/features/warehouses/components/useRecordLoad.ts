import { useEffect, useState } from 'react';

export type RecordLoad<T> = { status: 'loading' } | { status: 'ready'; record: T } | { status: 'missing' } | { status: 'failed'; error: unknown };

/**
 * Loads one record for a screen: loading, ready, missing (the read found nothing) or failed, and
 * `retry` to load again. `load` runs again when `key` changes; a superseded answer is dropped.
 */
export function useRecordLoad<T>(key: string | null, load: () => Promise<T | null>): { state: RecordLoad<T>; retry: () => void } {
  const [state, setState] = useState<RecordLoad<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    load().then(
      (record) => {
        if (!cancelled) setState(record === null ? { status: 'missing' } : { status: 'ready', record });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', error });
      },
    );
    return () => {
      cancelled = true;
    };
    // `load` is a new closure every render; the key says when the record to load changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
