import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startStack, type RunningStack } from '../../stack/server.ts';

/**
 * The conformance suite talks to a Supabase: a real one when SUPABASE_URL and its keys are set
 * (run `supabase start` in tests/stack/fixture first), otherwise a stack started here on the
 * fixture project: PGlite in memory, or the Postgres of DATABASE_URL.
 */
export interface StackTarget {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** 'stack-pglite' | 'stack-postgres' | 'supabase' */
  target: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackTarget;
  }
}

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.SUPABASE_URL) {
    const anonKey = process.env.SUPABASE_ANON_KEY;
    const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
    if (!anonKey || !serviceRoleKey) throw new Error('SUPABASE_URL is set: SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are needed too');
    project.provide('stack', { url: process.env.SUPABASE_URL, anonKey, serviceRoleKey, target: 'supabase' });
    return async () => {};
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypost-conformance-'));
  const stack: RunningStack = await startStack({
    overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_PROJECT_DIR: fixtureDir, STACK_DATA_DIR: dataDir, STACK_LOG: (process.env.STACK_TEST_LOG as 'silent' | 'error' | 'info' | 'debug' | undefined) ?? 'error', STACK_FUNCTION_TIMEOUT_MS: 5_000 },
    inMemory: true,
    appDir: null,
  });
  project.provide('stack', {
    url: stack.url,
    anonKey: stack.config.anonKey,
    serviceRoleKey: stack.config.serviceRoleKey,
    target: stack.db.kind === 'pglite' ? 'stack-pglite' : 'stack-postgres',
  });
  return async () => {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
