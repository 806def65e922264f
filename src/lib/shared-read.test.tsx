// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineSharedRead } from './shared-read';
import { deferred } from '../test/deferred';

describe('defineSharedRead', () => {
  afterEach(cleanup);

  it('reads once per id for every screen, again after invalidate, and again after a failure', async () => {
    let answer = 'v1';
    const fetch = vi.fn(async (id: string) => `${id}:${answer}`);
    const read = defineSharedRead(fetch);
    const first = renderHook(() => read.useValue('acme'));
    const second = renderHook(() => read.useValue('acme'));
    expect(first.result.current.status).toBe('loading');
    await waitFor(() => expect(first.result.current).toMatchObject({ status: 'ready', value: 'acme:v1' }));
    await waitFor(() => expect(second.result.current).toMatchObject({ status: 'ready', value: 'acme:v1' }));
    expect(fetch).toHaveBeenCalledTimes(1);

    answer = 'v2';
    act(() => read.invalidate('acme'));
    await waitFor(() => expect(first.result.current).toMatchObject({ status: 'ready', value: 'acme:v2' }));
    await waitFor(() => expect(second.result.current).toMatchObject({ status: 'ready', value: 'acme:v2' }));
    expect(fetch).toHaveBeenCalledTimes(2);

    fetch.mockRejectedValueOnce(new Error('offline'));
    const other = renderHook(() => read.useValue('globex'));
    await waitFor(() => expect(other.result.current).toMatchObject({ status: 'failed', error: new Error('offline') }));
    act(() => other.result.current.retry());
    await waitFor(() => expect(other.result.current).toMatchObject({ status: 'ready', value: 'globex:v2' }));
  });

  it('reads nothing without an id', () => {
    const fetch = vi.fn(async () => 'x');
    const { result } = renderHook(() => defineSharedRead(fetch).useValue(null));
    expect(result.current.status).toBe('loading');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('defineSharedRead: a stale answer', () => {
  afterEach(cleanup);

  it('is dropped when the screen has moved to another id, and the new id reads loading until its own answer', async () => {
    const answers = { slow: deferred<string>(), fast: deferred<string>() };
    const read = defineSharedRead((id: string) => answers[id as keyof typeof answers].promise);
    const { result, rerender } = renderHook(({ id }) => read.useValue(id), { initialProps: { id: 'slow' } });
    rerender({ id: 'fast' });
    await act(async () => answers.slow.resolve('slow value'));
    expect(result.current.status).toBe('loading');
    await act(async () => answers.fast.resolve('fast value'));
    expect(result.current).toMatchObject({ status: 'ready', value: 'fast value' });
  });

  it('reads loading again when the id goes away', async () => {
    const read = defineSharedRead(async (id: string) => `${id}!`);
    const { result, rerender } = renderHook(({ id }: { id: string | null }) => read.useValue(id), { initialProps: { id: 'acme' as string | null } });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', value: 'acme!' }));
    rerender({ id: null });
    expect(result.current.status).toBe('loading');
  });
});
