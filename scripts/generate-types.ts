import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const supabaseCli = path.join(root, 'node_modules', '.bin', 'supabase');

/** Where the generated types live: the app's typed client reads them (src/types/database-overrides.ts). */
export const GENERATED_TYPES_FILE = path.join(root, 'src', 'types', 'database.ts');

/**
 * The real CLI's generator, run outside the project so that it needs neither Docker nor the
 * project's config. Asynchronous: the database socket it talks to may be served by this process.
 */
export async function generateTypes(dbUrl: string): Promise<string> {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'waypost-gen-types-'));
  try {
    const child = spawn(supabaseCli, ['gen', 'types', 'typescript', '--db-url', dbUrl, '--schema', 'public'], { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => resolve(c ?? 1));
    });
    if (code !== 0) throw new Error(`supabase gen types failed (${code}):\n${stderr}`);
    return stdout;
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

