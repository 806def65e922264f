import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadWithRetry, RELOAD_FLAG_KEY, type LazyRetryEnvironment } from './lazy';

function environment() {
  const items = new Map<string, string>();
  const reload = vi.fn();
  const env: LazyRetryEnvironment = {
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) },
    reload,
  };
  return { env, items, reload };
}

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/Page-abc.js');

describe('loadWithRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries after 1 s, 2 s and 3 s', async () => {
    const { env } = environment();
    const calls: number[] = [];
    const start = Date.now();
    const load = vi.fn(async () => {
      calls.push(Date.now() - start);
      if (calls.length < 4) throw chunkFailure();
      return 'module';
    });
    const result = loadWithRetry(load, env);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1000]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toEqual([0, 1000, 3000]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual([0, 1000, 3000, 6000]);
    await expect(result).resolves.toBe('module');
  });

  it('reloads the page once after the last retry, and never settles while it goes', async () => {
    const { env, items, reload } = environment();
    const load = vi.fn(() => Promise.reject(chunkFailure()));
    let settled = false;
    void loadWithRetry(load, env).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(6000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(items.get(RELOAD_FLAG_KEY)).toBe('1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
  });

  it('throws a ChunkLoadError instead of reloading again (no reload loop)', async () => {
    const { env, items, reload } = environment();
    items.set(RELOAD_FLAG_KEY, '1');
    const result = loadWithRetry(() => Promise.reject(chunkFailure()), env);
    const assertion = expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(6000);
    await assertion;
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears the reload flag once a load succeeds', async () => {
    const { env, items } = environment();
    items.set(RELOAD_FLAG_KEY, '1');
    await expect(loadWithRetry(() => Promise.resolve(1), env)).resolves.toBe(1);
    expect(items.has(RELOAD_FLAG_KEY)).toBe(false);
  });

  it('does not reload without session storage (no loop guard)', async () => {
    const { env, reload } = environment();
    const result = loadWithRetry(() => Promise.reject(chunkFailure()), { ...env, storage: null });
    const assertion = expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(6000);
    await assertion;
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    new ChunkLoadError(new Error('x')),
    new TypeError('Failed to fetch dynamically imported module: /assets/a.js'),
    new TypeError('error loading dynamically imported module: /assets/a.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/a.css'),
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), new TypeError('x is not a function'), 'Failed to fetch dynamically imported module', null])('does not take %s for one', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
