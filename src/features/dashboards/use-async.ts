import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: Error };

/** Runs a read when its key changes; `retry` runs it again. Late answers of an older key are dropped. */
export function useAsync<T>(key: string | null, load: () => Promise<T>): AsyncState<T> & { retry: () => void } {
  const [state, setState] = useState<{ key: string | null; attempt: number; value: AsyncState<T> }>({ key, attempt: 0, value: { status: 'loading' } });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) return;
    let active = true;
    load().then(
      (data) => active && setState({ key, attempt, value: { status: 'ready', data } }),
      (error: unknown) => active && setState({ key, attempt, value: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => {
      active = false;
    };
    // `load` is a fresh closure every render; the key names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = state.key === key && state.attempt === attempt ? state.value : ({ status: 'loading' } as const);
  return { ...current, retry };
}
