import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A disposable Postgres server for tests: its own data dir, its own port, gone after stop(). */
export interface ThrowawayCluster {
  url: string;
  stop(): Promise<void>;
}

const PG_MAJOR = 15;

export function postgresBinDir(): string {
  const fromEnv = process.env.PG_BIN_DIR;
  const dir = fromEnv ?? `/usr/lib/postgresql/${PG_MAJOR}/bin`;
  if (!existsSync(path.join(dir, 'initdb'))) {
    throw new Error(
      `PostgreSQL ${PG_MAJOR} server binaries not found in ${dir}. Install Debian's postgresql-${PG_MAJOR} (apt-get install postgresql-${PG_MAJOR}) or set PG_BIN_DIR.`,
    );
  }
  return dir;
}

/** Postgres refuses to run as root: as root, run it as the `postgres` account (or `nobody`). */
function serverAccount(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const g = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (r.status === 0 && g.status === 0) return { name, uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
  }
  throw new Error('Running as root and neither a `postgres` nor a `nobody` account exists to run Postgres as.');
}

function command(account: ReturnType<typeof serverAccount>, bin: string, args: string[]): [string, string[]] {
  return account ? ['runuser', ['-u', account.name, '--', bin, ...args]] : [bin, args];
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, logs: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode} while starting:\n${logs()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within ${timeoutMs} ms:\n${logs()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * initdb into a temp dir and start postgres on 127.0.0.1 with a free port, trust auth and no
 * durability (fsync, synchronous_commit and full_page_writes off): a test database that dies
 * with the run.
 */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = postgresBinDir();
  const account = serverAccount();
  const root = mkdtempSync(path.join(os.tmpdir(), 'waypost-pg-'));
  if (account) chownSync(root, account.uid, account.gid);
  const dataDir = path.join(root, 'data');
  const cleanup = () => rmSync(root, { recursive: true, force: true });

  const [initCmd, initArgs] = command(account, path.join(bin, 'initdb'), [
    '-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    cleanup();
    throw new Error(`initdb failed (${init.status}):\n${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const [pgCmd, pgArgs] = command(account, path.join(bin, 'postgres'), [
    '-D', dataDir, '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${root}`,
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'max_connections=200', '-c', 'wal_level=logical',
  ]);
  let output = '';
  const child = spawn(pgCmd, pgArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const [ctlCmd, ctlArgs] = command(account, path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      const ctl = spawnSync(ctlCmd, ctlArgs, { encoding: 'utf8' });
      if (ctl.status !== 0) child.kill('SIGKILL');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    cleanup();
  };
  try {
    await waitReady(url, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, stop };
}
