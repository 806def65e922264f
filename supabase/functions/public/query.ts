import { words, type Words } from '../_shared/http.ts';

/** GET /public/tenants query parameters, validated: page is 1-based, limit at most MAX_LIMIT. */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
export const MAX_SEARCH_LENGTH = 100;

export interface TenantListQuery {
  /** Trimmed; '' means no search. */
  search: string;
  page: number;
  limit: number;
}

export type Parsed<T> = { ok: true; value: T } | ({ ok: false } & Words);

const KNOWN = new Set(['search', 'page', 'limit']);
const POSITIVE_INTEGER = /^[1-9][0-9]{0,8}$/;

function single(params: URLSearchParams, name: string): Parsed<string | null> {
  const values = params.getAll(name);
  if (values.length > 1) return { ok: false, ...words('directory.parameter_repeated', `Give ${name} only once`, { name }) };
  return { ok: true, value: values[0] ?? null };
}

function positiveInteger(raw: string | null, name: string, fallback: number, max?: number): Parsed<number> {
  if (raw === null || raw.trim() === '') return { ok: true, value: fallback };
  const text = raw.trim();
  if (!POSITIVE_INTEGER.test(text)) return { ok: false, ...words('directory.parameter_not_positive', `${name} must be a whole number of at least 1`, { name }) };
  const value = Number(text);
  if (max !== undefined && value > max) return { ok: false, ...words('directory.parameter_too_large', `${name} must be at most ${max}`, { name, max }) };
  return { ok: true, value };
}

export function parseTenantListQuery(params: URLSearchParams): Parsed<TenantListQuery> {
  for (const name of new Set(params.keys())) {
    if (!KNOWN.has(name)) return { ok: false, ...words('directory.parameter_unknown', `Unknown query parameter ${name}: use search, page and limit`, { name }) };
  }
  const search = single(params, 'search');
  if (!search.ok) return search;
  const pageRaw = single(params, 'page');
  if (!pageRaw.ok) return pageRaw;
  const limitRaw = single(params, 'limit');
  if (!limitRaw.ok) return limitRaw;

  const term = (search.value ?? '').trim();
  if (term.length > MAX_SEARCH_LENGTH) return { ok: false, ...words('directory.search_too_long', `search must be at most ${MAX_SEARCH_LENGTH} characters`, { max: MAX_SEARCH_LENGTH }) };
  const page = positiveInteger(pageRaw.value, 'page', 1);
  if (!page.ok) return page;
  const limit = positiveInteger(limitRaw.value, 'limit', DEFAULT_LIMIT, MAX_LIMIT);
  if (!limit.ok) return limit;
  return { ok: true, value: { search: term, page: page.value, limit: limit.value } };
}

/**
 * The search term as a PostgREST `ilike` value inside an `or=(...)` tree: matched anywhere, its
 * LIKE wildcards (% _ \) taken literally, double-quoted so that , ( ) and . are data. PostgREST
 * turns every * into %, so a literal * cannot be searched for: it is dropped.
 */
export function ilikeContains(term: string): string {
  const like = term.replace(/\*/g, '').replace(/[\\%_]/g, (c) => `\\${c}`);
  return `"*${like.replace(/[\\"]/g, (c) => `\\${c}`)}*"`;
}

/** A tenant slug as the tenants table allows it; anything else cannot name a tenant. */
export function isPlausibleSlug(slug: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(slug);
}
