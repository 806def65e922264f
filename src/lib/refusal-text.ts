import type { ServerKeyWords } from './server-errors';

interface Detail {
  message?: unknown;
  key?: unknown;
  params?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function words(item: Detail, translate?: ServerKeyWords): string | null {
  if (typeof item.message !== 'string') return null;
  const keyed = typeof item.key === 'string' && translate ? translate(item.key, isRecord(item.params) ? item.params : undefined) : undefined;
  return keyed ?? item.message;
}

/**
 * The database's words for a refused write or move, for one line of text (a toast, a banner): its
 * {key, field, message} details joined, else its message. Forms put the details under their fields
 * instead (server-errors.ts). With `translate` (server-messages' useServerWords) a detail's key, or
 * an edge function error's own key, is shown in the user's language; an unknown or absent key shows
 * the server's English.
 */
export function refusalText(error: unknown, separator = '; ', translate?: ServerKeyWords): string {
  const e = error as { message?: unknown; details?: unknown; key?: unknown; params?: unknown } | null;
  let details: unknown = e?.details;
  if (typeof details === 'string') {
    try {
      details = JSON.parse(details);
    } catch {
      // not JSON: the message below says it
      details = null;
    }
  }
  if (Array.isArray(details)) {
    const messages = details.map((d) => (isRecord(d) ? words(d, translate) : null)).filter((m): m is string => typeof m === 'string');
    if (messages.length > 0) return messages.join(separator);
  }
  if (e && typeof e.message === 'string' && e.message) return words(e, translate) ?? e.message;
  return 'Something went wrong!';
}

/**
 * A refusal's own words in the user's language when the server keyed it and this build knows the key
 * (an edge function's `{key, params}` or the database's keyed details), else null: the screen then
 * says it in its own words rather than show a raw or English error.
 */
export function keyedRefusalText(error: unknown, translate: ServerKeyWords, separator = '; '): string | null {
  if (!isRecord(error)) return null;
  const params = isRecord(error.params) ? error.params : undefined;
  if (typeof error.key === 'string') return translate(error.key, params) ?? null;
  let details: unknown = error.details;
  if (typeof details === 'string') {
    try {
      details = JSON.parse(details);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(details) || details.length === 0) return null;
  const worded = details.map((d) => (isRecord(d) && typeof d.key === 'string' ? translate(d.key, isRecord(d.params) ? d.params : undefined) : undefined));
  return worded.every((w): w is string => typeof w === 'string') ? worded.join(separator) : null;
}
