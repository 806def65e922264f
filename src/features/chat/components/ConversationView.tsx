import { useState } from 'react';
import { keyedRefusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useT } from '../../../lib/i18n/catalogue';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { ChevronLeftIcon } from '../../../ui/icons';
import { IconButton } from '../../../ui/IconButton';
import { InlineConfirm } from '../../../ui/InlineConfirm';
import { LiveIndicator } from '../../../ui/LiveIndicator';
import { Skeleton } from '../../../ui/Skeleton';
import { chatMessages } from '../messages';
import { isStaffPanel } from '../schema';
import { useConversation } from '../use-conversation';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { ParticipantsPanel } from './ParticipantsPanel';

export interface ConversationViewProps {
  tenantId: string;
  userId: string;
  /** The signed-in person's panel: admins and dispatchers manage participants and archive. */
  panel: string | null;
  conversationId: string;
  /** Back to the list (in the drawer); none where the conversation is all there is. */
  onBack?: () => void;
}

/**
 * One conversation, filling its container: title and who takes part, the messages (live), and
 * the composer; staff archive or unarchive it and add or remove people.
 */
export function ConversationView({ tenantId, userId, panel, conversationId, onBack }: ConversationViewProps) {
  const t = useT(chatMessages);
  const serverWords = useServerWords();
  const chat = useConversation(tenantId, userId, conversationId);
  const [actionError, setActionError] = useState<string | null>(null);
  const [showPeople, setShowPeople] = useState(false);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [unarchiving, setUnarchiving] = useState(false);
  const staff = isStaffPanel(panel);
  const detail = chat.detail;

  const back = onBack && (
    <IconButton label={t('view.back')} onClick={onBack}>
      <ChevronLeftIcon />
    </IconButton>
  );

  if (chat.status === 'loading') {
    return (
      <div className="flex h-full flex-col gap-3 p-3" aria-busy="true" aria-label={t('view.loading')}>
        <div className="flex items-center gap-2">
          {back}
          <Skeleton className="h-6 w-48" />
        </div>
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="ml-auto h-12 w-1/2" />
        <Skeleton className="h-12 w-3/5" />
      </div>
    );
  }
  if (chat.status === 'error' || chat.status === 'missing' || !detail) {
    return (
      <div className="p-3">
        {back}
        {chat.status === 'error' ? (
          <ErrorState title={t('error.loadFailed')} detail={chat.error?.message} onRetry={chat.retryLoad} />
        ) : (
          <EmptyState title={t('error.notFound')} description={t('view.goneHelp')} />
        )}
      </div>
    );
  }

  const others = detail.participants.filter((p) => p.user_id !== userId);
  // Dispatch (every admin and dispatcher) reads every conversation, taking part or not.
  const names = others.map((p) => p.full_name ?? t('view.unknown'));
  if (!staff && !others.some((p) => isStaffPanel(p.role))) names.unshift(t('view.dispatch'));
  const people = names.join(', ');

  async function unarchive() {
    setUnarchiving(true);
    setActionError(null);
    try {
      await chat.setArchived(false);
    } catch (error) {
      setActionError(keyedRefusalText(error, serverWords) ?? t('error.unarchiveFailed'));
    } finally {
      setUnarchiving(false);
    }
  }

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="chat-conversation" aria-label={t('view.label', { title: detail.title })} role="region">
      <div className="flex items-start gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        {back}
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold" data-testid="chat-title">
            {detail.title}
          </h3>
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">{people ? t('view.with', { people }) : t('view.alone')}</p>
        </div>
        <LiveIndicator state={chat.connection} className="mt-1" />
      </div>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <Button variant="secondary" className="px-2.5 py-1 text-xs" aria-expanded={showPeople} onClick={() => setShowPeople((v) => !v)}>
          {t('view.participants', { count: detail.participants.length })}
        </Button>
        {staff &&
          (detail.is_archived ? (
            <Button variant="secondary" className="px-2.5 py-1 text-xs" busy={unarchiving} onClick={() => void unarchive()}>
              {t('view.unarchive')}
            </Button>
          ) : (
            <Button variant="secondary" className="px-2.5 py-1 text-xs" onClick={() => setConfirmArchive(true)}>
              {t('view.archive')}
            </Button>
          ))}
      </div>
      {actionError && (
        <p role="alert" className="border-b border-slate-200 px-3 py-2 text-xs text-red-700 dark:border-slate-800 dark:text-red-300">
          {actionError}
        </p>
      )}
      {confirmArchive && (
        <div className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
          <InlineConfirm
            title={t('view.archiveTitle')}
            message={t('view.archiveMessage')}
            confirmLabel={t('view.archive')}
            onCancel={() => setConfirmArchive(false)}
            onConfirm={async () => {
              try {
                await chat.setArchived(true);
              } catch (error) {
                throw new Error(keyedRefusalText(error, serverWords) ?? t('error.archiveFailed'), { cause: error });
              }
              setConfirmArchive(false);
            }}
          />
        </div>
      )}
      {showPeople && <ParticipantsPanel tenantId={tenantId} userId={userId} detail={detail} canManage={staff} onChanged={chat.reloadDetail} />}
      <MessageList
        messages={chat.thread.messages}
        userId={userId}
        people={chat.people}
        hasMore={chat.thread.hasMore}
        loadingOlder={chat.loadingOlder}
        olderError={chat.olderError}
        onLoadOlder={chat.loadOlder}
        onRetry={chat.retrySend}
        empty={<p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">{t('view.empty')}</p>}
      />
      {detail.is_archived ? (
        <p role="status" className="border-t border-slate-200 px-3 py-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          {staff ? t('view.archivedStaff') : t('view.archivedOther')}
        </p>
      ) : (
        <Composer onSend={chat.send} />
      )}
    </div>
  );
}
