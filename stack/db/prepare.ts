import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { isPgError, type Database } from './database.ts';
import { splitStatements } from './sql-statements.ts';

const BOOTSTRAP_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap');
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

export interface PrepareReport {
  /** The database had no platform schema before this start. */
  fresh: boolean;
  bootstrapped: string[];
  migrated: string[];
  seeded: boolean;
}

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly cause: unknown,
    sql?: string,
  ) {
    const pg = isPgError(cause) ? ` (SQLSTATE ${cause.code})` : '';
    const line = sql ? errorLine(sql, cause) : null;
    const where = line ? ` at line ${line}` : '';
    super(`Migration ${file} failed${where}: ${(cause as Error).message}${pg}. The database was left as it was before this file.`);
  }
}

/** Postgres reports a syntax error's character position: turn it into the file's line. */
function errorLine(sql: string, cause: unknown): number | null {
  const position = Number((cause as { position?: unknown }).position);
  if (!Number.isInteger(position) || position < 1) return null;
  return sql.slice(0, position - 1).split('\n').length;
}

function sqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** The search_path Supabase's `postgres` role runs migrations and seeds with. */
const MIGRATION_SEARCH_PATH = `select set_config('search_path', '"$user", public, extensions', true)`;

/** The CLI's own bookkeeping tables, created exactly as `supabase db push` creates them. */
const CLI_TABLES = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
  alter table supabase_migrations.schema_migrations add column if not exists statements text[];
  alter table supabase_migrations.schema_migrations add column if not exists name text;
  create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null);
  create table if not exists supabase_migrations.stack_bootstrap (file text primary key, applied_at timestamptz not null default now());
  create table if not exists supabase_migrations.stack_state (key text primary key, value text not null);
`;

/** [db.seed] sql_paths, relative to supabase/, with `*` globs in the file name as the CLI allows. */
export function seedFiles(config: StackConfig): string[] {
  const seed = config.toml.db?.seed;
  if (seed?.enabled === false) return [];
  const files: string[] = [];
  for (const pattern of seed?.sql_paths ?? ['./seed.sql']) {
    const abs = path.resolve(config.supabaseDir, pattern);
    const base = path.basename(abs);
    if (!base.includes('*')) {
      if (existsSync(abs)) files.push(abs);
      continue;
    }
    const re = new RegExp('^' + base.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
    files.push(...sqlFiles(path.dirname(abs)).filter((f) => re.test(f)).map((f) => path.join(path.dirname(abs), f)));
  }
  return [...new Set(files)];
}

/**
 * Brings a database to what `supabase start` would serve: the platform bootstrap (once per file),
 * then pending migrations in order, each in its own transaction and recorded in
 * supabase_migrations.schema_migrations as the CLI records it, then the seed files on a new
 * database, recorded in supabase_migrations.seed_files as the CLI records them.
 *
 * A failing file rolls back alone and stops here: earlier files stay applied (as with the CLI),
 * and a new database whose seed failed is seeded again on the next start.
 */
export async function prepareDatabase(db: Database, config: StackConfig, opts: { seed: boolean; log: Logger }): Promise<PrepareReport> {
  const report: PrepareReport = { fresh: false, bootstrapped: [], migrated: [], seeded: false };
  await db.transaction((tx) => tx.exec(CLI_TABLES));
  const done = new Set((await db.query<{ file: string }>('select file from supabase_migrations.stack_bootstrap')).rows.map((r) => r.file));
  report.fresh = done.size === 0;
  if (report.fresh) {
    // The SQL seed, then the storage buckets of config.toml (stack/storage/seed-buckets.ts), once each.
    await db.query(
      "insert into supabase_migrations.stack_state (key, value) values ('seed', 'pending'), ('buckets', 'pending') on conflict (key) do nothing",
    );
  }
  for (const file of sqlFiles(BOOTSTRAP_DIR)) {
    if (done.has(file)) continue;
    const sql = readFileSync(path.join(BOOTSTRAP_DIR, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.stack_bootstrap (file) values ($1)', [file]);
      });
    } catch (e) {
      throw new MigrationError(`stack/db/bootstrap/${file}`, e, sql);
    }
    report.bootstrapped.push(file);
  }

  const migrationsDir = path.join(config.supabaseDir, 'migrations');
  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  for (const file of sqlFiles(migrationsDir)) {
    const m = MIGRATION_FILE.exec(file);
    if (!m) {
      opts.log.info(`skipping supabase/migrations/${file}: the name does not match <timestamp>_name.sql`);
      continue;
    }
    if (applied.has(m[1])) continue;
    // The CLI trims every statement, so a leading byte-order mark is neither run nor recorded: drop it as well.
    const sql = readFileSync(path.join(migrationsDir, file), 'utf8').replace(/^\uFEFF/u, '');
    try {
      await db.transaction(async (tx) => {
        await tx.query(MIGRATION_SEARCH_PATH);
        // The whole file at once, as one transaction; the history row holds its statements split as the CLI splits them.
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          m[1],
          m[2],
          splitStatements(sql),
        ]);
      });
    } catch (e) {
      throw new MigrationError(`supabase/migrations/${file}`, e, sql);
    }
    report.migrated.push(file);
    opts.log.info(`applied migration ${file}`);
  }

  const pending = await db.query("select 1 from supabase_migrations.stack_state where key = 'seed' and value = 'pending'");
  if (pending.rows.length > 0) {
    const files = opts.seed ? seedFiles(config) : [];
    for (const abs of files) {
      const rel = path.relative(config.projectDir, abs).split(path.sep).join('/');
      const content = readFileSync(abs);
      const sql = content.toString('utf8');
      try {
        await db.transaction(async (tx) => {
          await tx.query(MIGRATION_SEARCH_PATH);
          await tx.exec(sql);
          await tx.query(
            'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
            [rel, createHash('sha256').update(content).digest('hex')],
          );
        });
      } catch (e) {
        throw new MigrationError(rel, e, sql);
      }
      opts.log.info(`seeded ${rel}`);
    }
    report.seeded = files.length > 0;
    await db.query("update supabase_migrations.stack_state set value = 'done' where key = 'seed'");
  }
  if (report.migrated.length > 0 || report.seeded) await db.query("notify pgrst, 'reload schema'");
  return report;
}
