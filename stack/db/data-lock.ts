import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One stack per data dir: two processes on one PGlite directory corrupt it, and `db:reset` must
 * not wipe a database that a running stack serves. The lock file names the owner's pid and URL.
 */
export interface DataDirOwner {
  pid: number;
  url: string;
  dbUrl?: string;
}

export class DataDirLockedError extends Error {}

const LOCK_FILE = 'stack.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live stack that holds dataDir, if any (a lock left by a crashed process does not count). */
export function dataDirOwner(dataDir: string): DataDirOwner | null {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return null;
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as DataDirOwner;
    return Number.isInteger(owner.pid) && owner.pid !== process.pid && alive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** Claims dataDir for this process; the returned function releases it. */
export function lockDataDir(dataDir: string): { update(urls: { url: string; dbUrl: string }): void; release(): void } {
  const owner = dataDirOwner(dataDir);
  if (owner) {
    throw new DataDirLockedError(`Another stack (pid ${owner.pid}${owner.url ? `, ${owner.url}` : ''}) is using ${dataDir}. Stop it first.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const write = (urls: { url: string; dbUrl?: string }) => writeFileSync(file, JSON.stringify({ pid: process.pid, ...urls }));
  write({ url: '' });
  return {
    update: write,
    release() {
      try {
        const current = JSON.parse(readFileSync(file, 'utf8')) as DataDirOwner;
        if (current.pid === process.pid) rmSync(file, { force: true });
      } catch {
        // Already gone: nothing to release.
      }
    },
  };
}
