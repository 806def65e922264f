import type { Translate } from '../../lib/i18n/catalogue';
import { EdgeFunctionError } from '../../lib/edge-functions';
import type { ApiKeyKey } from './messages';
import { API_KEY_MESSAGES } from './schema';

/** The spec's messages and the api-keys function's (English) and their keys, so they show in the page's language. */
const MESSAGE_KEYS: Record<string, ApiKeyKey> = {
  [API_KEY_MESSAGES.generateFailed]: 'message.generateFailed',
  [API_KEY_MESSAGES.updateFailed]: 'message.updateFailed',
  [API_KEY_MESSAGES.revokeFailed]: 'message.revokeFailed',
  [API_KEY_MESSAGES.generated]: 'message.generated',
  [API_KEY_MESSAGES.updated]: 'message.updated',
  [API_KEY_MESSAGES.revoked]: 'message.revoked',
  [API_KEY_MESSAGES.copyFailed]: 'message.copyFailed',
  [API_KEY_MESSAGES.nameRequired]: 'message.nameRequired',
  [API_KEY_MESSAGES.expiryInPast]: 'message.expiryInPast',
  // supabase/functions/api-keys/handler.ts
  'Only active API keys can be edited or revoked': 'message.inactive',
  'API key not found': 'message.notFound',
  'Only an active administrator of this business can manage API keys': 'message.notAdmin',
  'You are not associated with any tanent. Please contact your administrator.': 'message.tenantless',
};

/** A message in the page's language; one this build does not know stays as worded. */
export function translateApiKeyMessage(t: Translate<ApiKeyKey>, message: string): string {
  const key = MESSAGE_KEYS[message];
  if (key) return t(key);
  let match = /^Name must be at most (\d+) characters$/.exec(message);
  if (match) return t('message.nameLength', { max: Number(match[1]) });
  match = /^Description must be at most (\d+) characters$/.exec(message);
  if (match) return t('message.descriptionLength', { max: Number(match[1]) });
  return message;
}

/** A refusal with its message and field details in the page's language (the form places them). */
export function translatedError(t: Translate<ApiKeyKey>, error: unknown): unknown {
  if (!(error instanceof EdgeFunctionError)) return error;
  return new EdgeFunctionError(translateApiKeyMessage(t, error.message), {
    status: error.status,
    code: error.code,
    ...(error.details ? { details: error.details.map((d) => ({ field: d.field, message: translateApiKeyMessage(t, d.message) })) } : {}),
  });
}
