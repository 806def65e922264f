import { edgeFunctionError, EdgeFunctionError } from '../../lib/edge-functions';
import { supabase } from '../../lib/supabase';
import { DELIVERY_LOG_LIMIT, WEBHOOKS_FETCH_LIMIT, webhookDeliverySchema, webhookEntrySchema, type WebhookDelivery, type WebhookEntry } from './schema';

/**
 * A failure the server put no words to throws an error with an empty message (NO_WORDS), and an
 * answer without its own message leaves it null: the screen then says it from the webhooks
 * catalogue (`msg.*`), in the page's language. A server's own message is passed on as it comes.
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
  /** The server's words, or null (the screen says msg.testCompleted). */
  message: string | null;
  detail: string | null;
  /** The draft secret the test was signed with, for a subscription not saved yet. */
  signingSecret: string | null;
}

/** POST webhooks/test: a signed test event to the address. */
export async function testWebhook(endpoint: Endpoint, options: { subscriptionId?: string; signingSecret?: string | null }): Promise<TestOutcome> {
  const body = { ...endpoint, subscription_id: options.subscriptionId ?? null, signing_secret: options.signingSecret ?? null };
  const { data, error } = await supabase.functions.invoke<{ success?: unknown; message?: unknown; error?: unknown; signing_secret?: unknown }>('webhooks/test', { method: 'POST', body });
  if (error) throw await edgeFunctionError(error, NO_WORDS);
  return {
    success: data?.success === true,
    message: typeof data?.message === 'string' ? data.message : null,
    detail: typeof data?.error === 'string' ? data.error : null,
    signingSecret: typeof data?.signing_secret === 'string' ? data.signing_secret : null,
  };
}

export interface SaveOutcome {
  id: string;
  /** The server's words, or null (the screen says msg.saved). */
  message: string | null;
  /** Answered once, when the subscription is made or its secret changes. */
  signingSecret: string | null;
}

/** Create (no id) or update a module's subscription; it is active after saving. */
export async function saveWebhook(entry: WebhookEntry, endpoint: Endpoint, signingSecret: string | null): Promise<SaveOutcome> {
  const body = { module_id: entry.module_id, user_id: entry.user_id, is_active: true, ...endpoint, signing_secret: signingSecret };
  const { data, error } = entry.id
    ? await supabase.functions.invoke<{ subscription?: { id?: unknown }; message?: unknown; signing_secret?: unknown }>(`webhooks/${encodeURIComponent(entry.id)}`, { method: 'PUT', body })
    : await supabase.functions.invoke<{ subscription?: { id?: unknown }; message?: unknown; signing_secret?: unknown }>('webhooks', { method: 'POST', body });
  if (error) throw await edgeFunctionError(error, NO_WORDS);
  const id = data?.subscription?.id;
  if (typeof id !== 'string') throw new EdgeFunctionError(NO_WORDS);
  return {
    id,
    message: typeof data?.message === 'string' ? data.message : null,
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

/** Queues an event of the log again; it keeps its webhook-id. */
export async function replayDelivery(deliveryId: string): Promise<void> {
  const { error } = await supabase.rpc('replay_webhook_delivery', { delivery_id: deliveryId });
  if (error) throw new Error(error.message || NO_WORDS);
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
