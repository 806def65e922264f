import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { ConnectionState } from '../../lib/realtime';
import { listConversations } from './api';
import { applyInboxEvent, EMPTY_INBOX, fromList, markRead, type InboxCounts } from './inbox';
import { followTopic, inboxTopic } from './live';
import { InboxEventSchema } from './schema';

/**
 * The signed-in person's active conversations with their unread counts, shared by everything that
 * shows them (the header's badge and drawer, each delivery's Chat button): one read of
 * list_conversations() and one inbox topic per person, however many components ask.
 */
export interface InboxSnapshot {
  counts: InboxCounts;
  status: 'loading' | 'ready' | 'error';
  connection: ConnectionState;
}

const REFRESH_DELAY_MS = 150;

class ChatInbox {
  private snapshot: InboxSnapshot = { counts: EMPTY_INBOX, status: 'loading', connection: 'connecting' };
  private readonly listeners = new Set<() => void>();
  /** Conversations open in front of the person, with how many views show each. */
  private readonly open = new Map<string, number>();
  private stopFollowing: (() => void) | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private request = 0;

  constructor(
    private readonly tenantId: string,
    private readonly userId: string,
  ) {}

  get = (): InboxSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  private set(next: Partial<InboxSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of [...this.listeners]) listener();
  }

  private openSet(): ReadonlySet<string> {
    return new Set(this.open.keys());
  }

  private start(): void {
    this.refresh(0);
    this.stopFollowing = followTopic(inboxTopic(this.tenantId, this.userId), ['message'], {
      onMessage: (_event, payload) => {
        const parsed = InboxEventSchema.safeParse(payload);
        if (!parsed.success) return;
        const { state, known } = applyInboxEvent(this.snapshot.counts, parsed.data, this.userId, this.openSet());
        if (state !== this.snapshot.counts) this.set({ counts: state });
        this.refresh(known ? REFRESH_DELAY_MS * 4 : REFRESH_DELAY_MS);
      },
      onJoined: () => this.refresh(0),
      onState: (connection) => {
        if (connection !== this.snapshot.connection) this.set({ connection });
      },
    });
  }

  private stop(): void {
    this.stopFollowing?.();
    this.stopFollowing = null;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    this.request += 1;
  }

  /** Reads the list again after `delay` ms (a burst of events reads once). */
  refresh = (delay = REFRESH_DELAY_MS): void => {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      const request = ++this.request;
      listConversations(false).then(
        (list) => {
          if (request !== this.request) return;
          this.set({ counts: fromList(list, this.openSet()), status: 'ready' });
        },
        () => {
          if (request !== this.request) return;
          if (this.snapshot.status !== 'ready') this.set({ status: 'error' });
        },
      );
    }, delay);
  };

  /** A view shows the conversation now (or stops showing it): it counts nothing unread meanwhile. */
  setOpen(conversationId: string, open: boolean): void {
    const count = (this.open.get(conversationId) ?? 0) + (open ? 1 : -1);
    if (count > 0) this.open.set(conversationId, count);
    else this.open.delete(conversationId);
    if (open) this.markRead(conversationId);
  }

  markRead(conversationId: string): void {
    const counts = markRead(this.snapshot.counts, conversationId);
    if (counts !== this.snapshot.counts) this.set({ counts });
  }
}

const inboxes = new Map<string, ChatInbox>();

export function chatInbox(tenantId: string, userId: string): ChatInbox {
  const key = `${tenantId}:${userId}`;
  let inbox = inboxes.get(key);
  if (!inbox) {
    inbox = new ChatInbox(tenantId, userId);
    inboxes.set(key, inbox);
  }
  return inbox;
}

export interface ChatInboxState extends InboxSnapshot {
  refresh: () => void;
}

export function useChatInbox(tenantId: string, userId: string): ChatInboxState {
  const inbox = chatInbox(tenantId, userId);
  const snapshot = useSyncExternalStore(inbox.subscribe, inbox.get);
  const refresh = useCallback(() => inbox.refresh(0), [inbox]);
  return { ...snapshot, refresh };
}

/** While mounted and `visible`, the conversation counts as read in the inbox (a view showing it). */
export function useOpenConversation(tenantId: string, userId: string, conversationId: string, visible: boolean): void {
  useEffect(() => {
    if (!visible) return;
    const inbox = chatInbox(tenantId, userId);
    inbox.setOpen(conversationId, true);
    return () => inbox.setOpen(conversationId, false);
  }, [tenantId, userId, conversationId, visible]);
}
