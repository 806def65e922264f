import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../stack/config.ts';
import { PostgresDatabase } from '../stack/db/postgres.ts';
import { prepareDatabase } from '../stack/db/prepare.ts';
import { createLogger } from '../stack/log.ts';
import { startThrowawayCluster } from './pg-cluster.ts';

/**
 * `npm run test:db`: the pgTAP files of supabase/tests, run with pg_prove as `supabase test db`
 * runs them, against a throwaway PostgreSQL 15 prepared exactly as the stack prepares its
 * database (bootstrap, migrations, seed).
 */
async function main(): Promise<number> {
  const which = spawnSync('pg_prove', ['--version'], { encoding: 'utf8' });
  if (which.error || which.status !== 0) {
    console.error('error: pg_prove not found. Install Debian\'s postgresql-15-pgtap and libtap-parser-sourcehandler-pgtap-perl (apt-get install -y postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl).');
    return 1;
  }
  const config = await loadConfig(process.env, { DATABASE_URL: undefined });
  const testsDir = path.join(config.supabaseDir, 'tests');
  const files = existsSync(testsDir) ? readdirSync(testsDir).filter((f) => f.endsWith('.sql')).sort() : [];
  if (files.length === 0) {
    console.error(`error: no pgTAP files in ${testsDir}`);
    return 1;
  }
  const cluster = await startThrowawayCluster();
  try {
    const db = await PostgresDatabase.open(cluster.url);
    try {
      await prepareDatabase(db, config, { seed: true, log: createLogger('error') });
      await db.exec('create extension if not exists pgtap with schema extensions');
    } finally {
      await db.close();
    }
    const url = new URL(cluster.url);
    const r = spawnSync(
      'pg_prove',
      ['--host', url.hostname, '--port', url.port, '--username', 'postgres', '--dbname', 'postgres', '--ext', '.sql', ...files.map((f) => path.join(testsDir, f))],
      { stdio: 'inherit' },
    );
    return r.status ?? 1;
  } finally {
    await cluster.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`error: ${(e as Error).message}`);
    process.exit(1);
  },
);
