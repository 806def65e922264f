import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ConnectionState } from '../../lib/realtime';
import { useLiveCollection } from '../../lib/use-live-collection';
import { fetchNotificationStats, markAllNotificationsRead, markNotificationRead } from './api';
import { notificationReadStatus, notificationsSource } from './atoms';
import { notificationItems, type NotificationItem } from './list';
import type { NotificationStats } from './schema';

export interface NotificationsState {
  items: NotificationItem[];
  /** From notification_stats(): covers every notification, not only the 50 listed. */
  stats: NotificationStats | null;
  status: 'loading' | 'ready' | 'error';
  connection: ConnectionState;
  retry: () => void;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
}

/**
 * A user's notifications: the first page and the stats at start, then live changes on
 * tenant:<tenantId>:notifications:<userId>; the stats are read again after every change.
 */
export function useNotifications(tenantId: string, userId: string): NotificationsState {
  const live = useLiveCollection(notificationsSource(userId), tenantId);
  const readFailed = useSyncExternalStore(notificationReadStatus.subscribe, () => notificationReadStatus.failed(userId));
  const [stats, setStats] = useState<NotificationStats | null>(null);
  const [statsError, setStatsError] = useState<Error | null>(null);
  const [markedRead, setMarkedRead] = useState<ReadonlySet<string>>(new Set());
  const statsRequest = useRef(0);

  const loadStats = useCallback(() => {
    const request = ++statsRequest.current;
    fetchNotificationStats().then(
      (next) => {
        if (request !== statsRequest.current) return;
        setStats(next);
        setStatsError(null);
      },
      (error: unknown) => {
        if (request !== statsRequest.current) return;
        setStatsError(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }, []);

  // Every change of the rows (the first read, a live insert or update, a refetch) can change the totals.
  useEffect(() => {
    const timer = setTimeout(loadStats, 150);
    return () => clearTimeout(timer);
  }, [live.rows, loadStats, userId]);

  useEffect(() => () => void (statsRequest.current += 1), []);

  const items = useMemo(() => notificationItems(live.rows, markedRead), [live.rows, markedRead]);

  const status: NotificationsState['status'] =
    readFailed && live.rows.size === 0 && !live.fetching ? 'error' : statsError && !stats ? 'error' : (live.fetching && live.rows.size === 0) || !stats ? 'loading' : 'ready';

  const { refetch } = live;
  const retry = useCallback(() => {
    refetch();
    loadStats();
  }, [refetch, loadStats]);

  const markRead = useCallback(
    async (id: string) => {
      setMarkedRead((previous) => new Set(previous).add(id));
      try {
        await markNotificationRead(id);
      } catch (error) {
        setMarkedRead((previous) => {
          const next = new Set(previous);
          next.delete(id);
          return next;
        });
        throw error;
      } finally {
        loadStats();
      }
    },
    [loadStats],
  );

  const markAllRead = useCallback(async () => {
    const ids = items.filter((item) => item.unread).map((item) => item.id);
    const before = markedRead;
    setMarkedRead((previous) => new Set([...previous, ...ids]));
    try {
      await markAllNotificationsRead();
    } catch (error) {
      setMarkedRead(before);
      throw error;
    } finally {
      loadStats();
    }
  }, [items, markedRead, loadStats]);

  return { items, stats, status, connection: live.state, retry, markRead, markAllRead };
}
