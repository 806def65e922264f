/**
 * The console's one way to print a moment: 'Nov 25, 2026, 14:30' in the viewer's time zone, 24-hour
 * as dispatch and warehouse work reads time, and '—' for none or an unreadable value. The locale
 * ('en', 'es', 'fr': the page's language) gives the month names and the order ('25 nov. 2026, 14:30').
 */
const formatters = new Map<string, { dateTime: Intl.DateTimeFormat; timeOnly: Intl.DateTimeFormat; dateOnly: Intl.DateTimeFormat; calendarDay: Intl.DateTimeFormat }>();

function formattersOf(locale: string) {
  let found = formatters.get(locale);
  if (!found) {
    found = {
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
      timeOnly: new Intl.DateTimeFormat(locale, { timeStyle: 'short', hourCycle: 'h23' }),
      dateOnly: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
      // A calendar day ('2026-11-25') is the same day everywhere: read and printed in UTC.
      calendarDay: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    };
    formatters.set(locale, found);
  }
  return found;
}

type Moment = string | number | Date | null | undefined;

function toDate(value: Moment): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 25, 2026, 14:30'; '—' for none. */
export function formatDateTime(value: Moment, locale = 'en'): string {
  const date = toDate(value);
  return date ? formattersOf(locale).dateTime.format(date) : '—';
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date alone, 'Nov 25, 2026' / '25 nov 2026' / '25 nov. 2026'; '—' for none. A calendar day
 * ('2026-11-25', a due or scheduled date) prints as that day whatever the viewer's time zone; a
 * moment prints as its day in the viewer's.
 */
export function formatDate(value: Moment, locale = 'en'): string {
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return formattersOf(locale).calendarDay.format(new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))));
  }
  const date = toDate(value);
  return date ? formattersOf(locale).dateOnly.format(date) : '—';
}

/** '14:30'; '—' for none. */
export function formatTime(value: Moment, locale = 'en'): string {
  const date = toDate(value);
  return date ? formattersOf(locale).timeOnly.format(date) : '—';
}

/** How a window open on one side reads: 'By …', 'From …' in English, the catalogue's words elsewhere. */
export interface OpenWindowWords {
  by: (date: string) => string;
  from: (date: string) => string;
}

const ENGLISH_WINDOW: OpenWindowWords = { by: (date) => `By ${date}`, from: (date) => `From ${date}` };

/**
 * A window as 'Nov 25, 2026, 09:00–11:00' (the end's date only when it differs), 'By …' or 'From …'
 * when one side is open, and null when there is none; dates in the locale's words.
 */
export function formatWindow(start: Moment, end: Moment, locale = 'en', words: OpenWindowWords = ENGLISH_WINDOW): string | null {
  const { dateTime, timeOnly } = formattersOf(locale);
  const from = toDate(start);
  const to = toDate(end);
  if (from && to) {
    return from.toDateString() === to.toDateString() ? `${dateTime.format(from)}–${timeOnly.format(to)}` : `${dateTime.format(from)} – ${dateTime.format(to)}`;
  }
  if (to) return words.by(dateTime.format(to));
  if (from) return words.from(dateTime.format(from));
  return null;
}
