import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../stack/server.ts';
import { startThrowawayCluster, type ThrowawayCluster } from '../../scripts/pg-cluster.ts';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the database socket', { timeout: 60_000 }, () => {
  let cluster: ThrowawayCluster | null = null;
  let stack: RunningStack;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) cluster = await startThrowawayCluster();
    stack = await startStack({
      env: { STACK_PROJECT_DIR: repoDir, STACK_LOG: 'error', STACK_PORT: '0', STACK_DB_PORT: '0', DATABASE_URL: cluster?.url ?? '' },
      inMemory: true,
      appDir: null,
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await cluster?.stop();
  });

  it('answers psql-style clients while the stack serves HTTP, never inside one another\'s transactions', async () => {
    expect(stack.dbUrl).toMatch(/^postgres(ql)?:\/\//);
    const supabase = createClient(stack.url, stack.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as WebSocketLikeConstructor },
    });
    const client = new pg.Client({ connectionString: stack.dbUrl });
    await client.connect();
    try {
      const signIns = Promise.all(
        ['admin@acme.test', 'driver@globex.test', 'customer@acme.test'].map((email) =>
          supabase.auth.signInWithPassword({ email, password: 'Waypost!2026' }),
        ),
      );
      for (let i = 0; i < 20; i++) {
        const r = await client.query<{ one: number }>('select 1 as one');
        expect(r.rows).toEqual([{ one: 1 }]);
      }
      for (const { data, error } of await signIns) {
        expect(error).toBeNull();
        expect(data.session?.access_token).toBeTruthy();
      }

      await client.query('begin');
      await client.query('create table public.socket_probe (id int)');
      const seenByStack = stack.db.query<{ t: string | null }>("select to_regclass('public.socket_probe')::text as t");
      const health = fetch(`${stack.url}/auth/v1/health`, { headers: { apikey: stack.config.anonKey } });
      await new Promise((r) => setTimeout(r, 200));
      await client.query('rollback');
      expect((await seenByStack).rows[0].t).toBeNull();
      expect((await health).status).toBe(200);
    } finally {
      await client.end();
    }
  });

  it('cleans up after a client that leaves inside a transaction', async () => {
    const client = new pg.Client({ connectionString: stack.dbUrl });
    await client.connect();
    await client.query('begin');
    await client.query('create table public.abandoned (id int)');
    await client.query('set role anon');
    await client.end();
    const r = await stack.db.query<{ t: string | null; who: string }>("select to_regclass('public.abandoned')::text as t, current_user as who");
    expect(r.rows[0]).toEqual({ t: null, who: stack.db.kind === 'pglite' ? 'postgres' : expect.any(String) });
  });

  it('drops the temp tables of a client that leaves, as a Postgres connection ends them', async () => {
    const first = new pg.Client({ connectionString: stack.dbUrl });
    await first.connect();
    await first.query('create temp table socket_temp_probe (id int)');
    expect((await first.query("select to_regclass('pg_temp.socket_temp_probe')::text as t")).rows[0].t).not.toBeNull();
    await first.end();

    const next = new pg.Client({ connectionString: stack.dbUrl });
    await next.connect();
    try {
      expect((await next.query("select to_regclass('pg_temp.socket_temp_probe')::text as t")).rows[0].t).toBeNull();
    } finally {
      await next.end();
    }
  });
});

describe('start-up configuration', () => {
  it('rejects a bad environment with a readable error and exit code 1, no stack trace', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'stack/main.ts'], {
      cwd: repoDir,
      env: { ...process.env, STACK_PORT: 'not-a-port', JWT_SECRET: 'too-short', STACK_LOG: 'info' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? -1)));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid stack configuration');
    expect(stderr).toContain('STACK_PORT');
    expect(stderr).toContain('JWT_SECRET: must be at least 32 characters long');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
