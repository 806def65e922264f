import type { IncomingMessage } from 'node:http';
import { RestError } from './errors.ts';

/** The Prefer header as PostgREST reads it: unknown or repeated preferences are ignored unless handling=strict. */
export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  params?: 'single-object';
  maxAffected?: number;
  /** Preferences that were understood, echoed in Preference-Applied. */
  applied: string[];
}

const ALLOWED: Record<string, readonly string[]> = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
  params: ['single-object'],
};

export function parsePrefer(req: IncomingMessage): Preferences {
  const header = req.headers['prefer'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const prefs: Preferences = { applied: [] };
  const invalid: string[] = [];
  for (const part of text.split(',')) {
    const p = part.trim();
    if (!p) continue;
    const eq = p.indexOf('=');
    const key = eq < 0 ? p : p.slice(0, eq).trim();
    const value = eq < 0 ? '' : p.slice(eq + 1).trim();
    if (key === 'max-affected' && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value);
      continue;
    }
    const allowed = ALLOWED[key];
    if (!allowed || !allowed.includes(value)) {
      invalid.push(p);
      continue;
    }
    (prefs as unknown as Record<string, string>)[key] = value;
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return prefs;
}

export type MediaType = 'json' | 'object' | 'csv';

/** `Accept: application/vnd.pgrst.plan[+json|+text]; for="..."; options=a|b`: the EXPLAIN of the request. */
export interface PlanRequest {
  format: 'json' | 'text';
  options: string[];
  contentType: string;
}

export interface Negotiated {
  media: MediaType;
  stripNulls: boolean;
  contentType: string;
  /** explain(): the plan of the request as it would answer `media` (PostgREST's db-plan-enabled). */
  plan?: PlanRequest;
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

function planRequest(type: string, params: Map<string, string>, text: string): Negotiated {
  const format = type.endsWith('+json') ? 'json' : 'text';
  const forType = (params.get('for') ?? 'application/json').replace(/^"|"$/g, '');
  const inner = negotiateText(forType);
  const options = (params.get('options') ?? '').split('|').map((o) => o.trim().toLowerCase()).filter(Boolean);
  if (options.some((o) => !PLAN_OPTIONS.includes(o))) throw new RestError(406, 'PGRST107', `None of these media types are available: ${text}`);
  const forName = inner.media === 'object' ? 'application/vnd.pgrst.object+json' : inner.media === 'csv' ? 'text/csv' : 'application/json';
  const contentType = `application/vnd.pgrst.plan+${format}; for="${forName}"${options.length ? `; options=${options.join('|')}` : ''}; charset=utf-8`;
  return { ...inner, plan: { format, options, contentType } };
}

function mediaParam(p: string): [string, string] {
  const i = p.indexOf('=');
  return i < 0 ? [p.toLowerCase(), ''] : [p.slice(0, i).trim().toLowerCase(), p.slice(i + 1).trim()];
}

/** PostgREST's Accept negotiation for the media types supabase-js asks for. */
export function negotiate(req: IncomingMessage): Negotiated {
  const header = req.headers['accept'];
  return negotiateText((Array.isArray(header) ? header.join(',') : header) ?? '');
}

function negotiateText(text: string): Negotiated {
  if (text.trim() === '') return { media: 'json', stripNulls: false, contentType: 'application/json; charset=utf-8' };
  const offered = text.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of offered) {
    const [type, ...paramParts] = entry.split(';').map((s) => s.trim());
    const paramsOf = new Map(paramParts.filter(Boolean).map(mediaParam));
    const stripNulls = paramsOf.get('nulls') === 'stripped';
    switch (type.toLowerCase()) {
      case 'application/json':
      case 'application/*':
      case '*/*':
        return { media: 'json', stripNulls: false, contentType: 'application/json; charset=utf-8' };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return {
          media: 'json',
          stripNulls,
          contentType: stripNulls ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8' : 'application/json; charset=utf-8',
        };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return {
          media: 'object',
          stripNulls,
          contentType: stripNulls ? 'application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8' : 'application/vnd.pgrst.object+json; charset=utf-8',
        };
      case 'text/csv':
        return { media: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
      case 'application/vnd.pgrst.plan':
      case 'application/vnd.pgrst.plan+json':
      case 'application/vnd.pgrst.plan+text':
        return planRequest(type.toLowerCase(), paramsOf, text);
    }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}

/** `Range: 0-9` (items) as offset/limit; anything unparsable is ignored, as PostgREST does. */
export function rangeHeader(req: IncomingMessage): { offset: number; limit?: number } | null {
  const header = req.headers['range'];
  if (typeof header !== 'string') return null;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return null;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) return null;
  return { offset: from, limit: to - from + 1 };
}

/** What a request does, for the preferences PostgREST reports back. */
export type PreferAction = 'read' | 'create' | 'update' | 'upsert-single' | 'delete' | 'rpc';

/**
 * PostgREST's Preference-Applied header (Preferences.prefAppliedHeader with the per-action selection of
 * Response.hs): resolution, missing, return, count, tx, handling, max-affected in that order; null when none.
 */
export function preferenceApplied(prefs: Preferences, action: PreferAction, opts: { resolution?: boolean } = {}): string | null {
  const vals: string[] = [];
  if (action === 'create' && prefs.resolution && opts.resolution) vals.push(`resolution=${prefs.resolution}`);
  if ((action === 'create' || action === 'update') && prefs.missing) vals.push(`missing=${prefs.missing}`);
  if (action !== 'read' && action !== 'rpc' && prefs.return) vals.push(`return=${prefs.return}`);
  if (prefs.count) vals.push(`count=${prefs.count}`);
  if (prefs.tx) vals.push(`tx=${prefs.tx}`);
  if (prefs.handling) vals.push(`handling=${prefs.handling}`);
  const maxAffected = action === 'update' || action === 'delete' || action === 'rpc';
  if (maxAffected && prefs.handling === 'strict' && prefs.maxAffected !== undefined) vals.push(`max-affected=${prefs.maxAffected}`);
  return vals.length ? vals.join(', ') : null;
}
