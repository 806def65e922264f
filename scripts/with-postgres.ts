import { spawn } from 'node:child_process';
import { startThrowawayCluster } from './pg-cluster.ts';

/**
 * `tsx scripts/with-postgres.ts <command...>`: runs the command against a throwaway Postgres 15
 * (DATABASE_URL set), then removes the cluster, whatever happens; exits with the command's code.
 */
async function main(): Promise<number> {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) {
    console.error('usage: tsx scripts/with-postgres.ts <command> [args...]');
    return 2;
  }
  const cluster = await startThrowawayCluster();
  console.error(`[with-postgres] throwaway PostgreSQL at ${cluster.url}`);
  try {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const code = await new Promise<number>((resolve) => {
      child.once('error', (e) => {
        console.error(`[with-postgres] cannot run ${cmd}: ${e.message}`);
        resolve(127);
      });
      child.once('exit', (c, signal) => resolve(c ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1)));
    });
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
    return code;
  } finally {
    await cluster.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`[with-postgres] ${(e as Error).message}`);
    process.exit(1);
  },
);
