import type { ChatMessage, MessageRow } from './schema';

/**
 * One conversation's messages on screen: what the server holds, plus what this app is sending.
 *
 * A message written here gets a client id at once and shows 'sending' under a local id; the
 * server's answer (or its live echo on `conversation:<id>`, whichever comes first) replaces it by
 * that client id, so it is never shown twice. A failed send stays, 'failed', until Retry sends it
 * again with the same client id: send_message answers the stored message if the first attempt did
 * land, so a retry never duplicates. A send that failed for want of a connection (`offline`) is also
 * sent again by itself when the connection returns, once, oldest first (`autoRetryable`). Sent messages are in the server's order (created_at, id);
 * messages not yet sent follow them in the order they were written.
 */
export interface ThreadState {
  messages: ChatMessage[];
  /** Whether older messages than the first one exist on the server. */
  hasMore: boolean;
}

export type ThreadAction =
  /** The newest page, read at start and after every (re)join. */
  | { type: 'loaded'; rows: MessageRow[]; hasMore: boolean }
  /** A page before the oldest shown. */
  | { type: 'older'; rows: MessageRow[]; hasMore: boolean }
  | { type: 'queued'; clientId: string; conversationId: string; senderId: string; content: string; createdAt: string }
  | { type: 'confirmed'; clientId: string; row: MessageRow }
  | { type: 'failed'; clientId: string; error: string; errorKey?: string | null; errorParams?: Record<string, unknown>; offline?: boolean }
  | { type: 'retrying'; clientId: string }
  /** A message heard live on the conversation's topic. */
  | { type: 'received'; row: MessageRow };

export const EMPTY_THREAD: ThreadState = { messages: [], hasMore: false };

export function localId(clientId: string): string {
  return `local:${clientId}`;
}

/** A client id send_message accepts (8-100 of [A-Za-z0-9_.:-]). */
export function newClientId(): string {
  return `web-${crypto.randomUUID()}`;
}

function sent(row: MessageRow): ChatMessage {
  return { ...row, status: 'sent', error: null };
}

function compareSent(a: ChatMessage, b: ChatMessage): number {
  if (a.created_at !== b.created_at) return Date.parse(a.created_at) - Date.parse(b.created_at);
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Sent messages in the server's order, then the unsent in the order they were written. */
function ordered(messages: ChatMessage[]): ChatMessage[] {
  const confirmed = messages.filter((m) => m.status === 'sent').sort(compareSent);
  const unsent = messages.filter((m) => m.status !== 'sent');
  return [...confirmed, ...unsent];
}

/** Puts server rows in: each replaces the message with its id or its client id, else joins. */
function merge(messages: ChatMessage[], rows: readonly MessageRow[]): ChatMessage[] {
  let next = messages;
  for (const row of rows) {
    const index = next.findIndex((m) => m.id === row.id || (row.client_id !== null && m.client_id === row.client_id));
    if (index === -1) {
      next = [...next, sent(row)];
    } else {
      const current = next[index]!;
      if (current.status === 'sent' && current.id === row.id && current.content === row.content && current.created_at === row.created_at) continue;
      next = next.slice();
      next[index] = sent(row);
    }
  }
  return next === messages ? messages : ordered(next);
}

export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'loaded': {
      // The newest page is the truth from its first row on; older pages already shown stay.
      const oldest = action.rows[0];
      const kept = oldest ? state.messages.filter((m) => m.status !== 'sent' || compareSent(m, sent(oldest)) < 0) : state.messages.filter((m) => m.status !== 'sent');
      const hadOlder = kept.some((m) => m.status === 'sent');
      return { messages: merge(kept, action.rows), hasMore: hadOlder ? state.hasMore : action.hasMore };
    }
    case 'older':
      return { messages: merge(state.messages, action.rows), hasMore: action.hasMore };
    case 'queued':
      if (state.messages.some((m) => m.client_id === action.clientId)) return state;
      return {
        ...state,
        messages: [
          ...state.messages,
          {
            id: localId(action.clientId),
            conversation_id: action.conversationId,
            sender_id: action.senderId,
            content: action.content,
            message_type: 'text',
            client_id: action.clientId,
            created_at: action.createdAt,
            updated_at: action.createdAt,
            status: 'sending',
            error: null,
          },
        ],
      };
    case 'confirmed':
    case 'received': {
      const row = action.type === 'confirmed' ? { ...action.row, client_id: action.row.client_id ?? action.clientId } : action.row;
      const messages = merge(state.messages, [row]);
      return messages === state.messages ? state : { ...state, messages };
    }
    case 'failed':
    case 'retrying': {
      const index = state.messages.findIndex((m) => m.client_id === action.clientId && m.status !== 'sent');
      if (index === -1) return state;
      const messages = state.messages.slice();
      messages[index] =
        action.type === 'failed'
          ? { ...messages[index]!, status: 'failed', error: action.error, errorKey: action.errorKey ?? null, errorParams: action.errorParams, offline: action.offline ?? false }
          : { ...messages[index]!, status: 'sending', error: null, offline: false };
      return { ...state, messages };
    }
  }
}

/**
 * The failed sends to try again by themselves now that the connection is back: those that failed for
 * want of a connection (a refusal of the database would be refused again), not tried that way
 * before (`tried`: once each), in the order they were written.
 */
export function autoRetryable(messages: readonly ChatMessage[], tried: ReadonlySet<string>): ChatMessage[] {
  return messages.filter((m) => m.status === 'failed' && m.offline === true && m.client_id !== null && !tried.has(m.client_id));
}

/** The newest message of someone else (what marking read covers); null when there is none. */
export function lastIncoming(messages: readonly ChatMessage[], userId: string): ChatMessage | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.status === 'sent' && message.sender_id !== userId) return message;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// What the list shows: day separators, and the sender's name and picture once per run.

export type ThreadItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage; mine: boolean; showSender: boolean };

/** Messages of one sender within this many minutes share one name and picture. */
const RUN_MINUTES = 5;

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** What the two nearest days are called (the page's language; English unless said). */
export interface NearDayWords {
  today: string;
  yesterday: string;
}

const ENGLISH_DAYS: NearDayWords = { today: 'Today', yesterday: 'Yesterday' };

/** 'Today', 'Yesterday', else the date ('Monday, 23 November 2026' in the locale's words). */
export function dayLabel(date: Date, now: Date, locale?: string, words: NearDayWords = ENGLISH_DAYS): string {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const diff = Math.round((today.getTime() - day.getTime()) / 86_400_000);
  if (diff === 0) return words.today;
  if (diff === 1) return words.yesterday;
  return date.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long', year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric' });
}

export function threadItems(messages: readonly ChatMessage[], userId: string, now: Date, locale?: string, words?: NearDayWords): ThreadItem[] {
  const items: ThreadItem[] = [];
  let lastDay: string | null = null;
  let previous: ChatMessage | null = null;
  for (const message of messages) {
    const at = new Date(message.created_at);
    const day = dayKey(at);
    if (day !== lastDay) {
      items.push({ kind: 'day', key: `day:${day}`, label: dayLabel(at, now, locale, words) });
      lastDay = day;
      previous = null;
    }
    const showSender =
      previous === null || previous.sender_id !== message.sender_id || at.getTime() - new Date(previous.created_at).getTime() > RUN_MINUTES * 60_000;
    // The key stays the client id's while a message goes from sending to sent, so its row is kept.
    items.push({ kind: 'message', key: message.client_id ?? message.id, message, mine: message.sender_id === userId, showSender });
    previous = message;
  }
  return items;
}
