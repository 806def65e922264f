import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import type { ConnectionState } from '../../lib/realtime';
import { useRecordLoad } from '../../lib/use-record-load';
import { ChatError, getConversation, getPeople, listMessages, markConversationRead, sendMessage, setConversationArchived } from './api';
import { conversationTopic, followTopic } from './live';
import { CHAT_MESSAGES, MessageRowSchema, type ConversationDetail, type Person } from './schema';
import { autoRetryable, EMPTY_THREAD, lastIncoming, newClientId, threadReducer, type ThreadState } from './thread';
import { chatInbox, useOpenConversation } from './use-chat-inbox';

export type LoadStatus = 'loading' | 'ready' | 'missing' | 'error';

type MessagesPage = Awaited<ReturnType<typeof listMessages>>;

export interface ConversationState {
  status: LoadStatus;
  error: Error | null;
  detail: ConversationDetail | null;
  thread: ThreadState;
  people: ReadonlyMap<string, Person>;
  connection: ConnectionState;
  loadingOlder: boolean;
  olderError: boolean;
  retryLoad: () => void;
  loadOlder: () => void;
  send: (content: string) => void;
  retrySend: (clientId: string) => void;
  setArchived: (archived: boolean) => Promise<void>;
  reloadDetail: () => void;
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

function subscribeVisibility(callback: () => void): () => void {
  document.addEventListener('visibilitychange', callback);
  return () => document.removeEventListener('visibilitychange', callback);
}

/** Whether the page is in front of the person (not a background tab or a locked phone). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * One open conversation: its detail and participants, the newest messages then older pages on
 * demand, messages arriving live on `conversation:<id>`, optimistic sends with Retry, and marking
 * it read while it is on screen. Sends that failed for want of a connection go again by themselves
 * when it returns (the browser's `online` event, or the topic's rejoin), once each, one after the
 * other in the order they were written; the client id makes a send that did land store once.
 */
export function useConversation(tenantId: string, userId: string, conversationId: string): ConversationState {
  const [detail, setDetail] = useState<ConversationDetail | null>(null);
  const [thread, dispatch] = useReducer(threadReducer, EMPTY_THREAD);
  const [people, setPeople] = useState<ReadonlyMap<string, Person>>(new Map());
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState(false);
  const alive = useRef(true);
  const peopleRef = useRef(people);
  useEffect(() => {
    peopleRef.current = people;
  }, [people]);
  const asked = useRef(new Set<string>());
  const visible = usePageVisible();

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** Names and pictures of senders not known yet (a participant who left, a staff member who wrote). */
  const learnPeople = useCallback((ids: (string | null)[]) => {
    const missing = [...new Set(ids.filter((id): id is string => !!id && !peopleRef.current.has(id) && !asked.current.has(id)))];
    if (missing.length === 0) return;
    for (const id of missing) asked.current.add(id);
    getPeople(missing).then(
      (found) => {
        if (!alive.current || found.size === 0) return;
        setPeople((previous) => new Map([...previous, ...found]));
      },
      () => undefined,
    );
  }, []);

  /** Shows a conversation's detail, and learns its participants' names and pictures. */
  const showDetail = useCallback((next: ConversationDetail | null) => {
    setDetail(next);
    if (!next) return;
    setPeople((previous) => {
      const map = new Map(previous);
      for (const p of next.participants) if (p.full_name !== null || !map.has(p.user_id)) map.set(p.user_id, { id: p.user_id, full_name: p.full_name, avatar_url: p.avatar_url });
      return map;
    });
  }, []);

  const showLatest = useCallback(
    (page: MessagesPage) => {
      dispatch({ type: 'loaded', rows: page.rows, hasMore: page.hasMore });
      learnPeople(page.rows.map((row) => row.sender_id));
    },
    [learnPeople],
  );

  const loadLatest = useCallback(() => {
    return listMessages(conversationId).then((page) => {
      if (alive.current) showLatest(page);
    });
  }, [conversationId, showLatest]);

  // The first read (and a Retry after it failed): the detail and the newest page, shown together.
  const first = useRecordLoad<{ detail: ConversationDetail | null; page: MessagesPage }>(
    conversationId,
    async () => {
      const [detail, page] = await Promise.all([getConversation(conversationId), listMessages(conversationId)]);
      return { detail, page };
    },
    {
      onLoad: (loaded) => {
        if (!loaded) return;
        showDetail(loaded.detail);
        showLatest(loaded.page);
      },
    },
  );
  const status: LoadStatus =
    first.state.status === 'failed' ? 'error' : first.state.status === 'ready' ? (first.state.record.detail ? 'ready' : 'missing') : first.state.status;
  const error = first.state.status === 'failed' ? asError(first.state.error) : null;

  // Set below, once `deliver` exists: the automatic retry of failed sends.
  const retryFailedRef = useRef<() => void>(() => undefined);

  // Live: each message as it is stored; after a (re)join, the newest page again.
  useEffect(() => {
    let joinedOnce = false;
    return followTopic(conversationTopic(conversationId), ['INSERT'], {
      onMessage: (_event, payload) => {
        const record = (payload as { record?: unknown } | null)?.record;
        const parsed = MessageRowSchema.safeParse(record);
        if (!parsed.success || parsed.data.conversation_id !== conversationId) return;
        dispatch({ type: 'received', row: parsed.data });
        learnPeople([parsed.data.sender_id]);
      },
      onJoined: () => {
        // The first join follows the first read closely; a rejoin means messages may have been missed.
        if (joinedOnce) {
          void loadLatest().catch(() => undefined);
          retryFailedRef.current();
        }
        joinedOnce = true;
      },
      onState: setConnection,
    });
  }, [conversationId, loadLatest, learnPeople]);

  // Read while on screen: the inbox counts nothing for it, and the server hears of each new message.
  const onScreen = visible && status === 'ready';
  useOpenConversation(tenantId, userId, conversationId, onScreen);
  const newest = lastIncoming(thread.messages, userId);
  const newestId = newest?.id ?? null;
  useEffect(() => {
    if (!onScreen || !newestId) return;
    const timer = setTimeout(() => {
      markConversationRead(conversationId).then(
        () => chatInbox(tenantId, userId).markRead(conversationId),
        () => undefined,
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [onScreen, newestId, conversationId, tenantId, userId]);

  /** Sends one message; true when it is stored. */
  const deliver = useCallback(
    (clientId: string, content: string): Promise<boolean> => {
      return sendMessage(conversationId, content, clientId).then(
        (row) => {
          // The list's last message is this one now.
          chatInbox(tenantId, userId).refresh();
          if (alive.current) dispatch({ type: 'confirmed', clientId, row });
          return true;
        },
        (reason: unknown) => {
          if (!alive.current) return false;
          // The database's words when it refused (archived, too long); a lost connection is just a failed send.
          const refused = reason instanceof ChatError && reason.status !== null && reason.status >= 400 && reason.status < 500;
          dispatch(
            refused
              ? { type: 'failed', clientId, error: reason.message, errorKey: reason.key, ...(reason.params ? { errorParams: reason.params } : {}), offline: false }
              : { type: 'failed', clientId, error: CHAT_MESSAGES.sendFailed, offline: true },
          );
          return false;
        },
      );
    },
    [conversationId, tenantId, userId],
  );

  const send = useCallback(
    (content: string) => {
      const clientId = newClientId();
      dispatch({ type: 'queued', clientId, conversationId, senderId: userId, content, createdAt: new Date().toISOString() });
      void deliver(clientId, content);
    },
    [conversationId, userId, deliver],
  );

  const threadRef = useRef(thread);
  useEffect(() => {
    threadRef.current = thread;
  }, [thread]);
  const retrySend = useCallback(
    (clientId: string) => {
      const message = threadRef.current.messages.find((m) => m.client_id === clientId && m.status === 'failed');
      if (!message) return;
      dispatch({ type: 'retrying', clientId });
      void deliver(clientId, message.content);
    },
    [deliver],
  );

  // The connection is back: the sends it lost go again, once each, one after the other in order
  // (the next waits for the one before; one failing again leaves the rest for the next return).
  const autoTried = useRef(new Set<string>());
  const autoRetrying = useRef(false);
  const retryFailed = useCallback(async () => {
    if (autoRetrying.current) return;
    autoRetrying.current = true;
    try {
      for (;;) {
        const next = autoRetryable(threadRef.current.messages, autoTried.current)[0];
        if (!next?.client_id || !alive.current) break;
        autoTried.current.add(next.client_id);
        dispatch({ type: 'retrying', clientId: next.client_id });
        if (!(await deliver(next.client_id, next.content))) break;
      }
    } finally {
      autoRetrying.current = false;
    }
  }, [deliver]);
  useEffect(() => {
    retryFailedRef.current = () => void retryFailed();
  }, [retryFailed]);
  useEffect(() => {
    const online = () => retryFailedRef.current();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  const loadOlder = useCallback(() => {
    const oldest = threadRef.current.messages.find((m) => m.status === 'sent');
    if (!oldest || loadingOlder) return;
    setLoadingOlder(true);
    setOlderError(false);
    listMessages(conversationId, oldest.created_at).then(
      (page) => {
        if (!alive.current) return;
        dispatch({ type: 'older', rows: page.rows, hasMore: page.hasMore });
        learnPeople(page.rows.map((row) => row.sender_id));
        setLoadingOlder(false);
      },
      () => {
        if (!alive.current) return;
        setOlderError(true);
        setLoadingOlder(false);
      },
    );
  }, [conversationId, loadingOlder, learnPeople]);

  const setArchived = useCallback(
    async (archived: boolean) => {
      await setConversationArchived(conversationId, archived);
      if (alive.current) setDetail((current) => (current ? { ...current, is_archived: archived } : current));
      chatInbox(tenantId, userId).refresh(0);
    },
    [conversationId, tenantId, userId],
  );

  const reloadDetail = useCallback(
    () =>
      void getConversation(conversationId).then(
        (next) => alive.current && showDetail(next),
        () => undefined,
      ),
    [conversationId, showDetail],
  );

  return {
    status,
    error,
    detail,
    thread,
    people,
    connection,
    loadingOlder,
    olderError,
    retryLoad: first.retry,
    loadOlder,
    send,
    retrySend,
    setArchived,
    reloadDetail,
  };
}
