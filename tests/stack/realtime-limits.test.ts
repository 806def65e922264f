import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { Inbox, RawSocket, realtimeClient, sleep, subscribed, unique } from './realtime-helpers.ts';

// Bad input and limits (Supabase's defaults: 100 channels per connection, 100 messages per second,
// 3,000 KB payloads): each answered as Supabase answers it, and only the offending socket suffers.

type Broadcast = { event: string; payload: Record<string, unknown> };
type System = { extension: string; status: string; message: string; channel: string };

const clients: SupabaseClient[] = [];
const sockets: RawSocket[] = [];

async function client(): Promise<SupabaseClient> {
  const c = await realtimeClient();
  clients.push(c);
  return c;
}

async function raw(vsn = '2.0.0'): Promise<RawSocket> {
  const s = await RawSocket.open({ vsn });
  sockets.push(s);
  return s;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
  for (const s of sockets.splice(0)) s.close();
});

describe('realtime: malformed frames close only their socket', () => {
  const cases: Array<[string, string, unknown]> = [
    ['invalid JSON', '2.0.0', '{"not json'],
    ['an array of the wrong arity', '2.0.0', '["1","1","realtime:x"]'],
    ['an object on vsn 2.0.0', '2.0.0', '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"1"}'],
    ['an array on vsn 1.0.0', '1.0.0', '[null,"1","phoenix","heartbeat",{}]'],
    ['an unknown binary kind', '2.0.0', Buffer.from([9, 1, 2, 3])],
    ['a truncated user broadcast', '2.0.0', Buffer.from([3, 5, 5, 50, 10, 0, 1, 65])],
    ['a binary frame on vsn 1.0.0', '1.0.0', Buffer.from([3, 0, 0, 0, 0, 0, 1])],
  ];
  for (const [what, vsn, frame] of cases) {
    it(`closes the socket on ${what}`, async () => {
      const bystander = await raw();
      const s = await raw(vsn);
      s.send(frame);
      const { code } = await s.closed;
      expect(code).toBe(1011);
      await bystander.heartbeat();
    });
  }
});

describe('realtime: limits', () => {
  it('refuses the channel past max_channels_per_client', async () => {
    const s = await raw();
    const prefix = unique('many');
    const refs: string[] = [];
    for (let i = 0; i < 100; i++) {
      const ref = s.nextRef();
      refs.push(ref);
      s.send([ref, ref, `realtime:${prefix}-${i}`, 'phx_join', { config: {} }]);
    }
    const replies = await s.arrays((m) => m[3] === 'phx_reply' && refs.includes(m[1] as string), 100);
    expect(replies.every((m) => (m[4] as { status: string }).status === 'ok')).toBe(true);
    const { reply } = await s.join(`realtime:${prefix}-100`);
    expect(reply[4]).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
    // Leaving one makes room again.
    s.send([refs[0], s.nextRef(), `realtime:${prefix}-0`, 'phx_leave', {}]);
    await s.arrays((m) => m[3] === 'phx_close' && m[2] === `realtime:${prefix}-0`);
    const again = await s.join(`realtime:${prefix}-100`);
    expect((again.reply[4] as { status: string }).status).toBe('ok');
  });

  it('shuts the channels of a socket that floods past max_events_per_second, and only those', async () => {
    const topic = unique('flood');
    const inbox = new Inbox<Broadcast>();
    const listener = (await client()).channel(topic).on('broadcast', { event: '*' }, inbox.push);
    await subscribed(listener);

    const s = await raw();
    const { joinRef } = await s.join(`realtime:${topic}`);
    for (let i = 0; i < 150; i++) s.send([joinRef, null, `realtime:${topic}`, 'broadcast', { type: 'broadcast', event: 'flood', payload: { i } }]);
    const [system] = await s.arrays((m) => m[3] === 'system');
    expect(system).toEqual([joinRef, null, `realtime:${topic}`, 'system', { extension: 'system', status: 'error', message: 'Too many messages per second', channel: topic }]);
    const [close] = await s.arrays((m) => m[3] === 'phx_close');
    expect(close).toEqual([joinRef, joinRef, `realtime:${topic}`, 'phx_close', {}]);
    await sleep(300);
    expect(inbox.items.length).toBeLessThanOrEqual(100);

    // The listener and other sockets go on.
    const sender = (await client()).channel(topic);
    await subscribed(sender);
    await sender.send({ type: 'broadcast', event: 'after', payload: {} });
    await inbox.waitFor((m) => m.event === 'after');
  });

  it('drops broadcasts above max_payload_size_in_kb, answering an error when ack is asked', async () => {
    const topic = unique('big');
    const inbox = new Inbox<Broadcast>();
    const listener = (await client()).channel(topic).on('broadcast', { event: '*' }, inbox.push);
    const acked = (await client()).channel(topic, { config: { broadcast: { ack: true } } });
    const plain = (await client()).channel(topic);
    await Promise.all([subscribed(listener), subscribed(acked), subscribed(plain)]);
    const big = { blob: 'x'.repeat(3_100_000) };
    expect(await acked.send({ type: 'broadcast', event: 'big', payload: big })).toBe('error');
    expect(await plain.send({ type: 'broadcast', event: 'big', payload: big })).toBe('ok');
    expect(await acked.send({ type: 'broadcast', event: 'small', payload: { ok: true } })).toBe('ok');
    await inbox.waitFor((m) => m.event === 'small');
    expect(inbox.items.map((m) => m.event)).toEqual(['small']);
  });

  it('answers an oversized ack\'ed broadcast with payload_size_exceeded on the wire', async () => {
    const s = await raw();
    const topic = `realtime:${unique('wire')}`;
    const { joinRef } = await s.join(topic, { config: { broadcast: { ack: true } } });
    s.send([joinRef, '42', topic, 'broadcast', { type: 'broadcast', event: 'big', payload: { blob: 'y'.repeat(3_100_000) } }]);
    const [reply] = await s.arrays((m) => m[1] === '42');
    expect(reply).toEqual([joinRef, '42', topic, 'phx_reply', { status: 'error', response: 'payload_size_exceeded' }]);
  });

  it('shuts a channel that tracks presence too often (client presence rate limit)', async () => {
    const system = new Inbox<System>();
    const topic = unique('presence-flood');
    const ch = (await client()).channel(topic, { config: { presence: { key: 'p' } } }).on('system', {}, system.push);
    await subscribed(ch);
    for (let i = 0; i < 6; i++) void ch.track({ i });
    const [msg] = await system.waitFor((m) => m.status === 'error');
    expect(msg).toEqual({ extension: 'system', status: 'error', message: 'Client presence rate limit exceeded', channel: topic });
  });
});
