import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { BellIcon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { notificationTarget, type NotificationItem } from '../list';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { notificationMessages } from '../messages';

/** Re-renders every minute, so '2 minutes ago' does not stay 'now'. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface NotificationListProps {
  items: NotificationItem[];
  status: 'loading' | 'ready' | 'error';
  onRetry: () => void;
  /** Marks one read; when absent, items have no mark-read button (read-only summaries). */
  onMarkRead?: (id: string) => void;
  /** Called after following a notification's link (to close a popover). */
  onNavigate?: () => void;
  /** How many to show. */
  limit?: number;
}

export function NotificationList({ items, status, onRetry, onMarkRead, onNavigate, limit }: NotificationListProps) {
  const t = useT(notificationMessages);
  const format = useFormat();
  const now = useNow();
  if (status === 'loading') {
    return (
      <div role="status" aria-busy="true" className="space-y-3 p-4">
        <span className="sr-only">{t('list.loading')}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-1.5">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-6 text-center">
        <p className="text-sm text-red-700 dark:text-red-300">{t('loadFailed')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) return <EmptyState icon={<BellIcon className="size-8" />} title={t('empty')} />;

  const shown = limit ? items.slice(0, limit) : items;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('list.label')}>
      {shown.map((item) => {
        const target = notificationTarget(item.link);
        const follow = () => {
          if (item.unread) onMarkRead?.(item.id);
          onNavigate?.();
        };
        const content = (
          <>
            <span className="flex items-start gap-2">
              {item.unread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand" />}
              <span className={`min-w-0 flex-1 text-sm ${item.unread ? 'font-semibold' : 'font-medium text-slate-700 dark:text-slate-300'}`}>
                {item.title}
                {item.unread && <span className="sr-only"> {t('list.unread')}</span>}
              </span>
            </span>
            {item.body && <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">{item.body}</span>}
            <time dateTime={item.created_at} title={format.dateTime(item.created_at)} className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
              {format.relative(item.created_at, now)}
            </time>
          </>
        );
        const itemClass = 'block min-w-0 flex-1 rounded-md px-2 py-1 text-left focus-visible:outline-2 focus-visible:outline-brand';
        return (
          <li key={item.id} data-testid="notification-item" data-unread={item.unread} className={`flex items-start gap-2 px-2 py-2 ${item.unread ? 'bg-brand/5' : ''}`}>
            {target?.kind === 'internal' ? (
              <Link href={`~${target.href}`} onClick={follow} className={`${itemClass} hover:bg-slate-100 dark:hover:bg-slate-800`}>
                {content}
              </Link>
            ) : target?.kind === 'external' ? (
              <a href={target.href} target="_blank" rel="noopener noreferrer" onClick={follow} className={`${itemClass} hover:bg-slate-100 dark:hover:bg-slate-800`}>
                {content}
              </a>
            ) : (
              <div className={itemClass}>{content}</div>
            )}
            {onMarkRead && item.unread && (
              <button
                type="button"
                onClick={() => onMarkRead(item.id)}
                className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-brand hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-slate-800"
              >
                {/* The visible words start the name (a voice user says what they see); the title says which. */}
                {t('list.markRead')} <span className="sr-only">“{item.title}”</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
