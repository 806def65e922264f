// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { identityKey, pause, useRecordLoad } from './use-record-load';
import { deferred } from '../test/deferred';

describe('useRecordLoad', () => {
  it('keeps the previous key’s record while the next loads, by default', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ key }) => useRecordLoad<string>(key, () => answers[key]!.promise), { initialProps: { key: 'a' } });
    await act(async () => answers.a!.resolve('first'));
    expect(result.current.state).toEqual({ status: 'ready', record: 'first' });
    rerender({ key: 'b' });
    expect(result.current.state).toEqual({ status: 'ready', record: 'first' });
    expect(result.current.answeredKey).toBe('a');
    await act(async () => answers.b!.resolve('second'));
    expect(result.current.state).toEqual({ status: 'ready', record: 'second' });
    expect(result.current.answeredKey).toBe('b');
  });

  it('reads loading for a new key with loadingOnNewKey, and drops the superseded answer', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ key }) => useRecordLoad<string>(key, () => answers[key]!.promise, { loadingOnNewKey: true }), {
      initialProps: { key: 'a' },
    });
    await act(async () => answers.a!.resolve('first'));
    expect(result.current.state).toEqual({ status: 'ready', record: 'first' });
    rerender({ key: 'b' });
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => answers.b!.resolve('second'));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', record: 'second' }));
  });

  it('keeps a fast second answer when the slow first one arrives after it, and aborts the first', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const signals: Record<string, AbortSignal> = {};
    const loaded: (string | null)[] = [];
    const failed: unknown[] = [];
    const { result, rerender } = renderHook(
      ({ key }) =>
        useRecordLoad<string>(
          key,
          (signal) => {
            signals[key] = signal;
            return answers[key]!.promise;
          },
          { onLoad: (record) => loaded.push(record), onError: (error) => failed.push(error) },
        ),
      { initialProps: { key: 'a' } },
    );
    rerender({ key: 'b' });
    expect(signals.a?.aborted).toBe(true);
    expect(signals.b?.aborted).toBe(false);
    await act(async () => answers.b!.resolve('fast second'));
    await act(async () => answers.a!.resolve('slow first'));
    expect(result.current.state).toEqual({ status: 'ready', record: 'fast second' });
    expect(loaded).toEqual(['fast second']);
    expect(failed).toEqual([]);
  });

  it('drops a late failure of a superseded key, and runs onError and onLoad for the current one', async () => {
    const answers: Record<string, { promise: Promise<string | null>; resolve: (v: string | null) => void; reject: (e: unknown) => void }> = {};
    for (const key of ['a', 'b', 'c']) {
      let resolve!: (v: string | null) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<string | null>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      answers[key] = { promise, resolve, reject };
    }
    const loaded: (string | null)[] = [];
    const failed: unknown[] = [];
    const { result, rerender } = renderHook(
      ({ key }) => useRecordLoad<string>(key, () => answers[key]!.promise, { onLoad: (record) => loaded.push(record), onError: (error) => failed.push(error) }),
      { initialProps: { key: 'a' } },
    );
    rerender({ key: 'b' });
    await act(async () => answers.b!.resolve(null));
    await act(async () => answers.a!.reject(new Error('late')));
    expect(result.current.state).toEqual({ status: 'missing' });
    expect(loaded).toEqual([null]);
    expect(failed).toEqual([]);
    rerender({ key: 'c' });
    const boom = new Error('now');
    await act(async () => answers.c!.reject(boom));
    expect(result.current.state).toEqual({ status: 'failed', error: boom });
    expect(failed).toEqual([boom]);
  });

  it('aborts the load when the screen leaves, and takes nothing after', async () => {
    const answer = deferred<string>();
    let seen: AbortSignal | undefined;
    const loaded: (string | null)[] = [];
    const { unmount } = renderHook(() =>
      useRecordLoad<string>('a', (signal) => {
        seen = signal;
        return answer.promise;
      }, { onLoad: (record) => loaded.push(record) }),
    );
    unmount();
    expect(seen?.aborted).toBe(true);
    await act(async () => answer.resolve('late'));
    expect(loaded).toEqual([]);
  });

  it('drops a setRecord made for a key the screen has left', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ key }) => useRecordLoad<string>(key, () => answers[key]!.promise), { initialProps: { key: 'a' } });
    await act(async () => answers.a!.resolve('first'));
    const setForA = result.current.setRecord;
    rerender({ key: 'b' });
    await act(async () => answers.b!.resolve('second'));
    act(() => setForA('first, more'));
    expect(result.current.state).toEqual({ status: 'ready', record: 'second' });
    act(() => result.current.setRecord('second, more'));
    expect(result.current.state).toEqual({ status: 'ready', record: 'second, more' });
  });

  it('loads nothing for a null key and keeps the initial state', () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useRecordLoad<string>(null, () => {
        calls += 1;
        return Promise.resolve('x');
      }, { initial: { status: 'ready', record: 'none' }, loadingOnNewKey: true }),
    );
    expect(result.current.state).toEqual({ status: 'ready', record: 'none' });
    expect(calls).toBe(0);
  });
});

describe('pause', () => {
  it('resolves after the time, or rejects as soon as its signal aborts', async () => {
    vi.useFakeTimers();
    try {
      const done = vi.fn();
      void pause(400, new AbortController().signal).then(done);
      await vi.advanceTimersByTimeAsync(399);
      expect(done).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toHaveBeenCalled();

      const controller = new AbortController();
      const waiting = pause(400, controller.signal);
      controller.abort();
      await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
      await expect(pause(400, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('identityKey', () => {
  it('is the same for one object and differs for another with equal contents', () => {
    const one = { id: 'a' };
    expect(identityKey(one)).toBe(identityKey(one));
    expect(identityKey({ id: 'a' })).not.toBe(identityKey(one));
  });
});
