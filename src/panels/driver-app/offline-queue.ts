/**
 * The driver's actions, queued on the device so a dead zone never loses one. Every action carries
 * its own time (occurred_at: when the driver tapped, not when it reached the server) and an
 * idempotency key; the server applies a key once, so sending again after a lost answer is safe.
 * Actions are sent strictly in order (an upload before the delivery it proves, picked up before in
 * transit): a network failure stops the run and retries later; an answer that the server refused
 * drops that action and reports it, so one bad action never jams the queue.
 *
 * An action may be held (`notBefore`): the completion of a delivery waits 10 s on the device so
 * Undo is real; nothing behind a held action is sent before it.
 */

import type { ServerFieldError } from '../../lib/server-errors';

export type QueuedAction =
  | {
      kind: 'respond';
      id: string;
      group: string;
      deliveryId: string;
      assignmentId: string;
      accept: boolean;
      reason: string | null;
      occurredAt: string;
      notBefore?: number;
    }
  | {
      kind: 'transition';
      id: string;
      group: string;
      deliveryId: string;
      status: 'picked_up' | 'in_transit' | 'delivered' | 'failed';
      reason: string | null;
      note: string | null;
      lat: number | null;
      lng: number | null;
      proof: ProofPayload | null;
      occurredAt: string;
      notBefore?: number;
    }
  | {
      kind: 'arrival';
      id: string;
      group: string;
      deliveryId: string;
      stop: 'pickup' | 'dropoff';
      lat: number | null;
      lng: number | null;
      occurredAt: string;
      notBefore?: number;
    }
  | {
      kind: 'upload';
      id: string;
      group: string;
      deliveryId: string;
      path: string;
      file: Blob;
      contentType: string;
      occurredAt: string;
      notBefore?: number;
    };

export interface ProofPayload {
  signature_url?: string;
  photo_urls?: string[];
  recipient_name?: string;
  notes?: string;
}

/** Where the queue lives between page loads (IndexedDB in the app, memory in tests). */
export interface QueueStore {
  load(): Promise<QueuedAction[]>;
  save(actions: QueuedAction[]): Promise<void>;
}

/** What the server said: `transient` failures (no connection, 5xx, 408, 429) are retried, others are final. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    /** The database's problems, each with its stable key where the server gave one (shown in the driver's language). */
    readonly details: ServerFieldError[] = [],
  ) {
    super(message);
    this.name = 'SendError';
  }
}

/** A failure is transient unless it is a SendError that says otherwise (a thrown TypeError is a lost connection). */
export function isTransient(error: unknown): boolean {
  return error instanceof SendError ? error.transient : true;
}

export interface QueueOptions {
  store: QueueStore;
  send: (action: QueuedAction) => Promise<void>;
  /** Called after every change of the queue (for the screen). */
  onChange?: (actions: readonly QueuedAction[]) => void;
  /** An action the server refused: dropped from the queue. */
  onRejected?: (action: QueuedAction, error: unknown) => void;
  /** Called once the server has applied an action, just before it leaves the queue. */
  onSent?: (action: QueuedAction) => void;
  now?: () => number;
  /** Delay before retrying after the n-th consecutive network failure. */
  retryDelayMs?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface ActionQueue {
  /** Reads the stored queue (after a reload) and starts sending. */
  start(): Promise<void>;
  /** Appends actions (in order) and starts sending. */
  enqueue(actions: QueuedAction[]): Promise<void>;
  /** Removes every not yet sent action of a group (Undo). Returns whether any was still there. */
  cancelGroup(group: string): Promise<boolean>;
  /** Sends what may be sent now, in order; resolves when the run stops. */
  flush(): Promise<void>;
  /** Sends held actions of a group now (the driver does not want to wait for the Undo window). */
  release(group: string): Promise<void>;
  actions(): readonly QueuedAction[];
  stop(): void;
}

export function defaultRetryDelay(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
}

export function createActionQueue(options: QueueOptions): ActionQueue {
  const now = options.now ?? Date.now;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelay;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let items: QueuedAction[] = [];
  let loaded = false;
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let timer: unknown = null;
  let stopped = false;
  // Writes to the store are chained so an older snapshot never lands after a newer one.
  let saving: Promise<void> = Promise.resolve();

  function changed(): Promise<void> {
    const snapshot = items.slice();
    options.onChange?.(snapshot);
    saving = saving.then(() => options.store.save(snapshot)).catch(() => undefined);
    return saving;
  }

  async function ensureLoaded(): Promise<void> {
    if (loaded) return;
    loaded = true;
    const stored = await options.store.load().catch(() => [] as QueuedAction[]);
    const known = new Set(items.map((item) => item.id));
    items = [...stored.filter((item) => !known.has(item.id)), ...items];
    options.onChange?.(items.slice());
  }

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, ms);
  }

  async function run(): Promise<void> {
    await ensureLoaded();
    while (!stopped && items.length > 0) {
      const head = items[0]!;
      if (head.notBefore !== undefined && head.notBefore > now()) {
        schedule(head.notBefore - now());
        return;
      }
      try {
        await options.send(head);
      } catch (error) {
        if (isTransient(error)) {
          failures += 1;
          schedule(retryDelayMs(failures));
          return;
        }
        failures = 0;
        items = items.filter((item) => item.id !== head.id);
        await changed();
        options.onRejected?.(head, error);
        continue;
      }
      failures = 0;
      // Told before the action leaves the list, in the same tick: the screen keeps showing it as
      // applied until it has read the server's rows again (never the step before for a moment).
      options.onSent?.(head);
      items = items.filter((item) => item.id !== head.id);
      await changed();
    }
  }

  function flush(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    if (timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    running = (async () => {
      do {
        again = false;
        await run();
      } while (again && !stopped && timer === null);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    async start() {
      stopped = false;
      await ensureLoaded();
      await flush();
    },
    async enqueue(actions) {
      await ensureLoaded();
      items = [...items, ...actions];
      await changed();
      void flush();
    },
    async cancelGroup(group) {
      await ensureLoaded();
      // The head may be on its way to the server: only what has not started is cancelled.
      const inFlight = running ? items[0]?.id : undefined;
      const before = items.length;
      items = items.filter((item) => item.group !== group || item.id === inFlight);
      if (items.length === before) return false;
      await changed();
      return true;
    },
    async release(group) {
      await ensureLoaded();
      items = items.map((item) => (item.group === group && item.notBefore !== undefined ? { ...item, notBefore: undefined } : item));
      await changed();
      await flush();
    },
    flush,
    actions: () => items.slice(),
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

/** A new idempotency key: the server's format is 8 to 100 of [A-Za-z0-9_.:-]. */
export function newActionId(): string {
  return `drv:${crypto.randomUUID()}`;
}
