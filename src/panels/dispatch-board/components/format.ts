// Made once per language: `toLocaleTimeString(locales, options)` builds a new formatter on every call,
// which was most of the board's card rendering (thousands of cards and tasks re-rendered under a live stream).
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function formatterOf(cache: Map<string, Intl.DateTimeFormat>, locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale ?? '';
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale ? [locale] : [], options);
    cache.set(key, format);
  }
  return format;
}

// The board shows the same few hundred times again on every live batch: each text is worked out once
// per day it is read on (a formatter's format() and the date's parse were still the cards' top cost).
const clockTexts = new Map<string, string>();
const CLOCK_TEXTS_MAX = 5000;

/**
 * A time of day as the dispatcher reads it on the board ("14:05", "2:05 PM"), in the page's language
 * (the browser's locale when none is given); dates other than today get their day too ("26 nov 14:05").
 */
export function formatClock(value: string | number | null | undefined, now: Date = new Date(), locale?: string): string {
  if (value == null) return '';
  const key = `${locale ?? ''}|${now.getFullYear()}-${now.getMonth()}-${now.getDate()}|${value}`;
  const known = clockTexts.get(key);
  if (known !== undefined) return known;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  let text = formatterOf(clockFormats, locale, { hour: '2-digit', minute: '2-digit' }).format(at);
  if (at.getFullYear() !== now.getFullYear() || at.getMonth() !== now.getMonth() || at.getDate() !== now.getDate()) {
    text = `${formatterOf(dayFormats, locale, { month: 'short', day: 'numeric' }).format(at)} ${text}`;
  }
  if (clockTexts.size >= CLOCK_TEXTS_MAX) clockTexts.clear();
  clockTexts.set(key, text);
  return text;
}

/** The street part of a full address, for a card's one line; null when the address has no text. */
export function shortAddress(full: string | null | undefined): string | null {
  if (!full) return null;
  return full.split(',')[0]!.trim() || full;
}

/** A distance in kilometres, one decimal under 10 km ("2.5 km", "2,5 km" in the page's language). */
export function formatKm(km: number, locale?: string): string {
  const digits = km < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale ? [locale] : [], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km)} km`;
}
