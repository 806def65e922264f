import { createStore } from 'jotai/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyRowChange,
  DELETED_KEPT,
  createLiveRegistry,
  nextConnectionState,
  rowChangeFromBroadcast,
  rowsFromList,
  withDeleted,
  type LiveSource,
  type Rows,
} from './realtime';
import { FakeRealtimeClient } from './realtime.fake';
import { deferred } from '../test/deferred';

interface Item {
  id: string;
  tenant_id: string;
  name: string;
}

const T = '11111111-1111-4111-8111-111111111111';
const TOPIC = `tenant:${T}:live_items`;
const item = (id: string, name = id): Item => ({ id, tenant_id: T, name });
const names = (rows: Rows<Item>) => [...rows.values()].map((row) => row.name).sort();

/** Lets the registry's awaits (previous leave, setAuth) run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('applyRowChange', () => {
  const start = rowsFromList([item('a'), item('b')]);

  it('inserts, updates and deletes by id', () => {
    const inserted = applyRowChange(start, { op: 'upsert', row: item('c') });
    expect(names(inserted)).toEqual(['a', 'b', 'c']);
    const updated = applyRowChange(inserted, { op: 'upsert', row: item('b', 'B') });
    expect(updated.get('b')).toEqual(item('b', 'B'));
    expect(updated.size).toBe(3);
    const deleted = applyRowChange(updated, { op: 'delete', id: 'a' });
    expect(names(deleted)).toEqual(['B', 'c']);
    expect(names(start)).toEqual(['a', 'b']);
  });

  it('is idempotent: a change applied twice gives the same rows', () => {
    const once = applyRowChange(start, { op: 'upsert', row: item('c') });
    expect(applyRowChange(once, { op: 'upsert', row: item('c') })).toEqual(once);
    const gone = applyRowChange(once, { op: 'delete', id: 'c' });
    expect(applyRowChange(gone, { op: 'delete', id: 'c' })).toBe(gone);
  });

  it('returns the same map for a delete of an unknown id, and for the same row object', () => {
    expect(applyRowChange(start, { op: 'delete', id: 'zzz' })).toBe(start);
    expect(applyRowChange(start, { op: 'upsert', row: start.get('a')! })).toBe(start);
  });
});

describe('rowChangeFromBroadcast', () => {
  const message = (event: string, payload: unknown) => ({ type: 'broadcast' as const, event, payload });

  it('decodes the payloads realtime.broadcast_changes sends', () => {
    expect(rowChangeFromBroadcast(message('INSERT', { operation: 'INSERT', record: item('a'), old_record: null }))).toEqual({ op: 'upsert', row: item('a') });
    expect(rowChangeFromBroadcast(message('UPDATE', { operation: 'UPDATE', record: item('a', 'A'), old_record: item('a') }))).toEqual({
      op: 'upsert',
      row: item('a', 'A'),
    });
    expect(rowChangeFromBroadcast(message('DELETE', { operation: 'DELETE', record: null, old_record: item('a') }))).toEqual({ op: 'delete', id: 'a', deleted: true });
  });

  it('tells a deletion from a row that moved to another warehouse\'s topic (it still exists)', () => {
    expect(rowChangeFromBroadcast(message('DELETE', { operation: 'DELETE', record: null, old_record: { id: 'a' }, moved: true }))).toEqual({ op: 'delete', id: 'a' });
  });

  it('ignores other messages and rejects records without a string id', () => {
    expect(rowChangeFromBroadcast(message('cursor', { x: 1 }))).toBeNull();
    expect(rowChangeFromBroadcast(message('INSERT', 'text'))).toBeNull();
    expect(() => rowChangeFromBroadcast(message('INSERT', { operation: 'INSERT', record: { id: 7 } }))).toThrow(/string id/);
    expect(() => rowChangeFromBroadcast(message('DELETE', { operation: 'DELETE', old_record: null }))).toThrow(/old_record.id/);
  });

  it('runs the source parser on records', () => {
    const parse = (record: unknown): Item => ({ ...(record as Item), name: 'parsed' });
    expect(rowChangeFromBroadcast(message('INSERT', { operation: 'INSERT', record: item('a') }), parse)).toEqual({ op: 'upsert', row: item('a', 'parsed') });
  });
});

describe('nextConnectionState', () => {
  it('goes live on SUBSCRIBED and refetches unless it already was live', () => {
    expect(nextConnectionState('connecting', 'SUBSCRIBED')).toEqual({ state: 'live', refetch: true });
    expect(nextConnectionState('offline', 'SUBSCRIBED')).toEqual({ state: 'live', refetch: true });
    expect(nextConnectionState('live', 'SUBSCRIBED')).toEqual({ state: 'live', refetch: false });
  });

  it('goes offline on CHANNEL_ERROR, TIMED_OUT and CLOSED', () => {
    for (const status of ['CHANNEL_ERROR', 'TIMED_OUT', 'CLOSED'] as const) {
      expect(nextConnectionState('live', status)).toEqual({ state: 'offline', refetch: false });
      expect(nextConnectionState('connecting', status)).toEqual({ state: 'offline', refetch: false });
    }
  });
});

describe('createLiveRegistry', () => {
  let client: FakeRealtimeClient;
  let store: ReturnType<typeof createStore>;
  let server: Item[];
  let fetches: number;
  let source: LiveSource<Item>;

  beforeEach(() => {
    client = new FakeRealtimeClient();
    store = createStore();
    server = [item('a'), item('b')];
    fetches = 0;
    source = {
      entity: 'live_items',
      fetch: async (tenantId) => {
        fetches += 1;
        return server.filter((row) => row.tenant_id === tenantId);
      },
    };
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('joins a private topic after setAuth and listens for INSERT, UPDATE and DELETE', async () => {
    const registry = createLiveRegistry(client, store);
    registry.acquire(source, T);
    await settle();
    expect(client.calls).toEqual(['setAuth()', `channel(${TOPIC})`]);
    const channel = client.live(TOPIC);
    expect(channel.config).toEqual({ private: true });
    expect(channel.bindings.map((b) => b.event)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(channel.subscribed).toBe(true);
  });

  it('keeps one channel per topic however many listeners, and leaves it when the last one releases', async () => {
    const registry = createLiveRegistry(client, store);
    const releases = [registry.acquire(source, T), registry.acquire(source, T), registry.acquire(source, T)];
    await settle();
    expect(client.created).toHaveLength(1);
    expect(registry.topic(source, T).rows).toBe(registry.topic(source, T).rows);

    releases[0]!();
    releases[0]!();
    releases[1]!();
    await settle();
    expect(client.channels).toHaveLength(1);

    releases[2]!();
    await settle();
    expect(client.channels).toHaveLength(0);
    expect(client.calls.filter((call) => call.startsWith('removeChannel'))).toEqual([`removeChannel(${TOPIC})`]);
    expect(store.get(registry.topic(source, T).rows).size).toBe(0);
    expect(store.get(registry.topic(source, T).state)).toBe('offline');
  });

  it('keeps separate channels for separate topics', async () => {
    const other = '22222222-2222-4222-8222-222222222222';
    const registry = createLiveRegistry(client, store);
    registry.acquire(source, T);
    registry.acquire(source, other);
    await settle();
    expect(client.channels.map((c) => c.topic)).toEqual([`realtime:${TOPIC}`, `realtime:tenant:${other}:live_items`]);
  });

  it('shares one channel between two sources of a topic, each with its own read, rows and keep filter', async () => {
    const registry = createLiveRegistry(client, store);
    const workingSet: LiveSource<Item> = {
      entity: 'live_items',
      fetch: async () => server.filter((row) => row.name !== 'b'),
      keep: (row) => row.name !== 'b',
    };
    const releaseAll = registry.acquire(source, T);
    await settle();
    client.live(TOPIC).status('SUBSCRIBED');
    await settle();
    const releaseSet = registry.acquire(workingSet, T);
    await settle();
    expect(client.created).toHaveLength(1);
    const all = registry.topic(source, T);
    const set = registry.topic(workingSet, T);
    expect(store.get(set.state)).toBe('live');
    expect(names(store.get(all.rows))).toEqual(['a', 'b']);
    expect(names(store.get(set.rows))).toEqual(['a']);

    client.live(TOPIC).change('INSERT', item('c'));
    client.live(TOPIC).change('UPDATE', item('a', 'b'), item('a'));
    expect(names(store.get(all.rows))).toEqual(['b', 'b', 'c']);
    expect(names(store.get(set.rows))).toEqual(['c']);

    releaseAll();
    await settle();
    expect(client.channels).toHaveLength(1);
    client.live(TOPIC).change('INSERT', item('d'));
    expect(names(store.get(set.rows))).toEqual(['c', 'd']);
    releaseSet();
    await settle();
    expect(client.channels).toHaveLength(0);
  });

  it('keeps the channel across a release and re-acquire within the linger (StrictMode remount)', async () => {
    vi.useFakeTimers();
    const registry = createLiveRegistry(client, store, { lingerMs: 1000 });
    const release = registry.acquire(source, T);
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(500);
    const again = registry.acquire(source, T);
    await vi.advanceTimersByTimeAsync(5000);
    expect(client.created).toHaveLength(1);
    expect(client.channels).toHaveLength(1);
    again();
    await vi.advanceTimersByTimeAsync(1000);
    expect(client.channels).toHaveLength(0);
  });

  it('waits for the previous channel to be removed before joining the topic again', async () => {
    const registry = createLiveRegistry(client, store);
    const release = registry.acquire(source, T);
    await settle();
    release();
    await new Promise((resolve) => setTimeout(resolve, 1));
    registry.acquire(source, T);
    await settle();
    expect(client.created).toHaveLength(2);
    expect(client.created[0]!.removed).toBe(true);
    expect(client.channels).toEqual([client.created[1]]);
  });

  it('goes connecting, then live on SUBSCRIBED, reading the rows once, when joined', async () => {
    const registry = createLiveRegistry(client, store);
    const live = registry.topic(source, T);
    expect(store.get(live.state)).toBe('offline');
    registry.acquire(source, T);
    expect(store.get(live.state)).toBe('connecting');
    // Loading, not empty, while the read waits for the join.
    expect(store.get(live.fetching)).toBe(true);
    await settle();
    expect(fetches).toBe(0);

    server.push(item('c'));
    client.live(TOPIC).status('SUBSCRIBED');
    expect(store.get(live.state)).toBe('live');
    await settle();
    expect(fetches).toBe(1);
    expect(names(store.get(live.rows))).toEqual(['a', 'b', 'c']);
    expect(store.get(live.fetching)).toBe(false);
  });

  it('reads without waiting longer than firstReadWaitMs for the join, and again once joined', async () => {
    vi.useFakeTimers();
    const registry = createLiveRegistry(client, store, { firstReadWaitMs: 1000 });
    const live = registry.topic(source, T);
    registry.acquire(source, T);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetches).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(1);
    expect(names(store.get(live.rows))).toEqual(['a', 'b']);
    expect(store.get(live.state)).toBe('connecting');

    // That read may have missed a change committed before the join: the join reads again.
    server.push(item('c'));
    client.live(TOPIC).status('SUBSCRIBED');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(2);
    expect(names(store.get(live.rows))).toEqual(['a', 'b', 'c']);
  });

  it('reads at once when the join fails, and does not wait for a join once another source of the topic is live', async () => {
    vi.useFakeTimers();
    const registry = createLiveRegistry(client, store, { firstReadWaitMs: 1000 });
    const live = registry.topic(source, T);
    registry.acquire(source, T);
    await vi.advanceTimersByTimeAsync(0);
    client.live(TOPIC).status('CHANNEL_ERROR', new Error('socket closed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);
    expect(names(store.get(live.rows))).toEqual(['a', 'b']);
    expect(store.get(live.state)).toBe('offline');
    // No second read from the wait's timer.
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetches).toBe(1);
    client.live(TOPIC).status('SUBSCRIBED');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(2);

    let otherReads = 0;
    const other: LiveSource<Item> = { entity: 'live_items', fetch: async () => (otherReads += 1, server) };
    registry.acquire(other, T);
    expect(store.get(registry.topic(other, T).state)).toBe('live');
    await vi.advanceTimersByTimeAsync(0);
    expect(otherReads).toBe(1);
  });

  it('applies broadcast inserts, updates and deletes to the rows atom', async () => {
    const registry = createLiveRegistry(client, store);
    const live = registry.topic(source, T);
    registry.acquire(source, T);
    await settle();
    const channel = client.live(TOPIC);
    channel.status('SUBSCRIBED');
    await settle();

    const seen: string[][] = [];
    const unsubscribe = store.sub(live.rows, () => seen.push(names(store.get(live.rows))));
    channel.change('INSERT', item('c'));
    channel.change('UPDATE', item('a', 'A'), item('a'));
    channel.change('DELETE', null, item('b'));
    channel.change('DELETE', null, item('never-there'));
    channel.broadcast('typing', { user: 'x' });
    unsubscribe();
    expect(seen).toEqual([
      ['a', 'b', 'c'],
      ['A', 'b', 'c'],
      ['A', 'c'],
    ]);
    // Both deletions are remembered, the one of a row never read too (a change feed learns of it there).
    expect([...store.get(live.deleted)]).toEqual(['b', 'never-there']);
  });

  it('remembers the latest deleted ids only', () => {
    let ids: ReadonlySet<string> = new Set<string>();
    for (let i = 0; i < DELETED_KEPT + 2; i += 1) ids = withDeleted(ids, `r${i}`);
    expect(ids.size).toBe(DELETED_KEPT);
    expect(ids.has('r0') || ids.has('r1')).toBe(false);
    expect(ids.has(`r${DELETED_KEPT + 1}`)).toBe(true);
    expect(withDeleted(ids, 'r5')).toBe(ids);
  });

  it('records a malformed record as the error and keeps the rows', async () => {
    const registry = createLiveRegistry(client, store);
    const live = registry.topic(source, T);
    registry.acquire(source, T);
    await settle();
    client.live(TOPIC).status('SUBSCRIBED');
    await settle();
    client.live(TOPIC).change('INSERT', { name: 'no id' });
    expect(store.get(live.error)?.message).toMatch(/string id/);
    expect(names(store.get(live.rows))).toEqual(['a', 'b']);
  });

  it('refetches after a reconnect: SUBSCRIBED after CHANNEL_ERROR, TIMED_OUT or CLOSED', async () => {
    vi.useFakeTimers();
    const registry = createLiveRegistry(client, store, { rejoinDelayMs: () => 100 });
    const live = registry.topic(source, T);
    registry.acquire(source, T);
    await vi.advanceTimersByTimeAsync(0);
    client.live(TOPIC).status('SUBSCRIBED');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);

    // The socket drops: realtime-js reports CHANNEL_ERROR and rejoins the same channel by itself.
    client.live(TOPIC).status('CHANNEL_ERROR', new Error('socket closed'));
    expect(store.get(live.state)).toBe('offline');
    server.push(item('missed'));
    server.splice(0, 1);
    client.live(TOPIC).status('SUBSCRIBED');
    expect(store.get(live.state)).toBe('live');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(2);
    expect(names(store.get(live.rows))).toEqual(['b', 'missed']);
    expect(store.get(live.error)).toBeNull();

    client.live(TOPIC).status('TIMED_OUT');
    expect(store.get(live.error)?.message).toMatch(/timed out/);
    client.live(TOPIC).status('SUBSCRIBED');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(3);

    // A duplicate SUBSCRIBED while live reads nothing.
    client.live(TOPIC).status('SUBSCRIBED');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(3);

    // The server closes the channel (e.g. the token lost access): a new channel joins after the delay.
    const first = client.live(TOPIC);
    client.channels = [];
    first.status('CLOSED');
    expect(store.get(live.state)).toBe('offline');
    await vi.advanceTimersByTimeAsync(100);
    expect(client.created).toHaveLength(2);
    client.live(TOPIC).status('SUBSCRIBED');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(4);
    expect(store.get(live.state)).toBe('live');
  });

  it('shows the unauthorized join as offline with its reason', async () => {
    const registry = createLiveRegistry(client, store);
    const live = registry.topic(source, T);
    registry.acquire(source, T);
    await settle();
    const reason = `Unauthorized: You do not have permissions to read from this Channel topic: ${TOPIC}`;
    client.live(TOPIC).status('CHANNEL_ERROR', new Error(reason));
    expect(store.get(live.state)).toBe('offline');
    expect(store.get(live.error)?.message).toBe(reason);
  });

  it('queues changes that arrive during a read and replays them over its result', async () => {
    vi.useFakeTimers();
    const registry = createLiveRegistry(client, store, { firstReadWaitMs: 1000 });
    const live = registry.topic(source, T);
    const reads: ReturnType<typeof deferred<readonly Item[]>>[] = [];
    source.fetch = () => {
      const read = deferred<readonly Item[]>();
      reads.push(read);
      return read.promise;
    };
    registry.acquire(source, T);
    // The join is slow: the first read starts without it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toHaveLength(1);
    const channel = client.live(TOPIC);
    channel.status('SUBSCRIBED');
    // The join asks for a read while the first is in flight: it waits for that one, which is not thrown away.
    expect(reads).toHaveLength(1);

    channel.change('INSERT', item('c'));
    channel.change('UPDATE', item('a', 'A2'), item('a'));
    channel.change('DELETE', null, item('b'));
    expect(store.get(live.rows).size).toBe(0);

    reads[0]!.resolve([item('a', 'A1'), item('b')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(names(store.get(live.rows))).toEqual(['A2', 'c']);
    // Then the topic is read once more (changes committed before the join may have been missed),
    // and what arrives meanwhile is queued again and replayed over that read.
    expect(reads).toHaveLength(2);
    expect(store.get(live.fetching)).toBe(true);
    channel.change('INSERT', item('d'));
    expect(names(store.get(live.rows))).toEqual(['A2', 'c']);
    const kept = store.get(live.rows).get('c');
    reads[1]!.resolve([item('a', 'A3'), item('c'), item('e')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(names(store.get(live.rows))).toEqual(['A3', 'c', 'd', 'e']);
    expect(store.get(live.fetching)).toBe(false);
    // A row the read gave unchanged keeps its object (screens keyed on rows redo nothing for it).
    expect(store.get(live.rows).get('c')).toBe(kept);

    // Once read, changes apply directly.
    channel.change('INSERT', item('f'));
    expect(names(store.get(live.rows))).toEqual(['A3', 'c', 'd', 'e', 'f']);
  });

  it('applies queued changes and records the error when a refetch fails', async () => {
    const registry = createLiveRegistry(client, store);
    const live = registry.topic(source, T);
    const read = deferred<readonly Item[]>();
    source.fetch = () => read.promise;
    registry.acquire(source, T);
    await settle();
    client.live(TOPIC).status('SUBSCRIBED');
    client.live(TOPIC).change('INSERT', item('c'));
    read.reject(new Error('network down'));
    await settle();
    expect(names(store.get(live.rows))).toEqual(['c']);
    expect(store.get(live.error)?.message).toBe('network down');
  });

  it('reports a read in flight and reads again on refetch (a Retry after a failure)', async () => {
    const registry = createLiveRegistry(client, store);
    const live = registry.topic(source, T);
    const first = deferred<readonly Item[]>();
    source.fetch = () => first.promise;
    registry.refetch(source, T);
    expect(store.get(live.fetching)).toBe(false);
    registry.acquire(source, T);
    expect(store.get(live.fetching)).toBe(true);
    await settle();
    client.live(TOPIC).status('SUBSCRIBED');
    first.reject(new Error('network down'));
    await settle();
    expect(store.get(live.fetching)).toBe(false);
    expect(store.get(live.error)?.message).toBe('network down');

    const second = deferred<readonly Item[]>();
    source.fetch = () => second.promise;
    registry.refetch(source, T);
    expect(store.get(live.fetching)).toBe(true);
    second.resolve([item('a')]);
    await settle();
    expect(store.get(live.fetching)).toBe(false);
    expect(names(store.get(live.rows))).toEqual(['a']);
  });

  it('ignores a fetch that resolves after the last listener left', async () => {
    const registry = createLiveRegistry(client, store);
    const live = registry.topic(source, T);
    const read = deferred<readonly Item[]>();
    source.fetch = () => read.promise;
    const release = registry.acquire(source, T);
    release();
    await settle();
    read.resolve([item('late')]);
    await settle();
    expect(store.get(live.rows).size).toBe(0);
    expect(client.channels).toHaveLength(0);
  });

  it('ignores statuses and broadcasts of a channel it has left', async () => {
    const registry = createLiveRegistry(client, store);
    const live = registry.topic(source, T);
    const release = registry.acquire(source, T);
    await settle();
    const old = client.live(TOPIC);
    release();
    await settle();
    old.status('SUBSCRIBED');
    old.change('INSERT', item('ghost'));
    expect(store.get(live.state)).toBe('offline');
    expect(store.get(live.rows).size).toBe(0);
  });

  it('leaves every channel on dispose', async () => {
    const registry = createLiveRegistry(client, store);
    const before = registry.acquire(source, T);
    registry.acquire(source, '22222222-2222-4222-8222-222222222222');
    await settle();
    await registry.dispose();
    expect(client.channels).toHaveLength(0);

    // A listener from before dispose releasing late does not end a later listener's channel.
    registry.acquire(source, T);
    await settle();
    before();
    await settle();
    expect(client.channels.map((c) => c.topic)).toEqual([`realtime:${TOPIC}`]);
  });
});
