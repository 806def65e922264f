import type { RealtimeChannel } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { connectionsPerTest, Inbox, subscribed, testUser, unique } from './realtime-helpers.ts';

type PresenceEvent = { event: string; key?: string; newPresences?: Array<Record<string, unknown>>; leftPresences?: Array<Record<string, unknown>> };

const { client, socket } = connectionsPerTest();

function watch(ch: RealtimeChannel): Inbox<PresenceEvent> {
  const inbox = new Inbox<PresenceEvent>();
  ch.on('presence', { event: 'sync' }, () => inbox.push({ event: 'sync' }));
  ch.on('presence', { event: 'join' }, (p) => inbox.push(p as PresenceEvent));
  ch.on('presence', { event: 'leave' }, (p) => inbox.push(p as PresenceEvent));
  return inbox;
}

function keys(ch: RealtimeChannel): string[] {
  return Object.keys(ch.presenceState()).sort();
}

describe('realtime: presence', () => {
  it('syncs state, joins and leaves between clients', async () => {
    const topic = unique('lobby');
    const a = (await client()).channel(topic, { config: { presence: { key: 'alice' } } });
    const b = (await client()).channel(topic, { config: { presence: { key: 'bob' } } });
    const aEvents = watch(a);
    const bEvents = watch(b);
    await subscribed(a);
    expect(await a.track({ status: 'online' })).toBe('ok');
    await aEvents.waitFor((e) => e.event === 'join' && e.key === 'alice');

    await subscribed(b);
    await bEvents.waitFor((e) => e.event === 'join' && e.key === 'alice');
    expect(await b.track({ status: 'busy' })).toBe('ok');
    await aEvents.waitFor((e) => e.event === 'join' && e.key === 'bob');
    await bEvents.waitFor(() => keys(b).length === 2);
    expect(keys(a)).toEqual(['alice', 'bob']);
    expect(a.presenceState().bob).toEqual([{ status: 'busy', presence_ref: expect.any(String) }]);

    expect(await b.untrack()).toBe('ok');
    const [left] = await aEvents.waitFor((e) => e.event === 'leave' && e.key === 'bob');
    expect(left.leftPresences).toEqual([{ status: 'busy', presence_ref: expect.any(String) }]);
    expect(keys(a)).toEqual(['alice']);
  });

  it('updates a presence when a client tracks again: the new meta joins, the old one leaves', async () => {
    const topic = `realtime:${unique('update')}`;
    const s = await socket();
    const { joinRef } = await s.join(topic, { config: { presence: { key: 'me', enabled: true } } });
    s.send([joinRef, '3', topic, 'presence', { type: 'presence', event: 'track', payload: { v: 1 } }]);
    const [first] = await s.arrays((m) => m[3] === 'presence_diff');
    const ref1 = (first[4] as { joins: { me: { metas: Array<{ phx_ref: string }> } } }).joins.me.metas[0].phx_ref;
    s.send([joinRef, '4', topic, 'presence', { type: 'presence', event: 'track', payload: { v: 2 } }]);
    const [, second] = await s.arrays((m) => m[3] === 'presence_diff', 2);
    expect(second[4]).toEqual({
      joins: { me: { metas: [{ v: 2, phx_ref: expect.any(String), phx_ref_prev: ref1 }] } },
      leaves: { me: { metas: [{ v: 1, phx_ref: ref1 }] } },
    });
  });

  it('clears the presences of a socket that closes', async () => {
    const topic = unique('gone');
    const watcher = (await client()).channel(topic, { config: { presence: { key: 'watcher' } } });
    const events = watch(watcher);
    await subscribed(watcher);

    const s = await socket();
    const { joinRef } = await s.join(`realtime:${topic}`, { config: { presence: { key: 'raw', enabled: true } } });
    const [state] = await s.arrays((m) => m[3] === 'presence_state');
    expect(state).toEqual([joinRef, null, `realtime:${topic}`, 'presence_state', {}]);
    s.send([joinRef, '9', `realtime:${topic}`, 'presence', { type: 'presence', event: 'track', payload: { hello: true } }]);
    const [reply] = await s.arrays((m) => m[1] === '9');
    expect(reply[4]).toEqual({ status: 'ok', response: {} });
    await events.waitFor((e) => e.event === 'join' && e.key === 'raw');
    s.close();
    const [left] = await events.waitFor((e) => e.event === 'leave' && e.key === 'raw');
    expect(left.leftPresences).toEqual([{ hello: true, presence_ref: expect.any(String) }]);
  });

  it('sends presence_state and presence_diff frames shaped as Phoenix.Presence', async () => {
    const topic = `realtime:${unique('frames')}`;
    const s = await socket();
    const { joinRef } = await s.join(topic, { config: { presence: { key: 'k1', enabled: true } } });
    s.send([joinRef, '3', topic, 'presence', { type: 'presence', event: 'track', payload: { a: 1 } }]);
    const [diff] = await s.arrays((m) => m[3] === 'presence_diff');
    expect(diff).toEqual([null, null, topic, 'presence_diff', { joins: { k1: { metas: [{ a: 1, phx_ref: expect.any(String) }] } }, leaves: {} }]);
  });

  it('shows presence on a private topic only to those its policy allows', async () => {
    const alice = await testUser();
    const topic = unique('rt-presence-only:room');
    const a = (await client(alice.token)).channel(topic, { config: { private: true, presence: { key: 'a' } } });
    const events = watch(a);
    await subscribed(a);
    // The presence-only topic has no insert policy: a track is ignored (answered ok).
    expect(await a.track({ here: true })).toBe('ok');
    await events.waitFor((e) => e.event === 'sync');
    expect(keys(a)).toEqual([]);
  });
});
