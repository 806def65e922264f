// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationDetail, MessageRow } from './schema';
import { deferred } from '../../test/deferred';

type Page = { rows: MessageRow[]; hasMore: boolean };
/** Each conversation's reads wait for the test to answer them, in the order they were asked. */
const details = new Map<string, ReturnType<typeof deferred<ConversationDetail | null>>[]>();
const pages = new Map<string, ReturnType<typeof deferred<Page>>[]>();
function asked<T>(map: Map<string, ReturnType<typeof deferred<T>>[]>, id: string) {
  const answer = deferred<T>();
  map.set(id, [...(map.get(id) ?? []), answer]);
  return answer.promise;
}

vi.mock('./api', () => ({
  ChatError: class extends Error {},
  getConversation: (id: string) => asked(details, id),
  listMessages: (id: string) => asked(pages, id),
  getPeople: async () => new Map(),
  markConversationRead: async () => undefined,
  sendMessage: () => new Promise(() => undefined),
  setConversationArchived: async () => undefined,
}));
vi.mock('./live', () => ({ conversationTopic: (id: string) => `conversation:${id}`, followTopic: () => () => undefined }));
vi.mock('./use-chat-inbox', () => ({ chatInbox: () => ({ markRead: () => undefined, refresh: () => undefined }), useOpenConversation: () => undefined }));

const { useConversation } = await import('./use-conversation');

const detail = (id: string, title: string): ConversationDetail => ({
  id,
  type: 'delivery',
  title,
  metadata: {},
  delivery_id: null,
  is_archived: false,
  created_at: '2026-12-01T10:00:00Z',
  updated_at: '2026-12-01T10:00:00Z',
  participants: [],
});
const message = (conversation: string, content: string): MessageRow => ({
  id: `${conversation}-${content}`,
  conversation_id: conversation,
  sender_id: null,
  content,
  message_type: 'text',
  client_id: null,
  created_at: '2026-12-01T10:00:00Z',
});

afterEach(() => {
  details.clear();
  pages.clear();
});

describe('useConversation', () => {
  it('shows the conversation asked last, even when the one before answers later', async () => {
    const { result, rerender } = renderHook(({ id }) => useConversation('t1', 'u1', id), { initialProps: { id: 'c1' } });
    expect(result.current.status).toBe('loading');
    rerender({ id: 'c2' });
    expect(result.current.status).toBe('loading');
    await act(async () => {
      details.get('c2')![0]!.resolve(detail('c2', 'Second'));
      pages.get('c2')![0]!.resolve({ rows: [message('c2', 'hello')], hasMore: false });
    });
    await act(async () => {
      details.get('c1')![0]!.resolve(detail('c1', 'First'));
      pages.get('c1')![0]!.resolve({ rows: [message('c1', 'old')], hasMore: false });
    });
    expect(result.current.status).toBe('ready');
    expect(result.current.detail?.title).toBe('Second');
    expect(result.current.thread.messages.map((m) => m.content)).toEqual(['hello']);
  });

  it('says it failed, and Retry loads again from the loading state; a missing conversation says so', async () => {
    const { result } = renderHook(() => useConversation('t1', 'u1', 'c3'));
    await act(async () => details.get('c3')![0]!.reject(new Error('offline')));
    expect(result.current.status).toBe('error');
    expect(result.current.error?.message).toBe('offline');
    act(() => result.current.retryLoad());
    expect(result.current.status).toBe('loading');
    await act(async () => {
      details.get('c3')![1]!.resolve(null);
      pages.get('c3')![1]!.resolve({ rows: [], hasMore: false });
    });
    expect(result.current.status).toBe('missing');
    expect(result.current.error).toBeNull();
  });
});
