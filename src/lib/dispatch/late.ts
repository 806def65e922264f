import { MINUTE_MS, toMs, windowMs } from './time';
import type { TimeInput, TimeWindow } from './types';

/** Minutes by which an arrival passes the window's end (0 when on time, or with no end or no estimate). */
export function lateness(eta: TimeInput | null | undefined, window: TimeWindow | null | undefined): number {
  if (eta == null) return 0;
  const { end } = windowMs(window);
  return Math.max(0, (toMs(eta) - end) / MINUTE_MS);
}

export interface LateCheckDelivery {
  /** deliveries.status. */
  status: string;
  pickup_window?: TimeWindow | null;
  dropoff_window?: TimeWindow | null;
}

export interface LateCheckEta {
  pickup?: TimeInput | null;
  dropoff?: TimeInput | null;
}

const DONE = new Set(['delivered', 'failed', 'cancelled', 'returned']);
const PICKED_UP = new Set(['picked_up', 'in_transit']);

/**
 * The late flag: a delivery still to do whose window has passed, or whose estimated arrival
 * falls after it. Before pickup both windows count; once picked up, only the drop-off window.
 * `graceMinutes` is the dispatcher's late threshold (a window passed by less is not late yet).
 */
export function isLate(delivery: LateCheckDelivery, now: TimeInput, eta?: LateCheckEta | null, graceMinutes = 0): boolean {
  if (DONE.has(delivery.status)) return false;
  const at = toMs(now);
  const grace = graceMinutes * MINUTE_MS;
  const passed = (window: TimeWindow | null | undefined, estimate: TimeInput | null | undefined) => {
    const { end } = windowMs(window);
    if (at > end + grace) return true;
    return estimate != null && toMs(estimate) > end + grace;
  };
  if (passed(delivery.dropoff_window, eta?.dropoff)) return true;
  return !PICKED_UP.has(delivery.status) && passed(delivery.pickup_window, eta?.pickup);
}
