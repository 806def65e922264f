import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { stack } from './clients.ts';
import { Inbox, RawSocket, realtimeClient, refusedUpgrade, sleep, subscribed, unique, websocketUrl } from './realtime-helpers.ts';

type Broadcast = { type: string; event: string; payload: unknown; meta?: unknown };

const clients: SupabaseClient[] = [];
const sockets: RawSocket[] = [];

async function client(): Promise<SupabaseClient> {
  const c = await realtimeClient();
  clients.push(c);
  return c;
}

async function raw(params: { vsn?: string } = {}): Promise<RawSocket> {
  const s = await RawSocket.open(params);
  sockets.push(s);
  return s;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
  for (const s of sockets.splice(0)) s.close();
});

describe('realtime: the socket', () => {
  it('refuses an upgrade without a valid apikey, like the API gateway', async () => {
    const missing = await refusedUpgrade(websocketUrl({ vsn: '2.0.0' }));
    expect(missing.status).toBe(401);
    const invalid = await refusedUpgrade(websocketUrl({ vsn: '2.0.0', apikey: 'not-a-key' }));
    expect(invalid.status).toBe(401);
  });

  it('answers heartbeats and joins with vsn 2.0.0 array frames', async () => {
    const s = await raw();
    const ref = s.nextRef();
    s.send([null, ref, 'phoenix', 'heartbeat', {}]);
    const [hb] = await s.arrays((m) => m[1] === ref);
    expect(hb).toEqual([null, ref, 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);

    const topic = `realtime:${unique('join')}`;
    const { joinRef, reply } = await s.join(topic, { config: { broadcast: { self: false, ack: false }, presence: { key: '' }, private: false } });
    expect(reply).toEqual([joinRef, joinRef, topic, 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }]);
  });

  it('answers pushes to a topic that is not joined with "unmatched topic"', async () => {
    const s = await raw();
    s.send(['9', '10', 'realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]);
    const [reply] = await s.arrays((m) => m[1] === '10');
    expect(reply).toEqual([null, '10', 'realtime:nowhere', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }]);
    const joinRef = s.nextRef();
    s.send([joinRef, joinRef, 'not-realtime', 'phx_join', {}]);
    const [join] = await s.arrays((m) => m[1] === joinRef);
    expect(join).toEqual([joinRef, joinRef, 'not-realtime', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }]);
  });

  it('refuses a join without a topic name', async () => {
    const s = await raw();
    const { reply } = await s.join('realtime:');
    expect(reply[4]).toEqual({ status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } });
  });

  it('ignores unknown events without a reply, as Supabase does', async () => {
    const s = await raw();
    const topic = `realtime:${unique('unknown')}`;
    const { joinRef } = await s.join(topic);
    s.send([joinRef, '77', topic, 'no_such_event', { a: 1 }]);
    await s.heartbeat();
    await sleep(200);
    expect(s.frames.items.some((f) => 'json' in f && Array.isArray(f.json) && f.json[1] === '77')).toBe(false);
  });

  it('leaves with an ok reply, then phx_close', async () => {
    const s = await raw();
    const topic = `realtime:${unique('leave')}`;
    const { joinRef } = await s.join(topic);
    s.send([joinRef, '5', topic, 'phx_leave', {}]);
    const [reply] = await s.arrays((m) => m[1] === '5');
    expect(reply).toEqual([joinRef, '5', topic, 'phx_reply', { status: 'ok', response: {} }]);
    const [close] = await s.arrays((m) => m[3] === 'phx_close');
    expect(close).toEqual([joinRef, joinRef, topic, 'phx_close', {}]);
  });

  it('speaks vsn 1.0.0 JSON objects', async () => {
    const s = await raw({ vsn: '1.0.0' });
    const topic = `realtime:${unique('v1')}`;
    s.send({ topic, event: 'phx_join', payload: { config: {} }, ref: '1', join_ref: '1' });
    const [reply] = await s.frames.waitFor((f) => 'json' in f && (f.json as { ref?: string }).ref === '1');
    expect('json' in reply && reply.json).toEqual({ topic, event: 'phx_reply', payload: { status: 'ok', response: { postgres_changes: [] } }, ref: '1' });

    // A broadcast from a vsn 2.0.0 client (a binary frame) reaches the vsn 1.0.0 socket as JSON.
    const sender = (await client()).channel(topic.slice('realtime:'.length));
    await subscribed(sender);
    await sender.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } });
    const [msg] = await s.frames.waitFor((f) => 'json' in f && (f.json as { event?: string }).event === 'broadcast');
    expect('json' in msg && msg.json).toEqual({ topic, event: 'broadcast', payload: { event: 'hello', payload: { n: 1 }, type: 'broadcast' }, ref: null });
  });
});

