import { useMemo } from 'react';
import { useT, type MessageValue, type Translate } from '../i18n/catalogue';
import { serverMessages, type ServerKey } from './messages';

/**
 * A server refusal's key (and its params) in the page's language, or undefined for a key this build
 * does not know (a newer server): the caller then shows the server's English.
 */
export type ServerWords = (key: string, params?: Record<string, unknown>) => string | undefined;

const isKnown = (key: string): key is ServerKey => Object.hasOwn(serverMessages.en, key);

function values(params: Record<string, unknown> | undefined): Record<string, MessageValue> | undefined {
  if (!params) return undefined;
  const out: Record<string, MessageValue> = {};
  for (const [name, value] of Object.entries(params)) {
    out[name] = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? value : JSON.stringify(value);
  }
  return out;
}

/** ServerWords over a translate function of the server catalogue. */
export function serverWordsFrom(t: Translate<ServerKey>): ServerWords {
  return (key, params) => {
    if (!isKnown(key)) return undefined;
    try {
      return t(key, values(params));
    } catch {
      // A refusal without the values its words name (an older server): its English says it.
      return undefined;
    }
  };
}

/** The server's refusals in the page's language (loads the server catalogue's language like any area). */
export function useServerWords(): ServerWords {
  const t = useT(serverMessages);
  return useMemo(() => serverWordsFrom(t), [t]);
}
