import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../stack/config.ts';
import { dataDirOwner, lockDataDir } from '../stack/db/data-lock.ts';
import { startStack } from '../stack/server.ts';

const supabaseCli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'supabase');

/**
 * The real CLI's generator, run outside the project so that it needs neither Docker nor the
 * project's config. Asynchronous: the database socket it talks to may be served by this process.
 */
async function generate(dbUrl: string): Promise<string> {
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

/** `npm run gen:types`: src/types/database.ts from the database of the running stack, or of one started for it. */
async function main(): Promise<void> {
  const config = await loadConfig(process.env);
  const owner = dataDirOwner(config.dataDir);
  let types: string;
  if (owner?.dbUrl) {
    types = await generate(owner.dbUrl);
  } else {
    const lock = lockDataDir(config.dataDir);
    try {
      const stack = await startStack({ env: process.env, overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_LOG: 'error' }, appDir: null });
      try {
        types = await generate(stack.dbUrl);
      } finally {
        await stack.close();
      }
    } finally {
      lock.release();
    }
  }
  const out = path.join(config.projectDir, 'src', 'types', 'database.ts');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, types);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}

main().catch((e: unknown) => {
  console.error(`error: ${(e as Error).message}`);
  process.exit(1);
});
