import { matchesFilters, type BoardFilters } from './board';
import type { BoardDelivery } from './model';

/** What changed on the board between two live reads, worth saying aloud. */
export interface BoardNews {
  /** Deliveries that arrived waiting for a driver (not ones already on the board that came back to the queue). */
  newUnassigned: BoardDelivery[];
  /** Assignments their driver accepted since the last read. */
  accepted: BoardDelivery[];
}

/** Each delivery's status as the board last saw it, to compare the next read with. */
export type SeenStatuses = ReadonlyMap<string, string>;

export function seenStatuses(rows: readonly BoardDelivery[]): SeenStatuses {
  return new Map(rows.map((d) => [d.id, d.status]));
}

/**
 * The news between what the board saw (`before`; null before the first read, which is no news) and
 * the rows now, among those `shown` (the board's filters): a delivery it never saw, pending; an
 * assigned delivery now accepted.
 */
export function boardNews(before: SeenStatuses | null, rows: readonly BoardDelivery[], shown: (d: BoardDelivery) => boolean): BoardNews {
  const news: BoardNews = { newUnassigned: [], accepted: [] };
  if (!before) return news;
  for (const d of rows) {
    const was = before.get(d.id);
    if (was === undefined && d.status === 'pending' && shown(d)) news.newUnassigned.push(d);
    else if (was === 'assigned' && d.status === 'accepted' && shown(d)) news.accepted.push(d);
  }
  return news;
}

/** Whether the board shows a delivery under its filters: news of the others is not said. */
export function shownBy(filters: BoardFilters, now: Date): (d: BoardDelivery) => boolean {
  return (d) => matchesFilters(d, filters, now);
}

/** The sentences news is said in: the board catalogue's `news.*` messages. */
export type NewsKey = 'news.newOne' | 'news.newMany' | 'news.acceptedOne' | 'news.acceptedSomeone' | 'news.acceptedMany';

/** The news in one short sentence for a screen reader, in the page's language; null when there is none. */
export function newsText(
  news: BoardNews,
  driverName: (id: string | null) => string | null,
  t: (key: NewsKey, values?: Record<string, string | number>) => string,
): string | null {
  const parts: string[] = [];
  const [first] = news.newUnassigned;
  if (news.newUnassigned.length === 1 && first) parts.push(t('news.newOne', { code: first.delivery_code }));
  else if (news.newUnassigned.length > 1) parts.push(t('news.newMany', { count: news.newUnassigned.length }));
  const [accepted] = news.accepted;
  if (news.accepted.length === 1 && accepted) {
    const driver = driverName(accepted.driver_id);
    parts.push(driver ? t('news.acceptedOne', { driver, code: accepted.delivery_code }) : t('news.acceptedSomeone', { code: accepted.delivery_code }));
  } else if (news.accepted.length > 1) parts.push(t('news.acceptedMany', { count: news.accepted.length }));
  return parts.length > 0 ? parts.join(' ') : null;
}
