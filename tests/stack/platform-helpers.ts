import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startStack, type RunningStack } from '../../stack/server.ts';
import type { StackEnv } from '../../stack/config.ts';

/**
 * pg_cron, pg_net and the Vault are checked on a stack of their own (an empty project: the platform
 * bootstrap only), started and stopped by the test file, on the backend of the run: PGlite, or with
 * DATABASE_URL a database of its own on that server, so that no other stack's scheduler or pg_net
 * worker shares its queue and jobs. `restart` stops it and starts it again on the same data.
 */
export class PlatformStack {
  running!: RunningStack;
  private constructor(
    private readonly dir: string,
    private readonly databaseUrl: string | undefined,
    private readonly adminUrl: string | undefined,
    private readonly databaseName: string | undefined,
    private readonly overrides: Partial<StackEnv>,
  ) {}

  static async start(overrides: Partial<StackEnv> = {}): Promise<PlatformStack> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'waypost-platform-'));
    mkdirSync(path.join(dir, 'supabase'));
    const adminUrl = process.env.DATABASE_URL;
    let databaseUrl: string | undefined;
    let name: string | undefined;
    if (adminUrl) {
      name = `platform_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
    }
    const s = new PlatformStack(dir, databaseUrl, adminUrl, name, overrides);
    await s.boot(0);
    return s;
  }

  private async boot(port: number): Promise<void> {
    this.running = await startStack({
      env: { ...process.env, DATABASE_URL: this.databaseUrl ?? '' },
      overrides: { STACK_PORT: port, STACK_DB_PORT: 0, STACK_PROJECT_DIR: this.dir, STACK_DATA_DIR: path.join(this.dir, 'data'), STACK_LOG: 'error', ...this.overrides },
      seed: false,
      appDir: null,
    });
  }

  get db() {
    return this.running.db;
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  async restart(): Promise<void> {
    const port = Number(new URL(this.running.url).port);
    await this.running.close();
    await this.boot(port);
  }

  async stop(): Promise<void> {
    await this.running?.close();
    if (this.adminUrl && this.databaseName) {
      const admin = new pg.Client({ connectionString: this.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${this.databaseName} with (force)`);
      await admin.end();
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on 127.0.0.1 that records what it is sent; `hang` paths never answer. */
export class Receiver {
  readonly received: Received[] = [];
  private readonly hanging = new Set<ServerResponse>();
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(answer: (r: Received, res: ServerResponse) => void = (_r, res) => res.end()): Promise<Receiver> {
    let self: Receiver | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        self!.received.push(r);
        if (r.url.startsWith('/hang')) self!.hanging.add(res);
        else answer(r, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new Receiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls until `probe` returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
