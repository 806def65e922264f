import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { loadConfig, type StackConfig, type StackEnv } from './config.ts';
import type { Database } from './db/database.ts';
import { PgliteDatabase } from './db/pglite.ts';
import { servePgliteSocket, type DbSocket } from './db/pglite-socket.ts';
import { PostgresDatabase } from './db/postgres.ts';
import { prepareDatabase, type PrepareReport } from './db/prepare.ts';
import { compressAnswer } from './http/compress.ts';
import { answerPreflight, applyCors } from './http/cors.ts';
import { createJwtService } from './http/jwt.ts';
import { sendJson } from './http/respond.ts';
import type { ServiceMount, StackContext, StackService } from './http/service.ts';
import { createStaticHandler } from './http/static.ts';
import { createLogger, type Logger } from './log.ts';
import { SERVICE_MOUNTS } from './services.ts';
import { CronScheduler } from './platform/cron-scheduler.ts';
import { NetGuard } from './platform/net-guard.ts';
import { NetWorker } from './platform/net-worker.ts';
import { loadVaultKey, seedVaultSecrets, vaultSessionSettings } from './platform/vault.ts';
import { seedBucketsIfPending, type BucketSeedReport } from './storage/seed-buckets.ts';

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  overrides?: Partial<StackEnv>;
  /** Keep PGlite in memory (tests); ignored with DATABASE_URL. */
  inMemory?: boolean;
  /** Run supabase/seed.sql when the database is new (default true). */
  seed?: boolean;
  /** Where the built app lives; null serves no app. Default: <project>/dist. */
  appDir?: string | null;
  /**
   * The app's build, running while the database is prepared: awaited before the stack listens, so
   * nothing is served from a half-written dist/. Its failure fails the start.
   */
  appBuild?: Promise<unknown>;
}

export interface RunningStack {
  config: StackConfig;
  db: Database;
  ctx: StackContext;
  server: Server;
  url: string;
  /** psql / supabase CLI URL of the database: the PGlite socket, or DATABASE_URL. */
  dbUrl: string;
  prepared: PrepareReport;
  /** The buckets of config.toml seeded on this start (a new database), or null. */
  seededStorage: BucketSeedReport | null;
  close(): Promise<void>;
}

/** Every session of the stack's database knows the Vault's root key (stack/platform/vault.ts). */
export async function openDatabase(config: StackConfig, inMemory = false): Promise<Database> {
  const options = { sessionSettings: vaultSessionSettings(loadVaultKey(config.dataDir)) };
  if (config.env.DATABASE_URL) return PostgresDatabase.open(config.env.DATABASE_URL, undefined, options);
  return PgliteDatabase.open(inMemory ? undefined : path.join(config.dataDir, 'pglite'), options);
}

