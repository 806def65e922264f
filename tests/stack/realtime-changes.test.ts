import { createClient, type RealtimeChannel, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import ws from 'ws';
import { serviceClient, stack } from './clients.ts';
import { signJwt } from './rest-helpers.ts';

/**
 * postgres_changes end to end through supabase-js, as an app subscribes:
 * `channel(...).on('postgres_changes', {event, schema, table, filter}, cb).subscribe()`, against the
 * fixture tables of migration 20260101000450_realtime_changes_fixtures.sql. Runs unchanged against
 * a real Supabase (SUPABASE_URL).
 */

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;
interface Binding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  table: string;
  filter?: string;
}
interface SystemMessage {
  extension?: string;
  status?: string;
  message?: string;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function userClient(): Promise<{ id: string; client: SupabaseClient }> {
  const id = randomUUID();
  const token = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email: `${id}@changes.test` });
  const client = createClient(stack.url, stack.anonKey, {
    accessToken: async () => token,
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
  cleanups.push(() => client.removeAllChannels());
  return { id, client };
}

function anonRealtimeClient(): SupabaseClient {
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
  cleanups.push(() => client.removeAllChannels());
  return client;
}

async function waitFor<T>(fn: () => T | undefined | false, what: string | (() => string), ms = 8_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Listener {
  channel: RealtimeChannel;
  changes: Change[];
  system: SystemMessage[];
}

/** Joins a channel with postgres_changes bindings; resolves once Supabase reports the subscription. */
async function listen(client: SupabaseClient, bindings: Binding[], expect: 'ok' | 'error' = 'ok'): Promise<Listener> {
  const changes: Change[] = [];
  const system: SystemMessage[] = [];
  let channel = client.channel(`changes-${randomUUID()}`);
  for (const b of bindings) {
    channel = channel.on('postgres_changes', { event: b.event as '*', schema: 'public', table: b.table, ...(b.filter ? { filter: b.filter } : {}) }, (p: Change) =>
      changes.push(p),
    );
  }
  channel.on('system', {}, (p: SystemMessage) => system.push(p));
  let status = '';
  channel.subscribe((s) => {
    status = s;
  });
  await waitFor(() => status === 'SUBSCRIBED', 'SUBSCRIBED');
  await waitFor(() => system.find((m) => m.extension === 'postgres_changes' && m.status === expect), `system message ${expect}`);
  return { channel, changes, system };
}

const idOf = (c: Change) => ((c.eventType === 'DELETE' ? c.old : c.new) as Row).id;

async function insertTask(client: SupabaseClient, row: Row): Promise<Row> {
  const { data, error } = await client.from('rtc_tasks').insert(row).select().single();
  expect(error).toBeNull();
  return data as Row;
}

describe('postgres_changes', { timeout: 30_000 }, () => {
  it('streams INSERT, UPDATE and DELETE in order, with the old primary key', async () => {
    const a = await userClient();
    const l = await listen(a.client, [{ event: '*', table: 'rtc_tasks' }]);
    const tag = randomUUID();
    const row = await insertTask(a.client, { tag, owner: a.id, title: 'first', amount: 12.5, labels: ['a', 'b'], meta: { k: 1 } });
    const id = row.id;
    // Each step waits for the previous change: an UPDATE is checked under RLS against the row as it
    // is when the change is processed, so a row deleted before then is invisible (so on Supabase).
    const arrived = (n: number) => waitFor(() => l.changes.filter((c) => idOf(c) === id).length >= n, `${n} changes`);
    await arrived(1);
    expect((await a.client.from('rtc_tasks').update({ status: 'done' }).eq('id', id)).error).toBeNull();
    await arrived(2);
    expect((await a.client.from('rtc_tasks').delete().eq('id', id)).error).toBeNull();

    const mine = await waitFor(() => {
      const list = l.changes.filter((c) => idOf(c) === id);
      return list.length >= 3 ? list : undefined;
    }, 'three changes');
    expect(mine.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    const [ins, upd, del] = mine;
    expect(ins).toMatchObject({ schema: 'public', table: 'rtc_tasks', errors: null, old: {} });
    expect(ins.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(ins.new).toMatchObject({ id, tag, owner: a.id, title: 'first', status: 'open', amount: 12.5, labels: ['a', 'b'], meta: { k: 1 }, is_public: false });
    expect(upd.new).toMatchObject({ id, status: 'done' });
    expect(upd.old).toEqual({ id });
    expect(del.new).toEqual({});
    expect(del.old).toEqual({ id });
  });

  it('delivers each change only to subscribers whose RLS lets them see the row; DELETE to all', async () => {
    const a = await userClient();
    const b = await userClient();
    const la = await listen(a.client, [{ event: '*', table: 'rtc_tasks' }]);
    const lb = await listen(b.client, [{ event: '*', table: 'rtc_tasks' }]);
    const lanon = await listen(anonRealtimeClient(), [{ event: '*', table: 'rtc_tasks' }]);
    const tag = randomUUID();
    const priv = await insertTask(a.client, { tag, owner: a.id, title: 'private' });
    const pub = await insertTask(a.client, { tag, owner: a.id, title: 'public', is_public: true });

    await waitFor(() => la.changes.some((c) => idOf(c) === pub.id) && la.changes.some((c) => idOf(c) === priv.id), 'A: both rows');
    await waitFor(() => lb.changes.some((c) => idOf(c) === pub.id), 'B: the public row');
    await waitFor(() => lanon.changes.some((c) => idOf(c) === pub.id), 'anon: the public row');
    expect((await a.client.from('rtc_tasks').delete().eq('id', priv.id)).error).toBeNull();
    const del = await waitFor(() => lb.changes.find((c) => c.eventType === 'DELETE' && idOf(c) === priv.id), 'B: the DELETE');
    expect(del.old).toEqual({ id: priv.id });
    expect(lb.changes.some((c) => c.eventType === 'INSERT' && idOf(c) === priv.id)).toBe(false);
    expect(lanon.changes.some((c) => c.eventType === 'INSERT' && idOf(c) === priv.id)).toBe(false);
  });

  it('applies filters: eq, in, gt, and several joined by commas', async () => {
    const a = await userClient();
    const tag = randomUUID();
    const eq = await listen(a.client, [{ event: 'INSERT', table: 'rtc_tasks', filter: `tag=eq.${tag}` }]);
    const inList = await listen(a.client, [{ event: 'INSERT', table: 'rtc_tasks', filter: 'title=in.(alpha,gamma)' }]);
    const gt = await listen(a.client, [{ event: 'INSERT', table: 'rtc_tasks', filter: `tag=eq.${tag},priority=gt.5` }]);
    for (const [title, priority] of [
      ['alpha', 1],
      ['beta', 7],
      ['gamma', 9],
    ] as const) {
      await insertTask(a.client, { tag, owner: a.id, title, priority });
    }
    await insertTask(a.client, { tag: randomUUID(), owner: a.id, title: 'other tag' });
    await waitFor(() => eq.changes.length >= 3, 'eq: three rows');
    await waitFor(() => gt.changes.length >= 2, 'gt: two rows');
    const mineIn = () => inList.changes.filter((c) => (c.new as Row).tag === tag);
    await waitFor(() => mineIn().length >= 2, 'in: two rows');
    await new Promise((r) => setTimeout(r, 300));
    expect(eq.changes.map((c) => (c.new as Row).title)).toEqual(['alpha', 'beta', 'gamma']);
    expect(mineIn().map((c) => (c.new as Row).title)).toEqual(['alpha', 'gamma']);
    expect(gt.changes.map((c) => (c.new as Row).title)).toEqual(['beta', 'gamma']);
  });

  it('gives full old records with REPLICA IDENTITY FULL (a DELETE under RLS: the key only)', async () => {
    const a = await userClient();
    const la = await listen(a.client, [
      { event: '*', table: 'rtc_audits' },
      { event: 'DELETE', table: 'rtc_board' },
    ]);
    const tag = randomUUID();
    const { data: audit, error } = await a.client.from('rtc_audits').insert({ tag, owner: a.id, note: 'v1' }).select().single();
    expect(error).toBeNull();
    const id = (audit as Row).id;
    const arrived = (n: number) => waitFor(() => la.changes.filter((c) => idOf(c) === id).length >= n, `${n} audit changes`);
    await arrived(1);
    expect((await a.client.from('rtc_audits').update({ note: 'v2', level: 2 }).eq('id', id)).error).toBeNull();
    await arrived(2);
    expect((await a.client.from('rtc_audits').delete().eq('id', id)).error).toBeNull();
    const list = await waitFor(() => {
      const l = la.changes.filter((c) => c.table === 'rtc_audits' && idOf(c) === id);
      return l.length >= 3 ? l : undefined;
    }, () => `three audit changes, got ${JSON.stringify(la.changes.map((c) => [c.table, c.eventType, idOf(c)]))} for ${String(id)}`);
    expect(list[1].old).toEqual({ id, tag, owner: a.id, note: 'v1', level: 1 });
    expect(list[2].old).toEqual({ id });

    const service = serviceClient();
    const { data: card } = await service.from('rtc_board').insert({ tag, label: 'card' }).select().single();
    expect((await service.from('rtc_board').delete().eq('id', (card as Row).id)).error).toBeNull();
    const boardDel = await waitFor(() => la.changes.find((c) => c.table === 'rtc_board' && idOf(c) === (card as Row).id), 'board DELETE');
    expect(boardDel.old).toEqual({ id: (card as Row).id, tag, label: 'card', position: 0 });
  });

  it('filters a DELETE on its old record: any column with REPLICA IDENTITY FULL', async () => {
    const a = await userClient();
    const tag = randomUUID();
    const l = await listen(a.client, [{ event: 'DELETE', table: 'rtc_board', filter: `tag=eq.${tag}` }]);
    const service = serviceClient();
    const { data } = await service
      .from('rtc_board')
      .insert([
        { tag, label: 'mine' },
        { tag: randomUUID(), label: 'other' },
      ])
      .select();
    const rows = data as Row[];
    expect((await service.from('rtc_board').delete().in('id', rows.map((r) => r.id))).error).toBeNull();
    await waitFor(() => l.changes.length >= 1, 'the DELETE');
    await new Promise((r) => setTimeout(r, 300));
    expect(l.changes.map((c) => (c.old as Row).label)).toEqual(['mine']);
  });

  it('carries rows larger than a NOTIFY payload (8 kB)', async () => {
    const a = await userClient();
    const tag = randomUUID();
    const l = await listen(a.client, [{ event: 'INSERT', table: 'rtc_tasks', filter: `tag=eq.${tag}` }]);
    const body = 'x'.repeat(50_000);
    await insertTask(a.client, { tag, owner: a.id, title: 'big', body });
    const change = await waitFor(() => l.changes[0], 'the big row');
    expect((change.new as Row).body).toBe(body);
  });

  it('reports a table outside the supabase_realtime publication, and sends nothing from it', async () => {
    const a = await userClient();
    const l = await listen(a.client, [{ event: '*', table: 'rtc_unpublished' }], 'error');
    const error = l.system.find((m) => m.status === 'error');
    expect(error?.message).toMatch(/^Unable to subscribe to changes with given parameters\. Please check Realtime is enabled for the given connect parameters: \[/);
    expect((await a.client.from('rtc_unpublished').insert({ tag: randomUUID(), note: 'quiet' })).error).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(l.changes).toEqual([]);
  });

  it('reports a malformed filter, an unknown column and a value of the wrong type', async () => {
    const a = await userClient();
    const bad = await listen(a.client, [{ event: '*', table: 'rtc_tasks', filter: 'title=foo.x' }], 'error');
    expect(bad.system.find((m) => m.status === 'error')?.message).toBe('Error parsing `filter` params: ["foo", "x"]');
    const column = await listen(a.client, [{ event: '*', table: 'rtc_tasks', filter: 'nope=eq.1' }], 'error');
    expect(column.system.find((m) => m.status === 'error')?.message).toMatch(/invalid column for filter nope/);
    const value = await listen(a.client, [{ event: '*', table: 'rtc_tasks', filter: 'priority=eq.abc' }], 'error');
    expect(value.system.find((m) => m.status === 'error')?.message).toMatch(/invalid input syntax for type integer: "abc"/);
  });
});
