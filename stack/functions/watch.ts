import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log.ts';

/**
 * Calls back with the names of the functions whose files changed, or null when something all
 * functions depend on changed (_shared, deno.json, .env). Debounced: an editor's save is one event.
 */
export function watchFunctions(functionsDir: string, onChange: (names: Set<string> | null) => void, log: Logger): () => void {
  let pending: Set<string> | null | undefined;
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher;
  try {
    watcher = watch(functionsDir, { recursive: true });
  } catch (e) {
    log.error(`functions: cannot watch ${functionsDir}`, e);
    return () => {};
  }
  watcher.on('change', (_event, filename) => {
    const first = filename ? String(filename).split(path.sep)[0] : '';
    const dir = first && !first.startsWith('_') && !first.startsWith('.') && !first.includes('.') ? first : null;
    if (dir === null) pending = null;
    else if (pending !== null) (pending ??= new Set()).add(dir);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const names = pending;
      pending = undefined;
      if (names !== undefined) onChange(names);
    }, 100);
  });
  watcher.on('error', (e) => log.error('functions: file watcher failed', e));
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
