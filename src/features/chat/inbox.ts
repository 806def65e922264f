import type { ConversationSummary, InboxEvent } from './schema';

/**
 * Unread counting. list_conversations() answers each conversation's unread count (messages of
 * others since the caller last read it). Between two reads, each `message` event of the caller's
 * inbox topic counts one more for its conversation, at once, unless the conversation is open in
 * front of the caller (they are reading it) or the event was already counted (a repeat after a
 * rejoin). The list is then read again for the truth.
 */

export interface InboxCounts {
  conversations: ConversationSummary[];
  /** Message ids already counted, so a repeated event counts once. */
  counted: ReadonlySet<string>;
}

export const EMPTY_INBOX: InboxCounts = { conversations: [], counted: new Set() };

/** The list as read, with the conversations open in front of the caller counting nothing. */
export function fromList(list: ConversationSummary[], open: ReadonlySet<string>): InboxCounts {
  return { conversations: list.map((c) => (open.has(c.id) && c.unread_count > 0 ? { ...c, unread_count: 0 } : c)), counted: new Set() };
}

/**
 * One inbox event: the conversation moves to the top with the message as its last, one more unread
 * unless it is open or the sender is the caller. `known` is false for a conversation the list does
 * not hold yet (a new one): read the list again.
 */
export function applyInboxEvent(state: InboxCounts, event: InboxEvent, userId: string, open: ReadonlySet<string>): { state: InboxCounts; known: boolean } {
  const index = state.conversations.findIndex((c) => c.id === event.conversation_id);
  if (index === -1) return { state, known: false };
  if (state.counted.has(event.message_id)) return { state, known: true };
  const current = state.conversations[index]!;
  const counts = !open.has(current.id) && event.sender_id !== userId;
  const updated: ConversationSummary = {
    ...current,
    last_message: event.preview,
    last_message_at: current.last_message_at && current.last_message_at > event.created_at ? current.last_message_at : event.created_at,
    unread_count: current.unread_count + (counts ? 1 : 0),
  };
  const rest = state.conversations.filter((_, i) => i !== index);
  const counted = new Set(state.counted).add(event.message_id);
  return { state: { conversations: [updated, ...rest], counted }, known: true };
}

/** The caller read a conversation (opened it, or it is open while a message arrives). */
export function markRead(state: InboxCounts, conversationId: string): InboxCounts {
  const index = state.conversations.findIndex((c) => c.id === conversationId && c.unread_count > 0);
  if (index === -1) return state;
  const conversations = state.conversations.slice();
  conversations[index] = { ...conversations[index]!, unread_count: 0 };
  return { ...state, conversations };
}

/** The header's badge: unread messages over every conversation. */
export function unreadTotal(conversations: readonly ConversationSummary[]): number {
  return conversations.reduce((sum, c) => sum + Math.max(0, c.unread_count), 0);
}

/** The unread messages of one delivery's conversations (its Chat button's badge), of one type ('driver', 'order') when given. */
export function unreadForDelivery(conversations: readonly ConversationSummary[], deliveryId: string, type?: string): number {
  return unreadTotal(conversations.filter((c) => c.delivery_id === deliveryId && (type === undefined || c.type === type)));
}

/** '99+' past 99, as the notifications bell shows. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
