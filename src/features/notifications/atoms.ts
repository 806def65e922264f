import type { LiveSource } from '../../lib/realtime';
import { listNotifications } from './api';
import { notificationSchema, type Notification } from './schema';

// One source per user: the topic (tenant:<tenantId>:notifications:<userId>) is personal, and the
// registry requires a single source object per topic.
const sources = new Map<string, LiveSource<Notification>>();

// Whether the user's last list read failed: a failed join (realtime) also sets the topic's error,
// but only a failed read means there is no list to show.
const readFailed = new Map<string, boolean>();
const listeners = new Set<() => void>();

function setReadFailed(userId: string, failed: boolean): void {
  if ((readFailed.get(userId) ?? false) === failed) return;
  readFailed.set(userId, failed);
  for (const listener of listeners) listener();
}

export const notificationReadStatus = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  failed(userId: string): boolean {
    return readFailed.get(userId) ?? false;
  },
};

export function notificationsSource(userId: string): LiveSource<Notification> {
  let source = sources.get(userId);
  if (!source) {
    source = {
      entity: `notifications:${userId}`,
      fetch: async (tenantId) => {
        try {
          const rows = await listNotifications(tenantId, userId);
          setReadFailed(userId, false);
          return rows;
        } catch (error) {
          setReadFailed(userId, true);
          throw error;
        }
      },
      parse: (record) => notificationSchema.parse(record),
    };
    sources.set(userId, source);
  }
  return source;
}
