import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../stack/config.ts';
import { dataDirOwner, lockDataDir } from '../stack/db/data-lock.ts';
import { startStack } from '../stack/server.ts';
import { GENERATED_TYPES_FILE, generateTypes } from './generate-types.ts';

/** `npm run gen:types`: src/types/database.ts from the database of the running stack, or of one started for it. */
async function main(): Promise<void> {
  const config = await loadConfig(process.env);
  const owner = dataDirOwner(config.dataDir);
  let types: string;
  if (owner?.dbUrl) {
    types = await generateTypes(owner.dbUrl);
  } else {
    const lock = lockDataDir(config.dataDir);
    try {
      const stack = await startStack({ env: process.env, overrides: { STACK_PORT: 0, STACK_DB_PORT: 0, STACK_LOG: 'error' }, appDir: null });
      try {
        types = await generateTypes(stack.dbUrl);
      } finally {
        await stack.close();
      }
    } finally {
      lock.release();
    }
  }
  const out = GENERATED_TYPES_FILE;
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, types);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}

main().catch((e: unknown) => {
  console.error(`error: ${(e as Error).message}`);
  process.exit(1);
});
