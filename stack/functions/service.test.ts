import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createJwtService } from '../http/jwt.ts';
import type { StackService } from '../http/service.ts';
import { createLogger } from '../log.ts';
import { createFunctionsService } from './service.ts';

const PREFIX = '/functions/v1';

describe('functions service: reload and shutdown', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fn-service-'));
  const entry = path.join(root, 'supabase', 'functions', 'live', 'index.ts');
  const version = (v: string) => writeFileSync(entry, `Deno.serve(() => new Response(${JSON.stringify(v)}));\n`);
  let service: StackService;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    mkdirSync(path.dirname(entry), { recursive: true });
    version('v1');
    writeFileSync(path.join(root, 'supabase', 'config.toml'), '[functions.live]\nverify_jwt = false\n');
    const config = await loadConfig({}, { STACK_PROJECT_DIR: root, STACK_DATA_DIR: path.join(root, '.data'), STACK_LOG: 'silent' });
    const log = createLogger('silent');
    // The functions service never touches the database itself.
    const db = {} as Database;
    service = createFunctionsService({ config, db, dbUrl: 'postgresql://postgres:postgres@127.0.0.1:1/postgres', jwt: createJwtService(config.jwtSecret), log }, { watch: true, timeoutMs: 20_000 });
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      void service.handle(req, res, url.pathname.slice(PREFIX.length) || '/', url);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  it('reloads a function when its files change', async () => {
    expect(await (await fetch(`${base}/live`)).text()).toBe('v1');
    version('v2');
    let body = '';
    for (let i = 0; i < 100 && body !== 'v2'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      body = await (await fetch(`${base}/live`)).text();
    }
    expect(body).toBe('v2');
  });

  it('stops its workers and removes their sockets on close', async () => {
    expect((await fetch(`${base}/live`)).status).toBe(200);
    const socketDirs = () => readdirSync(os.tmpdir()).filter((d) => d.startsWith('stack-fn-')).map((d) => path.join(os.tmpdir(), d));
    const before = socketDirs().filter((d) => readdirSync(d).some((f) => f.startsWith('live-')));
    expect(before.length).toBeGreaterThan(0);
    await service.close!();
    for (const dir of before) expect(existsSync(dir)).toBe(false);
  });
});
