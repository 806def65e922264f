import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { StackConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createJwtService } from '../http/jwt.ts';
import type { Logger } from '../log.ts';
import type { StorageContext } from './context.ts';
import { StorageError } from './errors.ts';
import { ObjectFiles } from './files.ts';
import { isValidKey } from './names.ts';
import { parseSize } from './size.ts';
import { seedContentType } from './sniff.ts';
import { bucketRules, storeLocalFile } from './upload.ts';

/** What storage-js and the CLI send as Cache-Control when none is given. */
const SEED_CACHE_CONTROL = 'max-age=3600';

export class BucketSeedError extends Error {}

export interface BucketSeedReport {
  buckets: string[];
  objects: number;
  ms: number;
}

/** Every regular file under `dir` (symlinks and other entries are skipped, as Go's WalkDir does), in name order. */
async function walkFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walkFiles(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** The files of objects_path and the object name each gets: its path relative to objects_path, or its name when objects_path is one file. */
async function objectsOf(root: string, bucket: string): Promise<Array<{ file: string; key: string }>> {
  const info = await stat(root).catch((e: NodeJS.ErrnoException) => {
    throw new BucketSeedError(`storage.buckets.${bucket}.objects_path: ${root} cannot be read (${e.code ?? e.message})`);
  });
  if (info.isFile()) return [{ file: root, key: path.basename(root) }];
  return (await walkFiles(root)).map((file) => ({ file, key: path.relative(root, file).split(path.sep).join('/') }));
}

async function head(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, 512, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * `supabase seed buckets`, which `supabase start` runs on a new database and `supabase db reset`
 * after the SQL seed: every `[storage.buckets.<name>]` of config.toml is created, or its
 * properties updated when a bucket of that name exists (public and allowed_mime_types only when
 * given; file_size_limit falls back to [storage] file_size_limit), then every file under its
 * objects_path is uploaded with its relative path as the object name, the content type sniffed
 * from its first bytes, and x-upsert (a second seed overwrites). The uploads go through the same
 * code as the API's, as the service role: the bucket's size limit and mime types apply, rows and
 * bytes change together.
 */
export async function seedBuckets(db: Database, config: StackConfig, log: Logger): Promise<BucketSeedReport> {
  const started = performance.now();
  const buckets = Object.entries(config.toml.storage?.buckets ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const report: BucketSeedReport = { buckets: [], objects: 0, ms: 0 };
  if (buckets.length === 0) return report;
  const globalLimit = parseSize(config.toml.storage?.file_size_limit ?? '50MiB');
  const sc: StorageContext = {
    stack: { config, db, dbUrl: '', jwt: createJwtService(config.jwtSecret), log },
    files: new ObjectFiles(config.dataDir),
    globalLimit,
  };

  for (const [name, bucket] of buckets) {
    const limit = bucket.file_size_limit === undefined ? globalLimit : parseSize(bucket.file_size_limit);
    const existing = await db.query<{ id: string }>('select id from storage.buckets where name = $1 order by id limit 1', [name]);
    const id = existing.rows[0]?.id;
    if (id !== undefined) {
      await db.query(
        `update storage.buckets set public = coalesce($2, public), file_size_limit = $3,
           allowed_mime_types = coalesce($4::text[], allowed_mime_types), updated_at = now()
         where id = $1`,
        [id, bucket.public ?? null, limit || null, bucket.allowed_mime_types?.length ? bucket.allowed_mime_types : null],
      );
    } else {
      await db.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4::text[])`,
        [name, bucket.public ?? false, limit || null, bucket.allowed_mime_types?.length ? bucket.allowed_mime_types : null],
      );
    }
    report.buckets.push(name);
  }

  for (const [name, bucket] of buckets) {
    if (!bucket.objects_path) continue;
    const bucketId = (await db.query<{ id: string }>('select id from storage.buckets where name = $1 order by id limit 1', [name])).rows[0]?.id ?? name;
    const root = path.resolve(config.supabaseDir, bucket.objects_path);
    // Read once per bucket: nothing changes the bucket while it is seeded.
    const rules = await bucketRules(sc, bucketId);
    for (const { file, key } of await objectsOf(root, name)) {
      const shown = path.relative(config.projectDir, file);
      if (!isValidKey(key)) throw new BucketSeedError(`${shown}: "${key}" is not a valid object name`);
      const contentType = seedContentType(file, await head(file));
      try {
        await storeLocalFile(
          sc,
          { bucket: bucketId, key, upsert: true, owner: null, ownerId: null, identity: null },
          file,
          { contentType, cacheControl: SEED_CACHE_CONTROL },
          rules,
        );
      } catch (e) {
        const why = e instanceof StorageError ? e.message : (e as Error).message;
        throw new BucketSeedError(`Uploading ${shown} to ${bucketId}/${key} failed: ${why}`, { cause: e });
      }
      report.objects += 1;
    }
  }
  report.ms = Math.round(performance.now() - started);
  log.info(`seeded storage: ${report.buckets.length} bucket(s) from config.toml, ${report.objects} object(s) in ${report.ms} ms`);
  return report;
}

/**
 * Seeds the buckets once per new database (prepareDatabase marks a new one pending), so a
 * restart never re-uploads, and an interrupted seed is finished on the next start.
 */
export async function seedBucketsIfPending(db: Database, config: StackConfig, log: Logger, opts: { seed: boolean }): Promise<BucketSeedReport | null> {
  const pending = await db.query("select 1 from supabase_migrations.stack_state where key = 'buckets' and value = 'pending'");
  if (pending.rows.length === 0) return null;
  const report = opts.seed ? await seedBuckets(db, config, log) : null;
  await db.query("update supabase_migrations.stack_state set value = 'done' where key = 'buckets'");
  return report;
}
