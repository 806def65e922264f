import { edgeFunctionError, EdgeFunctionError } from '../../lib/edge-functions';
import { supabase } from '../../lib/supabase';
import { DELIVERY_LOG_LIMIT, WEBHOOKS_FETCH_LIMIT, webhookDeliverySchema, webhookEntrySchema, type WebhookDelivery, type WebhookEntry } from './schema';

/**
 * A failure the server put no words to throws an error with an empty message (NO_WORDS), and an
 * answer's English message is left to API clients. The screen words every outcome from the webhooks
 * catalogue (`msg.*`) and a refusal by its key (lib/server-messages), in the page's language; the
 * server's English is what an API client reads.
 */
const NO_WORDS = '';

interface Endpoint {
  webhook_url: string;
  secret_header_key: string | null;
  secret_header_value: string | null;
}

/** A person's subscriptions, one entry per module of the catalogue. */
export async function fetchUserWebhooks(userId: string): Promise<WebhookEntry[]> {
  const { data, error } = await supabase.functions.invoke<{ subscriptions?: unknown }>(`webhooks?userId=${encodeURIComponent(userId)}&limit=${WEBHOOKS_FETCH_LIMIT}`, { method: 'GET' });
  if (error) throw await edgeFunctionError(error, NO_WORDS);
  const parsed = webhookEntrySchema.array().safeParse(data?.subscriptions);
  if (!parsed.success) throw new EdgeFunctionError(NO_WORDS);
  return parsed.data;
}

export interface TestOutcome {
  success: boolean;
  /** Why it failed, in the server's English; `detailKey` and `detailParams` word it in the user's language. */
  detail: string | null;
  detailKey: string | null;
  detailParams: Record<string, unknown> | undefined;
  /** The receiver's HTTP status, when it answered. */
  statusCode: number | null;
  /** The draft secret the test was signed with, for a subscription not saved yet. */
  signingSecret: string | null;
}

/** POST webhooks/test: a signed test event to the address. */
export async function testWebhook(endpoint: Endpoint, options: { subscriptionId?: string; signingSecret?: string | null }): Promise<TestOutcome> {
  const body = { ...endpoint, subscription_id: options.subscriptionId ?? null, signing_secret: options.signingSecret ?? null };
  const { data, error } = await supabase.functions.invoke<{
    success?: unknown;
    status_code?: unknown;
    error?: unknown;
    error_key?: unknown;
    error_params?: unknown;
    signing_secret?: unknown;
  }>('webhooks/test', { method: 'POST', body });
  if (error) throw await edgeFunctionError(error, NO_WORDS);
  return {
    success: data?.success === true,
    detail: typeof data?.error === 'string' ? data.error : null,
    detailKey: typeof data?.error_key === 'string' ? data.error_key : null,
    detailParams: typeof data?.error_params === 'object' && data.error_params !== null ? (data.error_params as Record<string, unknown>) : undefined,
    statusCode: typeof data?.status_code === 'number' ? data.status_code : null,
    signingSecret: typeof data?.signing_secret === 'string' ? data.signing_secret : null,
  };
}

export interface SaveOutcome {
  id: string;
  /** Answered once, when the subscription is made or its secret changes. */
  signingSecret: string | null;
}

/** Create (no id) or update a module's subscription; it is active after saving. */
export async function saveWebhook(entry: WebhookEntry, endpoint: Endpoint, signingSecret: string | null): Promise<SaveOutcome> {
  const body = { module_id: entry.module_id, user_id: entry.user_id, is_active: true, ...endpoint, signing_secret: signingSecret };
  const { data, error } = entry.id
    ? await supabase.functions.invoke<{ subscription?: { id?: unknown }; signing_secret?: unknown }>(`webhooks/${encodeURIComponent(entry.id)}`, { method: 'PUT', body })
    : await supabase.functions.invoke<{ subscription?: { id?: unknown }; signing_secret?: unknown }>('webhooks', { method: 'POST', body });
  if (error) throw await edgeFunctionError(error, NO_WORDS);
  const id = data?.subscription?.id;
  if (typeof id !== 'string') throw new EdgeFunctionError(NO_WORDS);
  return {
    id,
    signingSecret: typeof data?.signing_secret === 'string' ? data.signing_secret : null,
  };
}

/** A subscription's recent events, newest first, each with its attempts (the tenant admins read the log). */
export async function fetchDeliveryLog(subscriptionId: string): Promise<WebhookDelivery[]> {
  const { data, error } = await supabase
    .from('webhook_deliveries')
    .select('id, event_type, message_id, status, attempt_count, last_status_code, last_error, next_attempt_at, created_at, webhook_attempts(attempt, attempted_at, status_code, duration_ms, error)')
    .eq('subscription_id', subscriptionId)
    .order('created_at', { ascending: false })
    .limit(DELIVERY_LOG_LIMIT);
  if (error) throw new Error(NO_WORDS);
  const parsed = webhookDeliverySchema.array().safeParse(data);
  if (!parsed.success) throw new Error(NO_WORDS);
  return parsed.data.map((d) => ({ ...d, webhook_attempts: [...d.webhook_attempts].sort((a, b) => b.attempt - a.attempt || b.attempted_at.localeCompare(a.attempted_at)) }));
}

/** Queues an event of the log again; it keeps its webhook-id. A refusal is thrown as PostgREST answered it (keyed details). */
export async function replayDelivery(deliveryId: string): Promise<void> {
  const { error } = await supabase.rpc('replay_webhook_delivery', { delivery_id: deliveryId });
  if (error) throw error;
}

/** A new signing secret for a saved subscription, answered once. */
export async function rotateSigningSecret(entry: WebhookEntry & { id: string }): Promise<string> {
  const body = {
    module_id: entry.module_id, user_id: entry.user_id, is_active: entry.is_active, webhook_url: entry.webhook_url,
    secret_header_key: entry.secret_header_key, secret_header_value: entry.secret_header_value, rotate_secret: true,
  };
  const { data, error } = await supabase.functions.invoke<{ signing_secret?: unknown }>(`webhooks/${encodeURIComponent(entry.id)}`, { method: 'PUT', body });
  if (error) throw await edgeFunctionError(error, NO_WORDS);
  if (typeof data?.signing_secret !== 'string') throw new EdgeFunctionError(NO_WORDS);
  return data.signing_secret;
}
