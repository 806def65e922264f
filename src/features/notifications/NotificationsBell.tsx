import { useState } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { useSession } from '../../lib/session';
import { tenantIdOf } from '../../lib/tenant';
import { Badge } from '../../ui/Badge';
import { BellIcon } from '../../ui/icons';
import { iconButtonClassName } from '../../ui/IconButton';
import { LiveIndicator } from '../../ui/LiveIndicator';
import { Popover } from '../../ui/Popover';
import { NotificationList } from './components/NotificationList';
import { notificationMessages } from './messages';
import { useNotifications } from './use-notifications';

/** The header's bell: unread count, and the newest notifications in a popover. Nothing for a user without a tenant. */
export function NotificationsBell() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user);
  if (!user || !tenantId) return null;
  return <Bell tenantId={tenantId} userId={user.id} />;
}

function Bell({ tenantId, userId }: { tenantId: string; userId: string }) {
  const t = useT(notificationMessages);
  const notifications = useNotifications(tenantId, userId);
  const [actionError, setActionError] = useState<string | null>(null);
  const unread = notifications.stats?.unread ?? 0;
  const label = t('bell.label', { unread });

  function run(action: () => Promise<void>, failure: string) {
    setActionError(null);
    action().catch(() => setActionError(failure));
  }

  return (
    <Popover
      label={t('bell.title')}
      panelClassName="w-[min(24rem,calc(100vw-1rem))]"
      trigger={(props) => (
        <button type="button" {...props} aria-label={label} title={t('bell.title')} className={iconButtonClassName}>
          <BellIcon />
          {unread > 0 && (
            <Badge tone="danger" className="absolute -top-0.5 -right-0.5" >
              <span aria-hidden="true" data-testid="notifications-unread">{unread > 99 ? '99+' : unread}</span>
            </Badge>
          )}
        </button>
      )}
    >
      {(close) => (
        <div className="flex max-h-[min(32rem,80vh)] flex-col">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <div>
              <h2 className="text-sm font-semibold">{t('bell.title')}</h2>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {t('bell.summary', { unread })}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <LiveIndicator state={notifications.connection} />
              <button
                type="button"
                disabled={unread === 0}
                onClick={() => run(notifications.markAllRead, t('markAllFailed'))}
                className="rounded-md px-2 py-1 text-xs font-semibold text-brand hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-slate-800"
              >
                {t('bell.markAll')}
              </button>
            </div>
          </div>
          {actionError && (
            <p role="alert" className="border-b border-slate-200 px-4 py-2 text-xs text-red-700 dark:border-slate-800 dark:text-red-300">
              {actionError}
            </p>
          )}
          <div className="overflow-y-auto">
            <NotificationList
              items={notifications.items}
              status={notifications.status}
              onRetry={notifications.retry}
              onMarkRead={(id) => run(() => notifications.markRead(id), t('markFailed'))}
              onNavigate={close}
            />
          </div>
        </div>
      )}
    </Popover>
  );
}
