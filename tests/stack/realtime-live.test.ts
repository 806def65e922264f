import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { createStore } from 'jotai/vanilla';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ws from 'ws';
import { createLiveRegistry, tenantTopic, type LiveRegistry, type LiveSource, type LiveTopic, type Rows, type Store } from '../../src/lib/realtime.ts';
import { serviceClient, stack, unique } from './clients.ts';
import { signJwt } from './rest-helpers.ts';

/**
 * The app's live-data path end to end: src/lib/realtime.ts with the real supabase-js against a
 * Supabase (the stack, or a real one when SUPABASE_URL is set), on the fixture's live_items
 * table, whose trigger broadcasts to `tenant:<tenant_id>:live_items` (migration
 * 20260101000500_live_tenant_fixtures.sql).
 */

interface LiveItem {
  id: string;
  tenant_id: string;
  name: string;
  qty: number;
  updated_at: string;
}

const UNAUTHORIZED = /Unauthorized: You do not have permissions to read from this Channel topic/;

interface Member {
  id: string;
  client: SupabaseClient;
  store: Store;
  registry: LiveRegistry;
  /** How many times the registry read the table for this member. */
  fetches: () => number;
  source: LiveSource<LiveItem>;
}

const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A signed-in user as a browser tab would be: their own supabase-js client (the token reaches
 * REST and, through realtime.setAuth(), the socket), their own jotai store and registry.
 */
async function member(tenantIds: string[]): Promise<Member> {
  const id = randomUUID();
  const token = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email: `${id}@live.test` });
  const client = createClient(stack.url, stack.anonKey, {
    accessToken: async () => token,
    realtime: { transport: ws as unknown as WebSocketLikeConstructor },
  });
  if (tenantIds.length > 0) {
    const { error } = await serviceClient()
      .from('live_members')
      .insert(tenantIds.map((tenant_id) => ({ user_id: id, tenant_id })));
    expect(error).toBeNull();
  }
  let fetches = 0;
  // Declared once per member, as a feature declares it once in its atoms.ts.
  const source: LiveSource<LiveItem> = {
    entity: 'live_items',
    fetch: async (tenantId) => {
      fetches += 1;
      const { data, error } = await client.from('live_items').select('*').eq('tenant_id', tenantId);
      if (error) throw new Error(error.message);
      return data as LiveItem[];
    },
  };
  const store = createStore();
  const registry = createLiveRegistry(client, store);
  cleanups.push(async () => {
    await registry.dispose();
    await client.removeAllChannels();
  });
  return { id, client, store, registry, fetches: () => fetches, source };
}

