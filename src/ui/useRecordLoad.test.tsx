// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { identityKey, useRecordLoad } from './useRecordLoad';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('useRecordLoad', () => {
  it('keeps the previous key’s record while the next loads, by default', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ key }) => useRecordLoad<string>(key, () => answers[key]!.promise), { initialProps: { key: 'a' } });
    await act(async () => answers.a!.resolve('first'));
    expect(result.current.state).toEqual({ status: 'ready', record: 'first' });
    rerender({ key: 'b' });
    expect(result.current.state).toEqual({ status: 'ready', record: 'first' });
    await act(async () => answers.b!.resolve('second'));
    expect(result.current.state).toEqual({ status: 'ready', record: 'second' });
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

describe('identityKey', () => {
  it('is the same for one object and differs for another with equal contents', () => {
    const one = { id: 'a' };
    expect(identityKey(one)).toBe(identityKey(one));
    expect(identityKey({ id: 'a' })).not.toBe(identityKey(one));
  });
});