/** Why the gateway refuses a request (401 and its body), or null when it lets it through. */
function gatewayRefusal(mount: ServiceMount, req: IncomingMessage, subpath: string, url: URL, config: StackConfig): object | null {
  if (mount.gateway === 'open') return null;
  if (mount.openPaths?.some((p) => p.test(subpath))) return null;
  const header = req.headers['apikey'];
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined;
  if (!key) return { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
  if (key !== config.anonKey && key !== config.serviceRoleKey) {
    return { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };
  }
  return null;
}

function gatewayAllows(mount: ServiceMount, req: IncomingMessage, subpath: string, url: URL, config: StackConfig, res: ServerResponse): boolean {
  const refusal = gatewayRefusal(mount, req, subpath, url, config);
  if (refusal) sendJson(res, 401, refusal);
  return refusal === null;
}

/** An HTTP answer on a socket that asked for a websocket upgrade. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, body: object): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

export async function startStack(options: StartOptions = {}): Promise<RunningStack> {
  const config = await loadConfig(options.env ?? process.env, options.overrides ?? {});
  const log: Logger = createLogger(config.env.STACK_LOG);
  const db = await openDatabase(config, options.inMemory);
  let prepared: PrepareReport;
  let seededStorage: BucketSeedReport | null;
  try {
    prepared = await prepareDatabase(db, config, { seed: options.seed ?? true, log });
    seededStorage = await seedBucketsIfPending(db, config, log, { seed: options.seed ?? true });
    await options.appBuild;
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
  let dbSocket: DbSocket | null = null;
  if (db instanceof PgliteDatabase) {
    try {
      dbSocket = await servePgliteSocket(db, config.env.STACK_HOST, config.env.STACK_DB_PORT, log);
    } catch (e) {
      await db.close().catch(() => {});
      throw new Error(`Cannot expose the database on ${config.env.STACK_HOST}:${config.env.STACK_DB_PORT}: ${(e as Error).message} (set STACK_DB_PORT)`, { cause: e });
    }
  }
  const dbUrl = dbSocket?.url ?? config.env.DATABASE_URL ?? '';
  const ctx: StackContext = { config, db, dbUrl, jwt: createJwtService(config.jwtSecret), log };
  const mounted: Array<{ mount: ServiceMount; service: StackService }> = [];
  for (const mount of SERVICE_MOUNTS) mounted.push({ mount, service: await mount.create(ctx) });

  const notifySchemaChange = async () => {
    for (const { service } of mounted) await service.onSchemaChange?.();
  };
  const notifyConfigReload = async () => {
    for (const { service } of mounted) await service.onConfigReload?.();
  };
  // PostgREST reloads its schema cache on NOTIFY pgrst, 'reload schema' (or an empty payload), and
  // its configuration, then the schema cache, on 'reload config'.
  const unlisten = await db.listen('pgrst', (payload) => {
    if (payload === '' || payload === 'reload schema') notifySchemaChange().catch((e) => log.error('schema reload failed', e));
    else if (payload === 'reload config') {
      notifyConfigReload()
        .then(notifySchemaChange)
        .catch((e) => log.error('config reload failed', e));
    }
  });

  const appDir = options.appDir === undefined ? path.join(config.projectDir, 'dist') : options.appDir;
  const serveStatic = appDir ? createStaticHandler(appDir) : null;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const found = mounted.find(({ mount }) => url.pathname === mount.prefix || url.pathname.startsWith(mount.prefix + '/'));
    if (!found) {
      if (serveStatic) serveStatic(req, res, url);
      else sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const { mount, service } = found;
    const subpath = url.pathname.slice(mount.prefix.length) || '/';
    // Every API's answer, as the gateway in front of Supabase's services compresses them.
    compressAnswer(req, res);
    if (mount.gatewayCors) {
      if (req.method === 'OPTIONS') {
        answerPreflight(req, res);
        return;
      }
      applyCors(req, res);
    }
    if (!gatewayAllows(mount, req, subpath, url, config, res)) return;
    service.handle(req, res, subpath, url).catch((e: unknown) => {
      log.error(`${req.method} ${url.pathname} failed`, e);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  // Websockets (Realtime): the same gateway check, then the service takes the socket.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    const found = mounted.find(({ mount }) => url.pathname === mount.prefix || url.pathname.startsWith(mount.prefix + '/'));
    if (!found?.service.upgrade) return refuseUpgrade(socket, 404, 'Not Found', { message: 'no Route matched with those values' });
    const subpath = url.pathname.slice(found.mount.prefix.length) || '/';
    const refusal = gatewayRefusal(found.mount, req, subpath, url, config);
    if (refusal) return refuseUpgrade(socket, 401, 'Unauthorized', refusal);
    found.service.upgrade(req, socket, head, subpath, url);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.env.STACK_PORT, config.env.STACK_HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  config.url = `http://${config.env.STACK_HOST}:${port}`;

  // What Supabase's extensions do in the background: pg_cron's scheduler, pg_net's worker, and the
  // Vault's project URL and key that scheduled jobs read (a URL a request from the database can reach).
  const reachableHost = ['0.0.0.0', '::'].includes(config.env.STACK_HOST) ? '127.0.0.1' : config.env.STACK_HOST;
  let netWorker: NetWorker | null = null;
  let cron: CronScheduler;
  try {
    await seedVaultSecrets(db, `http://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${port}`, config.serviceRoleKey);
    netWorker = await NetWorker.start(db, new NetGuard(config.env.STACK_NET_ALLOWED_ADDRESSES), log);
    cron = await CronScheduler.start(db, log);
  } catch (e) {
    server.close();
    await netWorker?.stop();
    await dbSocket?.close();
    for (const { service } of mounted) await service.close?.();
    await db.close().catch(() => {});
    throw e;
  }

  let closed = false;
  return {
    config,
    db,
    ctx,
    server,
    url: config.url,
    dbUrl,
    prepared,
    seededStorage,
    async close() {
      if (closed) return;
      closed = true;
      // Upgraded sockets (websockets) keep server.close() waiting: services close them meanwhile.
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await cron.stop();
      await netWorker?.stop();
      await dbSocket?.close();
      for (const { service } of mounted) await service.close?.();
      await serverClosed;
      await unlisten();
      await db.close();
    },
  };
}
