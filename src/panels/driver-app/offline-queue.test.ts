import { describe, expect, it } from 'vitest';
import { createActionQueue, newActionId, SendError, type QueuedAction, type QueueStore } from './offline-queue';

function memoryStore(initial: QueuedAction[] = []): QueueStore & { saved: QueuedAction[] } {
  const store = {
    saved: initial,
    load: async () => store.saved.slice(),
    save: async (actions: QueuedAction[]) => {
      store.saved = actions.slice();
    },
  };
  return store;
}

function transition(id: string, status: 'picked_up' | 'in_transit' | 'delivered' | 'failed', extra: Partial<QueuedAction> = {}): QueuedAction {
  return { kind: 'transition', id, group: id, deliveryId: 'd1', status, reason: null, note: null, lat: null, lng: null, proof: null, occurredAt: '2026-11-25T10:00:00.000Z', ...extra } as QueuedAction;
}

/** Timers the test fires by hand: no waiting on the clock. */
function manualTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  return {
    pending,
    setTimer: (fn: () => void, ms: number) => {
      const entry = { fn, ms };
      pending.push(entry);
      return entry;
    },
    clearTimer: (timer: unknown) => {
      const index = pending.indexOf(timer as { fn: () => void; ms: number });
      if (index >= 0) pending.splice(index, 1);
    },
    fire() {
      const next = pending.shift();
      next?.fn();
    },
  };
}

describe('the offline action queue', () => {
  it('sends actions in the order they were taken, each once, and empties the stored queue', async () => {
    const sent: string[] = [];
    const store = memoryStore();
    const queue = createActionQueue({ store, send: async (a) => void sent.push(a.id) });
    await queue.enqueue([transition('a', 'picked_up'), transition('b', 'in_transit')]);
    await queue.enqueue([transition('c', 'delivered')]);
    await queue.flush();
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(queue.actions()).toEqual([]);
    expect(store.saved).toEqual([]);
  });

  it('tells of an applied action before it leaves the list, so the screen never shows it neither queued nor applied', async () => {
    const log: string[] = [];
    const queue = createActionQueue({
      store: memoryStore(),
      send: async () => undefined,
      onSent: (action) => log.push(`sent ${action.id}`),
      onChange: (actions) => log.push(`list ${actions.map((a) => a.id).join(',')}`),
    });
    await queue.enqueue([transition('a', 'picked_up')]);
    await queue.flush();
    expect(log).toEqual(['list ', 'list a', 'sent a', 'list ']);
  });

  it('keeps everything when the connection is down and retries in order later with the same keys and times', async () => {
    const timers = manualTimers();
    let online = false;
    const attempts: { id: string; occurredAt: string }[] = [];
    const store = memoryStore();
    const queue = createActionQueue({
      store,
      ...timers,
      retryDelayMs: (n) => n * 1000,
      send: async (a) => {
        attempts.push({ id: a.id, occurredAt: a.occurredAt });
        if (!online) throw new TypeError('Failed to fetch');
      },
    });
    await queue.enqueue([transition('a', 'picked_up', { occurredAt: '2026-11-25T09:00:00.000Z' }), transition('b', 'in_transit', { occurredAt: '2026-11-25T09:05:00.000Z' })]);
    await queue.flush();
    // Only the head was tried: b never overtakes a.
    expect(attempts.map((a) => a.id)).toEqual(['a']);
    expect(store.saved.map((a) => a.id)).toEqual(['a', 'b']);
    expect(timers.pending.map((t) => t.ms)).toEqual([1000]);

    timers.fire();
    await queue.flush();
    expect(timers.pending.map((t) => t.ms)).toEqual([2000]);

    online = true;
    timers.fire();
    await queue.flush();
    expect(attempts.slice(-2)).toEqual([
      { id: 'a', occurredAt: '2026-11-25T09:00:00.000Z' },
      { id: 'b', occurredAt: '2026-11-25T09:05:00.000Z' },
    ]);
    expect(queue.actions()).toEqual([]);
  });

  it('drops an action the server refused, reports it, and goes on with the next', async () => {
    const rejected: string[] = [];
    const sent: string[] = [];
    const queue = createActionQueue({
      store: memoryStore(),
      send: async (a) => {
        if (a.id === 'bad') throw new SendError('Validation failed', false, [{ field: 'status', message: 'no arrow' }]);
        sent.push(a.id);
      },
      onRejected: (a) => rejected.push(a.id),
    });
    await queue.enqueue([transition('bad', 'delivered'), transition('next', 'failed')]);
    await queue.flush();
    expect(rejected).toEqual(['bad']);
    expect(sent).toEqual(['next']);
  });

  it('picks up the queue a previous page load left behind', async () => {
    const sent: string[] = [];
    const queue = createActionQueue({ store: memoryStore([transition('left', 'picked_up')]), send: async (a) => void sent.push(a.id) });
    await queue.start();
    expect(sent).toEqual(['left']);
  });

  it('holds a completion until its time, so Undo removes it before anything is sent', async () => {
    const timers = manualTimers();
    let clock = 1_000;
    const sent: string[] = [];
    const queue = createActionQueue({ store: memoryStore(), ...timers, now: () => clock, send: async (a) => void sent.push(a.id) });
    await queue.enqueue([
      { ...transition('photo', 'delivered'), kind: 'upload', path: 't/d1/photo.png', file: new Blob(['x']), contentType: 'image/png', group: 'done', notBefore: 11_000 } as QueuedAction,
      transition('deliver', 'delivered', { group: 'done', notBefore: 11_000 }),
    ]);
    await queue.flush();
    expect(sent).toEqual([]);
    expect(timers.pending.map((t) => t.ms)).toEqual([10_000]);
    expect(await queue.cancelGroup('done')).toBe(true);
    expect(queue.actions()).toEqual([]);
    clock = 11_000;
    timers.fire();
    await queue.flush();
    expect(sent).toEqual([]);
  });

  it('sends a held completion once its 10 s are up, or at once when released', async () => {
    const timers = manualTimers();
    let clock = 0;
    const sent: string[] = [];
    const queue = createActionQueue({ store: memoryStore(), ...timers, now: () => clock, send: async (a) => void sent.push(a.id) });
    await queue.enqueue([transition('one', 'delivered', { group: 'g1', notBefore: 10_000 })]);
    await queue.flush();
    clock = 10_000;
    timers.fire();
    await queue.flush();
    expect(sent).toEqual(['one']);

    await queue.enqueue([transition('two', 'failed', { group: 'g2', notBefore: 20_000 })]);
    await queue.release('g2');
    expect(sent).toEqual(['one', 'two']);
  });

  it('makes idempotency keys in the server format, unique per action', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newActionId()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });
});