async function tenant(): Promise<string> {
  const { data, error } = await serviceClient().from('live_tenants').insert({ name: unique('tenant') }).select('id').single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

/** The rows as `name:qty`, sorted: what two members must agree on. */
function view(rows: Rows<LiveItem>): string[] {
  return [...rows.values()].map((row) => `${row.name}:${row.qty}`).sort();
}

async function listen(who: Member, tenantId: string): Promise<LiveTopic<LiveItem>> {
  const topic = who.registry.topic(who.source, tenantId);
  who.registry.acquire(who.source, tenantId);
  await vi.waitFor(() => expect(who.store.get(topic.state)).toBe('live'), { timeout: 10_000, interval: 20 });
  return topic;
}

async function until<V>(read: () => V, expected: V, timeout = 10_000): Promise<void> {
  await vi.waitFor(() => expect(read()).toEqual(expected), { timeout, interval: 20 });
}

async function insertItem(who: Member, tenantId: string, name: string, qty = 0): Promise<LiveItem> {
  const { data, error } = await who.client.from('live_items').insert({ tenant_id: tenantId, name, qty }).select('*').single();
  expect(error).toBeNull();
  return data as LiveItem;
}

describe('live collections over database broadcast (src/lib/realtime.ts)', () => {
  it("shows two members of a tenant each other's inserts, updates and deletes, without reading the table again", async () => {
    const a = await tenant();
    const alice = await member([a]);
    const bob = await member([a]);
    const seeded = await insertItem(alice, a, 'seeded', 1);

    const aliceItems = await listen(alice, a);
    const bobItems = await listen(bob, a);
    await until(() => view(alice.store.get(aliceItems.rows)), ['seeded:1']);
    await until(() => view(bob.store.get(bobItems.rows)), ['seeded:1']);
    const aliceReads = alice.fetches();
    const bobReads = bob.fetches();

    const crate = await insertItem(alice, a, 'crate', 3);
    await until(() => view(bob.store.get(bobItems.rows)), ['crate:3', 'seeded:1']);
    await until(() => view(alice.store.get(aliceItems.rows)), ['crate:3', 'seeded:1']);
    expect(bob.store.get(bobItems.rows).get(crate.id)).toEqual(crate);

    const updated = await bob.client.from('live_items').update({ qty: 7 }).eq('id', crate.id);
    expect(updated.error).toBeNull();
    await until(() => view(alice.store.get(aliceItems.rows)), ['crate:7', 'seeded:1']);
    await until(() => view(bob.store.get(bobItems.rows)), ['crate:7', 'seeded:1']);

    const deleted = await alice.client.from('live_items').delete().eq('id', seeded.id);
    expect(deleted.error).toBeNull();
    await until(() => view(bob.store.get(bobItems.rows)), ['crate:7']);
    await until(() => view(alice.store.get(aliceItems.rows)), ['crate:7']);

    expect(alice.fetches()).toBe(aliceReads);
    expect(bob.fetches()).toBe(bobReads);
    expect(alice.store.get(aliceItems.error)).toBeNull();
  });

  it('shares one channel per topic between listeners and leaves it with the last one', async () => {
    const a = await tenant();
    const alice = await member([a]);
    const first = alice.registry.acquire(alice.source, a);
    const second = alice.registry.acquire(alice.source, a);
    const topic = alice.registry.topic(alice.source, a);
    await vi.waitFor(() => expect(alice.store.get(topic.state)).toBe('live'), { timeout: 10_000, interval: 20 });
    const channelTopics = () => alice.client.getChannels().map((channel) => channel.topic);
    expect(channelTopics()).toEqual([`realtime:${tenantTopic(a, 'live_items')}`]);

    first();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(channelTopics()).toHaveLength(1);
    second();
    await vi.waitFor(() => expect(channelTopics()).toEqual([]), { timeout: 10_000, interval: 20 });
  });

  it("keeps a member of another tenant out: the join is refused and none of the tenant's changes arrive", async () => {
    const a = await tenant();
    const b = await tenant();
    const alice = await member([a]);
    const carol = await member([b]);
    const aliceItems = await listen(alice, a);
    const carolOwn = await listen(carol, b);

    // supabase-js directly: the private join is refused with Supabase's reason, and nothing arrives.
    const received: unknown[] = [];
    const channel = carol.client.channel(tenantTopic(a, 'live_items'), { config: { private: true } });
    channel.on('broadcast', { event: '*' }, (message) => received.push(message));
    const refused = await new Promise<{ status: string; err?: Error }>((resolve) => {
      channel.subscribe((status, err) => resolve({ status, err }));
    });
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.err?.message).toMatch(UNAUTHORIZED);

    await insertItem(alice, a, 'secret', 1);
    await until(() => view(alice.store.get(aliceItems.rows)), ['secret:1']);
    await insertItem(carol, b, 'carol', 2);
    // Carol's own topic is live on the same socket: had A's change been sent to her, it would have arrived first.
    await until(() => view(carol.store.get(carolOwn.rows)), ['carol:2']);
    expect(received).toEqual([]);
    expect(await carol.client.removeChannel(channel)).toBe('ok');

    // Through the registry: offline, with the reason, and no rows (RLS hides them from the read too).
    const carolOnA = carol.registry.topic(carol.source, a);
    carol.registry.acquire(carol.source, a);
    await vi.waitFor(() => expect(carol.store.get(carolOnA.error)?.message).toMatch(UNAUTHORIZED), { timeout: 10_000, interval: 20 });
    expect(carol.store.get(carolOnA.state)).toBe('offline');
    await insertItem(alice, a, 'secret2', 1);
    await until(() => view(alice.store.get(aliceItems.rows)), ['secret2:1', 'secret:1']);
    await insertItem(carol, b, 'carol2', 2);
    await until(() => view(carol.store.get(carolOwn.rows)), ['carol2:2', 'carol:2']);
    expect(carol.store.get(carolOnA.rows).size).toBe(0);

    // Writing into tenant A is refused by RLS as well.
    const forged = await carol.client.from('live_items').insert({ tenant_id: a, name: 'forged' });
    expect(forged.error).toMatchObject({ code: '42501' });
  });

  it('reads the table again after the socket drops and converges with the other members', async () => {
    const a = await tenant();
    const alice = await member([a]);
    const bob = await member([a]);
    const kept = await insertItem(alice, a, 'kept', 1);
    const doomed = await insertItem(alice, a, 'doomed', 1);
    const aliceItems = await listen(alice, a);
    const bobItems = await listen(bob, a);
    await until(() => view(bob.store.get(bobItems.rows)), ['doomed:1', 'kept:1']);
    const bobReads = bob.fetches();

    await bob.client.realtime.disconnect();
    await vi.waitFor(() => expect(bob.store.get(bobItems.state)).toBe('offline'), { timeout: 10_000, interval: 20 });

    // Changes bob's socket never sees.
    await insertItem(alice, a, 'missed', 5);
    expect((await alice.client.from('live_items').update({ qty: 9 }).eq('id', kept.id)).error).toBeNull();
    expect((await alice.client.from('live_items').delete().eq('id', doomed.id)).error).toBeNull();
    await until(() => view(alice.store.get(aliceItems.rows)), ['kept:9', 'missed:5']);
    expect(view(bob.store.get(bobItems.rows))).toEqual(['doomed:1', 'kept:1']);

    bob.client.realtime.connect();
    await vi.waitFor(() => expect(bob.store.get(bobItems.state)).toBe('live'), { timeout: 15_000, interval: 20 });
    await until(() => view(bob.store.get(bobItems.rows)), ['kept:9', 'missed:5']);
    expect(bob.fetches()).toBe(bobReads + 1);

    // And live again afterwards.
    await insertItem(alice, a, 'after', 2);
    await until(() => view(bob.store.get(bobItems.rows)), ['after:2', 'kept:9', 'missed:5']);
    expect(bob.fetches()).toBe(bobReads + 1);
  });
});
