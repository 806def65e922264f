import { supabase } from '../../lib/supabase';
import {
  ConversationSummarySchema,
  MessageRowSchema,
  ParticipantSchema,
  type ConversationDetail,
  type ConversationSummary,
  type MessageRow,
  type ParticipantRole,
  type Person,
} from './schema';

/** How many messages one read brings (the newest, then older pages on demand). */
export const MESSAGE_PAGE_SIZE = 50;

/**
 * An error of the API with the words to show: the first of the database's details, else its
 * message, with that detail's stable key and params (shown in the page's language by the screen).
 */
export class ChatError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  readonly key: string | null;
  readonly params: Record<string, unknown> | undefined;
  constructor(message: string, status: number | null, code: string | null, key: string | null = null, params?: Record<string, unknown>) {
    super(message);
    this.name = 'ChatError';
    this.status = status;
    this.code = code;
    this.key = key;
    this.params = params;
  }
}

interface PostgrestLikeError {
  message?: string;
  details?: string | null;
  code?: string;
}

function chatError(error: PostgrestLikeError, status: number | null, fallback: string): ChatError {
  let text = error.message || fallback;
  let key: string | null = null;
  let params: Record<string, unknown> | undefined;
  if (typeof error.details === 'string' && error.details.trim().startsWith('[')) {
    try {
      const details = JSON.parse(error.details) as { message?: unknown; key?: unknown; params?: unknown }[];
      const first = details.find((detail) => typeof detail.message === 'string');
      if (first) {
        text = first.message as string;
        if (typeof first.key === 'string') key = first.key;
        if (typeof first.params === 'object' && first.params !== null) params = first.params as Record<string, unknown>;
      }
    } catch {
      // Not the details convention: the message stands.
    }
  }
  return new ChatError(text, status, error.code ?? null, key, params);
}

/** The caller's conversations, newest activity first, with their unread counts (list_conversations). */
export async function listConversations(archived: boolean, signal?: AbortSignal): Promise<ConversationSummary[]> {
  let request = supabase.rpc('list_conversations', { archived });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw chatError(error, status, 'Failed to load conversations');
  return ConversationSummarySchema.array().parse(data ?? []);
}

/** Get single conversation, with its participants by name (null when it does not exist for the caller). */
export async function getConversation(id: string): Promise<ConversationDetail | null> {
  const [conversation, participants] = await Promise.all([
    supabase.from('conversations').select('id, type, title, metadata, delivery_id, is_archived, created_at, updated_at').eq('id', id).maybeSingle(),
    supabase.from('conversation_participants').select('user_id, role, joined_at').eq('conversation_id', id).order('joined_at'),
  ]);
  if (conversation.error) throw chatError(conversation.error, conversation.status, 'Failed to load the conversation');
  if (participants.error) throw chatError(participants.error, participants.status, 'Failed to load the conversation');
  if (!conversation.data) return null;
  const row = conversation.data as Omit<ConversationDetail, 'participants'>;
  const members = ParticipantSchema.array().parse(participants.data ?? []);
  const people = await getPeople(members.map((member) => member.user_id));
  return {
    ...row,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    participants: members.map((member) => ({
      ...member,
      full_name: people.get(member.user_id)?.full_name ?? null,
      avatar_url: people.get(member.user_id)?.avatar_url ?? null,
    })),
  };
}

/** Names and pictures of people (those the caller may read; others are left out). */
export async function getPeople(ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data, error, status } = await supabase.from('profiles').select('id, full_name, avatar_url').in('id', unique);
  if (error) throw chatError(error, status, 'Failed to load people');
  return new Map((data as Person[]).map((person) => [person.id, person]));
}

/** A page of messages, newest first from the database, answered oldest first; `before` reads the page before a time. */
export async function listMessages(conversationId: string, before: string | null = null, limit = MESSAGE_PAGE_SIZE): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  let query = supabase
    .from('messages')
    .select('id, conversation_id, sender_id, content, message_type, client_id, created_at, updated_at')
    .eq('conversation_id', conversationId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit + 1);
  if (before) query = query.lt('created_at', before);
  const { data, error, status } = await query;
  if (error) throw chatError(error, status, 'Failed to load messages');
  const rows = MessageRowSchema.array().parse(data ?? []);
  return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

/**
 * Send message. `clientId` is the app's own id for the message: a retry with the same id
 * answers the stored message instead of storing it twice.
 */
export async function sendMessage(conversationId: string, content: string, clientId: string): Promise<MessageRow> {
  const { data, error, status } = await supabase.rpc('send_message', { conversation_id: conversationId, content, message_type: 'text', client_id: clientId });
  if (error) throw chatError(error, status, 'Failed to send');
  return MessageRowSchema.parse(data);
}

/** Create conversation (deliveryId): the open conversation with the delivery's driver, made on first use. */
export async function openDeliveryConversation(deliveryId: string): Promise<{ id: string; title: string }> {
  const { data, error, status } = await supabase.rpc('create_delivery_conversation', { delivery_id: deliveryId });
  if (error) throw chatError(error, status, 'Could not open the chat');
  const row = data as { id: string; title: string };
  return { id: row.id, title: row.title };
}

/** A customer's conversation with dispatch about their delivery (type order): made on first use by create_order_conversation, reused after. */
export async function openOrderConversation(deliveryId: string): Promise<{ id: string; title: string }> {
  const { data, error, status } = await supabase.rpc('create_order_conversation', { delivery_id: deliveryId });
  if (error) throw chatError(error, status, 'Could not open the chat');
  const row = data as { id: string; title: string };
  return { id: row.id, title: row.title };
}

export async function markConversationRead(conversationId: string): Promise<void> {
  const { error, status } = await supabase.rpc('mark_conversation_read', { conversation_id: conversationId });
  if (error) throw chatError(error, status, 'Failed to mark the conversation read');
}

export async function setConversationArchived(conversationId: string, archived: boolean): Promise<void> {
  const { error, status } = await supabase.rpc('set_conversation_archived', { conversation_id: conversationId, archived });
  if (error) throw chatError(error, status, archived ? 'Failed to archive the conversation' : 'Failed to unarchive the conversation');
}

/** Update participants (action add, user_ids, role); 'remove' takes people out. */
export async function updateParticipants(conversationId: string, action: 'add' | 'remove', userIds: string[], role: ParticipantRole = 'member'): Promise<void> {
  const { error, status } = await supabase.rpc('update_conversation_participants', { conversation_id: conversationId, action, user_ids: userIds, role });
  if (error) throw error.code === '23514' ? error : chatError(error, status, 'Failed to update participants');
}
