import { useState } from 'react';
import { useRecordLoad } from '../../../lib/use-record-load';
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
  // The archived conversations, read each time they are shown (numbered, so showing them again reads
  // again: loading, the rows read last kept meanwhile and after a failure); an earlier read's answer is dropped.
  const [reads, setReads] = useState(0);
  const [archivedRows, setArchivedRows] = useState<ConversationSummary[]>([]);
  const { state: archivedLoad } = useRecordLoad<ConversationSummary[]>(
    archived && !openId ? `archived/${reads}` : null,
    (signal) => listConversations(true, signal),
    { loadingOnNewKey: true, onLoad: (rows) => setArchivedRows(rows ?? []) },
  );
  const archivedStatus = archivedLoad.status === 'failed' ? 'error' : archivedLoad.status === 'loading' ? 'loading' : 'ready';

  function reloadArchived() {
    setReads((n) => n + 1);
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
          if (archived) reloadArchived();
          setOpenId(null);
          onRetry();
        }}
      />
    );
  }
  return (
    <ConversationList
      conversations={archived ? archivedRows : active}
      status={archived ? archivedStatus : status}
      onRetry={archived ? reloadArchived : onRetry}
      onOpen={(conversation) => setOpenId(conversation.id)}
      archived={archived}
      onArchivedChange={(next) => {
        if (next) reloadArchived();
        setArchived(next);
      }}
    />
  );
}
