import type { Translate } from './i18n/catalogue';

/** The English a length rule of `form-schema.ts` words (`Must be at most 200 characters`), read back for its number. */
const MAX_LENGTH = /^Must be at most (\d+) characters$/;

/**
 * A schema's (or the server's) English message in the page's language: the catalogue key `keys`
 * names for it, a length limit through the area's `maxLengthKey` (a message with `{max}`), and a
 * message the area does not know stays as worded. The area names its keys itself, as literals.
 */
export function translateSchemaMessage<K extends string>(t: Translate<K>, message: string, keys: Readonly<Record<string, K>>, maxLengthKey: NoInfer<K>): string {
  const key = keys[message];
  if (key) return t(key);
  const longest = MAX_LENGTH.exec(message);
  if (longest) return t(maxLengthKey, { max: Number(longest[1]) });
  return message;
}
