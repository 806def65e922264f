import type { Snapshot } from '../../lib/device-snapshots';
import type { DriverWork } from './api';

/** A read of the driver's work that got no answer at all (offline), as opposed to a refusal or a server error. */
export class WorkReadError extends Error {
  constructor(
    message: string,
    /** The HTTP status of the failed answer; 0 when nothing answered. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'WorkReadError';
  }
}

/** Whether a failed read means the phone has no connection (so the work kept on the phone is worth showing). */
export function isUnreachable(reason: unknown, browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine): boolean {
  if (!browserOnline) return true;
  return reason instanceof WorkReadError && reason.status === 0;
}

/**
 * The work kept on the phone, as the driver app shows it offline. Everything but the cash is as the
 * server last said (the pending overlay goes on top); the cash collected "today" only counts when the
 * snapshot was taken today.
 */
export function workFromSnapshot(snapshot: Snapshot<DriverWork>, dayStart: Date): DriverWork {
  const work = snapshot.value;
  return {
    driver: work.driver ?? null,
    active: Array.isArray(work.active) ? work.active : [],
    history: Array.isArray(work.history) ? work.history : [],
    cashToday: snapshot.savedAt >= dayStart.getTime() && Array.isArray(work.cashToday) ? work.cashToday : [],
  };
}
