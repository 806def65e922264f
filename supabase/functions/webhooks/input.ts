import { problem, type FieldProblem } from '../_shared/database.ts';

export type { FieldProblem };

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

export const INVALID_URL = 'Please enter a valid URL';
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Headers the delivery sets itself: a receiver's own header may not replace them.
const RESERVED_HEADERS = new Set(['content-type', 'content-length', 'host', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'user-agent']);

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** An absolute http(s) URL with a host: what a receiver can be. */
export function isWebhookUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface Endpoint {
  webhook_url: string;
  secret_header_key: string | null;
  secret_header_value: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function parseEndpoint(o: Record<string, unknown>, problems: FieldProblem[]): Endpoint {
  const webhook_url = typeof o.webhook_url === 'string' ? o.webhook_url.trim() : '';
  if (!isWebhookUrl(webhook_url)) problems.push(problem('webhook_url', 'webhooks.url_invalid', INVALID_URL));
  const key = text(o.secret_header_key);
  const value = text(o.secret_header_value);
  if (key && (!HEADER_NAME.test(key) || RESERVED_HEADERS.has(key.toLowerCase()))) problems.push(problem('secret_header_key', 'webhooks.header_name_invalid', 'Enter a header name: letters, digits and - only'));
  if ((key === null) !== (value === null)) {
    problems.push(problem(key === null ? 'secret_header_key' : 'secret_header_value', 'webhooks.header_incomplete', 'Enter both the header name and its value, or neither'));
  } else if (value && (/[\r\n]/.test(value) || value.length > 2000)) {
    problems.push(problem('secret_header_value', 'webhooks.header_value_invalid', 'The header value must be one line of at most 2000 characters', { max: 2000 }));
  }
  return { webhook_url, secret_header_key: key, secret_header_value: value };
}

export function asObject(body: unknown): Record<string, unknown> | null {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

export interface SubscriptionInput extends Endpoint {
  module_id: string;
  user_id: string;
  is_active: boolean;
  /** A draft secret a test was signed with, kept when the subscription is saved. */
  signing_secret: string | null;
  rotate_secret: boolean;
}

export function parseSubscription(body: unknown): Parsed<SubscriptionInput> {
  const o = asObject(body);
  if (!o) return { ok: false, problems: [problem('body', 'webhooks.body_invalid', 'Send a JSON object with module_id, webhook_url, secret_header_key, secret_header_value, is_active and user_id')] };
  const problems: FieldProblem[] = [];
  const endpoint = parseEndpoint(o, problems);
  const module_id = typeof o.module_id === 'string' && /^[a-z][a-z_]*$/.test(o.module_id) ? o.module_id : '';
  if (!module_id) problems.push(problem('module_id', 'webhooks.module_invalid', 'module_id must name a module of the catalogue'));
  if (!isUuid(o.user_id)) problems.push(problem('user_id', 'webhooks.user_id_invalid', 'user_id must be a uuid'));
  if (o.is_active !== undefined && typeof o.is_active !== 'boolean') problems.push(problem('is_active', 'webhooks.is_active_invalid', 'is_active must be true or false'));
  const signing_secret = typeof o.signing_secret === 'string' && o.signing_secret ? o.signing_secret : null;
  return problems.length
    ? { ok: false, problems }
    : {
        ok: true,
        value: { ...endpoint, module_id, user_id: (o.user_id as string).toLowerCase(), is_active: o.is_active !== false, signing_secret, rotate_secret: o.rotate_secret === true },
      };
}

export interface TestInput extends Endpoint {
  subscription_id: string | null;
  signing_secret: string | null;
}

export function parseTest(body: unknown): Parsed<TestInput> {
  const o = asObject(body);
  if (!o) return { ok: false, problems: [problem('body', 'webhooks.test_body_invalid', 'Send a JSON object with webhook_url, secret_header_key and secret_header_value')] };
  const problems: FieldProblem[] = [];
  const endpoint = parseEndpoint(o, problems);
  const subscription_id = o.subscription_id === undefined || o.subscription_id === null ? null : isUuid(o.subscription_id) ? o.subscription_id.toLowerCase() : (problems.push(problem('subscription_id', 'webhooks.subscription_id_invalid', 'subscription_id must be a uuid')), null);
  const signing_secret = typeof o.signing_secret === 'string' && o.signing_secret ? o.signing_secret : null;
  return problems.length ? { ok: false, problems } : { ok: true, value: { ...endpoint, subscription_id, signing_secret } };
}
