import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawPhoto, drawSignature, type PhotoScene } from './proof-art.ts';

/**
 * `npx tsx scripts/seed-proof-files.ts [--check]`: draws the proof files of the seed's delivered
 * deliveries into supabase/seed-storage/proofs/<tenant_id>/<delivery_id>/ (signature.png,
 * photo-1.png, photo-2.png), which config.toml's [storage.buckets.proofs] uploads into the
 * `proofs` bucket when the stack seeds (as `supabase seed buckets` does). Which deliveries, and
 * how many photos each, is the `sd_proof_files` list of supabase/seeds/70_deliveries.sql, which
 * also records these paths in the deliveries' proof; delivery ids are the seed's own
 * (md5 of '<tenant>:delivery:<n>' as a uuid). Deterministic: the same list draws the same bytes.
 * --check draws everything in memory and fails when the folder differs (stale or hand-edited).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SEED_SQL = path.join(root, 'supabase', 'seeds', '70_deliveries.sql');
export const PROOFS_DIR = path.join(root, 'supabase', 'seed-storage', 'proofs');

/** The seed's tenants (supabase/seed.sql gives them these fixed ids). */
export const TENANT_IDS: Record<string, string> = {
  acme: 'a0000000-0000-4000-8000-000000000001',
  globex: 'b0000000-0000-4000-8000-000000000001',
};

export interface ProofDelivery {
  slug: string;
  n: number;
  photos: number;
}

/** Postgres's md5(text)::uuid. */
export function md5Uuid(text: string): string {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const deliveryId = (slug: string, n: number) => md5Uuid(`${slug}:delivery:${n}`);

/** The `sd_proof_files` rows of 70_deliveries.sql, between its `proof-files:begin` and `proof-files:end` markers. */
export function readProofList(sql = readFileSync(SEED_SQL, 'utf8')): ProofDelivery[] {
  const block = /-- proof-files:begin\n([\s\S]*?)-- proof-files:end/.exec(sql);
  if (!block) throw new Error(`${path.relative(root, SEED_SQL)}: no proof-files:begin / proof-files:end block`);
  const rows = [...block[1].matchAll(/\('([a-z]+)', (\d+), (\d+)\)/g)].map((m) => ({ slug: m[1], n: Number(m[2]), photos: Number(m[3]) }));
  for (const row of rows) {
    if (!TENANT_IDS[row.slug]) throw new Error(`sd_proof_files: unknown tenant ${row.slug}`);
    if (row.photos < 1 || row.photos > 2) throw new Error(`sd_proof_files: ${row.slug} ${row.n} must have 1 or 2 photos`);
  }
  return rows;
}

/** Every file of one delivery's folder: relative path under PROOFS_DIR -> bytes. */
export function drawDelivery(d: ProofDelivery): Map<string, Buffer> {
  const id = deliveryId(d.slug, d.n);
  const folder = `${TENANT_IDS[d.slug]}/${id}`;
  const files = new Map<string, Buffer>();
  files.set(`${folder}/signature.png`, drawSignature(id));
  // Homes get the front door, businesses' receptions the lobby: alternate by the id's first digit so both appear.
  const first: PhotoScene = parseInt(id[0], 16) % 2 === 0 ? 'door' : 'lobby';
  const second: PhotoScene = first === 'door' ? 'lobby' : 'door';
  files.set(`${folder}/photo-1.png`, drawPhoto(id, first));
  if (d.photos > 1) files.set(`${folder}/photo-2.png`, drawPhoto(`${id}:2`, second));
  return files;
}

function filesOnDisk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

function main(): void {
  const check = process.argv.includes('--check');
  const list = readProofList();
  const wanted = new Map<string, Buffer>();
  for (const d of list) for (const [rel, bytes] of drawDelivery(d)) wanted.set(rel, bytes);
  const present = filesOnDisk(PROOFS_DIR);
  const stale = present.filter((rel) => !wanted.has(rel));
  const differing = [...wanted].filter(([rel, bytes]) => !present.includes(rel) || !readFileSync(path.join(PROOFS_DIR, rel)).equals(bytes)).map(([rel]) => rel);
  if (check) {
    if (stale.length + differing.length > 0) {
      console.error(`supabase/seed-storage/proofs is out of date (${differing.length} to draw, ${stale.length} to remove): run npx tsx scripts/seed-proof-files.ts`);
      process.exit(1);
    }
    console.log(`supabase/seed-storage/proofs is up to date (${wanted.size} files)`);
    return;
  }
  for (const rel of stale) rmSync(path.join(PROOFS_DIR, rel));
  for (const rel of differing) {
    mkdirSync(path.dirname(path.join(PROOFS_DIR, rel)), { recursive: true });
    writeFileSync(path.join(PROOFS_DIR, rel), wanted.get(rel) as Buffer);
  }
  // Folders left empty by removed deliveries.
  for (const dir of readdirSync(PROOFS_DIR, { recursive: true, withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name)).sort().reverse()) {
    if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
  }
  const total = [...wanted.values()].reduce((sum, b) => sum + b.length, 0);
  const largest = Math.max(...[...wanted.values()].map((b) => b.length));
  console.log(`${wanted.size} files for ${list.length} deliveries, ${(total / 1024).toFixed(0)} KiB (largest ${(largest / 1024).toFixed(1)} KiB): ${differing.length} written, ${stale.length} removed`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
