import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../stack/server.ts';

/**
 * The product's API tests talk to the stack started here on the product project itself
 * (supabase/: its migrations, seed, functions and config): PGlite in memory, or the Postgres of
 * DATABASE_URL. Every test file shares it, so tests create what they change and never rely on
 * the seed staying as it was.
 */
export interface AppTarget {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** 'stack-pglite' | 'stack-postgres' */
  target: string;
  /** The stack's Postgres connection string (its wire socket on PGlite). */
  dbUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    app: AppTarget;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypost-app-'));
  const stack = await startStack({
    overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_PROJECT_DIR: '.', STACK_DATA_DIR: dataDir, STACK_LOG: 'error' },
    inMemory: true,
    appDir: null,
  });
  project.provide('app', {
    url: stack.url,
    anonKey: stack.config.anonKey,
    serviceRoleKey: stack.config.serviceRoleKey,
    target: stack.db.kind === 'pglite' ? 'stack-pglite' : 'stack-postgres',
    dbUrl: stack.dbUrl,
  });
  return async () => {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
