/**
 * Telling catalogue words from data on a page shown in the pseudo-locale (pseudo-locale.spec.ts):
 * a catalogue's words are accented there (src/lib/i18n/pseudo.ts), so a text with a plain ASCII
 * letter left, once the data and the formats are taken out, holds a word that is not from a
 * catalogue. Framework-free, so that it can be tried on a saved tour without a browser.
 */

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\\.?';
const WEEKDAY = '(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)[a-z]*\\.?';
const TIME_UNIT = '(?:seconds?|sec\\.?|minutes?|min\\.?|hours?|hr\\.?|days?|weeks?|wk\\.?|months?|mo\\.?|quarters?|qtr\\.?|years?|yr\\.?)';
/** Unit symbols: the same in English, Spanish and French, written after a number or beside a field. */
const UNIT = '(?:kg|g|lb|lbs|oz|t|km|m|mi|cm|mm|ft|in|yd|l|L|ml|mL|m²|m³|cm³|ft³|km/h|mph|h|hr|min|s|ms|°C|°F)';

/** Data that is a whole shape: taken out before the values, which may be parts of it (a token in a URL). */
const SHAPES: readonly RegExp[] = [
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, // emails
  /(?:https?:\/\/|www\.)\S+/g, // URLs
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, // ids
  /[\w-]+(?:\.[\w-]+)*\.(?:svg|png|jpe?g|gif|webp|pdf|csv|json|txt)\b/gi, // a stored file's name
  /#[0-9a-fA-F]{3,8}\b/g, // a colour
];

