import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type StackConfig } from '../../stack/config.ts';
import type { Database } from '../../stack/db/database.ts';
import { prepareDatabase } from '../../stack/db/prepare.ts';
import { createLogger } from '../../stack/log.ts';
import { openDatabase } from '../../stack/server.ts';
import { BucketSeedError, seedBuckets, seedBucketsIfPending } from '../../stack/storage/seed-buckets.ts';
import { isLocalStack, unique } from './realtime-helpers.ts';

// The local stack's `supabase seed buckets` on a database of its own (PGlite in memory, or the
// Postgres of DATABASE_URL) prepared for a temp project: once per new database, again as
// `npm run db:reset` does, and refusing what Storage would refuse.

const log = createLogger('error');

/** Every file under a directory, relative, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe.skipIf(!isLocalStack)('storage seed: the local stack', () => {
  let dir: string;
  let running: { db: Database; config: StackConfig };
  const bucket = unique('seeded').toLowerCase();

  const withBuckets = (buckets: NonNullable<StackConfig['toml']['storage']['buckets']>): StackConfig => ({
    ...running.config,
    toml: { ...running.config.toml, storage: { ...running.config.toml.storage, buckets } },
  });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'waypost-seed-buckets-'));
    mkdirSync(path.join(dir, 'supabase', 'files', 'sub'), { recursive: true });
    writeFileSync(path.join(dir, 'supabase', 'files', 'a.txt'), 'first');
    writeFileSync(path.join(dir, 'supabase', 'files', 'sub', 'b.txt'), 'bee');
    writeFileSync(
      path.join(dir, 'supabase', 'config.toml'),
      `[storage]\nfile_size_limit = "1MiB"\n\n[storage.buckets.${bucket}]\npublic = false\nallowed_mime_types = ["text/plain"]\nobjects_path = "./files"\n`,
    );
    const config = await loadConfig(process.env, { STACK_PROJECT_DIR: dir, STACK_DATA_DIR: path.join(dir, 'data'), STACK_LOG: 'error' });
    const db = await openDatabase(config, true);
    running = { db, config };
    await prepareDatabase(db, config, { seed: false, log });
  }, 120_000);

  afterAll(async () => {
    await running?.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds once per new database: a start after that uploads nothing', async () => {
    // As prepareDatabase marks a new database (the shared Postgres of DATABASE_URL is not new).
    await running.db.query("insert into supabase_migrations.stack_state (key, value) values ('buckets', 'pending') on conflict (key) do update set value = 'pending'");
    expect(await seedBucketsIfPending(running.db, running.config, log, { seed: true })).toMatchObject({ buckets: [bucket], objects: 2 });
    expect(await seedBucketsIfPending(running.db, running.config, log, { seed: true })).toBeNull();
  });

  it('seeds again over what is there (db:reset, or a seed run twice): the same objects, new bytes, one file per object on disk', async () => {
    const first = await seedBuckets(running.db, running.config, log);
    expect(first).toMatchObject({ buckets: [bucket], objects: 2 });
    const before = await running.db.query<{ name: string; id: string; version: string; size: string; mimetype: string; owner: string | null }>(
      `select name, id::text as id, version, metadata->>'size' as size, metadata->>'mimetype' as mimetype, owner::text as owner
       from storage.objects where bucket_id = $1 order by name`,
      [bucket],
    );
    expect(before.rows.map((r) => [r.name, r.size, r.mimetype, r.owner])).toEqual([
      ['a.txt', '5', 'text/plain; charset=utf-8', null],
      ['sub/b.txt', '3', 'text/plain; charset=utf-8', null],
    ]);

    writeFileSync(path.join(dir, 'supabase', 'files', 'a.txt'), 'second, longer');
    await seedBuckets(running.db, running.config, log);
    const after = await running.db.query<{ name: string; id: string; version: string; size: string }>(
      `select name, id::text as id, version, metadata->>'size' as size from storage.objects where bucket_id = $1 order by name`,
      [bucket],
    );
    expect(after.rows.map((r) => r.id)).toEqual(before.rows.map((r) => r.id));
    expect(after.rows[0].size).toBe('14');
    expect(after.rows[0].version).not.toBe(before.rows[0].version);
    const onDisk = filesUnder(path.join(running.config.dataDir, 'storage', bucket));
    expect(onDisk).toEqual(after.rows.map((r) => path.join(r.name, r.version)).sort());
  });

  it('stops at a file the bucket refuses (too large, or a type it does not allow), naming the file', async () => {
    const big = unique('small').toLowerCase();
    await expect(seedBuckets(running.db, withBuckets({ [big]: { file_size_limit: '4B', objects_path: './files' } }), log)).rejects.toThrow(
      /supabase\/files\/a\.txt.*The object exceeded the maximum allowed size/,
    );
    const typed = unique('typed').toLowerCase();
    await expect(
      seedBuckets(running.db, withBuckets({ [typed]: { allowed_mime_types: ['image/png'], objects_path: './files' } }), log),
    ).rejects.toThrow(/mime type text\/plain; charset=utf-8 is not supported/);
  });

  it('stops at an objects_path that does not exist', async () => {
    const missing = unique('missing').toLowerCase();
    const seeding = seedBuckets(running.db, withBuckets({ [missing]: { objects_path: './nowhere' } }), log);
    await expect(seeding).rejects.toBeInstanceOf(BucketSeedError);
    await expect(seedBuckets(running.db, withBuckets({ [missing]: { objects_path: './nowhere' } }), log)).rejects.toThrow(
      new RegExp(`storage\\.buckets\\.${missing}\\.objects_path: .*nowhere cannot be read \\(ENOENT\\)`),
    );
  });
});
