import { useT } from '../../lib/i18n/catalogue';
import { notificationMessages } from './messages';
import { useNotifications } from './use-notifications';
import { NotificationList } from './components/NotificationList';

/** A dashboard card: the user's unread count and newest notifications. */
export function RecentNotifications({ tenantId, userId, limit = 5 }: { tenantId: string; userId: string; limit?: number }) {
  const t = useT(notificationMessages);
  const notifications = useNotifications(tenantId, userId);
  const unread = notifications.stats?.unread;
  return (
    <section aria-labelledby="recent-notifications-title" className="rounded-2xl border border-slate-200 bg-brand-card shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <header className="flex items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 id="recent-notifications-title" className="text-base font-semibold">
          {t('recent.title')}
        </h2>
        {unread !== undefined && (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="dashboard-unread">
            {t('recent.unread', { unread })}
          </p>
        )}
      </header>
      <NotificationList
        items={notifications.items}
        status={notifications.status}
        onRetry={notifications.retry}
        onMarkRead={(id) => void notifications.markRead(id).catch(() => undefined)}
        limit={limit}
      />
    </section>
  );
}
