import { useSession } from '../../lib/session';
import { tenantIdOf } from '../../lib/tenant';
import { Drawer } from '../../ui/Drawer';
import { CHAT_SHEET_BODY, CHAT_SHEET_WIDTH } from './ChatInboxButton';
import { ConversationView } from './components/ConversationView';

export interface ConversationSheetProps {
  /** The conversation to show; null keeps the sheet closed. */
  conversationId: string | null;
  title: string;
  onClose: () => void;
}

/**
 * One conversation in a sheet at the side (the whole screen on a phone), as the signed-in person:
 * a delivery's Chat button opens it, and other features (the dispatcher's support queue) compose it
 * in src/app.
 */
export function ConversationSheet({ conversationId, title, onClose }: ConversationSheetProps) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user);
  const ready = Boolean(user && tenantId);
  return (
    <Drawer open={conversationId !== null && ready} onClose={onClose} title={title} widthClassName={CHAT_SHEET_WIDTH} bodyClassName={CHAT_SHEET_BODY}>
      {conversationId && user && tenantId && (
        <ConversationView key={conversationId} tenantId={tenantId} userId={user.id} panel={user.profile?.panel_type ?? null} conversationId={conversationId} />
      )}
    </Drawer>
  );
}