/** Formats the browser's Intl writes in English (the pseudo-locale's formats). */
const FORMATS: readonly RegExp[] = [
  new RegExp(`\\b${WEEKDAY},?\\s+${MONTH}\\s+\\d{1,2}(?:,\\s*\\d{4})?`, 'g'),
  new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:,\\s*\\d{4})?`, 'g'),
  new RegExp(`\\b\\d{1,2}\\s+${MONTH}(?:\\s+\\d{4})?`, 'g'),
  new RegExp(`\\b${MONTH}\\s+\\d{4}\\b`, 'g'),
  new RegExp(`\\b${WEEKDAY}(?=[\\s,]|$)`, 'g'),
  /\b\d{1,2}(?::\d{2}){1,2}\s?(?:AM|PM|am|pm)?/g, // times
  /\b\d{1,2}\s?(?:AM|PM|am|pm)\b/g,
  new RegExp(`\\b(?:in\\s+)?[\\d.,]+\\s+${TIME_UNIT}(?:\\s+ago)?(?![A-Za-z])`, 'g'), // relative times, durations
  /\b(?:yesterday|tomorrow|today|now|last (?:week|month|year)|next (?:week|month|year)|this (?:week|month|year))\b/g,
  new RegExp(`[\\d.,]+\\s?${UNIT}(?![A-Za-z])`, 'g'), // a measure
  /\b[A-Z]{2,3}\$/g, // CA$, MX$
  /\b[A-Z]{3}(?=\s?[\d.,]*\d)/g, // a currency code before an amount
  /(?<=\d\s?)[A-Z]{3}\b/g, // or after it
  /\b(?:GMT|UTC)(?:[+-]\d{1,2}(?::\d{2})?)?/g,
];

/**
 * Words that are never translated: the languages named in themselves (the language menus), the
 * product's name, and what the browser's Intl names (currencies, time zones), in English here.
 */
export function untranslatedNames(): string[] {
  const names = ['English', 'Español', 'Français', 'Waypost'];
  const currencies = new Intl.DisplayNames('en', { type: 'currency' });
  for (const code of Intl.supportedValuesOf('currency')) names.push(code, currencies.of(code) ?? code);
  for (const zone of Intl.supportedValuesOf('timeZone')) names.push(zone, zone.replaceAll('_', ' '));
  return names;
}

const LETTER = /[A-Za-z]/;
const UNIT_ALONE = new RegExp(`^${UNIT}$`);
const WORD_CHAR = /[A-Za-z0-9]/;

/** The text with each whole occurrence of a value taken out (not one inside a longer word: "an" stays in "Cancel"). */
function without(text: string, value: string): string {
  let rest = text;
  let from = 0;
  for (let at = rest.indexOf(value, from); at !== -1; at = rest.indexOf(value, from)) {
    const before = rest[at - 1];
    const after = rest[at + value.length];
    if ((before && WORD_CHAR.test(before) && WORD_CHAR.test(value[0]!)) || (after && WORD_CHAR.test(after) && WORD_CHAR.test(value.at(-1)!))) {
      from = at + 1;
      continue;
    }
    rest = `${rest.slice(0, at)} ${rest.slice(at + value.length)}`;
    from = at;
  }
  return rest;
}

/**
 * The values to look for, longest first (a name before a word of it); only those with a letter matter.
 * A value's parts between commas are data too: a list shows an address by its first part ("1 Market St"
 * of "1 Market St, San Francisco, CA"). Parts of fewer than four characters ("CA") are left out, so
 * that a short English word is not let through as a piece of some address.
 */
export function dataValues(values: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const value of values) {
    all.add(value);
    if (value.includes(',')) for (const part of value.split(',')) if (part.trim().length >= 4) all.add(part.trim());
  }
  return [...all].filter((value) => LETTER.test(value)).sort((a, b) => b.length - a.length);
}

/** The shortest start of a value that a shortened text ("Thunderbolt 4 Docking Station…") must show to count as that value. */
const SHORTENED_AT_LEAST = 8;

/** Whether the text is a value cut short with an ellipsis: what it shows is how some value starts. */
function shortenedValue(text: string, values: readonly string[]): boolean {
  if (!text.endsWith('…')) return false;
  const shown = text.slice(0, -1).trimEnd();
  return shown.length >= SHORTENED_AT_LEAST && values.some((value) => value.length > shown.length && value.startsWith(shown));
}

/** Whether the text holds a word that is neither from a catalogue (accented) nor data (`values` from dataValues). */
export function foreign(text: string, values: readonly string[]): boolean {
  if (!LETTER.test(text)) return false;
  if (shortenedValue(text, values)) return false;
  let shaped = text;
  for (const shape of SHAPES) shaped = shaped.replace(shape, ' ');
  const takeValues = (rest: string) => {
    for (const value of values) if (rest.includes(value)) rest = without(rest, value);
    return rest;
  };
  const takeFormats = (rest: string) => {
    for (const format of FORMATS) rest = rest.replace(format, ' ');
    return rest;
  };
  // What is left may be units alone (kg beside a field, USD/kg once the currency is out).
  const wordsLeft = (rest: string) => rest.split(/[\s/·,;:()[\]]+/).some((word) => LETTER.test(word) && !UNIT_ALONE.test(word));
  // Either order may be the one that reads the text right: data first ("1 Market St" is an address,
  // not "1 Mar"), or formats first ("14 hours ago" is a relative time, whatever value holds "14 hours").
  return wordsLeft(takeFormats(takeValues(shaped))) && wordsLeft(takeValues(takeFormats(shaped)));
}

/** Every string in a JSON value (a row, a list of rows, a nested object). */
export function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    const text = value.replace(/\s+/g, ' ').trim();
    if (text) into.add(text);
    // A JSON document in a text column (a payload, a snapshot) holds values too.
    if (/^[[{]/.test(text)) {
      try {
        collectStrings(JSON.parse(text), into);
      } catch {
        // Not JSON: the text itself is the value.
      }
    }
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collectStrings(item, into);
  }
}

// The pseudo-locale's look-alikes, as src/lib/i18n/pseudo.ts writes them (that module is the app's, outside this
// suite's typecheck): one per ASCII letter.
const PSEUDO_FROM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PSEUDO_TO = [...'åƀçđéƒĝĥïĵķļɱñöþǫŕšţüṽŵẋýžÅƁÇĐÉƑĜĤÏĴĶĻḾÑÖÞǪŔŠŢÜṼŴẊÝŽ'];

/**
 * A catalogue message's English as the pseudo-locale shows it, to find an element by its name there: the whole
 * message (`pseudoName('Delete')` matches "⟦Đéļéţé··⟧" only), or its start (`pseudoName('Actions for', 'start')`
 * matches "⟦Åçţïöñš ƒöŕ Pop-up market···⟧").
 */
export function pseudoName(english: string, match: 'whole' | 'start' = 'whole'): RegExp {
  const accented = [...english].map((ch) => PSEUDO_TO[PSEUDO_FROM.indexOf(ch)] ?? ch).join('');
  const escaped = accented.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(match === 'whole' ? `^⟦${escaped}·*⟧$` : `^⟦${escaped}`);
}
