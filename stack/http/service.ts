import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { StackConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../log.ts';
import type { JwtService } from './jwt.ts';

/** What every service of the stack is given. */
export interface StackContext {
  config: StackConfig;
  db: Database;
  /** A postgres:// URL to the same database for other processes (psql, edge functions' SUPABASE_DB_URL). */
  dbUrl: string;
  jwt: JwtService;
  log: Logger;
}

/** A mounted API (/rest/v1, /auth/v1, ...). */
export interface StackService {
  /**
   * Serve one request. `subpath` is the path below the mount, always starting with '/'
   * (e.g. '/users' for /rest/v1/users); `url` is the full parsed request URL.
   */
  handle(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<void>;
  /**
   * A websocket upgrade below the mount (Realtime), after the gateway's apikey check; the service
   * owns the socket from here (answer or destroy it).
   */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, subpath: string, url: URL): void;
  /** The database schema changed (migrations ran, NOTIFY pgrst): drop caches. */
  onSchemaChange?(): Promise<void>;
  /** NOTIFY pgrst, 'reload config': re-read the in-database configuration. */
  onConfigReload?(): Promise<void>;
  close?(): Promise<void>;
}

/**
 * How Supabase's API gateway guards a mount:
 * - 'apikey': an `apikey` header (or ?apikey=) equal to the anon or service_role key is required (REST, Auth, Realtime);
 * - 'open': the service authenticates by itself (Storage, Functions, the mailbox).
 */
export type GatewayPolicy = 'apikey' | 'open';

export interface ServiceMount {
  prefix: string;
  gateway: GatewayPolicy;
  /** Paths below the prefix that the gateway leaves open even under 'apikey' (GoTrue's /verify). */
  openPaths?: RegExp[];
  /** Answer CORS preflight at the gateway (true) or let the service see OPTIONS (functions). */
  gatewayCors: boolean;
  create(ctx: StackContext): Promise<StackService> | StackService;
}
