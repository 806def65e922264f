import { atom, type Atom, type PrimitiveAtom, type createStore } from 'jotai/vanilla';

/**
 * Live data: database triggers broadcast row changes (`realtime.broadcast_changes`) to private
 * per-tenant topics `tenant:<tenantId>:<entity>`; this module joins a topic and keeps a jotai
 * atom of the rows keyed by id in step with them. It is framework-free (the React hook is in
 * use-live-collection.ts) and imports only packages, so the conformance suite can drive it with
 * a real supabase-js client and a plain jotai store.
 *
 * Why every (re)subscribe refetches: broadcast has no replay, so a change committed while the
 * channel was not joined (before the first join, or while the socket was down) is only seen by
 * reading the table again. Changes that arrive while that read is in flight are queued and
 * replayed on top of its result, so a slow read never overwrites a newer change.
 */

export type Store = ReturnType<typeof createStore>;

export interface Row {
  id: string;
}

/** Rows keyed by id; a new map on every change, so atoms and React see it. */
export type Rows<T extends Row> = ReadonlyMap<string, T>;

export type RowChange<T extends Row> = { op: 'upsert'; row: T } | { op: 'delete'; id: string };

export type ConnectionState = 'connecting' | 'live' | 'offline';

// ---------------------------------------------------------------------------------------------
// The reducer.

export function rowsFromList<T extends Row>(list: readonly T[]): Rows<T> {
  return new Map(list.map((row) => [row.id, row]));
}

/** Applies one change; returns the same map when nothing changes (a delete of an unknown id). */
export function applyRowChange<T extends Row>(rows: Rows<T>, change: RowChange<T>): Rows<T> {
  if (change.op === 'delete') {
    if (!rows.has(change.id)) return rows;
    const next = new Map(rows);
    next.delete(change.id);
    return next;
  }
  if (rows.get(change.row.id) === change.row) return rows;
  return new Map(rows).set(change.row.id, change.row);
}

// ---------------------------------------------------------------------------------------------
// Decoding what realtime-js hands to a broadcast listener.

/** The events `realtime.broadcast_changes(topic, TG_OP, TG_OP, ...)` sends: the trigger's TG_OP. */
export const ROW_CHANGE_EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type RowChangeEvent = (typeof ROW_CHANGE_EVENTS)[number];

