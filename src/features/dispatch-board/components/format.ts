// Made once: `toLocaleTimeString(locales, options)` builds a new formatter on every call, which was most
// of the board's card rendering (thousands of cards and tasks re-rendered under a live stream).
let clockFormat: Intl.DateTimeFormat | null = null;
let dayFormat: Intl.DateTimeFormat | null = null;

// The board shows the same few hundred times again on every live batch: each text is worked out once
// per day it is read on (a formatter's format() and the date's parse were still the cards' top cost).
const clockTexts = new Map<string, string>();
const CLOCK_TEXTS_MAX = 5000;

/** A time of day as the dispatcher reads it on the board ("14:05"); dates other than today get their day too. */
export function formatClock(value: string | number | null | undefined, now: Date = new Date()): string {
  if (value == null) return '';
  const key = `${now.getFullYear()}-${now.getMonth()}-${now.getDate()}|${value}`;
  const known = clockTexts.get(key);
  if (known !== undefined) return known;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  clockFormat ??= new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });
  let text = clockFormat.format(at);
  if (at.getFullYear() !== now.getFullYear() || at.getMonth() !== now.getMonth() || at.getDate() !== now.getDate()) {
    dayFormat ??= new Intl.DateTimeFormat([], { month: 'short', day: 'numeric' });
    text = `${dayFormat.format(at)} ${text}`;
  }
  if (clockTexts.size >= CLOCK_TEXTS_MAX) clockTexts.clear();
  clockTexts.set(key, text);
  return text;
}

/** The street part of a full address, for a card's one line. */
export function shortAddress(full: string | null | undefined): string {
  if (!full) return 'an address without text';
  return full.split(',')[0]!.trim() || full;
}

export function formatKm(km: number): string {
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}
