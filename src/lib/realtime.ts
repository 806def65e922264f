import { atom, type Atom, type PrimitiveAtom, type createStore } from 'jotai/vanilla';
import { PersistentRows } from './persistent-rows.ts';

/**
 * Live data: database triggers broadcast row changes (`realtime.broadcast_changes`' payload, the
 * old row cut to its key: private.broadcast_tenant_change) to private per-tenant topics
 * `tenant:<tenantId>:<entity>`; this module joins a topic and keeps a jotai
 * atom of the rows keyed by id in step with them. It is framework-free (the React hook is in
 * use-live-collection.ts) and imports only packages and persistent-rows.ts, so the conformance
 * suite can drive it with a real supabase-js client and a plain jotai store.
 *
 * Why every (re)subscribe refetches: broadcast has no replay, so a change committed while the
 * channel was not joined (before the first join, or while the socket was down) is only seen by
 * reading the table again. Changes that arrive while that read is in flight are queued and
 * replayed on top of its result, so a slow read never overwrites a newer change.
 *
 * The first read waits for the join (at most `firstReadWaitMs`): a read sent before the channel is
 * joined can miss a change committed between the two, so it would have to be read again on the
 * join, and a working set of thousands of rows read twice is the longest part of opening a screen.
 * If the join fails or takes longer, the rows are read anyway (shown as not live) and again on the join.
 */

export type Store = ReturnType<typeof createStore>;

export interface Row {
  id: string;
}

/** Rows keyed by id; a new map on every change, so atoms and React see it (a PersistentRows: see persistent-rows.ts). */
export type Rows<T extends Row> = ReadonlyMap<string, T>;

/**
 * A change of the rows. A delete with `deleted` is a row the database deleted (a DELETE broadcast);
 * without it, the row only left this working set (a `keep` filter refused it, or it moved to another
 * topic's scope) and may still exist elsewhere: a list removes the first in place, and re-reads for
 * the second.
 */
export type RowChange<T extends Row> = { op: 'upsert'; row: T } | { op: 'delete'; id: string; deleted?: true };

export type ConnectionState = 'connecting' | 'live' | 'offline';

// ---------------------------------------------------------------------------------------------
// The reducer.

export function rowsFromList<T extends Row>(list: readonly T[]): Rows<T> {
  return PersistentRows.from(list);
}

/**
 * Applies one change; returns the same map when nothing changes (a delete of an unknown id, the same
 * row object again). The result is a PersistentRows: a change copies a sliver of the map, not all of it.
 */
export function applyRowChange<T extends Row>(rows: Rows<T>, change: RowChange<T>): Rows<T> {
  const persistent = rows instanceof PersistentRows ? (rows as PersistentRows<T>) : PersistentRows.from(rows.values());
  const next = change.op === 'delete' ? persistent.without(change.id) : persistent.with(change.row);
  return next === persistent ? rows : next;
}

/** Whether two JSON values (rows as read or broadcast) are the same. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const key of ka) if (!sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}

/**
 * The rows of a read again, keeping each row object the map already holds when the read gave the
 * same row: a re-read (a rejoin) then changes only what changed, and screens keyed on row objects
 * (memoized cards, per-row caches) redo nothing for the rest.
 */
