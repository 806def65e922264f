import type { SupabaseClient } from '@supabase/supabase-js';
import { type PostgrestLikeError, clientAsCaller, fieldProblems, serverClient } from '../_shared/database.ts';
import type { ApiKeyRow, ApiKeysDeps, Failure, KeyStore, Result } from './handler.ts';

/**
 * api-keys' dependencies on the platform: every read and write with the caller's own JWT, so RLS
 * (the tenant's active admins only) and the database's rules decide, and the audit trail names
 * the admin. No service role here.
 */
export interface PlatformEnv {
  url: string;
  anonKey: string;
}

/** Never key_hash: it is not readable through the API at all. */
export const KEY_COLUMNS = 'id, tenant_id, user_id, name, description, key_prefix, expires_at, is_active, last_used_at, revoked_at, created_at, updated_at';

/** A database refusal as the function answers it: the rules' 23514 as 422 with details, RLS as 403. */
export function databaseFailure(error: PostgrestLikeError): Failure {
  const details = fieldProblems(error.details);
  if (error.code === '23514' && details) return { ok: false, status: 422, code: 'validation_failed', message: details.length === 1 ? details[0].message : 'Validation failed', details };
  if (error.code === '42501') return { ok: false, status: 403, code: 'forbidden', message: 'Only an active administrator of this business can manage API keys' };
  if (error.code === '23503') return { ok: false, status: 422, code: 'validation_failed', message: 'API keys can only be issued to business users', details: [{ field: 'user_id', key: 'api_keys.business_users_only', message: 'API keys can only be issued to business users' }] };
  if (error.code === '23514' || error.code === '22P02') return { ok: false, status: 400, code: 'validation_failed', message: error.message };
  if (error.code === 'PGRST116') return { ok: false, status: 404, code: 'api_key_not_found', message: 'API key not found' };
  return { ok: false, status: 500, code: 'internal_error', message: 'Something went wrong!' };
}

/** A search without what PostgREST's `or=(…)` syntax or LIKE would read as its own (as the app's withSearch). */
export function searchTerm(search: string): string {
  return search.replace(/[%*,()"\\:_]/g, ' ').trim();
}

function keyStore(client: SupabaseClient): KeyStore {
  async function one(query: PromiseLike<{ data: unknown; error: PostgrestLikeError | null }>): Promise<Result<ApiKeyRow>> {
    const { data, error } = await query;
    if (error) return databaseFailure(error);
    return { ok: true, value: data as ApiKeyRow };
  }
  return {
    async list(tenantId, input) {
      let query = client.from('api_keys').select(KEY_COLUMNS, { count: 'exact' }).eq('tenant_id', tenantId);
      query = input.user_id ? query.eq('user_id', input.user_id) : query.is('user_id', null);
      const term = searchTerm(input.search);
      if (term) query = query.or(`name.ilike.*${term}*,description.ilike.*${term}*`);
      const from = (input.page - 1) * input.limit;
      const { data, count, error } = await query
        .order(input.sort, { ascending: input.ascending, nullsFirst: false })
        .order('id', { ascending: true })
        .range(from, from + input.limit - 1);
      if (error) return databaseFailure(error);
      return { ok: true, value: { rows: (data ?? []) as ApiKeyRow[], total: count ?? 0 } };
    },
    async get(id) {
      const { data, error } = await client.from('api_keys').select(KEY_COLUMNS).eq('id', id).maybeSingle();
      if (error) return databaseFailure(error);
      return { ok: true, value: (data as ApiKeyRow | null) ?? null };
    },
    insert: (row) => one(client.from('api_keys').insert(row).select(KEY_COLUMNS).single()),
    update: (id, patch) => one(client.from('api_keys').update(patch).eq('id', id).select(KEY_COLUMNS).single()),
  };
}

export function platformDeps(env: PlatformEnv): Omit<ApiKeysDeps, 'log'> {
  const anon = serverClient(env.url, env.anonKey);
  return {
    async resolveCaller(accessToken) {
      const { data, error } = await anon.auth.getUser(accessToken);
      if (error || !data.user) return null;
      const { data: profile, error: profileError } = await clientAsCaller(env.url, env.anonKey, accessToken)
        .from('profiles')
        .select('tenant_id, panel_type, status')
        .eq('id', data.user.id)
        .maybeSingle();
      if (profileError) throw profileError;
      return {
        userId: data.user.id,
        profile: profile ? { tenantId: profile.tenant_id as string, panelType: profile.panel_type as string, status: profile.status as string } : null,
      };
    },
    store: (accessToken) => keyStore(clientAsCaller(env.url, env.anonKey, accessToken)),
  };
}
