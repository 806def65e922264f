import { describe, expect, it } from 'vitest';
import { stack } from './clients.ts';
import { connectionsPerTest, Inbox, sleep, subscribed, testUser, unique } from './realtime-helpers.ts';
import { signJwt } from './rest-helpers.ts';

// Fixture policies (20260101000400_realtime_fixtures.sql): a user may receive and send on
// `room:<their sub>` only; `rt-readonly:*` lets authenticated users receive but nobody send;
// `rt-presence-only:*` shows presence but no broadcasts.

type Broadcast = { event: string; payload: Record<string, unknown> };
type System = { extension: string; status: string; message: string; channel: string };

const { client } = connectionsPerTest();

const unauthorized = (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;

describe('realtime: private channels', () => {
  it('lets a user join their own room and refuses another user and anon, with Supabase\'s reason', async () => {
    const alice = await testUser();
    const bob = await testUser();
    const topic = `room:${alice.id}`;
    await subscribed((await client(alice.token)).channel(topic, { config: { private: true } }));
    await expect(subscribed((await client(bob.token)).channel(topic, { config: { private: true } }))).rejects.toThrow(unauthorized(topic));
    await expect(subscribed((await client()).channel(topic, { config: { private: true } }))).rejects.toThrow(unauthorized(topic));
  });

  it('delivers broadcasts between members of a private topic, and never to the public topic of the same name', async () => {
    const alice = await testUser();
    const topic = `room:${alice.id}`;
    const inbox = new Inbox<Broadcast>();
    const publicInbox = new Inbox<Broadcast>();
    const sender = (await client(alice.token)).channel(topic, { config: { private: true } });
    const receiver = (await client(alice.token)).channel(topic, { config: { private: true } }).on('broadcast', { event: 'msg' }, inbox.push);
    const outsider = (await client()).channel(topic).on('broadcast', { event: 'msg' }, publicInbox.push);
    await Promise.all([subscribed(sender), subscribed(receiver), subscribed(outsider)]);
    await sender.send({ type: 'broadcast', event: 'msg', payload: { secret: 1 } });
    const [got] = await inbox.waitFor();
    expect(got.payload).toEqual({ secret: 1 });
    await sleep(300);
    expect(publicInbox.items).toEqual([]);
  });

  it('drops broadcasts from a member the insert policy refuses (no ack either)', async () => {
    const alice = await testUser();
    const topic = unique('rt-readonly:room');
    const inbox = new Inbox<Broadcast>();
    const sender = (await client(alice.token)).channel(topic, { config: { private: true, broadcast: { ack: true } } });
    const receiver = (await client(alice.token)).channel(topic, { config: { private: true } }).on('broadcast', { event: '*' }, inbox.push);
    await Promise.all([subscribed(sender), subscribed(receiver)]);
    expect(await sender.send({ type: 'broadcast', event: 'msg', payload: {} }, { timeout: 1500 })).toBe('timed out');
    await sleep(300);
    expect(inbox.items).toEqual([]);
  });

  it('gives presence, not broadcasts, where only the presence policy allows', async () => {
    const alice = await testUser();
    const topic = unique('rt-presence-only:room');
    const inbox = new Inbox<Broadcast>();
    const receiver = (await client(alice.token)).channel(topic, { config: { private: true } }).on('broadcast', { event: '*' }, inbox.push);
    await subscribed(receiver);
    const res = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic, event: 'x', payload: { a: 1 }, private: true }] }),
    });
    expect(res.status).toBe(202);
    await sleep(300);
    expect(inbox.items).toEqual([]);
  });

  it('refuses a join with an expired token or a token signed with another secret', async () => {
    const expired = await signJwt({ sub: 'x', role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 }, { expiresIn: -10 });
    const c1 = await client();
    await c1.realtime.setAuth(expired);
    await expect(subscribed(c1.channel(unique('public')))).rejects.toThrow(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);

    const forged = await signJwt({ sub: 'x', role: 'authenticated' }, { secret: 'another-secret-another-secret-another-secret' });
    const c2 = await client();
    await c2.realtime.setAuth(forged);
    await expect(subscribed(c2.channel(unique('public')))).rejects.toThrow('JwtSignatureError: Failed to validate JWT signature');
  });

  it('drops the subscription when the token expires', async () => {
    const alice = await testUser(3);
    const topic = `room:${alice.id}`;
    const system = new Inbox<System>();
    const statuses = new Inbox<string>();
    const ch = (await client(alice.token)).channel(topic, { config: { private: true } }).on('system', {}, system.push);
    ch.subscribe((status) => statuses.push(status));
    await statuses.waitFor((s) => s === 'SUBSCRIBED');
    const [msg] = await system.waitFor((m) => m.status === 'error', 1, 8_000);
    expect(msg).toEqual({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/), channel: topic });
    await statuses.waitFor((s) => s === 'CLOSED');
  });

  it('re-checks the policies on a new access token and drops a channel that lost access', async () => {
    const alice = await testUser();
    const bob = await testUser();
    const topic = `room:${alice.id}`;
    const system = new Inbox<System>();
    const statuses = new Inbox<string>();
    const c = await client(alice.token);
    const ch = c.channel(topic, { config: { private: true } }).on('system', {}, system.push);
    ch.subscribe((status) => statuses.push(status));
    await statuses.waitFor((s) => s === 'SUBSCRIBED');
    await c.realtime.setAuth(bob.token);
    const [msg] = await system.waitFor((m) => m.status === 'error');
    expect(msg).toEqual({ extension: 'system', status: 'error', message: `You do not have permissions to read from this Channel topic: ${topic}`, channel: topic });
    await statuses.waitFor((s) => s === 'CLOSED');
  });

  it('keeps the channel when a refreshed token of the same user arrives', async () => {
    const alice = await testUser();
    const topic = `room:${alice.id}`;
    const inbox = new Inbox<Broadcast>();
    const c = await client(alice.token);
    const ch = c.channel(topic, { config: { private: true, broadcast: { self: true } } }).on('broadcast', { event: '*' }, inbox.push);
    await subscribed(ch);
    const refreshed = await signJwt({ sub: alice.id, role: 'authenticated', aud: 'authenticated', refreshed: true }, { expiresIn: 7200 });
    await c.realtime.setAuth(refreshed);
    await sleep(300);
    await ch.send({ type: 'broadcast', event: 'still-here', payload: {} });
    await inbox.waitFor((m) => m.event === 'still-here');
  });

  it('authorizes private REST broadcasts with the caller\'s insert policy', async () => {
    const alice = await testUser();
    const bob = await testUser();
    const topic = `room:${alice.id}`;
    const inbox = new Inbox<Broadcast>();
    const receiver = (await client(alice.token)).channel(topic, { config: { private: true } }).on('broadcast', { event: '*' }, inbox.push);
    await subscribed(receiver);

    const post = (token: string, event: string) =>
      fetch(`${stack.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, event, payload: { from: event }, private: true }] }),
      });
    expect((await post(bob.token, 'from-bob')).status).toBe(202);
    expect((await post(alice.token, 'from-alice')).status).toBe(202);
    await inbox.waitFor((m) => m.event === 'from-alice');
    await sleep(200);
    expect(inbox.items.map((m) => m.event)).toEqual(['from-alice']);

    // httpSend on a private channel: refused with 403 for bob.
    const bobChannel = (await client(bob.token)).channel(topic, { config: { private: true } });
    await expect(bobChannel.httpSend('nope', { a: 1 })).rejects.toThrow('Unauthorized');
    const aliceChannel = (await client(alice.token)).channel(topic, { config: { private: true } });
    expect(await aliceChannel.httpSend('http', { a: 1 })).toEqual({ success: true });
    await inbox.waitFor((m) => m.event === 'http');
  });
});

describe('realtime: httpSend of binary payloads to private channels', () => {
  it('delivers the bytes to the subscribers of the private topic, the sender included, and refuses an outsider', async () => {
    const alice = await testUser();
    const bob = await testUser();
    const topic = `room:${alice.id}`;
    const inbox = new Inbox<{ event: string; payload: unknown }>();
    const mine = new Inbox<{ event: string; payload: unknown }>();
    const c = await client(alice.token);
    const channel = c.channel(topic, { config: { private: true, broadcast: { ack: true, self: true } } }).on('broadcast', { event: 'binary' }, mine.push);
    const receiver = (await client(alice.token)).channel(topic, { config: { private: true } }).on('broadcast', { event: 'binary' }, inbox.push);
    await Promise.all([subscribed(channel), subscribed(receiver)]);

    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    expect(await channel.httpSend('binary', bytes)).toEqual({ success: true });
    const [got] = await inbox.waitFor();
    expect(new Uint8Array(got.payload as ArrayBuffer)).toEqual(bytes);
    const [own] = await mine.waitFor();
    expect(new Uint8Array(own.payload as ArrayBuffer)).toEqual(bytes);

    const outsider = (await client(bob.token)).channel(topic, { config: { private: true } });
    await expect(outsider.httpSend('binary', bytes)).rejects.toThrow('Unauthorized');
  });
});
