import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../lib/session';
import { tenantIdOf } from '../../lib/tenant';
import { useT } from '../../lib/i18n/catalogue';
import { Badge } from '../../ui/Badge';
import { Drawer } from '../../ui/Drawer';
import { ChatIcon } from '../../ui/icons';
import { iconButtonClassName } from '../../ui/IconButton';
import { Skeleton } from '../../ui/Skeleton';
import { badgeText, unreadTotal } from './inbox';
import { chatMessages } from './messages';
import { useChatInbox } from './use-chat-inbox';

// The conversations and the composer load when the drawer first opens, not with every panel.
const ChatDrawerBody = lazy(async () => ({ default: (await import('./components/ChatDrawerBody')).ChatDrawerBody }));

/** Phone: the whole screen; larger screens: a panel at the side. */
export const CHAT_SHEET_WIDTH = 'w-screen max-w-full sm:w-[28rem]';
export const CHAT_SHEET_BODY = 'flex min-h-0 flex-1 flex-col';

/** The header's chat button: the unread total (live through the inbox topic) and the chat drawer. Nothing without a tenant. */
export function ChatInboxButton() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user);
  // Customers have their order conversations with dispatch (create_order_conversation).
  if (!user || !tenantId) return null;
  return <InboxButton tenantId={tenantId} userId={user.id} panel={user.profile?.panel_type ?? null} />;
}

function InboxButton({ tenantId, userId, panel }: { tenantId: string; userId: string; panel: string | null }) {
  const t = useT(chatMessages);
  const inbox = useChatInbox(tenantId, userId);
  const [open, setOpen] = useState(false);
  const unread = unreadTotal(inbox.counts.conversations);
  const label = unread > 0 ? t('inbox.unread', { count: unread }) : t('inbox.messages');
  return (
    <>
      <button
        type="button"
        aria-label={label}
        title={t('inbox.messages')}
        aria-haspopup="dialog"
        data-inbox={inbox.status}
        className={iconButtonClassName}
        onClick={() => setOpen(true)}
      >
        <ChatIcon />
        {unread > 0 && (
          <Badge tone="danger" className="absolute -top-0.5 -right-0.5">
            <span aria-hidden="true" data-testid="chat-unread">
              {badgeText(unread)}
            </span>
          </Badge>
        )}
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('inbox.messages')} widthClassName={CHAT_SHEET_WIDTH} bodyClassName={CHAT_SHEET_BODY}>
        <Suspense fallback={<Skeleton className="m-3 h-14" />}>
          <ChatDrawerBody tenantId={tenantId} userId={userId} panel={panel} active={inbox.counts.conversations} status={inbox.status} onRetry={inbox.refresh} />
        </Suspense>
      </Drawer>
    </>
  );
}
