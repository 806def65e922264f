import { WEBHOOK_DELIVERY_STATUSES } from '../../data/statuses';
import { z } from 'zod';
import { nullableText } from '../../lib/row-schema';

/** The spec's messages, verbatim; a server's own message is preferred where it gives one. */
export const WEBHOOK_MESSAGES = {
  fetchFailed: 'Failed to fetch webhooks',
  testFailed: 'Failed to test webhook',
  testCompleted: 'Webhook test completed',
  testSuccessful: 'Webhook test successful',
  notFound: 'Webhook not found',
  saveFailed: 'Failed to save webhook',
  saved: 'Webhook saved successfully',
  invalidUrl: 'Please enter a valid URL',
  logFailed: 'Failed to load the delivery log',
  replayed: 'Event queued for replay',
  replayFailed: 'Failed to replay the event',
  rotateFailed: 'Failed to rotate the signing secret',
  rotated: 'Signing secret rotated',
} as const;

/** How many recent events a subscription's delivery log shows. */
export const DELIVERY_LOG_LIMIT = 20;

/** How many subscriptions the tab reads at once. */
export const WEBHOOKS_FETCH_LIMIT = 100;

/** One module's card: a saved subscription, or (no id) a module not configured yet. */
export const webhookEntrySchema = z.object({
  id: z.string().optional(),
  module_id: z.string(),
  module_name: z.string(),
  event_types: z.array(z.string()),
  user_id: z.string(),
  webhook_url: z.string(),
  secret_header_key: nullableText,
  secret_header_value: nullableText,
  is_active: z.boolean(),
  /** Why the dispatcher turned it off (null when on, or turned off by a person); cleared when it is turned on again. */
  disabled_reason: nullableText.default(null),
});
export type WebhookEntry = z.infer<typeof webhookEntrySchema>;

/** The reasons the dispatcher writes when it turns a subscription off (webhook_dispatch_record). */
export const DISABLED_REASONS = {
  gone: 'The receiver answered 410 Gone',
  failing: 'Failing for 5 days',
} as const;

/** Why a subscription is off, as the card says it: a known reason in the user's language, any other as written. */
export function disabledReasonOf(entry: Pick<WebhookEntry, 'id' | 'is_active' | 'disabled_reason'>): 'gone' | 'failing' | { other: string } | null {
  if (!entry.id || entry.is_active || !entry.disabled_reason) return null;
  if (entry.disabled_reason === DISABLED_REASONS.gone) return 'gone';
  if (entry.disabled_reason === DISABLED_REASONS.failing) return 'failing';
  return { other: entry.disabled_reason };
}

/** An absolute http(s) address: what a receiver can be (the server checks the same). */
export function isValidWebhookUrl(value: string): boolean {
  if (value.length > 2000 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The card's editable config. */
export interface WebhookConfig {
  webhook_url: string;
  use_auth: boolean;
  secret_header_key: string;
  secret_header_value: string;
}

export function configOf(entry: WebhookEntry): WebhookConfig {
  return {
    webhook_url: entry.webhook_url,
    use_auth: entry.secret_header_key !== null,
    secret_header_key: entry.secret_header_key ?? '',
    secret_header_value: entry.secret_header_value ?? '',
  };
}

/** The endpoint as the calls send it: the auth header only when authentication is on. */
export function endpointOf(config: WebhookConfig): { webhook_url: string; secret_header_key: string | null; secret_header_value: string | null } {
  const on = config.use_auth && config.secret_header_key.trim() !== '';
  return {
    webhook_url: config.webhook_url.trim(),
    secret_header_key: on ? config.secret_header_key.trim() : null,
    secret_header_value: on ? config.secret_header_value.trim() || null : null,
  };
}

/** One try of a delivery: the receiver's answer (status code) or why there was none. */
export const webhookAttemptSchema = z.object({
  attempt: z.number(),
  attempted_at: z.string(),
  status_code: z.number().nullable(),
  duration_ms: z.number().nullable(),
  error: nullableText,
});

/** One event of a subscription's delivery log, with its attempts. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_type: z.string(),
  message_id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempt_count: z.number(),
  last_status_code: z.number().nullable(),
  last_error: nullableText,
  next_attempt_at: nullableText,
  created_at: z.string(),
  webhook_attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
