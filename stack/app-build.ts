import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time below a path (a file, or a directory walked recursively). */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export type AppBuildResult = 'built' | 'fresh' | 'no-app';

/**
 * Builds the app with Vite when dist/index.html is missing or older than any of its inputs
 * (src/, index.html, vite.config.ts, package.json). Rejects when the build fails. The build runs in
 * a child process: the caller prepares the database meanwhile (stack/main.ts), and on two cores
 * the build and the migrations + seed overlap instead of following each other.
 */
export async function buildAppIfStale(projectDir: string, signal?: AbortSignal): Promise<AppBuildResult> {
  if (!existsSync(path.join(projectDir, 'src')) || !existsSync(path.join(projectDir, 'index.html'))) return 'no-app';
  const built = newestMtime(path.join(projectDir, 'dist', 'index.html'));
  const inputs = Math.max(...['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newestMtime(path.join(projectDir, p))));
  if (built > 0 && built >= inputs) return 'fresh';
  // `signal` stops the build when the start fails meanwhile (a migration error): no orphan left writing dist/.
  const child = spawn('npx', ['vite', 'build'], { cwd: projectDir, stdio: 'inherit', ...(signal ? { signal } : {}) });
  const [code, exitSignal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, killedBy) => resolve([exitCode, killedBy]));
  });
  if (code !== 0) throw new Error(`The app build failed (npx vite build exited with ${code ?? exitSignal}).`);
  return 'built';
}
