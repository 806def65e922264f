import { buildAppIfStale } from './app-build.ts';
import { startBanner } from './banner.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-lock.ts';
import { MigrationError } from './db/prepare.ts';
import { startStack, type RunningStack } from './server.ts';
import { BucketSeedError } from './storage/seed-buckets.ts';

async function main(): Promise<void> {
  const config = await loadConfig(process.env);
  const lock = lockDataDir(config.dataDir);
  let stack: RunningStack | null = null;
  let stopping = false;
  const stopBuild = new AbortController();
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    stopBuild.abort();
    try {
      await stack?.close();
    } finally {
      lock.release();
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    // The build (a child process) and the database's migrations + seed run side by side; the stack
    // listens once both are done.
    const building = buildAppIfStale(config.projectDir, stopBuild.signal);
    building.catch(() => undefined); // awaited by startStack; this only keeps an early failure of the start from leaving it unhandled
    stack = await startStack({ env: process.env, appBuild: building });
    const build = await building;
    if (build === 'no-app') console.log('[stack] no app to build yet (src/ or index.html missing): serving the APIs only');
    lock.update({ url: stack.url, dbUrl: stack.dbUrl });
    console.log(await startBanner(stack, build === 'no-app' ? '(no app yet)' : `${stack.url}/`));
  } catch (e) {
    stopBuild.abort();
    lock.release();
    throw e;
  }
}

main().catch((e: unknown) => {
  const known = e instanceof ConfigError || e instanceof MigrationError || e instanceof DataDirLockedError || e instanceof BucketSeedError;
  if (known || process.env.STACK_LOG !== 'debug') console.error(`error: ${(e as Error).message}`);
  else console.error(e);
  process.exit(1);
});
