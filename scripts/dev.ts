import { spawn } from 'node:child_process';
import { loadConfig } from '../stack/config.ts';
import { lockDataDir } from '../stack/db/data-lock.ts';
import { startStack } from '../stack/server.ts';

/** `npm run dev`: the stack's APIs (no built app) and Vite's dev server with hot reload, stopping together. */
async function main(): Promise<void> {
  const config = await loadConfig(process.env);
  const lock = lockDataDir(config.dataDir);
  let stack;
  try {
    stack = await startStack({ env: process.env, appDir: null });
  } catch (e) {
    lock.release();
    throw e;
  }
  lock.update({ url: stack.url, dbUrl: stack.dbUrl });
  console.log(`[dev] API ${stack.url}  DB ${stack.dbUrl}  mailbox ${stack.url}/mail`);
  const vite = spawn('npx', ['vite', '--port', '5173', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_SUPABASE_URL: stack.url, VITE_SUPABASE_ANON_KEY: stack.config.anonKey },
  });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (vite.exitCode === null) vite.kill('SIGTERM');
    await stack.close();
    lock.release();
    process.exit(code);
  };
  vite.once('exit', (code) => void stop(code ?? 0));
  vite.once('error', (e) => {
    console.error(`error: cannot start Vite: ${e.message}`);
    void stop(1);
  });
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

main().catch((e: unknown) => {
  console.error(`error: ${(e as Error).message}`);
  process.exit(1);
});
