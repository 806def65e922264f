import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/**
 * What every function needs of the database through supabase-js: clients made for a server (no
 * session kept or refreshed, nothing read from a URL) and the shape of PostgREST's refusals, whose
 * DETAIL carries the rules' `[{field, message}]` (SQLSTATE 23514) when they name fields.
 */
export const SERVER_CLIENT_OPTIONS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } } as const;

/** A client with the anon or the service role key, and the headers given (the caller's address). */
export function serverClient(url: string, key: string, headers?: Record<string, string>): SupabaseClient {
  return createClient(url, key, headers ? { ...SERVER_CLIENT_OPTIONS, global: { headers } } : SERVER_CLIENT_OPTIONS);
}

/** A client that acts as the caller (their JWT), so that RLS and the database's rules decide. */
export function clientAsCaller(url: string, anonKey: string, accessToken: string): SupabaseClient {
  return serverClient(url, anonKey, { Authorization: `Bearer ${accessToken}` });
}

/**
 * One field's message, as the rules and the functions' own input checks name them; `key` is its
 * stable identifier (dotted lower snake) the app shows in the user's language, `params` the values
 * its words name. A refusal keeps `message` English (API clients and the app's fallback read it).
 */
export interface FieldProblem {
  field: string;
  key?: string;
  message: string;
  params?: Record<string, string | number>;
}

/** A keyed problem of a field. */
export function problem(field: string, key: string, message: string, params?: Record<string, string | number>): FieldProblem {
  return params ? { field, key, message, params } : { field, key, message };
}

/** A PostgREST error as supabase-js hands it over. */
export interface PostgrestLikeError {
  code?: string;
  message: string;
  details?: string | null;
}

/** The field messages in a refusal's DETAIL, or undefined when it carries none. */
export function fieldProblems(details: string | null | undefined): FieldProblem[] | undefined {
  if (!details) return undefined;
  try {
    const parsed: unknown = JSON.parse(details);
    if (Array.isArray(parsed) && parsed.every((p) => typeof p?.field === 'string' && typeof p?.message === 'string')) return parsed as FieldProblem[];
  } catch {
    return undefined;
  }
  return undefined;
}
