import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { serviceClient } from './clients.ts';
import { connectionsPerTest, Inbox, subscribed, testUser, unique } from './realtime-helpers.ts';

// postgres_changes as the socket carries it (fixture table rt_watch, in the supabase_realtime
// publication; RLS: owners read their rows, anon reads rows without an owner). Capture, filters and
// RLS in depth are tested in realtime-changes*.test.ts.

type Row = { id: number; owner: string | null; label: string; qty: number };
type System = { extension: string; status: string; message: string; channel: string };

const { client, socket } = connectionsPerTest();

describe('realtime: postgres_changes on the socket', () => {
  it('echoes the bindings in order with their ids, then reports the subscription in a system message', async () => {
    const s = await socket();
    const topic = `realtime:${unique('pg')}`;
    const bindings = [
      { event: 'INSERT', schema: 'public', table: 'rt_watch' },
      { event: '*', schema: 'public', table: 'rt_watch', filter: 'qty=gt.5' },
      { event: 'INSERT', schema: 'public', table: 'rt_watch' },
    ];
    const { joinRef, reply } = await s.join(topic, { config: { postgres_changes: bindings } });
    const response = (reply[4] as { status: string; response: { postgres_changes: Array<Record<string, unknown>> } }).response;
    expect(response.postgres_changes).toEqual(bindings.map((b) => ({ ...b, id: expect.any(Number) })));
    const ids = response.postgres_changes.map((b) => b.id);
    // Identical params get the same id, as Supabase's :erlang.phash2 does.
    expect(ids[0]).toBe(ids[2]);
    expect(ids[0]).not.toBe(ids[1]);
    const [system] = await s.arrays((m) => m[3] === 'system');
    expect(system).toEqual([
      joinRef,
      null,
      topic,
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: topic.slice('realtime:'.length) },
    ]);

    const label = unique('row');
    const { error } = await serviceClient().from('rt_watch').insert({ label, qty: 9 });
    expect(error).toBeNull();
    const [change] = await s.arrays((m) => m[3] === 'postgres_changes');
    expect(change[0]).toBeNull();
    expect(change[1]).toBeNull();
    const payload = change[4] as { ids: number[]; data: Record<string, unknown> };
    // One id per matching binding, so a binding listed twice is named twice (as walrus' ids are).
    expect([...payload.ids].sort()).toEqual([...ids].sort());
    expect(payload.data).toEqual({
      schema: 'public',
      table: 'rt_watch',
      commit_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      type: 'INSERT',
      columns: expect.arrayContaining([{ name: 'label', type: 'text' }]),
      record: { id: expect.any(Number), owner: null, label, qty: 9 },
      errors: null,
    });
  });

  it('delivers each change only to subscribers whose RLS shows the row', async () => {
    const alice = await testUser();
    const bob = await testUser();
    const topic = unique('pg-rls');
    const inboxes = { alice: new Inbox<RealtimePostgresChangesPayload<Row>>(), bob: new Inbox<RealtimePostgresChangesPayload<Row>>() };
    for (const [name, user] of [['alice', alice], ['bob', bob]] as const) {
      const ch = (await client(user.token))
        .channel(topic)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_watch' }, inboxes[name].push);
      await subscribed(ch);
    }
    const label = unique('mine');
    expect((await serviceClient().from('rt_watch').insert({ owner: alice.id, label, qty: 1 })).error).toBeNull();
    const [got] = await inboxes.alice.waitFor((c) => (c.new as Row).label === label);
    expect(got).toMatchObject({ eventType: 'INSERT', schema: 'public', table: 'rt_watch', new: { owner: alice.id, label, qty: 1 }, old: {} });
    const marker = unique('bob');
    expect((await serviceClient().from('rt_watch').insert({ owner: bob.id, label: marker })).error).toBeNull();
    await inboxes.bob.waitFor((c) => (c.new as Row).label === marker);
    expect(inboxes.bob.items.some((c) => (c.new as Row).label === label)).toBe(false);
  });

  it('reports a binding Supabase refuses in a system error message, and still joins', async () => {
    const system = new Inbox<System>();
    const topic = unique('pg-bad');
    const ch = (await client())
      .channel(topic)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'no_such_table' }, () => {})
      .on('system', {}, system.push);
    await subscribed(ch);
    const [msg] = await system.waitFor((m) => m.extension === 'postgres_changes');
    expect(msg).toMatchObject({ status: 'error', channel: topic });
    expect(msg.message).toContain('Unable to subscribe to changes with given parameters');
  });
});
