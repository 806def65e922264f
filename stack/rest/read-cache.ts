import type { IncomingMessage } from 'node:http';
import type { CompiledRead, ReadSource } from './read.ts';
import type { Negotiated, Preferences } from './request-headers.ts';

/**
 * A table read as the REST service prepared it for one request: headers parsed, the plan built from
 * the query string and the schema cache, the statement compiled. The next request that only differs
 * by its caller (a list screen paging back, polling, many users on the same screen) runs it as is.
 */
export interface PreparedRead {
  src: ReadSource;
  prefs: Preferences;
  accept: Negotiated;
  rollback: boolean;
  compiled: CompiledRead;
  /** The Preference-Applied header of the answer, or null. */
  applied: string | null;
}

/** Prepared reads kept per schema cache and settings; past the bound, the least recently used goes. */
const READ_CACHE_SIZE = 500;
/** Longer keys (huge `in.()` lists, long select trees) are prepared every time rather than kept. */
const MAX_KEY_LENGTH = 8192;

function headerText(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return v === undefined ? '' : Array.isArray(v) ? v.join('\u0001') : v;
}

/**
 * Everything of a request a prepared read depends on: method, schema, path, query string, and the
 * headers that shape it (Prefer: count, tx, handling; Accept: media and nulls; Range: the page).
 * Not the caller: the statement is the same for every role and its claims, RLS deciding the rows.
 * The schema cache and the settings are not in the key: a reload of either starts a new cache.
 * Null when the request is not worth keeping.
 */
export function readKey(req: IncomingMessage, method: string, schema: string, subpath: string, search: string): string | null {
  const key = `${method}\n${schema}\n${subpath}\n${search}\n${headerText(req, 'prefer')}\n${headerText(req, 'accept')}\n${headerText(req, 'range')}`;
  return key.length > MAX_KEY_LENGTH ? null : key;
}

export class ReadCache {
  private readonly entries = new Map<string, PreparedRead>();

  constructor(private readonly limit = READ_CACHE_SIZE) {}

  get(key: string): PreparedRead | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, read: PreparedRead): void {
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, read);
  }

  get size(): number {
    return this.entries.size;
  }
}
