import { createElement, lazy, type ComponentType } from 'react';

/** Spec sections 4 and 9: a lazy page is loaded again 3 times, after 1 s, 2 s and 3 s, then the page reloads once. */
export const RETRY_DELAYS_MS = [1000, 2000, 3000] as const;

/** sessionStorage flag: set before the one reload, cleared after a successful load, so a page that keeps failing cannot reload in a loop. */
export const RELOAD_FLAG_KEY = 'waypost:chunk-reload';

/** A lazy chunk that still did not load after the retries and the reload. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super('Failed to load page resources.', { cause });
  }
}

const CHUNK_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading (css )?chunk [\w-]+ failed/i,
  /unable to preload css/i,
  /failed to load module script/i,
];

/** Whether an error means a script or stylesheet of the app could not be loaded (a deploy replaced it, the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof ChunkLoadError || error.name === 'ChunkLoadError') return true;
  return CHUNK_MESSAGES.some((pattern) => pattern.test(error.message));
}

export interface LazyRetryEnvironment {
  wait: (ms: number) => Promise<void>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
}

const browserEnvironment = (): LazyRetryEnvironment => ({
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  storage: (() => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  })(),
  reload: () => window.location.reload(),
});

/**
 * Loads a module with the retry schedule; then, once per browser tab session, reloads the page
 * (a new deploy's index.html names the new chunks) and never settles; if the reload already
 * happened, rejects with a ChunkLoadError for the error boundary's screen.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, env: LazyRetryEnvironment = browserEnvironment()): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
    if (attempt > 0) await env.wait(RETRY_DELAYS_MS[attempt - 1] as number);
    try {
      const module = await load();
      env.storage?.removeItem(RELOAD_FLAG_KEY);
      return module;
    } catch (error) {
      lastError = error;
    }
  }
  let reloaded = true;
  try {
    reloaded = env.storage?.getItem(RELOAD_FLAG_KEY) === '1';
  } catch {
    // Without storage there is no loop guard: do not reload.
  }
  if (!reloaded && env.storage) {
    env.storage.setItem(RELOAD_FLAG_KEY, '1');
    env.reload();
    // The page is going away; keep the Suspense fallback up until it does.
    return new Promise<T>(() => {});
  }
  throw new ChunkLoadError(lastError);
}

// Lazy components whose load failed, waiting for 'Try Again' (or a navigation) to load afresh.
const failedResets = new Set<() => void>();

/** Lets every lazy component that failed load again on its next render (the error screen's 'Try Again'). */
export function retryFailedLazyComponents(): void {
  for (const reset of failedResets) reset();
  failedResets.clear();
}

/**
 * React.lazy with the retry schedule and the guarded reload. React.lazy remembers a failure for
 * good, so a failed component is swapped for a fresh lazy one, but only when
 * retryFailedLazyComponents() asks: swapping at once would let React's re-render after an error
 * start another load instead of showing the error.
 */
export function lazyWithRetry<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, env?: LazyRetryEnvironment): ComponentType<P> {
  const create = (): ComponentType<P> =>
    lazy(() =>
      loadWithRetry(load, env).catch((error: unknown) => {
        failedResets.add(() => {
          current = create();
        });
        throw error;
      }),
    ) as unknown as ComponentType<P>;
  let current = create();
  function LazyWithRetry(props: P) {
    return createElement(current, props);
  }
  return LazyWithRetry;
}
