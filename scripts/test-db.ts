import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type StackConfig } from '../stack/config.ts';
import type { Database } from '../stack/db/database.ts';
import { PgliteDatabase } from '../stack/db/pglite.ts';
import { servePgliteSocket } from '../stack/db/pglite-socket.ts';
import { PostgresDatabase } from '../stack/db/postgres.ts';
import { prepareDatabase } from '../stack/db/prepare.ts';
import { createLogger } from '../stack/log.ts';
import { startThrowawayCluster } from './pg-cluster.ts';
import { installPgtap, readPgtapScript } from './pgtap.ts';

/**
 * `npm run test:db`: the pgTAP files of supabase/tests, run with pg_prove as `supabase test db`
 * runs them, on both backends of the stack, each prepared exactly as the stack prepares its
 * database (bootstrap, migrations, seed):
 *   - a throwaway PostgreSQL 15 with Debian's pgtap extension;
 *   - PGlite in memory, served on the stack's Postgres wire socket, with pgTAP's install script
 *     loaded into `extensions` (PGlite cannot CREATE EXTENSION pgtap: scripts/pgtap.ts).
 * Fails when either backend fails.
 *
 * `npm run test:db -- a.sql b.sql` runs only those files (and the 000_ helpers the others rely on).
 */

const PGTAP_SCHEMA = 'extensions';

interface Backend {
  label: string;
  url: string;
  close(): Promise<void>;
}

async function serverLabel(db: Database, name: string): Promise<string> {
  const { rows } = await db.query<{ v: string }>("select current_setting('server_version') as v");
  const version = rows[0]?.v.split(' ')[0] ?? '?';
  return name === 'PostgreSQL' ? `PostgreSQL ${version}` : `${name} (PostgreSQL ${version})`;
}

async function preparePostgres(config: StackConfig): Promise<Backend> {
  const cluster = await startThrowawayCluster();
  try {
    const db = await PostgresDatabase.open(cluster.url);
    try {
      await prepareDatabase(db, config, { seed: true, log: createLogger('error') });
      await db.exec(`create extension if not exists pgtap with schema ${PGTAP_SCHEMA}`);
      return { label: await serverLabel(db, 'PostgreSQL'), url: cluster.url, close: () => cluster.stop() };
    } finally {
      await db.close();
    }
  } catch (e) {
    await cluster.stop();
    throw e;
  }
}

async function preparePglite(config: StackConfig): Promise<Backend> {
  const script = readPgtapScript(PGTAP_SCHEMA);
  const log = createLogger('error');
  const db = await PgliteDatabase.open();
  try {
    await prepareDatabase(db, config, { seed: true, log });
    await installPgtap(db, PGTAP_SCHEMA, script);
    const label = await serverLabel(db, 'PGlite');
    const socket = await servePgliteSocket(db, '127.0.0.1', 0, log);
    return {
      label,
      url: socket.url,
      async close() {
        await socket.close();
        await db.close();
      },
    };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

/**
 * Asynchronous: PGlite's socket is served by this very process, so pg_prove must not block it.
 * Its output is kept and handed back whole, so two runs side by side print one after the other.
 */
function pgProve(url: string, files: string[]): Promise<{ code: number; output: string }> {
  const u = new URL(url);
  const env = { ...process.env, PGSSLMODE: 'disable', PGPASSWORD: decodeURIComponent(u.password) };
  const args = ['--host', u.hostname, '--port', u.port, '--username', decodeURIComponent(u.username), '--dbname', u.pathname.slice(1), '--ext', '.sql', ...files];
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('pg_prove', args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (e) => resolve({ code: 127, output: `${output}error: cannot run pg_prove: ${e.message}\n` }));
    // 'close', not 'exit': all of its output has been read by then.
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main(): Promise<number> {
  const which = spawnSync('pg_prove', ['--version'], { encoding: 'utf8' });
  if (which.error || which.status !== 0) {
    console.error('error: pg_prove not found. Install Debian\'s postgresql-15-pgtap and libtap-parser-sourcehandler-pgtap-perl (apt-get install -y postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl).');
    return 1;
  }
  const config = await loadConfig(process.env, { DATABASE_URL: undefined });
  const testsDir = path.join(config.supabaseDir, 'tests');
  const all = existsSync(testsDir) ? readdirSync(testsDir).filter((f) => f.endsWith('.sql')).sort() : [];
  const only = process.argv.slice(2).map((f) => path.basename(f));
  const unknown = only.filter((f) => !all.includes(f));
  if (unknown.length > 0) {
    console.error(`error: no such pgTAP file in ${testsDir}: ${unknown.join(', ')}`);
    return 1;
  }
  const files = only.length === 0 ? all : all.filter((f) => f.startsWith('000_') || only.includes(f));
  if (files.length === 0) {
    console.error(`error: no pgTAP files in ${testsDir}`);
    return 1;
  }
  const paths = files.map((f) => path.join(testsDir, f));

  // The databases are prepared one after the other: on a small machine, preparing them side by side
  // is slower (PGlite's start-up is WebAssembly compilation, competing with Postgres for the same
  // cores). The tests then run on both at once: each pg_prove keeps one core busy (a Postgres backend,
  // or PGlite in this process), so side by side they take the time of the longer one.
  const setups: { name: string; prepare: (config: StackConfig) => Promise<Backend> }[] = [
    { name: 'PostgreSQL', prepare: preparePostgres },
    { name: 'PGlite', prepare: preparePglite },
  ];
  const results: { label: string; passed: boolean; note: string }[] = [];
  const ready: Backend[] = [];
  try {
    for (const setup of setups) {
      try {
        ready.push(await setup.prepare(config));
      } catch (e) {
        console.error(`\n── pgTAP on ${setup.name}: the database could not be prepared: ${(e as Error).message}`);
        results.push({ label: setup.name, passed: false, note: 'not prepared' });
      }
    }
    const runs = await Promise.all(ready.map((backend) => pgProve(backend.url, paths)));
    ready.forEach((backend, i) => {
      const { code, output } = runs[i]!;
      console.log(`\n── pgTAP on ${backend.label}`);
      process.stdout.write(output);
      results.push({ label: backend.label, passed: code === 0, note: code === 0 ? '' : `pg_prove exit code ${code}` });
    });
  } finally {
    for (const backend of ready) await backend.close();
  }
  console.log('');
  for (const r of results) console.log(`database tests on ${r.label}: ${r.passed ? 'ok' : 'FAILED'}${r.note ? ` (${r.note})` : ''}`);
  return results.every((r) => r.passed) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`error: ${(e as Error).message}`);
    process.exit(1);
  },
);
