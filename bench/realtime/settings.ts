/**
 * How much the realtime bench measures. Every loop is bounded by a count and a time budget; the
 * full profile keeps a two-backend run under about four minutes on 2 cores, `--quick` is a smoke
 * run of the bench itself.
 */
export interface RealtimeBenchSettings {
  /** supabase-js clients (one websocket each), all on one topic or table. */
  subscribers: number;
  /** The load of (a) and (b): changes committed per second, for loadMs. */
  loadRate: number;
  loadMs: number;
  /** After the writer stops: how long messages may still arrive before the missing ones count as too late. */
  loadDrainMs: number;
  /** The raw NOTIFY round trip: paced at floorRate for floorMs. */
  floorRate: number;
  floorMs: number;
  /** Before measuring: a few changes that every subscriber must receive (JIT, caches; a barrier behind any backlog). */
  warmupRate: number;
  warmupMs: number;
  warmupWaitMs: number;
  /** (c): rates stepped up, stepMs each, until p99 passes the limit or the last (the cap) passes. */
  broadcastSteps: number[];
  changesSteps: number[];
  stepMs: number;
  stepDrainMs: number;
  /** A step is sustained when p99 stays at or below this and the writer achieved at least minAchievedRatio of the rate. */
  stepP99LimitMs: number;
  minAchievedRatio: number;
  /** Inserts in flight at once (separate connections on Postgres; PGlite serializes them anyway). */
  writerConcurrency: number;
  joinTimeoutMs: number;
  /**
   * (d) fan-out: this many protocol subscribers on one private topic (each its own user, each join
   * checked by the topic's RLS), the writer at fanoutRate database broadcasts/s for fanoutMs.
   */
  fanoutSubscribers: number;
  fanoutRate: number;
  fanoutMs: number;
  fanoutDrainMs: number;
}

export const FULL: RealtimeBenchSettings = {
  subscribers: 100,
  loadRate: 200,
  loadMs: 10_000,
  loadDrainMs: 5_000,
  floorRate: 200,
  floorMs: 2_000,
  warmupRate: 20,
  warmupMs: 1_000,
  warmupWaitMs: 20_000,
  broadcastSteps: [200, 400, 800, 1600, 2400, 3200, 4000, 4800, 6400],
  changesSteps: [10, 20, 40, 80, 160, 240, 320, 400, 480, 640],
  stepMs: 3_000,
  stepDrainMs: 2_000,
  stepP99LimitMs: 100,
  minAchievedRatio: 0.9,
  writerConcurrency: 8,
  joinTimeoutMs: 30_000,
  fanoutSubscribers: 1_000,
  fanoutRate: 20,
  fanoutMs: 10_000,
  fanoutDrainMs: 5_000,
};

export const QUICK: RealtimeBenchSettings = {
  ...FULL,
  subscribers: 20,
  loadMs: 2_000,
  loadDrainMs: 2_000,
  floorMs: 1_000,
  warmupMs: 500,
  broadcastSteps: [200, 800],
  changesSteps: [10, 40],
  stepMs: 1_000,
  stepDrainMs: 1_000,
  fanoutSubscribers: 200,
  fanoutMs: 2_000,
  fanoutDrainMs: 2_000,
};

/** The targets, on Postgres. */
export const BROADCAST_P99_TARGET_MS = 50;
export const SUSTAINED_RATIO_TARGET = 10;
/** (d): commit to each of 1,000 subscribers of one tenant topic at 20 broadcasts/s, none lost. */
export const FANOUT_P99_TARGET_MS = 50;
