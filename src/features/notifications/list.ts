import type { Rows } from '../../lib/realtime';
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from './schema';

export interface NotificationItem extends Notification {
  unread: boolean;
}

/**
 * The rows as the list shows them: newest first, at most one page, with the ones this browser
 * just marked read shown read before the server's change arrives.
 */
export function notificationItems(rows: Rows<Notification>, markedRead: ReadonlySet<string>): NotificationItem[] {
  return [...rows.values()]
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id.localeCompare(a.id)))
    .slice(0, NOTIFICATIONS_PAGE_SIZE)
    .map((row) => ({ ...row, unread: !row.read_at && !markedRead.has(row.id) }));
}

/** Where a notification's link may go: an in-app path, or an http(s) page opened in a new tab. */
export function notificationTarget(link: string | null | undefined): { kind: 'internal' | 'external'; href: string } | null {
  const value = link?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'internal', href: value };
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (typeof window !== 'undefined' && url.origin === window.location.origin) return { kind: 'internal', href: url.pathname + url.search + url.hash };
      return { kind: 'external', href: url.href };
    } catch {
      return null;
    }
  }
  return null;
}
