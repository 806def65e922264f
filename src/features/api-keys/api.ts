import { edgeFunctionError, EdgeFunctionError } from '../../lib/edge-functions';
import type { ListState } from '../../lib/list-state';
import { fetchListPage } from '../../lib/query-results';
import { withSearch } from '../../lib/search-filter';
import { supabase } from '../../lib/supabase';
import type { FetchContext, ServerPage } from '../../lib/use-server-list';
import { API_KEY_MESSAGES, apiKeySchema, type ApiKey } from './schema';

const KEY_COLUMNS = 'id, tenant_id, user_id, name, description, key_prefix, expires_at, is_active, last_used_at, created_at';

/** Whose keys a table shows: the tenant's own (userId null) or one business user's. */
export interface ApiKeyScope {
  tenantId: string;
  userId: string | null;
}

/** One page of the scope's keys (RLS: the tenant's admins read them), with the exact total. */
export async function listApiKeys(scope: ApiKeyScope, state: ListState<Record<string, never>>, { signal }: FetchContext): Promise<ServerPage<ApiKey>> {
  let query = supabase.from('api_keys').select(KEY_COLUMNS, { count: 'exact' }).eq('tenant_id', scope.tenantId);
  query = scope.userId ? query.eq('user_id', scope.userId) : query.is('user_id', null);
  query = withSearch(query, ['name', 'description'], state.q);
  return fetchListPage(query, state, signal, apiKeySchema.array(), { nullsFirst: false });
}

interface KeyAnswer {
  apiKey?: { api_key?: unknown };
  message?: unknown;
}

function messageOf(data: KeyAnswer | null, fallback: string): string {
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}

export interface KeyFields {
  name: string;
  description: string;
  expires_at: string | null;
}

/** POST api-keys: the new key, shown once, and the server's message. */
export async function generateApiKey(scope: ApiKeyScope, fields: KeyFields): Promise<{ apiKey: string; message: string }> {
  const body = { ...fields, ...(scope.userId ? { user_id: scope.userId } : { tenant_id: scope.tenantId }) };
  const { data, error } = await supabase.functions.invoke<KeyAnswer>('api-keys', { method: 'POST', body });
  if (error) throw await edgeFunctionError(error, API_KEY_MESSAGES.generateFailed);
  const key = data?.apiKey?.api_key;
  if (typeof key !== 'string' || !key) throw new EdgeFunctionError('Invalid response from server');
  return { apiKey: key, message: messageOf(data, API_KEY_MESSAGES.generated) };
}

/** PUT api-keys/{id}: the server's message. */
export async function updateApiKey(scope: ApiKeyScope, id: string, fields: KeyFields & { is_active: boolean }): Promise<string> {
  const body = { ...fields, ...(scope.userId ? { user_id: scope.userId } : { tenant_id: scope.tenantId }) };
  const { data, error } = await supabase.functions.invoke<KeyAnswer>(`api-keys/${encodeURIComponent(id)}`, { method: 'PUT', body });
  if (error) throw await edgeFunctionError(error, API_KEY_MESSAGES.updateFailed);
  return messageOf(data, API_KEY_MESSAGES.updated);
}

/** DELETE api-keys/{id}: the server's message. */
export async function revokeApiKey(id: string): Promise<string> {
  const { data, error } = await supabase.functions.invoke<KeyAnswer>(`api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
  if (error) throw await edgeFunctionError(error, API_KEY_MESSAGES.revokeFailed);
  return messageOf(data, API_KEY_MESSAGES.revoked);
}

/** GET api/openapi.json: the public API's own description (no key needed to read it). */
export async function fetchApiDocument(): Promise<unknown> {
  const { data, error } = await supabase.functions.invoke<unknown>('api/openapi.json', { method: 'GET' });
  if (error) throw await edgeFunctionError(error, 'The API description could not be loaded');
  return data;
}