/**
 * What a broadcast listener receives: `{type: 'broadcast', event, payload, meta?}`, where a
 * database broadcast's payload is `{schema, table, operation, record, old_record, id}`.
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

/** The row change a database broadcast describes, or null when the message is not one. */
export function rowChangeFromBroadcast<T extends Row>(message: BroadcastMessage, parse: (record: unknown) => T = parseRow): RowChange<T> | null {
  const payload = message.payload;
  if (!isObject(payload)) return null;
  const operation = typeof payload.operation === 'string' ? payload.operation : message.event;
  if (operation === 'INSERT' || operation === 'UPDATE') return { op: 'upsert', row: parse(payload.record) };
  if (operation === 'DELETE') {
    const old = payload.old_record;
    if (!isObject(old) || typeof old.id !== 'string') throw new Error('a live delete needs old_record.id');
    return { op: 'delete', id: old.id };
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
}

export interface LiveTopic<T extends Row> {
  readonly topic: string;
  readonly rows: Atom<Rows<T>>;
  readonly state: Atom<ConnectionState>;
  /** The last join, fetch or decode failure; null again once the topic is live and read. */
  readonly error: Atom<Error | null>;
  /** A read of the rows is in flight: with no rows yet, the list is loading rather than empty. */
  readonly fetching: Atom<boolean>;
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
}

export function tenantTopic(tenantId: string, entity: string): string {
  return `tenant:${tenantId}:${entity}`;
}

interface TopicEntry<T extends Row> {
  readonly topic: string;
  readonly tenantId: string;
  readonly source: LiveSource<T>;
  readonly rows: PrimitiveAtom<Rows<T>>;
  readonly state: PrimitiveAtom<ConnectionState>;
  readonly error: PrimitiveAtom<Error | null>;
  readonly fetching: PrimitiveAtom<boolean>;
  refs: number;
  channel: RealtimeChannelLike | null;
  /** Bumped on every join and leave, so a join still awaiting setAuth after a leave gives up. */
  joinGeneration: number;
  /** Resolves once the previous channel of this topic is removed: realtime-js hands out an existing channel by topic. */
  leaving: Promise<void>;
  lingerTimer: ReturnType<typeof setTimeout> | null;
  rejoinTimer: ReturnType<typeof setTimeout> | null;
  rejoinAttempts: number;
  /** Bumped on every fetch and leave: only the latest fetch's result is applied. */
  fetchGeneration: number;
  /** Changes received while a fetch is in flight, replayed over its result. */
  queue: RowChange<T>[] | null;
}

const EMPTY_ROWS: Rows<Row> = new Map();

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

export function createLiveRegistry(client: RealtimeClientLike, store: Store, options: LiveRegistryOptions = {}): LiveRegistry {
  const lingerMs = options.lingerMs ?? 0;
  const rejoinDelayMs = options.rejoinDelayMs ?? ((attempt: number) => Math.min(1000 * attempt, 10_000));
  const entries = new Map<string, TopicEntry<Row>>();
  let disposals = 0;

  function entryFor<T extends Row>(source: LiveSource<T>, tenantId: string): TopicEntry<T> {
    const topic = tenantTopic(tenantId, source.entity);
    const existing = entries.get(topic);
    if (existing) {
      if (existing.source !== source) throw new Error(`two live sources for one topic (${topic}): declare each entity's source once`);
      return existing as unknown as TopicEntry<T>;
    }
    const entry: TopicEntry<T> = {
      topic,
      tenantId,
      source,
      rows: atom<Rows<T>>(EMPTY_ROWS as Rows<T>),
      state: atom<ConnectionState>('offline'),
      error: atom<Error | null>(null),
      fetching: atom(false),
      refs: 0,
      channel: null,
      joinGeneration: 0,
      leaving: Promise.resolve(),
      lingerTimer: null,
      rejoinTimer: null,
      rejoinAttempts: 0,
      fetchGeneration: 0,
      queue: null,
    };
    entries.set(topic, entry as unknown as TopicEntry<Row>);
    return entry;
  }

  function applyChange<T extends Row>(entry: TopicEntry<T>, change: RowChange<T>): void {
    if (entry.queue) entry.queue.push(change);
    else store.set(entry.rows, applyRowChange(store.get(entry.rows), change));
  }

  function refetch<T extends Row>(entry: TopicEntry<T>): void {
    const generation = ++entry.fetchGeneration;
    entry.queue ??= [];
    store.set(entry.fetching, true);
    let request: Promise<readonly T[]>;
    try {
      request = entry.source.fetch(entry.tenantId);
    } catch (error) {
      request = Promise.reject(toError(error));
    }
    request.then(
      (list) => {
        if (generation !== entry.fetchGeneration) return;
        let rows = rowsFromList(list);
        for (const change of entry.queue ?? []) rows = applyRowChange(rows, change);
        entry.queue = null;
        store.set(entry.rows, rows);
        store.set(entry.fetching, false);
        if (store.get(entry.state) === 'live') store.set(entry.error, null);
      },
      (reason: unknown) => {
        if (generation !== entry.fetchGeneration) return;
        let rows = store.get(entry.rows);
        for (const change of entry.queue ?? []) rows = applyRowChange(rows, change);
        entry.queue = null;
        store.set(entry.rows, rows);
        store.set(entry.fetching, false);
        store.set(entry.error, toError(reason));
      },
    );
  }

  function onStatus<T extends Row>(entry: TopicEntry<T>, channel: RealtimeChannelLike, status: ChannelStatus, err?: Error): void {
    if (entry.channel !== channel) return;
    const next = nextConnectionState(store.get(entry.state), status);
    store.set(entry.state, next.state);
    if (status === 'SUBSCRIBED') entry.rejoinAttempts = 0;
    if (err) store.set(entry.error, err);
    else if (status === 'TIMED_OUT') store.set(entry.error, new Error(`joining ${entry.topic} timed out`));
    if (next.refetch) refetch(entry);
    // CHANNEL_ERROR and TIMED_OUT: realtime-js rejoins by itself. CLOSED while still listened
    // to means the server ended the subscription (e.g. the token lost access): join afresh.
    if (status === 'CLOSED') {
      entry.channel = null;
      entry.rejoinAttempts += 1;
      entry.rejoinTimer = setTimeout(() => {
        entry.rejoinTimer = null;
        if (entry.refs > 0) void join(entry);
      }, rejoinDelayMs(entry.rejoinAttempts));
    }
  }

  async function join<T extends Row>(entry: TopicEntry<T>): Promise<void> {
    const generation = ++entry.joinGeneration;
    await entry.leaving;
    try {
      // The join carries the realtime client's token: make it the signed-in user's current one.
      await client.realtime.setAuth();
    } catch (error) {
      store.set(entry.error, toError(error));
    }
    if (generation !== entry.joinGeneration || entry.refs === 0) return;
    const parse = entry.source.parse?.bind(entry.source) ?? parseRow<T>;
    let channel: RealtimeChannelLike;
    try {
      channel = client.channel(entry.topic, { config: { private: true } });
      const listener = (message: BroadcastMessage) => {
        if (entry.channel !== channel) return;
        let change: RowChange<T> | null;
        try {
          change = rowChangeFromBroadcast(message, parse);
        } catch (error) {
          store.set(entry.error, toError(error));
          return;
        }
        if (change) applyChange(entry, change);
      };
      for (const event of ROW_CHANGE_EVENTS) channel.on('broadcast', { event }, listener);
      entry.channel = channel;
      channel.subscribe((status, err) => onStatus(entry, channel, status, err));
    } catch (error) {
      store.set(entry.state, 'offline');
      store.set(entry.error, toError(error));
    }
  }

  function leave<T extends Row>(entry: TopicEntry<T>): void {
    entry.joinGeneration += 1;
    entry.fetchGeneration += 1;
    entry.queue = null;
    if (entry.rejoinTimer) clearTimeout(entry.rejoinTimer);
    entry.rejoinTimer = null;
    entry.rejoinAttempts = 0;
    const channel = entry.channel;
    entry.channel = null;
    if (channel) {
      entry.leaving = entry.leaving.then(() => client.removeChannel(channel)).then(
        () => undefined,
        () => undefined,
      );
    }
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
      store.set(entry.state, 'connecting');
      refetch(entry);
      void join(entry);
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
      return { topic: entry.topic, rows: entry.rows, state: entry.state, error: entry.error, fetching: entry.fetching };
    },
    acquire,
    refetch: (source, tenantId) => {
      const entry = entryFor(source, tenantId);
      if (entry.refs > 0) refetch(entry);
    },
    dispose: async () => {
      disposals += 1;
      for (const entry of entries.values()) {
        if (entry.lingerTimer) clearTimeout(entry.lingerTimer);
        entry.lingerTimer = null;
        entry.refs = 0;
        leave(entry);
      }
      await Promise.all([...entries.values()].map((entry) => entry.leaving));
    },
  };
}
