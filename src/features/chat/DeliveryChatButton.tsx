import { useState } from 'react';
import { keyedRefusalText } from '../../lib/refusal-text';
import { useServerWords } from '../../lib/server-messages/server-words';
import { useSession } from '../../lib/session';
import { tenantIdOf } from '../../lib/tenant';
import { useT } from '../../lib/i18n/catalogue';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ChatIcon } from '../../ui/icons';
import { useToast } from '../../ui/toast';
import { openDeliveryConversation, openOrderConversation } from './api';
import { ConversationSheet } from './ConversationSheet';
import { badgeText, unreadForDelivery } from './inbox';
import { chatMessages } from './messages';
import { useChatInbox } from './use-chat-inbox';

export interface DeliveryChatButtonProps {
  deliveryId: string;
  /** The delivery's code, for the button's accessible name. */
  deliveryCode?: string;
  className?: string;
  /**
   * Which conversation: 'driver' (dispatch and the delivery's driver, the default) or 'order' (the
   * delivery's customer and dispatch: the customer dashboard's button).
   */
  kind?: 'driver' | 'order';
  /** The button's words (and the sheet's title): 'Chat' (in the page's language) unless said. */
  label?: string;
}

/**
 * 'Chat' for one delivery (the admin's delivery detail, the driver's task card, the board's side
 * panel): opens the conversation with the delivery's driver (made on first use by
 * create_delivery_conversation) in a sheet, full screen on a phone. Shows the delivery's unread count.
 * With kind 'order' (the customer's delivery card) it opens the customer's conversation with
 * dispatch instead (create_order_conversation).
 */
export function DeliveryChatButton(props: DeliveryChatButtonProps) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user);
  if (!user || !tenantId) return null;
  return <ChatButton {...props} tenantId={tenantId} userId={user.id} />;
}

function ChatButton({ deliveryId, deliveryCode, className, kind = 'driver', label: given, tenantId, userId }: DeliveryChatButtonProps & { tenantId: string; userId: string }) {
  const t = useT(chatMessages);
  const label = given ?? t('button.chat');
  const toast = useToast();
  const serverWords = useServerWords();
  const inbox = useChatInbox(tenantId, userId);
  const [opening, setOpening] = useState(false);
  const [conversation, setConversation] = useState<{ id: string; title: string } | null>(null);
  const unread = unreadForDelivery(inbox.counts.conversations, deliveryId, kind);

  async function open() {
    setOpening(true);
    try {
      setConversation(await (kind === 'order' ? openOrderConversation(deliveryId) : openDeliveryConversation(deliveryId)));
    } catch (error) {
      toast.error(keyedRefusalText(error, serverWords) ?? t('error.openFailed'));
    } finally {
      setOpening(false);
    }
  }

  const name = t('button.name', { label, code: deliveryCode || 'none', unread });
  return (
    <>
      <Button variant="secondary" busy={opening} onClick={() => void open()} aria-label={name} className={`gap-1.5 ${className ?? ''}`}>
        <ChatIcon />
        {label}
        {unread > 0 && (
          <Badge tone="danger">
            <span aria-hidden="true">{badgeText(unread)}</span>
          </Badge>
        )}
      </Button>
      <ConversationSheet
        conversationId={conversation?.id ?? null}
        title={label}
        onClose={() => {
          setConversation(null);
          inbox.refresh();
        }}
      />
    </>
  );
}
