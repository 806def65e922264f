import { describe, expect, it } from 'vitest';
import { applyInboxEvent, badgeText, fromList, markRead, unreadForDelivery, unreadTotal } from './inbox';
import type { ConversationSummary, InboxEvent } from './schema';

const ME = 'user-me';

function conversation(id: string, unread: number, delivery: string | null = null, last: string | null = '2026-11-25T09:00:00.000Z'): ConversationSummary {
  return {
    id,
    type: 'driver',
    title: `Conversation ${id}`,
    metadata: {},
    delivery_id: delivery,
    is_archived: false,
    created_at: '2026-11-25T08:00:00.000Z',
    updated_at: '2026-11-25T08:00:00.000Z',
    last_message_at: last,
    last_message: 'earlier',
    participants: [],
    unread_count: unread,
  };
}

function event(conversationId: string, messageId: string, sender = 'user-driver'): InboxEvent {
  return { conversation_id: conversationId, message_id: messageId, sender_id: sender, preview: `text of ${messageId}`, created_at: '2026-11-25T10:00:00.000Z' };
}

describe('unread counting', () => {
  const list = [conversation('a', 0, 'd1'), conversation('b', 2, 'd2')];

  it('totals the unread of every conversation, and per delivery', () => {
    expect(unreadTotal(list)).toBe(2);
    expect(unreadForDelivery(list, 'd2')).toBe(2);
    expect(unreadForDelivery(list, 'd1')).toBe(0);
  });

  it('tells a delivery\'s order conversation (with its customer) from its driver conversation', () => {
    const both = [conversation('driver', 1, 'd3'), { ...conversation('order', 3, 'd3'), type: 'order' }];
    expect(unreadForDelivery(both, 'd3')).toBe(4);
    expect(unreadForDelivery(both, 'd3', 'order')).toBe(3);
    expect(unreadForDelivery(both, 'd3', 'driver')).toBe(1);
  });

  it('counts a message of someone else once, moving its conversation to the top with it as the last message', () => {
    const first = applyInboxEvent(fromList(list, new Set()), event('a', 'm1'), ME, new Set());
    expect(first.known).toBe(true);
    expect(first.state.conversations.map((c) => [c.id, c.unread_count, c.last_message])).toEqual([
      ['a', 1, 'text of m1'],
      ['b', 2, 'earlier'],
    ]);
    // The same event again (a rejoin) counts nothing more.
    const again = applyInboxEvent(first.state, event('a', 'm1'), ME, new Set());
    expect(unreadTotal(again.state.conversations)).toBe(3);
  });

  it('counts nothing for a conversation open in front of the person, nor for their own messages', () => {
    const open = applyInboxEvent(fromList(list, new Set(['a'])), event('a', 'm1'), ME, new Set(['a']));
    expect(unreadTotal(open.state.conversations)).toBe(2);
    const mine = applyInboxEvent(fromList(list, new Set()), event('b', 'm2', ME), ME, new Set());
    expect(unreadTotal(mine.state.conversations)).toBe(2);
  });

  it('says when the conversation is not in the list yet, so the list is read again', () => {
    const state = fromList(list, new Set());
    const result = applyInboxEvent(state, event('new', 'm3'), ME, new Set());
    expect(result.known).toBe(false);
    expect(result.state).toBe(state);
  });

  it('a list read while a conversation is open shows it read', () => {
    expect(unreadTotal(fromList(list, new Set(['b'])).conversations)).toBe(0);
  });

  it('reading a conversation clears its count only', () => {
    const state = markRead(fromList(list, new Set()), 'b');
    expect(state.conversations.map((c) => c.unread_count)).toEqual([0, 0]);
    expect(markRead(state, 'b')).toBe(state);
  });

  it('shows 99+ past 99', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});
