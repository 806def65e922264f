import type { Language } from '../../lib/i18n/languages';

/**
 * The driver's times and money in the page's language. English keeps the browser's own variant
 * (en-GB's day-month order, en-US's), as before the app spoke other languages.
 */
type Formats = { time: Intl.DateTimeFormat; dayAndTime: Intl.DateTimeFormat };
const formats = new Map<string, Formats>();

function localeOf(language: Language | undefined): string | undefined {
  return language === undefined || language === 'en' ? undefined : language;
}

function formatsOf(language: Language | undefined): Formats {
  const key = language ?? '';
  let found = formats.get(key);
  if (!found) {
    const locale = localeOf(language);
    found = {
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      dayAndTime: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
    };
    formats.set(key, found);
  }
  return found;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** '10:00–12:00' today, 'Wed 26 Nov, 10:00–12:00' another day, or null without a window. */
export function formatWindow(start: string | null, end: string | null, now = new Date(), language?: Language): string | null {
  if (!start || !end) return null;
  const { time, dayAndTime } = formatsOf(language);
  const from = new Date(start);
  const to = new Date(end);
  const range = `${time.format(from)}–${time.format(to)}`;
  if (sameDay(from, now)) return range;
  // The day part alone: the formatted day and time, less the time.
  const day = dayAndTime
    .formatToParts(from)
    .filter((part) => part.type === 'weekday' || part.type === 'day' || part.type === 'month' || (part.type === 'literal' && !/:/.test(part.value)))
    .map((part) => part.value)
    .join('')
    .replace(/[\s,à]+$/u, '')
    .trim();
  return `${day}, ${range}`;
}

export function formatTime(at: string | null, language?: Language): string {
  return at ? formatsOf(language).time.format(new Date(at)) : '—';
}

export function formatDayTime(at: string | null, language?: Language): string {
  return at ? formatsOf(language).dayAndTime.format(new Date(at)) : '—';
}

export function formatMoney(amount: number, currency: string, language?: Language): string {
  try {
    return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

/** The address's one line, or null when the delivery has none. */
export function addressLine(address: { full_address?: string } | null | undefined): string | null {
  return address?.full_address?.trim() || null;
}
