import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../stack/config.ts';
import { lockDataDir } from '../../stack/db/data-lock.ts';
import { MigrationError } from '../../stack/db/prepare.ts';
import { openDatabase, startStack, type RunningStack } from '../../stack/server.ts';
import { startThrowawayCluster, type ThrowawayCluster } from '../../scripts/pg-cluster.ts';

/**
 * The stack's life on disk: first start, restart, db:reset, a failing migration. Each test owns its
 * stacks and data dirs; with DATABASE_URL set (the Postgres run) each owns a throwaway cluster
 * instead, so the shared conformance database is never reset under other tests.
 */
const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const onPostgres = Boolean(process.env.DATABASE_URL);
const DEMO_COUNT = 10;

let cluster: ThrowawayCluster | null = null;
const tempDirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

function stackEnv(dataDir: string, projectDir = repoDir): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { STACK_DATA_DIR: dataDir, STACK_PROJECT_DIR: projectDir, STACK_LOG: 'error', STACK_PORT: '0', STACK_DB_PORT: '0' };
  if (cluster) env.DATABASE_URL = cluster.url;
  return env;
}

function start(dataDir: string, projectDir = repoDir): Promise<RunningStack> {
  return startStack({ env: stackEnv(dataDir, projectDir), appDir: null });
}

function run(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: repoDir, env: { ...process.env, ...env, DATABASE_URL: env.DATABASE_URL ?? '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function demoUsers(stack: RunningStack): Promise<number> {
  const r = await stack.db.query<{ n: number }>("select count(*)::int as n from auth.users where email like '%@acme.test' or email like '%@globex.test'");
  return r.rows[0].n;
}

beforeAll(async () => {
  if (onPostgres) cluster = await startThrowawayCluster();
});

afterAll(async () => {
  await cluster?.stop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe.sequential('the stack on a data dir', { timeout: 120_000 }, () => {
  const dataDir = tempDir('waypost-lifecycle-');

  it('comes up on an empty data dir, bootstraps, migrates and seeds', async () => {
    const stack = await start(dataDir);
    try {
      expect(stack.prepared.fresh).toBe(true);
      expect(stack.prepared.bootstrapped).toEqual(expect.arrayContaining(['00_roles.sql', '30_realtime.sql']));
      expect(stack.prepared.migrated).toContain('20261121000000_platform_conventions.sql');
      expect(stack.prepared.seeded).toBe(true);
      expect(await demoUsers(stack)).toBe(DEMO_COUNT);
      // Every file of config.toml's sql_paths (seed.sql, then seeds/*.sql in name order), recorded as the CLI records them.
      const seedPaths = ['supabase/seed.sql', ...readdirSync(path.join(repoDir, 'supabase/seeds')).filter((f) => f.endsWith('.sql')).sort().map((f) => `supabase/seeds/${f}`)];
      const seed = await stack.db.query<{ path: string; hash: string }>('select path, hash from supabase_migrations.seed_files order by path');
      expect(seed.rows).toEqual(seedPaths.map((path) => ({ path, hash: expect.stringMatching(/^[0-9a-f]{64}$/) })));
      await stack.db.query("update auth.users set raw_user_meta_data = raw_user_meta_data || '{\"probe\":\"kept\"}' where email = 'admin@acme.test'");
    } finally {
      await stack.close();
    }
  });

  it('keeps its data across a restart, without migrating or seeding again', async () => {
    const stack = await start(dataDir);
    try {
      expect(stack.prepared).toMatchObject({ fresh: false, bootstrapped: [], migrated: [], seeded: false });
      const r = await stack.db.query<{ probe: string }>("select raw_user_meta_data ->> 'probe' as probe from auth.users where email = 'admin@acme.test'");
      expect(r.rows[0].probe).toBe('kept');
      expect(await demoUsers(stack)).toBe(DEMO_COUNT);
    } finally {
      await stack.close();
    }
  });

  it('db:reset refuses while a stack holds the data dir', async () => {
    const lock = lockDataDir(dataDir);
    try {
      const r = await run('scripts/db-reset.ts', stackEnv(dataDir));
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('stop it before resetting the database');
    } finally {
      lock.release();
    }
  });

  it('db:reset restores the seed', async () => {
    const r = await run('scripts/db-reset.ts', stackEnv(dataDir));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const stack = await start(dataDir);
    try {
      const probe = await stack.db.query<{ probe: string | null }>("select raw_user_meta_data ->> 'probe' as probe from auth.users where email = 'admin@acme.test'");
      expect(probe.rows[0].probe).toBeNull();
      expect(await demoUsers(stack)).toBe(DEMO_COUNT);
    } finally {
      await stack.close();
    }
  });
});

describe('a failing migration', { timeout: 120_000 }, () => {
  it('stops start-up naming the file and the error, and leaves the database as it was', async () => {
    const projectDir = tempDir('waypost-badmigration-');
    const migrations = path.join(projectDir, 'supabase', 'migrations');
    mkdirSync(migrations, { recursive: true });
    writeFileSync(path.join(migrations, '20260101000000_good.sql'), 'create table public.good (id int primary key);\nalter table public.good enable row level security;\n');
    const bad = path.join(migrations, '20260102000000_bad.sql');
    writeFileSync(bad, 'create table public.half_done (id int);\ninsert into public.good values (1);\ninsert into public.nowhere values (1);\n');
    const dataDir = tempDir('waypost-badmigration-data-');

    const failure = await start(dataDir, projectDir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toContain('supabase/migrations/20260102000000_bad.sql');
    expect((failure as Error).message).toContain('relation "public.nowhere" does not exist');
    expect((failure as Error).message).toContain('42P01');

    const config = await loadConfig(stackEnv(dataDir, projectDir));
    const db = await openDatabase(config);
    try {
      const tables = await db.query<{ t: string | null }>("select to_regclass('public.half_done')::text as t");
      expect(tables.rows[0].t).toBeNull();
      const good = await db.query<{ n: number }>('select count(*)::int as n from public.good');
      expect(good.rows[0].n).toBe(0);
      const versions = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
      // On Postgres the cluster also holds the product's migrations from the tests above.
      expect(versions.rows.map((r) => r.version)).toContain('20260101000000');
      expect(versions.rows.map((r) => r.version)).not.toContain('20260102000000');
    } finally {
      await db.close();
    }

    writeFileSync(bad, 'create table public.half_done (id int);\nalter table public.half_done enable row level security;\n');
    const stack = await start(dataDir, projectDir);
    try {
      expect(stack.prepared.migrated).toEqual(['20260102000000_bad.sql']);
      const r = await stack.db.query<{ name: string; statements: string[] }>("select name, statements from supabase_migrations.schema_migrations where version = '20260102000000'");
      expect(r.rows[0].name).toBe('bad');
      // One element per statement, split and trimmed as `supabase db push` records them.
      expect(r.rows[0].statements).toEqual(['create table public.half_done (id int)', 'alter table public.half_done enable row level security']);
    } finally {
      await stack.close();
    }
  });
});
