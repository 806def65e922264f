/**
 * Playwright's web server: `tsx stack/main.ts` (which builds the app when it is stale) on a throwaway
 * data dir, so every e2e run starts from migrations + seed and leaves nothing behind.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypost-e2e-'));
const stack = spawn(process.execPath, ['--import', 'tsx', 'stack/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, STACK_DATA_DIR: dataDir },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => stack.kill(signal));
}

stack.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
