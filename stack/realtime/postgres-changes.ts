import type { StackContext } from '../http/service.ts';
import type { CallerIdentity } from './authorization.ts';
import { ChangeBindingError, createChangeFeed, type CapturedChange, type ChangeFeed, type ChangeSubscription } from './changes/index.ts';
import { encodeFastlaneJson, type Frame, type Vsn } from './protocol.ts';

/** One postgres_changes binding of a channel: the id echoed in the join reply and sent in `ids`. */
export interface ChangeBinding {
  readonly id: number;
  readonly sub: ChangeSubscription;
}

export interface ChangeSubscriber {
  readonly vsn: Vsn;
  readonly topic: string;
  readonly subTopic: string;
  readonly bindings: readonly ChangeBinding[];
  /** The caller as of now (the access token may have changed since the join). */
  identity(): CallerIdentity;
  send(frame: Frame): void;
  systemMessage(extension: string, status: 'ok' | 'error', message: string): void;
}

/**
 * The id Supabase gives a binding is :erlang.phash2 of its params (an integer below 2^27): the
 * same params always get the same id. Here: FNV-1a over the params' canonical JSON, in that range.
 */
export function bindingId(params: Record<string, unknown>): number {
  const canonical = JSON.stringify(Object.keys(params).sort().map((k) => [k, params[k]]));
  let h = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    h ^= canonical.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7ffffff;
}

export function subscriptionOf(params: Record<string, unknown>): ChangeSubscription {
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);
  const event = text(params.event, '*').toUpperCase();
  return {
    schema: text(params.schema, ''),
    table: text(params.table, '*'),
    event: event as ChangeSubscription['event'],
    ...(typeof params.filter === 'string' && params.filter !== '' ? { filter: params.filter } : {}),
  };
}

/** The data of a postgres_changes message as walrus shapes it (Realtime.Adapters.Changes.*Record). */
function changeJson(change: CapturedChange): string {
  const data: Record<string, unknown> = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commit_timestamp,
    type: change.type,
    columns: change.columns,
    errors: change.errors && change.errors.length > 0 ? change.errors : null,
  };
  if (change.type !== 'DELETE') data.record = change.record ?? {};
  if (change.type !== 'INSERT') data.old_record = change.old_record ?? {};
  return JSON.stringify(data);
}

const VALID_EVENTS = new Set(['INSERT', 'UPDATE', 'DELETE', '*']);

/** RLS checks of consecutive changes that may run at once (Postgres' pool has 10 connections). */
const MAX_CHECKS_IN_FLIGHT = 4;

/** A subscriber a change goes to if the verdict of its identity (`slot`) allows. */
interface Target {
  sub: ChangeSubscriber;
  ids: number[];
  slot: number;
}

/** A counting semaphore: at most `max` tasks run at once, the others start in arrival order. */
class Slots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * The socket side of postgres_changes: the change feed (stack/realtime/changes) captures and
 * authorizes, this module routes each change to the channels whose bindings match, after the RLS
 * check of each distinct subscriber identity (all of a change's checks in one database call), in
 * commit order.
 */
export class PostgresChanges {
  private feed: Promise<ChangeFeed> | null = null;
  private stopFeed: (() => void) | null = null;
  private readonly subscribers = new Set<ChangeSubscriber>();
  private queue: Promise<void> = Promise.resolve();
  private readonly slots = new Slots(MAX_CHECKS_IN_FLIGHT);

  constructor(private readonly ctx: StackContext) {}

  private getFeed(): Promise<ChangeFeed> {
    if (!this.feed) {
      this.feed = createChangeFeed(this.ctx).then((feed) => {
        this.stopFeed = feed.onChange((change) => {
          this.enqueue(feed, change);
        });
        return feed;
      });
      this.feed.catch(() => {
        this.feed = null;
      });
    }
    return this.feed;
  }

  /**
   * Validates and captures every binding, then starts delivering. Supabase answers the join first
   * and reports the subscription in a system message: 'Subscribed to PostgreSQL', or the error.
   */
  async subscribe(sub: ChangeSubscriber): Promise<boolean> {
    try {
      const feed = await this.getFeed();
      for (const b of sub.bindings) {
        if (!b.sub.schema) throw new ChangeBindingError('Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [schema is required]');
        if (!VALID_EVENTS.has(b.sub.event)) {
          throw new ChangeBindingError(`Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: ${b.sub.event}]. Exception: invalid event`);
        }
        await feed.prepare(b.sub);
      }
    } catch (e) {
      if (!(e instanceof ChangeBindingError)) this.ctx.log.error('realtime: postgres_changes subscription failed', e);
      sub.systemMessage('postgres_changes', 'error', e instanceof Error ? e.message : String(e));
      return false;
    }
    this.subscribers.add(sub);
    sub.systemMessage('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    return true;
  }

  unsubscribe(sub: ChangeSubscriber): void {
    this.subscribers.delete(sub);
  }

  /**
   * Matches the change against every binding now and starts its RLS checks (one database call for
   * all subscribers), but sends only after every earlier change was sent: checks of consecutive
   * changes overlap (on Postgres they run on different pool connections), delivery stays in commit
   * order. At most MAX_CHECKS_IN_FLIGHT checks run at once; later changes wait for a slot.
   */
  private enqueue(feed: ChangeFeed, change: CapturedChange): void {
    const check = this.slots.run(() => this.check(feed, change));
    // Its failure is reported when the queue reaches it, not as an unhandled rejection before.
    check.catch(() => {});
    this.queue = this.queue.then(async () => this.send(change, await check)).catch((e) => this.ctx.log.error('realtime: postgres_changes delivery failed', e));
  }

  private async check(feed: ChangeFeed, change: CapturedChange): Promise<Target[]> {
    const targets: Target[] = [];
    const byIdentity = new Map<string, number>();
    const identities: CallerIdentity[] = [];
    for (const sub of this.subscribers) {
      const ids = sub.bindings.filter((b) => feed.matches(b.sub, change)).map((b) => b.id);
      if (ids.length === 0) continue;
      const identity = sub.identity();
      // RLS depends only on role and claims: one check per distinct identity, not per subscriber.
      const key = identity.role + '\u0000' + JSON.stringify(identity.claims);
      let slot = byIdentity.get(key);
      if (slot === undefined) {
        slot = identities.length;
        byIdentity.set(key, slot);
        identities.push(identity);
      }
      targets.push({ sub, ids, slot });
    }
    if (targets.length === 0) return [];
    const verdicts = await feed.visibleToMany(identities, change);
    return targets.filter((t) => verdicts[t.slot] === true);
  }

  private send(change: CapturedChange, targets: Target[]): void {
    if (targets.length === 0) return;
    const data = changeJson(change);
    for (const t of targets) {
      if (!this.subscribers.has(t.sub)) continue;
      t.sub.send(encodeFastlaneJson(t.sub.vsn, t.sub.topic, 'postgres_changes', `{"ids":${JSON.stringify(t.ids)},"data":${data}}`));
    }
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    this.stopFeed?.();
    const feed = this.feed;
    this.feed = null;
    if (feed) await (await feed.catch(() => null))?.close();
  }
}
