import { describe, expect, it } from 'vitest';
import type { MessageRow } from './schema';
import { autoRetryable, EMPTY_THREAD, lastIncoming, localId, threadItems, threadReducer, type ThreadAction, type ThreadState } from './thread';

const ME = 'user-me';
const DRIVER = 'user-driver';
const CONVERSATION = 'conversation-1';

function row(id: string, sender: string, content: string, at: string, clientId: string | null = null): MessageRow {
  return { id, conversation_id: CONVERSATION, sender_id: sender, content, message_type: 'text', client_id: clientId, created_at: at, updated_at: at };
}

function run(...actions: ThreadAction[]): ThreadState {
  return actions.reduce(threadReducer, EMPTY_THREAD);
}

const queued = (clientId: string, content: string, at = '2026-11-25T10:05:00.000Z'): ThreadAction => ({
  type: 'queued',
  clientId,
  conversationId: CONVERSATION,
  senderId: ME,
  content,
  createdAt: at,
});

describe('threadReducer', () => {
  it('shows a message being sent at once, greyed as sending, after the sent ones', () => {
    const state = run({ type: 'loaded', rows: [row('m1', DRIVER, 'On my way', '2026-11-25T10:00:00.000Z')], hasMore: false }, queued('web-aaaaaaaa', 'Thanks'));
    expect(state.messages.map((m) => [m.id, m.status])).toEqual([
      ['m1', 'sent'],
      [localId('web-aaaaaaaa'), 'sending'],
    ]);
  });

  it('confirms it with the server row, keeping one message', () => {
    const state = run(queued('web-aaaaaaaa', 'Thanks'), { type: 'confirmed', clientId: 'web-aaaaaaaa', row: row('m2', ME, 'Thanks', '2026-11-25T10:05:01.000Z', 'web-aaaaaaaa') });
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]).toMatchObject({ id: 'm2', status: 'sent', client_id: 'web-aaaaaaaa' });
  });

  it('takes the live echo as the confirmation, and the answer after it changes nothing', () => {
    const echo = row('m2', ME, 'Thanks', '2026-11-25T10:05:01.000Z', 'web-aaaaaaaa');
    const echoed = run(queued('web-aaaaaaaa', 'Thanks'), { type: 'received', row: echo });
    expect(echoed.messages).toEqual([{ ...echo, status: 'sent', error: null }]);
    expect(threadReducer(echoed, { type: 'confirmed', clientId: 'web-aaaaaaaa', row: echo })).toBe(echoed);
    // A late failure of a request whose message did land does not mark it failed.
    expect(threadReducer(echoed, { type: 'failed', clientId: 'web-aaaaaaaa', error: 'Failed to send' })).toBe(echoed);
  });

  it('offers the sends lost with the connection to go again by themselves, oldest first, once each; never a refused one', () => {
    const state = run(
      queued('web-aaaaaaaa', 'First', '2026-11-25T10:05:00.000Z'),
      queued('web-bbbbbbbb', 'Too long', '2026-11-25T10:05:01.000Z'),
      queued('web-cccccccc', 'Second', '2026-11-25T10:05:02.000Z'),
      queued('web-dddddddd', 'Still sending', '2026-11-25T10:05:03.000Z'),
      { type: 'failed', clientId: 'web-cccccccc', error: 'Failed to send', offline: true },
      { type: 'failed', clientId: 'web-aaaaaaaa', error: 'Failed to send', offline: true },
      { type: 'failed', clientId: 'web-bbbbbbbb', error: 'A message can be at most 4000 characters', offline: false },
    );
    expect(autoRetryable(state.messages, new Set()).map((m) => m.content)).toEqual(['First', 'Second']);
    expect(autoRetryable(state.messages, new Set(['web-aaaaaaaa'])).map((m) => m.content)).toEqual(['Second']);
    // Retrying clears the mark; failing again without a connection sets it again.
    const retrying = threadReducer(state, { type: 'retrying', clientId: 'web-aaaaaaaa' });
    expect(retrying.messages.find((m) => m.client_id === 'web-aaaaaaaa')).toMatchObject({ status: 'sending', offline: false });
    expect(autoRetryable(retrying.messages, new Set()).map((m) => m.content)).toEqual(['Second']);
  });

  it('marks a failed send, and Retry sends it again under the same client id', () => {
    const failed = run(queued('web-aaaaaaaa', 'Gate code 4821'), { type: 'failed', clientId: 'web-aaaaaaaa', error: 'Failed to send' });
    expect(failed.messages[0]).toMatchObject({ status: 'failed', error: 'Failed to send', client_id: 'web-aaaaaaaa' });
    const retrying = threadReducer(failed, { type: 'retrying', clientId: 'web-aaaaaaaa' });
    expect(retrying.messages[0]).toMatchObject({ status: 'sending', error: null, client_id: 'web-aaaaaaaa' });
    const done = threadReducer(retrying, { type: 'confirmed', clientId: 'web-aaaaaaaa', row: row('m9', ME, 'Gate code 4821', '2026-11-25T10:06:00.000Z', 'web-aaaaaaaa') });
    expect(done.messages).toHaveLength(1);
    expect(done.messages[0]).toMatchObject({ id: 'm9', status: 'sent' });
  });

  it('keeps one copy of a message heard twice (live and in a re-read)', () => {
    const m = row('m1', DRIVER, 'Arrived', '2026-11-25T10:00:00.000Z', 'app-11111111');
    const state = run({ type: 'received', row: m }, { type: 'received', row: m }, { type: 'loaded', rows: [m], hasMore: false });
    expect(state.messages).toHaveLength(1);
  });

  it('orders sent messages by the server time whatever order they arrive in', () => {
    const state = run(
      { type: 'received', row: row('m2', DRIVER, 'second', '2026-11-25T10:02:00.000Z') },
      { type: 'received', row: row('m1', DRIVER, 'first', '2026-11-25T10:01:00.000Z') },
    );
    expect(state.messages.map((m) => m.content)).toEqual(['first', 'second']);
  });

  it('a re-read after a reconnect confirms a send whose answer was lost, by its client id', () => {
    const failed = run(queued('web-bbbbbbbb', 'Call me'), { type: 'failed', clientId: 'web-bbbbbbbb', error: 'Failed to send' });
    const state = threadReducer(failed, { type: 'loaded', rows: [row('m5', ME, 'Call me', '2026-11-25T10:05:00.500Z', 'web-bbbbbbbb')], hasMore: false });
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]).toMatchObject({ id: 'm5', status: 'sent' });
  });

  it('puts older pages above and keeps them across a re-read of the newest', () => {
    const newest = [row('m3', DRIVER, 'c', '2026-11-25T10:03:00.000Z'), row('m4', ME, 'd', '2026-11-25T10:04:00.000Z')];
    const older = [row('m1', DRIVER, 'a', '2026-11-25T10:01:00.000Z'), row('m2', ME, 'b', '2026-11-25T10:02:00.000Z')];
    let state = run({ type: 'loaded', rows: newest, hasMore: true }, { type: 'older', rows: older, hasMore: false });
    expect(state.messages.map((m) => m.content)).toEqual(['a', 'b', 'c', 'd']);
    expect(state.hasMore).toBe(false);
    state = threadReducer(state, { type: 'loaded', rows: [...newest, row('m5', DRIVER, 'e', '2026-11-25T10:05:00.000Z')], hasMore: true });
    expect(state.messages.map((m) => m.content)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(state.hasMore).toBe(false);
  });

  it('names the newest message of someone else (what reading covers)', () => {
    const state = run(
      { type: 'loaded', rows: [row('m1', DRIVER, 'a', '2026-11-25T10:01:00.000Z'), row('m2', ME, 'b', '2026-11-25T10:02:00.000Z')], hasMore: false },
      queued('web-cccccccc', 'c'),
    );
    expect(lastIncoming(state.messages, ME)?.id).toBe('m1');
    expect(lastIncoming(state.messages, DRIVER)?.id).toBe('m2');
  });
});

