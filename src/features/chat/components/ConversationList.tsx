import { useT } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { badgeText } from '../inbox';
import { chatMessages } from '../messages';
import type { ConversationSummary } from '../schema';

/** The time of today's activity, else its day ('23 Nov'), in the page's language. */
function when(iso: string | null, format: LocaleFormat): string {
  if (!iso) return '';
  const date = new Date(iso);
  const now = new Date();
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? format.time(date) : date.toLocaleDateString(format.language, { day: 'numeric', month: 'short' });
}

export interface ConversationListProps {
  conversations: ConversationSummary[];
  status: 'loading' | 'ready' | 'error';
  onRetry: () => void;
  onOpen: (conversation: ConversationSummary) => void;
  archived: boolean;
  onArchivedChange: (archived: boolean) => void;
}

/** The person's conversations, newest activity first: title, last message, time and unread badge; Active or Archived. */
export function ConversationList({ conversations, status, onRetry, onOpen, archived, onArchivedChange }: ConversationListProps) {
  const t = useT(chatMessages);
  const format = useFormat();
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div role="group" aria-label={t('list.show')} className="flex gap-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        {[
          { value: false, label: t('list.active') },
          { value: true, label: t('list.archived') },
        ].map((option) => (
          <button
            key={option.label}
            type="button"
            aria-pressed={archived === option.value}
            onClick={() => onArchivedChange(option.value)}
            className={
              'rounded-full px-3 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-brand ' +
              (archived === option.value ? 'bg-brand text-brand-contrast' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800')
            }
          >
            {option.label}
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {status === 'loading' && conversations.length === 0 ? (
          <div className="space-y-3 p-3" aria-busy="true" aria-label={t('list.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : status === 'error' && conversations.length === 0 ? (
          <div className="p-3">
            <ErrorState title={t('error.listFailed')} onRetry={onRetry} />
          </div>
        ) : conversations.length === 0 ? (
          <div className="p-3">
            <EmptyState
              title={archived ? t('list.noArchived') : t('list.none')}
              description={archived ? t('list.noArchivedHelp') : t('list.noneHelp')}
            />
          </div>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={archived ? t('list.archivedLabel') : t('list.label')}>
            {conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onOpen(c)}
                  data-testid="chat-conversation-row"
                  aria-label={t('list.row', { title: c.title, unread: c.unread_count })}
                  className="flex w-full items-start gap-3 px-3 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand dark:hover:bg-slate-800/60"
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className={`truncate text-sm ${c.unread_count > 0 ? 'font-semibold' : 'font-medium'}`}>{c.title}</span>
                      <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{when(c.last_message_at ?? c.created_at, format)}</span>
                    </div>
                    <p className="mt-0.5 truncate text-sm text-slate-600 dark:text-slate-400">{c.last_message ?? t('list.noMessages')}</p>
                  </div>
                  {c.unread_count > 0 && (
                    <Badge tone="danger" className="mt-0.5">
                      <span aria-hidden="true">{badgeText(c.unread_count)}</span>
                    </Badge>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
        {status === 'error' && conversations.length > 0 && (
          <div className="flex items-center justify-between gap-2 px-3 py-2 text-xs text-red-700 dark:text-red-300" role="alert">
            {t('error.listFailed')}
            <Button variant="secondary" className="px-2 py-1 text-xs" onClick={onRetry}>
              {t('list.retry')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
