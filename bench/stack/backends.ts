import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, type RunningStack } from '../../stack/server.ts';

export type BackendName = 'pglite' | 'postgres';
export const BACKENDS: readonly BackendName[] = ['pglite', 'postgres'];

/** The bench's own Supabase project: its migration creates and fills the benchmarked tables. */
export const FIXTURE_DIR = fileURLToPath(new URL('../fixture', import.meta.url));

export interface BenchStack {
  stack: RunningStack;
  /** Stops the stack and whatever was started for it; removes its data. */
  close(): Promise<void>;
}

/** What scripts/pg-cluster.ts provides; declared here so the bench still runs (PGlite only) without it. */
interface ThrowawayCluster {
  url: string;
  stop(): Promise<void>;
}
interface PgClusterModule {
  startThrowawayCluster(): Promise<ThrowawayCluster>;
}

const PG_CLUSTER = fileURLToPath(new URL('../../scripts/pg-cluster.ts', import.meta.url));

/** Why the Postgres backend cannot run here, or null when it can. */
export function postgresUnavailable(): string | null {
  return existsSync(PG_CLUSTER) ? null : 'scripts/pg-cluster.ts is missing: no throwaway Postgres cluster to measure';
}

export interface UnavailableBackend {
  backend: BackendName;
  available: false;
  reason: string;
}

/**
 * Measures each backend in turn (never together: they would share the 2 cores); a backend that
 * cannot be measured is reported with its reason instead of ending the run.
 */
export async function measureEachBackend<R>(
  backends: readonly BackendName[],
  measure: (backend: BackendName) => Promise<R>,
): Promise<Array<R | UnavailableBackend>> {
  const results: Array<R | UnavailableBackend> = [];
  for (const backend of backends) {
    const missing = backend === 'postgres' ? postgresUnavailable() : null;
    if (missing) {
      console.log(`\n${backend}: ${missing}`);
      results.push({ backend, available: false, reason: missing });
      continue;
    }
    try {
      results.push(await measure(backend));
    } catch (e) {
      const reason = `the stack did not start: ${(e as Error).message}`;
      console.error(`${backend}: ${reason}`);
      results.push({ backend, available: false, reason });
    }
  }
  return results;
}

async function startCluster(): Promise<ThrowawayCluster> {
  // A computed specifier: the module is optional, and its absence is reported, not a type error.
  const specifier = new URL('../../scripts/pg-cluster.ts', import.meta.url).href;
  const mod = (await import(specifier)) as PgClusterModule;
  return mod.startThrowawayCluster();
}

/**
 * A stack on the fixture project, on a fresh database: PGlite in memory, or a throwaway Postgres 15
 * cluster. The environment is not read (env: {}), so a DATABASE_URL or STACK_PORT in the caller's
 * shell can neither redirect the bench to another database nor collide with a running `npm start`.
 */
export async function startBenchStack(backend: BackendName): Promise<BenchStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `waypost-bench-${backend}-`));
  const cluster = backend === 'postgres' ? await startCluster() : null;
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  let stack: RunningStack;
  try {
    stack = await startStack({
      env: {},
      overrides: {
        STACK_PORT: 0,
        STACK_DB_PORT: 0,
        STACK_PROJECT_DIR: FIXTURE_DIR,
        STACK_DATA_DIR: dataDir,
        STACK_LOG: 'error',
        ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      },
      inMemory: true,
      seed: false,
      appDir: null,
    });
  } catch (e) {
    await cluster?.stop().catch(() => {});
    removeData();
    throw e;
  }
  return {
    stack,
    async close() {
      try {
        await stack.close();
      } finally {
        await cluster?.stop().catch(() => {});
        removeData();
      }
    },
  };
}
