import type { Translate } from './i18n/catalogue';

/**
 * A schema's (or the server's) English message in the page's language: the catalogue key `keys`
 * names for it, a text's length limit (the issue's `maxLength` detail, see useZodForm, or a server
 * detail's `max`) through the area's `maxLengthKey` (a message with `{max}`), and a message the area
 * does not know stays as worded. The area names its keys itself, as literals.
 */
export function translateSchemaMessage<K extends string>(
  t: Translate<K>,
  message: string,
  keys: Readonly<Record<string, K>>,
  maxLengthKey: NoInfer<K>,
  detail?: Readonly<Record<string, unknown>>,
): string {
  const key = keys[message];
  if (key) return t(key);
  const longest = detail?.maxLength;
  if (typeof longest === 'number') return t(maxLengthKey, { max: longest });
  return message;
}
