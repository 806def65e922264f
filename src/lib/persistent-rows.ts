/**
 * An immutable map of rows by id whose changes cost a small part of its size.
 *
 * Live collections give atoms and React a new map on every change. Copying a `Map` costs about a
 * microsecond per entry in V8 (1.4 ms for the board's 2,000 deliveries), paid on every broadcast:
 * dozens a second on a busy tenant, the largest part of the board's main-thread time. Here the rows
 * are spread over SHARDS small maps by a hash of the id, and a change copies only its row's shard
 * and the array of shards. Snapshots stay immutable: an earlier value never sees a later change.
 *
 * It is a `ReadonlyMap`, so readers do not know the difference, except for the order of iteration:
 * shard by shard, each in insertion order (no reader relies on map order: lists sort what they show).
 */

const SHARDS = 64;
const EMPTY_SHARD: ReadonlyMap<string, never> = new Map<string, never>();

/** A cheap hash of an id's last characters (ids are UUIDs, whose tails are random; any string works). */
function shardOf(id: string): number {
  let hash = 0;
  for (let i = Math.max(0, id.length - 6); i < id.length; i += 1) hash = (hash * 31 + id.charCodeAt(i)) | 0;
  return (hash >>> 0) % SHARDS;
}

export class PersistentRows<T extends { id: string }> implements ReadonlyMap<string, T> {
  private constructor(
    private readonly shards: readonly ReadonlyMap<string, T>[],
    readonly size: number,
  ) {}

  static empty<T extends { id: string }>(): PersistentRows<T> {
    return new PersistentRows<T>(new Array<ReadonlyMap<string, T>>(SHARDS).fill(EMPTY_SHARD), 0);
  }

  /** The rows of a list by id (a later row with the same id wins, as in `new Map`). */
  static from<T extends { id: string }>(list: Iterable<T>): PersistentRows<T> {
    const shards = Array.from({ length: SHARDS }, () => new Map<string, T>());
    for (const row of list) shards[shardOf(row.id)]!.set(row.id, row);
    return new PersistentRows<T>(shards, shards.reduce((n, shard) => n + shard.size, 0));
  }

  get(id: string): T | undefined {
    return this.shards[shardOf(id)]!.get(id);
  }

  has(id: string): boolean {
    return this.shards[shardOf(id)]!.has(id);
  }

  /** A new value with `row` set (this one unchanged); `this` itself when the same object is already there. */
  with(row: T): PersistentRows<T> {
    const index = shardOf(row.id);
    const shard = this.shards[index]!;
    const before = shard.get(row.id);
    if (before === row) return this;
    const shards = [...this.shards];
    shards[index] = new Map(shard).set(row.id, row);
    return new PersistentRows(shards, before === undefined && !shard.has(row.id) ? this.size + 1 : this.size);
  }

  /** A new value without `id`; `this` itself when there is no such row. */
  without(id: string): PersistentRows<T> {
    const index = shardOf(id);
    const shard = this.shards[index]!;
    if (!shard.has(id)) return this;
    const next = new Map(shard);
    next.delete(id);
    const shards = [...this.shards];
    shards[index] = next;
    return new PersistentRows(shards, this.size - 1);
  }

  *entries(): MapIterator<[string, T]> {
    for (const shard of this.shards) yield* shard.entries();
  }

  *keys(): MapIterator<string> {
    for (const shard of this.shards) yield* shard.keys();
  }

  *values(): MapIterator<T> {
    for (const shard of this.shards) yield* shard.values();
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  forEach(callback: (value: T, key: string, map: ReadonlyMap<string, T>) => void, thisArg?: unknown): void {
    for (const shard of this.shards) for (const [key, value] of shard) callback.call(thisArg, value, key, this);
  }
}
