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
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
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
    const build = buildAppIfStale(config.projectDir);
    if (build === 'no-app') console.log('[stack] no app to build yet (src/ or index.html missing): serving the APIs only');
    stack = await startStack({ env: process.env });
    lock.update({ url: stack.url, dbUrl: stack.dbUrl });
    console.log(await startBanner(stack, build === 'no-app' ? '(no app yet)' : `${stack.url}/`));
  } catch (e) {
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