export function reuseRows<T extends Row>(current: Rows<T>, list: readonly T[]): Rows<T> {
  if (current.size === 0) return rowsFromList(list);
  return rowsFromList(
    list.map((row) => {
      const before = current.get(row.id);
      return before !== undefined && sameJson(before, row) ? before : row;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Decoding what realtime-js hands to a broadcast listener.

/** The events `realtime.broadcast_changes(topic, TG_OP, TG_OP, ...)` sends: the trigger's TG_OP. */
export const ROW_CHANGE_EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type RowChangeEvent = (typeof ROW_CHANGE_EVENTS)[number];

/**
 * What a broadcast listener receives: `{type: 'broadcast', event, payload, meta?}`, where a
 * database broadcast's payload is `{schema, table, operation, record, old_record, id}` (only
 * `record` and, for a delete, `old_record.id` are read).
 */
export interface BroadcastMessage {
  type: 'broadcast';
  event: string;
  payload?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The default row check: a JSON object with a string id. Sources with a zod schema pass their own. */
export function parseRow<T extends Row>(record: unknown): T {
  if (!isObject(record) || typeof record.id !== 'string') throw new Error('a live row needs a string id');
  return record as unknown as T;
}

/**
 * The row change a database broadcast describes, or null when the message is not one. A DELETE is a
 * deletion unless the payload says `moved` (private.broadcast_warehouse_change: the row moved to
 * another warehouse's topic).
 */
export function rowChangeFromBroadcast<T extends Row>(message: BroadcastMessage, parse: (record: unknown) => T = parseRow): RowChange<T> | null {
  const payload = message.payload;
  if (!isObject(payload)) return null;
  const operation = typeof payload.operation === 'string' ? payload.operation : message.event;
  if (operation === 'INSERT' || operation === 'UPDATE') return { op: 'upsert', row: parse(payload.record) };
  if (operation === 'DELETE') {
    const old = payload.old_record;
    if (!isObject(old) || typeof old.id !== 'string') throw new Error('a live delete needs old_record.id');
    return payload.moved === true ? { op: 'delete', id: old.id } : { op: 'delete', id: old.id, deleted: true };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The connection state machine.

/** The statuses realtime-js passes to `channel.subscribe(callback)` (REALTIME_SUBSCRIBE_STATES). */
export type ChannelStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';

/**
 * The next connection state, and whether the rows must be read again: on every SUBSCRIBED that
 * follows anything but being live (the first join, or a rejoin after the socket or channel
 * failed), since broadcasts sent in between are gone.
 */
export function nextConnectionState(state: ConnectionState, status: ChannelStatus): { state: ConnectionState; refetch: boolean } {
  if (status === 'SUBSCRIBED') return { state: 'live', refetch: state !== 'live' };
  return { state: 'offline', refetch: false };
}

// ---------------------------------------------------------------------------------------------
// The slice of supabase-js used here: SupabaseClient satisfies it, and unit tests fake it.

export interface RealtimeChannelLike {
  on(type: 'broadcast', filter: { event: string }, callback: (message: BroadcastMessage) => void): RealtimeChannelLike;
  subscribe(callback?: (status: `${ChannelStatus}`, err?: Error) => void): RealtimeChannelLike;
}

export interface RealtimeClientLike {
  channel(name: string, opts: { config: { private: boolean } }): RealtimeChannelLike;
  removeChannel(channel: RealtimeChannelLike): Promise<unknown>;
  realtime: { setAuth(token?: string | null): Promise<void> };
}

// ---------------------------------------------------------------------------------------------
// The registry: one channel per topic, however many listeners.

/** One live entity: declared once (in the feature's atoms.ts) and shared by every listener. */
export interface LiveSource<T extends Row> {
  /** The table: the topic is `tenant:<tenantId>:<entity>`, as the table's broadcast trigger names it. */
  readonly entity: string;
  /** Reads the rows the caller may see (RLS applies); called on start and after every (re)join. */
  fetch(tenantId: string): Promise<readonly T[]>;
  /** Checks a broadcast record (e.g. a zod schema's parse); defaults to `parseRow`. */
  parse?(record: unknown): T;
  /**
   * The filtered read's membership (a working set rather than the whole table): a broadcast row it
   * refuses is removed instead of upserted, as it has left the set `fetch` reads.
   */
  keep?(row: T): boolean;
}

export interface LiveTopic<T extends Row> {
  readonly topic: string;
  readonly rows: Atom<Rows<T>>;
  readonly state: Atom<ConnectionState>;
  /** The last join, fetch or decode failure; null again once the topic is live and read. */
  readonly error: Atom<Error | null>;
  /** A read of the rows is in flight or waiting for the join: with no rows yet, the list is loading rather than empty. */
  readonly fetching: Atom<boolean>;
  /**
   * The ids the database deleted while the topic was listened to (the latest DELETED_KEPT), whether
   * or not they were among the rows: a change feed (rows never read) learns of a deletion here.
   */
  readonly deleted: Atom<ReadonlySet<string>>;
}

/** How many deleted ids a topic remembers: enough for any burst a screen takes in between two renders. */
export const DELETED_KEPT = 500;

/** The ids with one more deleted id, the oldest forgotten past DELETED_KEPT; the same set when already there. */
export function withDeleted(ids: ReadonlySet<string>, id: string): ReadonlySet<string> {
  if (ids.has(id)) return ids;
  const next = [...ids, id];
  return new Set(next.length > DELETED_KEPT ? next.slice(next.length - DELETED_KEPT) : next);
}

export interface LiveRegistry {
  /** The atoms of a topic: the same objects for the registry's life, so render can read them. */
  topic<T extends Row>(source: LiveSource<T>, tenantId: string): LiveTopic<T>;
  /** Starts listening; returns the release. The channel is left once the last listener releases. */
  acquire<T extends Row>(source: LiveSource<T>, tenantId: string): () => void;
  /** Reads a listened-to topic's rows again (a Retry after a failed read); no-op without listeners. */
  refetch<T extends Row>(source: LiveSource<T>, tenantId: string): void;
  /** Leaves every channel (sign-out, tests). */
  dispose(): Promise<void>;
}

export interface LiveRegistryOptions {
  /** How long a topic without listeners keeps its channel, so a remount (StrictMode, navigation) does not rejoin. Default 0. */
  lingerMs?: number;
  /** Delay before rejoining after the server closed the channel (not after socket drops: realtime-js rejoins those itself). */
  rejoinDelayMs?: (attempt: number) => number;
  /** How long a topic's first read waits for its channel's join before reading anyway. Default 1000. */
  firstReadWaitMs?: number;
}

export function tenantTopic(tenantId: string, entity: string): string {
  return `tenant:${tenantId}:${entity}`;
}

/**
 * One source's view of a topic: its own read (the whole table, or a filtered working set) and its
 * own rows, fed by the topic's one channel (realtime-js hands out one channel per topic, so two
 * screens reading the same entity differently share it).
 */
interface TopicEntry<T extends Row> {
  readonly topic: string;
  readonly tenantId: string;
  readonly source: LiveSource<T>;
  readonly rows: PrimitiveAtom<Rows<T>>;
  readonly state: PrimitiveAtom<ConnectionState>;
  readonly error: PrimitiveAtom<Error | null>;
  readonly fetching: PrimitiveAtom<boolean>;
  readonly deleted: PrimitiveAtom<ReadonlySet<string>>;
  refs: number;
  lingerTimer: ReturnType<typeof setTimeout> | null;
  /** Bumped on every fetch and leave: only the latest fetch's result is applied. */
  fetchGeneration: number;
  /** Changes received while a fetch is in flight, replayed over its result. */
  queue: RowChange<T>[] | null;
  /** The generation of the read in flight, if any. */
  reading: number | null;
  /** Another read was asked for while one was in flight: it starts when that one lands. */
  readAgain: boolean;
  /** The first read is waiting for the channel's join (see the module's comment); its fallback timer. */
  joinWait: ReturnType<typeof setTimeout> | null;
}

/** A topic's channel, shared by the sources listening to it. */
interface ChannelHub {
  readonly topic: string;
  readonly entries: Map<LiveSource<Row>, TopicEntry<Row>>;
  /** The entries with listeners (or lingering): the channel is joined while there is one. */
  readonly members: Set<TopicEntry<Row>>;
  channel: RealtimeChannelLike | null;
  /** A join was started and not left (the channel may still be awaiting setAuth). */
  joined: boolean;
  /** The last status of the current channel. */
  subscribed: boolean;
  /** Bumped on every join and leave, so a join still awaiting setAuth after a leave gives up. */
  joinGeneration: number;
  /** Resolves once the previous channel of this topic is removed: realtime-js hands out an existing channel by topic. */
  leaving: Promise<void>;
  rejoinTimer: ReturnType<typeof setTimeout> | null;
  rejoinAttempts: number;
}

const EMPTY_ROWS: Rows<Row> = PersistentRows.empty();

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

export function createLiveRegistry(client: RealtimeClientLike, store: Store, options: LiveRegistryOptions = {}): LiveRegistry {
  const lingerMs = options.lingerMs ?? 0;
  const rejoinDelayMs = options.rejoinDelayMs ?? ((attempt: number) => Math.min(1000 * attempt, 10_000));
  const firstReadWaitMs = options.firstReadWaitMs ?? 1000;
  const hubs = new Map<string, ChannelHub>();
  let disposals = 0;

  function hubFor(topic: string): ChannelHub {
    let hub = hubs.get(topic);
    if (!hub) {
      hub = {
        topic,
        entries: new Map(),
        members: new Set(),
        channel: null,
        joined: false,
        subscribed: false,
        joinGeneration: 0,
        leaving: Promise.resolve(),
        rejoinTimer: null,
        rejoinAttempts: 0,
      };
      hubs.set(topic, hub);
    }
    return hub;
  }

  function entryFor<T extends Row>(source: LiveSource<T>, tenantId: string): TopicEntry<T> {
    const topic = tenantTopic(tenantId, source.entity);
    const hub = hubFor(topic);
    const existing = hub.entries.get(source as unknown as LiveSource<Row>);
    if (existing) return existing as unknown as TopicEntry<T>;
    const entry: TopicEntry<T> = {
      topic,
      tenantId,
      source,
      rows: atom<Rows<T>>(EMPTY_ROWS as Rows<T>),
      state: atom<ConnectionState>('offline'),
      error: atom<Error | null>(null),
      fetching: atom(false),
      deleted: atom<ReadonlySet<string>>(new Set<string>()),
      refs: 0,
      lingerTimer: null,
      fetchGeneration: 0,
      queue: null,
      reading: null,
      readAgain: false,
      joinWait: null,
    };
    hub.entries.set(source as unknown as LiveSource<Row>, entry as unknown as TopicEntry<Row>);
    return entry;
  }

  /** A source's `keep` turns an upsert of a row that left its working set into a removal. */
  function filtered<T extends Row>(entry: TopicEntry<T>, change: RowChange<T>): RowChange<T> {
    if (change.op === 'upsert' && entry.source.keep && !entry.source.keep(change.row)) return { op: 'delete', id: change.row.id };
    return change;
  }

  function applyChange<T extends Row>(entry: TopicEntry<T>, change: RowChange<T>): void {
    if (change.op === 'delete' && change.deleted) store.set(entry.deleted, withDeleted(store.get(entry.deleted), change.id));
    if (entry.queue) entry.queue.push(change);
    else store.set(entry.rows, applyRowChange(store.get(entry.rows), change));
  }

  /**
   * Reads the rows again. A read already in flight is not thrown away for a newer one (the join's
   * read following the first one, a reconnect): its rows are shown when they come, then the topic is
   * read once more, so a screen shows data after one read, not after the slower of two racing ones.
   */
  function refetch<T extends Row>(entry: TopicEntry<T>): void {
    if (entry.reading !== null && entry.reading === entry.fetchGeneration) {
      entry.readAgain = true;
      return;
    }
    const generation = ++entry.fetchGeneration;
    entry.reading = generation;
    entry.readAgain = false;
    entry.queue ??= [];
    store.set(entry.fetching, true);
    let request: Promise<readonly T[]>;
    try {
      request = entry.source.fetch(entry.tenantId);
    } catch (error) {
      request = Promise.reject(toError(error));
    }
    const settle = (rows: Rows<T>, error: Error | null) => {
      for (const change of entry.queue ?? []) rows = applyRowChange(rows, change);
      entry.queue = null;
      entry.reading = null;
      store.set(entry.rows, rows);
      if (entry.readAgain) {
        refetch(entry);
        return;
      }
      store.set(entry.fetching, false);
      if (error) store.set(entry.error, error);
      else if (store.get(entry.state) === 'live') store.set(entry.error, null);
    };
    request.then(
      (list) => {
        if (generation !== entry.fetchGeneration) return;
        settle(reuseRows(store.get(entry.rows), list), null);
      },
      (reason: unknown) => {
        if (generation !== entry.fetchGeneration) return;
        settle(store.get(entry.rows), toError(reason));
      },
    );
  }

  function onStatus(hub: ChannelHub, channel: RealtimeChannelLike, status: ChannelStatus, err?: Error): void {
    if (hub.channel !== channel) return;
    hub.subscribed = status === 'SUBSCRIBED';
    if (status === 'SUBSCRIBED') hub.rejoinAttempts = 0;
    for (const entry of hub.members) {
      const next = nextConnectionState(store.get(entry.state), status);
      store.set(entry.state, next.state);
      if (err) store.set(entry.error, err);
      else if (status === 'TIMED_OUT') store.set(entry.error, new Error(`joining ${hub.topic} timed out`));
      // A first read waiting for the join reads now: live on SUBSCRIBED, and anyway when the join failed.
      if (stopWaitingForJoin(entry) || next.refetch) refetch(entry);
    }
    // CHANNEL_ERROR and TIMED_OUT: realtime-js rejoins by itself. CLOSED while still listened
    // to means the server ended the subscription (e.g. the token lost access): join afresh.
    if (status === 'CLOSED') {
      hub.channel = null;
      hub.rejoinAttempts += 1;
      hub.rejoinTimer = setTimeout(() => {
        hub.rejoinTimer = null;
        if (hub.members.size > 0) void join(hub);
      }, rejoinDelayMs(hub.rejoinAttempts));
    }
  }

  async function join(hub: ChannelHub): Promise<void> {
    const generation = ++hub.joinGeneration;
    hub.joined = true;
    await hub.leaving;
    try {
      // The join carries the realtime client's token: make it the signed-in user's current one.
      await client.realtime.setAuth();
    } catch (error) {
      for (const entry of hub.members) store.set(entry.error, toError(error));
    }
    if (generation !== hub.joinGeneration || hub.members.size === 0) return;
    let channel: RealtimeChannelLike;
    try {
      channel = client.channel(hub.topic, { config: { private: true } });
      const listener = (message: BroadcastMessage) => {
        if (hub.channel !== channel) return;
        for (const entry of hub.members) {
          const parse = entry.source.parse?.bind(entry.source) ?? parseRow;
          let change: RowChange<Row> | null;
          try {
            change = rowChangeFromBroadcast(message, parse);
          } catch (error) {
            store.set(entry.error, toError(error));
            continue;
          }
          if (change) applyChange(entry, filtered(entry, change));
        }
      };
      for (const event of ROW_CHANGE_EVENTS) channel.on('broadcast', { event }, listener);
      hub.channel = channel;
      hub.subscribed = false;
      channel.subscribe((status, err) => onStatus(hub, channel, status, err));
    } catch (error) {
      for (const entry of hub.members) {
        store.set(entry.state, 'offline');
        store.set(entry.error, toError(error));
        if (stopWaitingForJoin(entry)) refetch(entry);
      }
    }
  }

  function leaveHub(hub: ChannelHub): void {
    hub.joinGeneration += 1;
    hub.joined = false;
    hub.subscribed = false;
    if (hub.rejoinTimer) clearTimeout(hub.rejoinTimer);
    hub.rejoinTimer = null;
    hub.rejoinAttempts = 0;
    const channel = hub.channel;
    hub.channel = null;
    if (channel) {
      hub.leaving = hub.leaving.then(() => client.removeChannel(channel)).then(
        () => undefined,
        () => undefined,
      );
    }
  }

  /** Ends a first read's wait for the join; true if it was waiting (the caller reads now). */
  function stopWaitingForJoin<T extends Row>(entry: TopicEntry<T>): boolean {
    if (entry.joinWait === null) return false;
    clearTimeout(entry.joinWait);
    entry.joinWait = null;
    return true;
  }

  function leave<T extends Row>(entry: TopicEntry<T>): void {
    stopWaitingForJoin(entry);
    const hub = hubFor(entry.topic);
    hub.members.delete(entry as unknown as TopicEntry<Row>);
    if (hub.members.size === 0) leaveHub(hub);
    entry.fetchGeneration += 1;
    entry.queue = null;
    entry.reading = null;
    entry.readAgain = false;
    // Nobody shows these rows now; the next listener reads them afresh.
    store.set(entry.rows, EMPTY_ROWS as Rows<T>);
    store.set(entry.state, 'offline');
    store.set(entry.error, null);
    store.set(entry.fetching, false);
  }

  function acquire<T extends Row>(source: LiveSource<T>, tenantId: string): () => void {
    const entry = entryFor(source, tenantId);
    entry.refs += 1;
    if (entry.lingerTimer) {
      clearTimeout(entry.lingerTimer);
      entry.lingerTimer = null;
    } else if (entry.refs === 1) {
      const hub = hubFor(entry.topic);
      hub.members.add(entry as unknown as TopicEntry<Row>);
      // Another source of the topic may have joined already: this one reads now and is as live as the
      // channel. Otherwise the read waits for the join (see the module's comment), a loading list meanwhile.
      if (hub.channel && hub.subscribed) {
        store.set(entry.state, 'live');
        refetch(entry);
      } else {
        store.set(entry.state, 'connecting');
        store.set(entry.fetching, true);
        entry.joinWait = setTimeout(() => {
          entry.joinWait = null;
          refetch(entry);
        }, firstReadWaitMs);
      }
      if (!hub.joined) void join(hub);
    }
    const epoch = disposals;
    let released = false;
    return () => {
      // A release from before dispose() must not count against listeners acquired after it.
      if (released || epoch !== disposals) return;
      released = true;
      entry.refs -= 1;
      if (entry.refs > 0) return;
      entry.lingerTimer = setTimeout(() => {
        entry.lingerTimer = null;
        if (entry.refs === 0) leave(entry);
      }, lingerMs);
    };
  }

  return {
    topic: (source, tenantId) => {
      const entry = entryFor(source, tenantId);
      return { topic: entry.topic, rows: entry.rows, state: entry.state, error: entry.error, fetching: entry.fetching, deleted: entry.deleted };
    },
    acquire,
    refetch: (source, tenantId) => {
      const entry = entryFor(source, tenantId);
      if (entry.refs > 0) refetch(entry);
    },
    dispose: async () => {
      disposals += 1;
      for (const hub of hubs.values()) {
        for (const entry of hub.entries.values()) {
          if (entry.lingerTimer) clearTimeout(entry.lingerTimer);
          entry.lingerTimer = null;
          entry.refs = 0;
          if (hub.members.has(entry)) leave(entry);
        }
        leaveHub(hub);
      }
      await Promise.all([...hubs.values()].map((hub) => hub.leaving));
    },
  };
}
