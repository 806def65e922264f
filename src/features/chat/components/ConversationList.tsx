import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { badgeText } from '../inbox';
import { CHAT_MESSAGES, type ConversationSummary } from '../schema';

function when(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const now = new Date();
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
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
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div role="group" aria-label="Show" className="flex gap-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        {[
          { value: false, label: 'Active' },
          { value: true, label: 'Archived' },
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
          <div className="space-y-3 p-3" aria-busy="true" aria-label="Loading conversations">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : status === 'error' && conversations.length === 0 ? (
          <div className="p-3">
            <ErrorState title={CHAT_MESSAGES.listFailed} onRetry={onRetry} />
          </div>
        ) : conversations.length === 0 ? (
          <div className="p-3">
            <EmptyState
              title={archived ? 'No archived conversations' : 'No conversations yet'}
              description={archived ? 'Archived conversations appear here.' : 'Open a delivery and choose Chat to talk with its driver.'}
            />
          </div>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={archived ? 'Archived conversations' : 'Conversations'}>
            {conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onOpen(c)}
                  data-testid="chat-conversation-row"
                  aria-label={`${c.title}${c.unread_count > 0 ? `, ${c.unread_count} unread` : ''}`}
                  className="flex w-full items-start gap-3 px-3 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand dark:hover:bg-slate-800/60"
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className={`truncate text-sm ${c.unread_count > 0 ? 'font-semibold' : 'font-medium'}`}>{c.title}</span>
                      <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{when(c.last_message_at ?? c.created_at)}</span>
                    </div>
                    <p className="mt-0.5 truncate text-sm text-slate-600 dark:text-slate-400">{c.last_message ?? 'No messages yet'}</p>
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
            {CHAT_MESSAGES.listFailed}
            <Button variant="secondary" className="px-2 py-1 text-xs" onClick={onRetry}>
              Retry
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
