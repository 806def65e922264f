import { z } from 'zod';
import { nullableText } from '../../lib/row-schema';

/**
 * Chat: conversations between dispatch and a driver about a delivery,
 * their participants and messages. The database's rules are in
 * supabase/migrations/20261125001030_chat.sql; these are the shapes the app reads.
 */

/** The database's limit (messages_content_check, send_message). */
export const MESSAGE_MAX_LENGTH = 4000;

export const PARTICIPANT_ROLES = ['admin', 'dispatcher', 'driver', 'customer', 'member'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

/** A row of public.messages, as read and as broadcast on `conversation:<id>`. */
export const MessageRowSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: nullableText,
  content: z.string(),
  message_type: z.string(),
  client_id: nullableText.optional().transform((value) => value ?? null),
  created_at: z.string(),
  updated_at: z.string().optional(),
});
export type MessageRow = z.output<typeof MessageRowSchema>;

/** A message: one sent optimistically is 'sending' until the server answers. */
export type MessageStatus = 'sending' | 'sent' | 'failed';

export interface ChatMessage extends MessageRow {
  status: MessageStatus;
  /** Why a send failed (shown beside Retry): the server's English words. */
  error: string | null;
  /** The refusal's stable key and params, shown in the page's language when the app knows the key. */
  errorKey?: string | null;
  errorParams?: Record<string, unknown>;
  /** A failed send that never reached the database (no connection), sent again by itself once the connection returns. */
  offline?: boolean;
}

export const ParticipantSchema = z.object({
  user_id: z.string(),
  role: z.string(),
  full_name: nullableText.optional().transform((value) => value ?? null),
});
export type Participant = z.output<typeof ParticipantSchema>;

/** One row of list_conversations(): a conversation with its unreadCount and last message. */
export const ConversationSummarySchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable().transform((value) => value ?? {}),
  delivery_id: nullableText,
  is_archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_message_at: nullableText,
  last_message: nullableText,
  participants: z.array(ParticipantSchema).nullable().transform((value) => value ?? []),
  unread_count: z.number().int(),
});
export type ConversationSummary = z.output<typeof ConversationSummarySchema>;

/** What `tenant:<tenant>:inbox:<user>` carries for each message another person writes. */
export const InboxEventSchema = z.object({
  conversation_id: z.string(),
  message_id: z.string(),
  sender_id: nullableText,
  preview: z.string(),
  created_at: z.string(),
});
export type InboxEvent = z.output<typeof InboxEventSchema>;

/** A person as a message shows them. */
export interface Person {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
}

/** One conversation with its participants by name: get single conversation. */
export interface ConversationDetail {
  id: string;
  type: string;
  title: string;
  metadata: Record<string, unknown>;
  delivery_id: string | null;
  is_archived: boolean;
  created_at: string;
  updated_at: string;
  participants: (Participant & { avatar_url: string | null })[];
}

export const CHAT_MESSAGES = {
  sendFailed: 'Failed to send',
  loadFailed: 'Failed to load the conversation',
  listFailed: 'Failed to load conversations',
  openFailed: 'Could not open the chat',
  archived: 'This conversation is archived',
  archiveFailed: 'Failed to archive the conversation',
  unarchiveFailed: 'Failed to unarchive the conversation',
  participantsAdded: 'Participants added',
  participantRemoved: 'Participant removed',
  tooLong: `A message can be at most ${MESSAGE_MAX_LENGTH} characters`,
  notFound: 'Conversation not found',
} as const;

/** Who may change participants and archive (the database says the same). */
export function isStaffPanel(panel: string | null | undefined): boolean {
  return panel === 'admin' || panel === 'dispatcher';
}
