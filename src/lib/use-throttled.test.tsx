// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottled } from './use-throttled';

describe('useThrottled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('gives the first value at once, then the latest once per interval', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottled(value, 1000), { initialProps: { value: 1 } });
    expect(result.current).toBe(1);
    // A change after a quiet spell shows on the next task; changes inside the interval wait for its end.
    rerender({ value: 2 });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(result.current).toBe(2);
    rerender({ value: 3 });
    rerender({ value: 4 });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe(2);
    rerender({ value: 5 });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe(5);
  });

  it('schedules nothing when the value comes back to what is shown, and nothing after unmount', () => {
    const { result, rerender, unmount } = renderHook(({ value }) => useThrottled(value, 1000), { initialProps: { value: 'a' } });
    rerender({ value: 'a' });
    expect(vi.getTimerCount()).toBe(0);
    rerender({ value: 'b' });
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(result.current).toBe('a');
  });
});
