/** Times as a recipient reads them: in their own time zone and locale, 'Today 14:05' or 'Tue, 3 Dec, 14:05'. */

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

export function formatTrackingTime(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { time: timeFormat, day: dayFormat } = formatsFor(locale);
  const time = timeFormat.format(date);
  if (sameDay(date, now)) return `Today ${time}`;
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (sameDay(date, tomorrow)) return `Tomorrow ${time}`;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return `Yesterday ${time}`;
  return `${dayFormat.format(date)}, ${time}`;
}

/** A window: 'Today 14:00 – 16:00', or both ends in full when they fall on different days. */
export function formatTrackingWindow(start: string | null | undefined, end: string | null | undefined, now: Date = new Date(), locale?: string): string | null {
  if (start && end) {
    const from = new Date(start);
    const to = new Date(end);
    if (!Number.isNaN(from.getTime()) && !Number.isNaN(to.getTime()) && sameDay(from, to)) {
      return `${formatTrackingTime(start, now, locale)} – ${formatsFor(locale).time.format(to)}`;
    }
    return `${formatTrackingTime(start, now, locale)} – ${formatTrackingTime(end, now, locale)}`;
  }
  if (end) return `By ${formatTrackingTime(end, now, locale)}`;
  if (start) return `From ${formatTrackingTime(start, now, locale)}`;
  return null;
}
