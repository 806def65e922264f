import { createClient, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { serviceClient, stack } from './clients.ts';
import { signJwt } from './rest-helpers.ts';

/**
 * postgres_changes with many subscribers of different RLS visibility on one table: each change is
 * checked for all of them at once (one database call per change on the local stack), and each
 * subscriber must still get exactly the changes its own role and claims may see, in commit order.
 * Runs unchanged against a real Supabase (SUPABASE_URL).
 */

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

const clients: SupabaseClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
});

async function realtimeClient(token?: string): Promise<SupabaseClient> {
  const realtime = { transport: ws as unknown as WebSocketLikeConstructor };
  const client = token
    ? createClient(stack.url, stack.anonKey, { accessToken: async () => token, realtime })
    : createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime });
  clients.push(client);
  // supabase-js hands the token to realtime-js asynchronously: a channel joined in the same tick
  // would join with the anon key and never send the user's token.
  if (token) await client.realtime.setAuth();
  return client;
}

async function waitFor<T>(fn: () => T | undefined | false, what: () => string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Subscriber {
  /** The auth uid, or null for anon. */
  id: string | null;
  changes: Change[];
}

async function subscribe(client: SupabaseClient, id: string | null, tag: string): Promise<Subscriber> {
  const changes: Change[] = [];
  let status = '';
  let system = '';
  client
    .channel(`many-${randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'rtc_tasks', filter: `tag=eq.${tag}` }, (p: Change) => changes.push(p))
    .on('system', {}, (p: { extension?: string; status?: string }) => {
      if (p.extension === 'postgres_changes' && p.status) system = p.status;
    })
    .subscribe((s) => {
      status = s;
    });
  await waitFor(() => status === 'SUBSCRIBED' && system === 'ok', () => `subscription (status ${status}, system ${system})`);
  return { id, changes };
}

const USERS = 24;

describe('postgres_changes with many subscribers', { timeout: 90_000 }, () => {
  it(`gives each of ${USERS} users (and anon) exactly the changes RLS lets them see, in commit order`, async () => {
    const tag = randomUUID();
    const ids = Array.from({ length: USERS }, () => randomUUID());
    const subscribers = await Promise.all([
      ...ids.map(async (id) => {
        const token = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email: `${id}@many.test` });
        return subscribe(await realtimeClient(token), id, tag);
      }),
      subscribe(await realtimeClient(), null, tag),
    ]);

    // One private row per user, in one transaction; every third row is public.
    const service = serviceClient();
    const { data, error } = await service
      .from('rtc_tasks')
      .insert(ids.map((owner, i) => ({ tag, owner, title: `row ${i}`, is_public: i % 3 === 0 })))
      .select('id, owner, is_public');
    expect(error).toBeNull();
    const rows = (data as { id: number; owner: string; is_public: boolean }[]).sort((a, b) => a.id - b.id);
    expect(rows).toHaveLength(USERS);
    // Then every row changes: the UPDATEs are checked against the rows as they now are.
    expect((await service.from('rtc_tasks').update({ status: 'done' }).eq('tag', tag)).error).toBeNull();

    const expected = (s: Subscriber) => {
      const visible = rows.filter((r) => r.is_public || r.owner === s.id).map((r) => r.id);
      return [...visible.map((id) => `INSERT ${id}`), ...visible.map((id) => `UPDATE ${id}`)];
    };
    const got = (s: Subscriber) => s.changes.map((c) => `${c.eventType} ${String((c.new as Row).id)}`);
    for (const s of subscribers) {
      const want = expected(s);
      await waitFor(() => s.changes.length >= want.length, () => `${want.length} changes for ${s.id ?? 'anon'}, got ${JSON.stringify(got(s))}`);
    }
    // Nothing more arrives: no subscriber sees a row it may not read.
    await new Promise((r) => setTimeout(r, 500));
    for (const s of subscribers) {
      const updates = s.changes.filter((c) => c.eventType === 'UPDATE');
      expect(updates.every((c) => (c.new as Row).status === 'done')).toBe(true);
      expect({ who: s.id ?? 'anon', changes: got(s) }).toEqual({ who: s.id ?? 'anon', changes: expected(s) });
    }
    // Every user sees their own row; the private rows of others reach nobody else.
    const anon = subscribers[USERS];
    expect(anon.changes).toHaveLength(2 * rows.filter((r) => r.is_public).length);
  });
});
