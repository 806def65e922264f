import type { Translate } from '../../lib/i18n/catalogue';
import type { TrackingKey } from './messages';

/** Times as a recipient reads them: in their own time zone and language, 'Today 14:05' or 'Tue, 3 Dec, 14:05'. */

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

const formats = new Map<string, { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();

function formatsFor(locale: string | undefined) {
  const key = locale ?? '';
  let found = formats.get(key);
  if (!found) {
    found = {
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      day: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }),
    };
    formats.set(key, found);
  }
  return found;
}

export function formatTrackingTime(t: Translate<TrackingKey>, iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { time: timeFormat, day: dayFormat } = formatsFor(locale);
  const time = timeFormat.format(date);
  if (sameDay(date, now)) return t('time.today', { time });
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (sameDay(date, tomorrow)) return t('time.tomorrow', { time });
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return t('time.yesterday', { time });
  return t('time.day', { day: dayFormat.format(date), time });
}

/** A window: 'Today 14:00 – 16:00', or both ends in full when they fall on different days. */
export function formatTrackingWindow(
  t: Translate<TrackingKey>,
  start: string | null | undefined,
  end: string | null | undefined,
  now: Date = new Date(),
  locale?: string,
): string | null {
  if (start && end) {
    const from = new Date(start);
    const to = new Date(end);
    if (!Number.isNaN(from.getTime()) && !Number.isNaN(to.getTime()) && sameDay(from, to)) {
      return t('time.range', { from: formatTrackingTime(t, start, now, locale), to: formatsFor(locale).time.format(to) });
    }
    return t('time.range', { from: formatTrackingTime(t, start, now, locale), to: formatTrackingTime(t, end, now, locale) });
  }
  if (end) return t('time.by', { time: formatTrackingTime(t, end, now, locale) });
  if (start) return t('time.from', { time: formatTrackingTime(t, start, now, locale) });
  return null;
}
