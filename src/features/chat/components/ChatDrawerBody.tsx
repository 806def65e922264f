import { useEffect, useState } from 'react';
import { listConversations } from '../api';
import type { ConversationSummary } from '../schema';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';

/** The drawer's content: the list (active from the live inbox, or archived), or one open conversation. */
export function ChatDrawerBody({
  tenantId,
  userId,
  panel,
  active,
  status,
  onRetry,
}: {
  tenantId: string;
  userId: string;
  panel: string | null;
  active: ConversationSummary[];
  status: 'loading' | 'ready' | 'error';
  onRetry: () => void;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [archived, setArchived] = useState(false);
  const [archivedList, setArchivedList] = useState<{ status: 'loading' | 'ready' | 'error'; rows: ConversationSummary[] }>({ status: 'loading', rows: [] });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!archived || openId) return;
    const controller = new AbortController();
    listConversations(true, controller.signal).then(
      (rows) => setArchivedList({ status: 'ready', rows }),
      () => {
        if (!controller.signal.aborted) setArchivedList((current) => ({ ...current, status: 'error' }));
      },
    );
    return () => controller.abort();
  }, [archived, openId, attempt]);

  function reloadArchived() {
    setArchivedList((current) => ({ ...current, status: 'loading' }));
    setAttempt((n) => n + 1);
  }

  if (openId) {
    return (
      <ConversationView
        key={openId}
        tenantId={tenantId}
        userId={userId}
        panel={panel}
        conversationId={openId}
        onBack={() => {
          if (archived) setArchivedList((current) => ({ ...current, status: 'loading' }));
          setOpenId(null);
          onRetry();
        }}
      />
    );
  }
  return (
    <ConversationList
      conversations={archived ? archivedList.rows : active}
      status={archived ? archivedList.status : status}
      onRetry={archived ? reloadArchived : onRetry}
      onOpen={(conversation) => setOpenId(conversation.id)}
      archived={archived}
      onArchivedChange={(next) => {
        if (next) setArchivedList((current) => ({ ...current, status: 'loading' }));
        setArchived(next);
      }}
    />
  );
}