describe('realtime: broadcast', () => {
  it('delivers client broadcasts to the other subscribers, not to the sender by default', async () => {
    const topic = unique('room');
    const inboxA = new Inbox<Broadcast>();
    const inboxB = new Inbox<Broadcast>();
    const a = (await client()).channel(topic).on('broadcast', { event: 'msg' }, inboxA.push);
    const b = (await client()).channel(topic).on('broadcast', { event: 'msg' }, inboxB.push);
    await Promise.all([subscribed(a), subscribed(b)]);
    expect(await a.send({ type: 'broadcast', event: 'msg', payload: { text: 'hi', n: 1 } })).toBe('ok');
    const [got] = await inboxB.waitFor();
    expect(got).toEqual({ type: 'broadcast', event: 'msg', payload: { text: 'hi', n: 1 } });
    await sleep(200);
    expect(inboxA.items).toEqual([]);
  });

  it('echoes to the sender with self, and acknowledges with ack', async () => {
    const topic = unique('self');
    const inbox = new Inbox<Broadcast>();
    const ch = (await client())
      .channel(topic, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: '*' }, inbox.push);
    await subscribed(ch);
    expect(await ch.send({ type: 'broadcast', event: 'ping', payload: { at: 1 } })).toBe('ok');
    const [got] = await inbox.waitFor();
    expect(got).toMatchObject({ event: 'ping', payload: { at: 1 } });
  });

  it('carries binary payloads', async () => {
    const topic = unique('binary');
    const inbox = new Inbox<Broadcast>();
    const a = (await client()).channel(topic);
    const b = (await client()).channel(topic).on('broadcast', { event: 'bytes' }, inbox.push);
    await Promise.all([subscribed(a), subscribed(b)]);
    await a.send({ type: 'broadcast', event: 'bytes', payload: new Uint8Array([1, 2, 3, 250]).buffer });
    const [got] = await inbox.waitFor();
    expect(got.payload).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(got.payload as ArrayBuffer)]).toEqual([1, 2, 3, 250]);
  });

  it('keeps messages of one sender in order', async () => {
    const topic = unique('order');
    const inbox = new Inbox<Broadcast>();
    const a = (await client()).channel(topic);
    const b = (await client()).channel(topic).on('broadcast', { event: 'n' }, inbox.push);
    await Promise.all([subscribed(a), subscribed(b)]);
    for (let i = 0; i < 50; i++) void a.send({ type: 'broadcast', event: 'n', payload: { i } });
    const got = await inbox.waitFor(() => true, 50);
    expect(got.map((m) => (m.payload as { i: number }).i)).toEqual([...Array(50).keys()]);
  });

  it('sends through the REST API when the channel is not joined (send fallback and httpSend)', async () => {
    const topic = unique('rest');
    const inbox = new Inbox<Broadcast>();
    const listener = (await client()).channel(topic).on('broadcast', { event: '*' }, inbox.push);
    await subscribed(listener);

    const sender = (await client()).channel(topic);
    expect(await sender.send({ type: 'broadcast', event: 'via-rest', payload: { n: 1 } })).toBe('ok');
    const [first] = await inbox.waitFor((m) => m.event === 'via-rest');
    expect(first).toEqual({ type: 'broadcast', event: 'via-rest', payload: { n: 1 } });

    expect(await sender.httpSend('via-http', { n: 2 })).toEqual({ success: true });
    const [second] = await inbox.waitFor((m) => m.event === 'via-http');
    expect(second).toEqual({ type: 'broadcast', event: 'via-http', payload: { n: 2 } });
  });

  it('answers the REST endpoints as Supabase does: 202 empty, 422 with the invalid fields', async () => {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${stack.url}/realtime/v1${path}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const ok = await post('/api/broadcast', { messages: [{ topic: unique('t'), event: 'e', payload: { a: 1 } }] });
    expect(ok.status).toBe(202);
    expect(await ok.text()).toBe('');
    const bad = await post('/api/broadcast', { messages: [{ topic: 't', payload: { a: 1 } }] });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ errors: { messages: [{ event: ["can't be blank"] }] } });
    const noKey = await fetch(`${stack.url}/realtime/v1/api/broadcast`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
  });
});
