import { useSyncExternalStore } from 'react';

/** The user's "reduce motion" setting (the OS's, as the browser reports it). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null);

function subscribe(callback: () => void): () => void {
  const list = query();
  list?.addEventListener('change', callback);
  return () => list?.removeEventListener('change', callback);
}

/**
 * Whether the user asked for less motion, followed live. CSS stops the stylesheet's animations and
 * transitions (src/styles/index.css); code that moves things itself (a map's gliding dots) asks this.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false, () => false);
}
