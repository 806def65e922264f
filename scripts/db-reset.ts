import { rmSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../stack/config.ts';
import { DataDirLockedError, dataDirOwner, lockDataDir } from '../stack/db/data-lock.ts';
import { PostgresDatabase } from '../stack/db/postgres.ts';
import { MigrationError, prepareDatabase } from '../stack/db/prepare.ts';
import { openDatabase } from '../stack/server.ts';
import { createLogger } from '../stack/log.ts';
import { BucketSeedError, seedBucketsIfPending } from '../stack/storage/seed-buckets.ts';

/**
 * Every schema the platform bootstrap, the migrations and the CLI created: all but Postgres's
 * own, and every extension first. Roles stay: they are cluster-wide, and bootstrap reuses them.
 */
const DROP_ALL_SCHEMAS = `
do $$
declare
  e record;
  s record;
begin
  -- Extensions first: the ones the stack provides itself (pg_cron, pg_net, supabase_vault) own their
  -- schemas, which cannot be dropped while the extension stands.
  for e in select extname from pg_extension where extname <> 'plpgsql' loop
    execute format('drop extension if exists %I cascade', e.extname);
  end loop;
  for s in
    select nspname from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      and nspname not like 'pg_temp_%' and nspname not like 'pg_toast_temp_%'
  loop
    execute format('drop schema %I cascade', s.nspname);
  end loop;
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    drop publication supabase_realtime;
  end if;
end
$$;
create schema public authorization pg_database_owner;
grant usage on schema public to public;
comment on schema public is 'standard public schema';
`;

/** `npm run db:reset`: the database rebuilt from bootstrap, migrations and seed, as `supabase db reset` does. */
async function main(): Promise<void> {
  const config = await loadConfig(process.env);
  const owner = dataDirOwner(config.dataDir);
  if (owner) {
    throw new DataDirLockedError(`A stack is running on ${config.dataDir} (pid ${owner.pid}${owner.url ? `, ${owner.url}` : ''}): stop it before resetting the database.`);
  }
  const lock = lockDataDir(config.dataDir);
  const log = createLogger('info', 'db:reset');
  try {
    if (config.env.DATABASE_URL) {
      const db = await PostgresDatabase.open(config.env.DATABASE_URL, 1);
      try {
        await db.transaction((tx) => tx.exec(DROP_ALL_SCHEMAS));
      } finally {
        await db.close();
      }
      log.info(`dropped every schema of ${new URL(config.env.DATABASE_URL).pathname.slice(1) || 'the database'}`);
    } else {
      rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
    }
    // Object bytes whose storage.objects rows are gone with the database.
    rmSync(path.join(config.dataDir, 'storage'), { recursive: true, force: true });
    rmSync(path.join(config.dataDir, 'storage-uploads'), { recursive: true, force: true });
    const db = await openDatabase(config);
    try {
      const report = await prepareDatabase(db, config, { seed: true, log });
      // As `supabase db reset`: the buckets of config.toml and their objects after the SQL seed.
      const storage = await seedBucketsIfPending(db, config, log, { seed: true });
      log.info(
        `database rebuilt: ${report.bootstrapped.length} bootstrap files, ${report.migrated.length} migrations, ${report.seeded ? 'seeded' : 'no seed'}` +
          (storage && storage.buckets.length > 0 ? `, ${storage.objects} stored objects` : ''),
      );
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

main().catch((e: unknown) => {
  const known = e instanceof ConfigError || e instanceof MigrationError || e instanceof DataDirLockedError || e instanceof BucketSeedError;
  console.error(`error: ${(e as Error).message}`);
  if (!known && process.env.STACK_LOG === 'debug') console.error(e);
  process.exit(1);
});
