import { useAtomValue } from 'jotai';
import { useEffect, useSyncExternalStore } from 'react';
import { resolveColorMode, settingsAtom } from './settings';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystemMode(callback: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches;

/** The colour mode actually shown, following the OS while the setting is 'system'. */
export function useResolvedColorMode(): 'light' | 'dark' {
  const { mode } = useAtomValue(settingsAtom);
  const prefersDark = useSyncExternalStore(subscribeToSystemMode, systemPrefersDark, () => false);
  return resolveColorMode(mode, prefersDark);
}

/** Puts the dark class on <html> (Tailwind's dark variant, src/styles/index.css). Mount once, at the top. */
export function useApplySettings(): void {
  const resolved = useResolvedColorMode();
  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolved === 'dark');
  }, [resolved]);
}
