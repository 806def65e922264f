import type { SupabaseClient } from '@supabase/supabase-js';
import { type PostgrestLikeError, clientAsCaller, fieldProblems, problem, serverClient } from '../_shared/database.ts';
import { guardedFetch, type GuardOptions } from '../_shared/net_guard.ts';
import type { Failure, ModuleRow, Result, SubscriptionRow, WebhooksDeps, WebhookStore } from './handler.ts';

export interface PlatformEnv {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  guard: GuardOptions;
}

/** How long a receiver has to answer a delivery or a test. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** Never signing_secret: it is not readable through the API. */
export const SUBSCRIPTION_COLUMNS = 'id, tenant_id, user_id, module_id, webhook_url, secret_header_key, secret_header_value, is_active, disabled_reason, created_at, updated_at';

export function databaseFailure(error: PostgrestLikeError): Failure {
  const details = fieldProblems(error.details);
  if (error.code === '23514' && details) return { ok: false, status: 422, code: 'validation_failed', ...(details.length === 1 && details[0].key ? { key: details[0].key } : {}), message: details.length === 1 ? details[0].message : 'Validation failed', details };
  if (error.code === '23505') return { ok: false, status: 409, code: 'webhook_exists', key: 'webhooks.exists', message: 'This user already has a webhook for this module' };
  if (error.code === '23503') {
    const unknown = problem('module_id', 'webhooks.module_invalid', 'module_id must name a module of the catalogue');
    return { ok: false, status: 422, code: 'validation_failed', key: unknown.key, message: unknown.message, details: [unknown] };
  }
  if (error.code === '42501') return { ok: false, status: 403, code: 'forbidden', key: 'webhooks.not_admin', message: 'Only an active administrator of this business can manage webhooks' };
  if (error.code === 'PGRST116') return { ok: false, status: 404, code: 'webhook_not_found', key: 'webhooks.not_found', message: 'Webhook not found' };
  return { ok: false, status: 500, code: 'internal_error', key: 'webhooks.save_failed', message: 'Failed to save webhook' };
}

function webhookStore(client: SupabaseClient): WebhookStore {
  async function one(query: PromiseLike<{ data: unknown; error: PostgrestLikeError | null }>): Promise<Result<SubscriptionRow>> {
    const { data, error } = await query;
    if (error) return databaseFailure(error);
    return { ok: true, value: data as SubscriptionRow };
  }
  return {
    async modules() {
      const { data, error } = await client.from('webhook_modules').select('id, name, event_types').order('sort_order');
      if (error) return databaseFailure(error);
      return { ok: true, value: (data ?? []) as ModuleRow[] };
    },
    async listFor(userId, limit) {
      const { data, error } = await client.from('webhook_subscriptions').select(SUBSCRIPTION_COLUMNS).eq('user_id', userId).order('created_at').limit(limit);
      if (error) return databaseFailure(error);
      return { ok: true, value: (data ?? []) as SubscriptionRow[] };
    },
    async get(id) {
      const { data, error } = await client.from('webhook_subscriptions').select(SUBSCRIPTION_COLUMNS).eq('id', id).maybeSingle();
      if (error) return databaseFailure(error);
      return { ok: true, value: (data as SubscriptionRow | null) ?? null };
    },
    insert: (row) => one(client.from('webhook_subscriptions').insert(row).select(SUBSCRIPTION_COLUMNS).single()),
    update: (id, patch) => one(client.from('webhook_subscriptions').update(patch).eq('id', id).select(SUBSCRIPTION_COLUMNS).single()),
  };
}

export function platformDeps(env: PlatformEnv): Omit<WebhooksDeps, 'log'> {
  const anon = serverClient(env.url, env.anonKey);
  const service = serverClient(env.url, env.serviceRoleKey);
  return {
    async resolveCaller(accessToken) {
      const { data, error } = await anon.auth.getUser(accessToken);
      if (error || !data.user) return null;
      const { data: profile, error: profileError } = await clientAsCaller(env.url, env.anonKey, accessToken).from('profiles').select('tenant_id, panel_type, status').eq('id', data.user.id).maybeSingle();
      if (profileError) throw profileError;
      return {
        userId: data.user.id,
        profile: profile ? { tenantId: profile.tenant_id as string, panelType: profile.panel_type as string, status: profile.status as string } : null,
      };
    },
    store: (accessToken) => webhookStore(clientAsCaller(env.url, env.anonKey, accessToken)),
    async signingSecretOf(id) {
      const { data, error } = await service.from('webhook_subscriptions').select('signing_secret').eq('id', id).maybeSingle();
      if (error) throw error;
      return (data?.signing_secret as string | undefined) ?? null;
    },
    send: (url, init) => guardedFetch(url, { ...init, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) }, env.guard),
  };
}
