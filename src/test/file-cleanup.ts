/**
 * The unit project runs without isolation: a worker keeps its modules and its jsdom from one test
 * file to the next. Whatever a file changed and did not put back would reach the files after it, so
 * at the end of every file this puts back what tests change: real timers, stubbed globals and
 * environment variables, spies, the rendered DOM, web storage and the page's language. The files
 * still clean up after themselves; this is the net under them, not a licence to leave a mess.
 */
import { afterAll, vi } from 'vitest';

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  if (typeof window === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  document.body.innerHTML = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  const { applyLanguage, getLanguage } = await import('../lib/i18n/catalogue');
  if (getLanguage() !== 'en') await applyLanguage('en');
});
