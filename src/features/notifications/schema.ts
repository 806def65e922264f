import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  user_id: z.string(),
  title: z.string(),
  body: z.string().nullish(),
  link: z.string().nullish(),
  read_at: z.string().nullish(),
  created_at: z.string(),
});

export type Notification = z.infer<typeof notificationSchema>;

/** notification_stats() -> {total, unread}; a set-returning function answers with a one-row array. */
export const notificationStatsSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value[0] : value),
  z.object({ total: z.coerce.number().int().nonnegative(), unread: z.coerce.number().int().nonnegative() }),
);

export type NotificationStats = z.infer<typeof notificationStatsSchema>;

/** Notifications are read 50 at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

