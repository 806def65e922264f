import type { QueuedAction } from './offline-queue';
import type { DriverTask } from './schema';

export type PendingState = 'held' | 'waiting';

export interface OverlaidWork {
  offers: DriverTask[];
  active: DriverTask[];
  history: DriverTask[];
  /** Deliveries with actions not yet applied by the server: 'held' (Undo still possible) or 'waiting' to be sent. */
  pending: Map<string, PendingState>;
}

function windowKey(task: DriverTask): number {
  const end = task.status === 'accepted' ? (task.pickup_window_end ?? task.dropoff_window_end) : (task.dropoff_window_end ?? task.pickup_window_end);
  return end ? Date.parse(end) : Number.POSITIVE_INFINITY;
}

/**
 * What the driver sees: the server's rows with the queued actions applied on top, so a delivery
 * picked up in a dead zone shows as picked up (marked pending) until the server has it; and the
 * actions the server applied after those rows were read (`applied`), so a card never steps back
 * to the step before while the next read is on its way.
 */
export function overlayPending(
  active: readonly DriverTask[],
  history: readonly DriverTask[],
  actions: readonly QueuedAction[],
  now: number,
  applied: readonly QueuedAction[] = [],
): OverlaidWork {
  const tasks = new Map(active.map((task) => [task.id, { ...task }]));
  const done = history.map((task) => ({ ...task }));
  const pending = new Map<string, PendingState>();
  // Actions the server has applied but the rows shown were read before: applied on top, not pending.
  const sent = new Set(applied.map((action) => action.id));
  for (const action of [...applied, ...actions.filter((queued) => !sent.has(queued.id))]) {
    if (!sent.has(action.id)) {
      const state: PendingState = action.notBefore !== undefined && action.notBefore > now ? 'held' : 'waiting';
      if (pending.get(action.deliveryId) !== 'held') pending.set(action.deliveryId, state);
    }
    const task = tasks.get(action.deliveryId);
    if (!task) continue;
    if (action.kind === 'arrival') {
      tasks.set(task.id, { ...task, [action.stop === 'pickup' ? 'arrived_pickup_at' : 'arrived_dropoff_at']: action.occurredAt });
    } else if (action.kind === 'respond') {
      if (action.accept) tasks.set(task.id, { ...task, status: 'accepted', offer: null });
      else tasks.delete(task.id);
    } else if (action.kind === 'transition') {
      const moved: DriverTask = {
        ...task,
        status: action.status,
        status_reason: action.reason ?? task.status_reason,
        delivered_at: action.status === 'delivered' ? action.occurredAt : task.delivered_at,
        failed_at: action.status === 'failed' ? action.occurredAt : task.failed_at,
      };
      if (action.status === 'delivered' || action.status === 'failed') {
        tasks.delete(task.id);
        done.unshift(moved);
      } else tasks.set(task.id, moved);
    }
  }
  const all = [...tasks.values()];
  const byWindow = (a: DriverTask, b: DriverTask) => windowKey(a) - windowKey(b) || a.delivery_code.localeCompare(b.delivery_code);
  return {
    offers: all.filter((task) => task.status === 'assigned' && task.offer).sort(byWindow),
    active: all.filter((task) => task.status !== 'assigned').sort(byWindow),
    history: done,
    pending,
  };
}

/** The completion held for Undo, if any: the first group whose actions still wait for their time. */
export function heldCompletion(actions: readonly QueuedAction[], now: number): { group: string; deliveryId: string; status: string; sendAt: number } | null {
  for (const action of actions) {
    if (action.kind === 'transition' && action.notBefore !== undefined && action.notBefore > now) {
      return { group: action.group, deliveryId: action.deliveryId, status: action.status, sendAt: action.notBefore };
    }
  }
  return null;
}
