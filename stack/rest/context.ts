import type { IncomingMessage } from 'node:http';
import type { Negotiated, Preferences } from './request-headers.ts';
import type { SchemaCache } from './schema-cache.ts';
import type { RestSettings } from './settings.ts';

/** One REST request, after routing, authentication and header parsing. */
export interface RestCall {
  req: IncomingMessage;
  url: URL;
  method: string;
  schema: string;
  cache: SchemaCache;
  prefs: Preferences;
  accept: Negotiated;
  maxRows: number;
  /** The in-database configuration in effect for this request. */
  settings: RestSettings;
  /** The transaction ends in a rollback (Prefer: tx=rollback, or db-tx-end). */
  rollback: boolean;
}

export interface RestResult {
  status: number;
  /** null: no body (HEAD, return=minimal, 204). */
  body: string | null;
  headers: Record<string, string>;
}