describe('threadItems', () => {
  const now = new Date(2026, 10, 25, 15, 0);
  const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();

  it('puts a day separator before each day and the sender once per run', () => {
    const state = run({
      type: 'loaded',
      hasMore: false,
      rows: [
        row('m1', DRIVER, 'a', at(24, 9, 0)),
        row('m2', DRIVER, 'b', at(25, 9, 0)),
        row('m3', DRIVER, 'c', at(25, 9, 2)),
        row('m4', ME, 'd', at(25, 9, 3)),
        row('m5', ME, 'e', at(25, 9, 30)),
      ],
    });
    const items = threadItems(state.messages, ME, now);
    expect(items.map((item) => (item.kind === 'day' ? `[${item.label}]` : `${item.message.content}${item.showSender ? '*' : ''}${item.mine ? ' (me)' : ''}`))).toEqual([
      '[Yesterday]',
      'a*',
      '[Today]',
      'b*',
      'c',
      'd* (me)',
      'e* (me)',
    ]);
  });

  it('keeps a message on the same row while it goes from sending to sent', () => {
    const sending = run(queued('web-dddddddd', 'x', at(25, 9, 0)));
    const sent = threadReducer(sending, { type: 'confirmed', clientId: 'web-dddddddd', row: row('m7', ME, 'x', at(25, 9, 0), 'web-dddddddd') });
    const key = (state: ThreadState) => threadItems(state.messages, ME, now).find((item) => item.kind === 'message')?.key;
    expect(key(sending)).toBe(key(sent));
  });
});
