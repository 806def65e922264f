/**
 * Playwright's web server: `tsx stack/main.ts` (which builds the app when it is stale) on a throwaway
 * data dir, so every e2e run starts from migrations + seed and leaves nothing behind.
 *
 * Two guards keep one run from testing another's stack: it refuses to start when its ports already
 * answer (a stack left behind would otherwise serve this run's tests, with that run's data), and it
 * stops its stack when Playwright goes without stopping it (killed on a timeout), so none is left behind.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

const host = process.env.STACK_HOST ?? '127.0.0.1';
const ports = [process.env.STACK_PORT, process.env.STACK_DB_PORT].filter((p): p is string => p !== undefined).map(Number);
for (const port of ports) {
  if (!(await portIsFree(port, host))) {
    console.error(`[serve-stack] ${host}:${port} is already in use (a stack left behind by an earlier run?): stop it, or set E2E_STACK_PORT.`);
    process.exit(1);
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypost-e2e-'));
const stack = spawn(process.execPath, ['--import', 'tsx', 'stack/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, STACK_DATA_DIR: dataDir },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => stack.kill(signal));
}

// Orphaned: Playwright's runner is gone (killed on a timeout), so nobody will stop us. Its pid, not our
// parent's: between the two stand npx and tsx, which outlive it in the server's own process group.
const parent = Number(process.env.E2E_RUNNER_PID ?? process.ppid);
const watch = setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    clearInterval(watch);
    stack.kill('SIGTERM');
  }
}, 2000);
watch.unref();

stack.on('exit', (code, signal) => {
  clearInterval(watch);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
