import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBanner } from '../../stack/banner.ts';
import { startStack } from '../../stack/server.ts';
import { startThrowawayCluster, type ThrowawayCluster } from '../../scripts/pg-cluster.ts';

/**
 * What `npm start` says about sign-ins must be true of the database it started on: a project whose
 * seed ran but created no users is seeded, not "not seeded". On the Postgres run each case gets its
 * own database of a throwaway cluster, so the shared conformance database is never touched.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let cluster: ThrowawayCluster | null = null;
const tempDirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** A project with one migration and a seed that creates a table row but no users. */
function projectWithoutUsers(): string {
  const dir = tempDir('waypost-banner-');
  mkdirSync(path.join(dir, 'supabase', 'migrations'), { recursive: true });
  writeFileSync(path.join(dir, 'supabase', 'migrations', '20260101000000_things.sql'), 'create table public.things (id int primary key);\nalter table public.things enable row level security;\n');
  writeFileSync(path.join(dir, 'supabase', 'seed.sql'), 'insert into public.things (id) values (1);\n');
  return dir;
}

async function databaseUrl(name: string): Promise<string | undefined> {
  if (!cluster) return undefined;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

async function bannerOf(projectDir: string, seed: boolean, dbName: string): Promise<string> {
  const url = await databaseUrl(dbName);
  const stack = await startStack({
    env: url ? { DATABASE_URL: url } : {},
    overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_PROJECT_DIR: projectDir, STACK_DATA_DIR: tempDir('waypost-banner-data-'), STACK_LOG: 'error' },
    inMemory: true,
    appDir: null,
    seed,
  });
  try {
    return await startBanner(stack, '(no app yet)');
  } finally {
    await stack.close();
  }
}

beforeAll(async () => {
  if (onPostgres) cluster = await startThrowawayCluster();
}, 60_000);

afterAll(async () => {
  await cluster?.stop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the start-up banner', { timeout: 120_000 }, () => {
  it('says the seed ran and created no sign-ins when it did', async () => {
    const banner = await bannerOf(projectWithoutUsers(), true, 'banner_seeded');
    expect(banner).toContain('No demo users: the seed (supabase/seed.sql) creates no sign-ins.');
    expect(banner).not.toContain('not seeded');
    expect(banner).not.toContain('Demo sign-ins');
  });

  it('says the database was not seeded when no seed ran', async () => {
    const banner = await bannerOf(projectWithoutUsers(), false, 'banner_unseeded');
    expect(banner).toContain('No demo users (the database was not seeded).');
  });
});
