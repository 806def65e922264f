import { supabase } from '../../lib/supabase';
import { NOTIFICATIONS_PAGE_SIZE, notificationSchema, notificationStatsSchema, type Notification, type NotificationStats } from './schema';

/** The signed-in user's totals (RLS scopes the function to them). */
export async function fetchNotificationStats(): Promise<NotificationStats> {
  const { data, error } = await supabase.rpc('notification_stats');
  if (error) throw new Error(error.message);
  return notificationStatsSchema.parse(data);
}

/** The user's newest notifications in their tenant, newest first. */
export async function listNotifications(tenantId: string, userId: string): Promise<Notification[]> {
  const { data, error } = await supabase
    .from('notifications')
    .select('id, tenant_id, user_id, title, body, link, read_at, created_at')
    .eq('tenant_id', tenantId)
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(NOTIFICATIONS_PAGE_SIZE);
  if (error) throw new Error(error.message);
  return notificationSchema.array().parse(data);
}

export async function markNotificationRead(id: string): Promise<void> {
  const { error } = await supabase.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', id).is('read_at', null);
  if (error) throw new Error(error.message);
}

/** Returns how many notifications it marked. */
export async function markAllNotificationsRead(): Promise<number> {
  const { data, error } = await supabase.rpc('mark_all_notifications_read');
  if (error) throw new Error(error.message);
  return typeof data === 'number' ? data : Number(data) || 0;
}
