import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, type RunningStack } from '../stack/server.ts';

const PROJECT_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The product's stack as the product benches measure it, and how to take it all down again. */
export interface AppStack {
  stack: RunningStack;
  /** Stops the stack and the cluster and removes the data directory; never throws. */
  close(): Promise<void>;
}

/**
 * The app project's stack (its migrations and seed) on a throwaway PostgreSQL 15 cluster, on free
 * ports, with a data directory of its own under the system's temporary folder; `serveApp` also serves
 * the built app (dist/) as `npm start` does. Callers check `postgresUnavailable()` first.
 */
export async function startAppStack(name: string, { serveApp }: { serveApp: boolean }): Promise<AppStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `waypost-bench-${name}-`));
  // scripts/ is not part of the bench's type-checked project: loaded at run time, typed by what is used.
  const specifier = new URL('../scripts/pg-cluster.ts', import.meta.url).href;
  const { startThrowawayCluster } = (await import(specifier)) as { startThrowawayCluster(): Promise<{ url: string; stop(): Promise<void> }> };
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  let cluster: { url: string; stop(): Promise<void> } | null = null;
  try {
    cluster = await startThrowawayCluster();
    const stack = await startStack({
      env: {},
      overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_PROJECT_DIR: PROJECT_DIR, STACK_DATA_DIR: dataDir, STACK_LOG: 'error', DATABASE_URL: cluster.url },
      inMemory: true,
      seed: true,
      appDir: serveApp ? path.join(PROJECT_DIR, 'dist') : null,
    });
    const running = cluster;
    return {
      stack,
      async close() {
        await stack.close().catch(() => {});
        await running.stop().catch(() => {});
        removeDataDir();
      },
    };
  } catch (error) {
    await cluster?.stop().catch(() => {});
    removeDataDir();
    throw error;
  }
}
