import type { Translate } from '../../lib/i18n/catalogue';
import { rewordedRefusal, type RefusalItem } from '../../lib/edge-function-refusal';
import { EdgeFunctionError } from '../../lib/edge-functions';
import type { ServerWords } from '../../lib/server-messages/server-words';
import type { ApiKeyKey } from './messages';
import { API_KEY_LIMITS, API_KEY_MESSAGES } from './schema';

/**
 * The spec's messages (English) and their keys, so they show in the page's language. The api-keys
 * function's refusals are not here: they arrive keyed and read the server catalogue (ServerWords).
 */
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
};

/** A message in the page's language; one this build does not know stays as worded. */
export function translateApiKeyMessage(t: Translate<ApiKeyKey>, message: string): string {
  const key = MESSAGE_KEYS[message];
  if (key) return t(key);
  if (message === API_KEY_MESSAGES.nameLength) return t('message.nameLength', { max: API_KEY_LIMITS.name });
  if (message === API_KEY_MESSAGES.descriptionLength) return t('message.descriptionLength', { max: API_KEY_LIMITS.description });
  return message;
}

/** A refusal's or a detail's words: its key in the page's language, else a spec message, else as worded. */
function refusalWords(t: Translate<ApiKeyKey>, server: ServerWords, item: RefusalItem): string {
  return (item.key && server(item.key, item.params)) || translateApiKeyMessage(t, item.message);
}

/** A refusal with its message and field details in the page's language, by their keys (the form places the details). */
export function translatedError(t: Translate<ApiKeyKey>, server: ServerWords, error: unknown): unknown {
  return rewordedRefusal(error, (item) => refusalWords(t, server, item));
}

/** An error's words for a toast, in the page's language; `fallback` when it has none. */
export function errorWords(t: Translate<ApiKeyKey>, server: ServerWords, error: unknown, fallback: string): string {
  if (error instanceof EdgeFunctionError) return refusalWords(t, server, error);
  return error instanceof Error && error.message ? translateApiKeyMessage(t, error.message) : fallback;
}
