import { describe, expect, it } from 'vitest';
import { serviceClient } from './clients.ts';
import { connectionsPerTest, Inbox, sleep, subscribed, testUser, unique } from './realtime-helpers.ts';

// Broadcast from the database (fixture 20260101000400_realtime_fixtures.sql): rt_send* call
// realtime.send; rt_notes' trigger calls realtime.broadcast_changes to the private topic
// rt-db:<room>, which authenticated users may join.

type Broadcast = { type: string; event: string; payload: Record<string, unknown>; meta?: { id: string } };

const { client } = connectionsPerTest();

async function listen(topic: string, isPrivate: boolean): Promise<Inbox<Broadcast>> {
  const user = await testUser();
  const inbox = new Inbox<Broadcast>();
  const ch = (await client(user.token)).channel(topic, { config: { private: isPrivate } }).on('broadcast', { event: '*' }, inbox.push);
  await subscribed(ch);
  return inbox;
}

describe('realtime: broadcast from the database', () => {
  it('delivers realtime.send to private subscribers only, with the message id in meta', async () => {
    const topic = unique('rt-db:send');
    const priv = await listen(topic, true);
    const pub = await listen(topic, false);
    const { error } = await serviceClient().rpc('rt_send', { topic, event: 'note', payload: { text: 'hello' } });
    expect(error).toBeNull();
    const [got] = await priv.waitFor();
    expect(got).toEqual({
      type: 'broadcast',
      event: 'note',
      payload: { text: 'hello', id: expect.any(String) },
      meta: { id: got.payload.id },
    });
    await sleep(300);
    expect(pub.items).toEqual([]);
  });

  it('delivers a public realtime.send to public subscribers only', async () => {
    const topic = unique('rt-db:public');
    const priv = await listen(topic, true);
    const pub = await listen(topic, false);
    const { error } = await serviceClient().rpc('rt_send', { topic, event: 'open', payload: { n: 1 }, is_private: false });
    expect(error).toBeNull();
    const [got] = await pub.waitFor();
    expect(got).toMatchObject({ event: 'open', payload: { n: 1 } });
    await sleep(300);
    expect(priv.items).toEqual([]);
  });

  it('delivers every message of a transaction after the commit, in order, and nothing of a rolled-back one', async () => {
    const topic = unique('rt-db:many');
    const inbox = await listen(topic, true);
    const failed = await serviceClient().rpc('rt_send_and_fail', { topic });
    expect(failed.error?.message).toBe('rolled back on purpose');
    const { error } = await serviceClient().rpc('rt_send_many', { topic, n: 200 });
    expect(error).toBeNull();
    const got = await inbox.waitFor(() => true, 200);
    expect(got.map((m) => m.payload.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(inbox.items.some((m) => m.event === 'lost')).toBe(false);
  });

  it('broadcasts row changes from a trigger with realtime.broadcast_changes, rows above 8 kB included', async () => {
    const room = unique('notes');
    const topic = `rt-db:${room}`;
    const inbox = await listen(topic, true);
    const db = serviceClient();
    const body = 'x'.repeat(20_000);
    const inserted = await db.from('rt_notes').insert({ room, body }).select('id').single();
    expect(inserted.error).toBeNull();
    const id = (inserted.data as { id: number }).id;
    expect((await db.from('rt_notes').update({ body: 'short' }).eq('id', id)).error).toBeNull();
    expect((await db.from('rt_notes').delete().eq('id', id)).error).toBeNull();

    const [insert, update, del] = await inbox.waitFor(() => true, 3);
    expect(insert).toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', schema: 'public', table: 'rt_notes', record: { id, room, body }, old_record: null },
    });
    expect(update).toMatchObject({
      event: 'UPDATE',
      payload: { operation: 'UPDATE', record: { id, room, body: 'short' }, old_record: { id, room, body } },
    });
    expect(del).toMatchObject({ event: 'DELETE', payload: { operation: 'DELETE', record: null, old_record: { id, room, body: 'short' } } });
    expect(insert.meta?.id).toBe(insert.payload.id);
  });

  it('does not let a client that may not read the topic join it', async () => {
    const topic = unique('rt-db:closed');
    const c = await client();
    await expect(subscribed(c.channel(topic, { config: { private: true } }))).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    );
  });
});
