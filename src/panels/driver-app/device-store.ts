import { createStore, get, set, type UseStore } from 'idb-keyval';
import { idbSnapshot, type SnapshotStore } from '../../lib/device-snapshots';
import type { DriverWork } from './api';
import type { GeoFix } from './geo-throttle';
import type { QueuedAction, QueueStore } from './offline-queue';
import type { DeliverySettings } from './schema';

/**
 * What the driver app keeps on the phone, per signed-in person, in IndexedDB (structured clone keeps
 * the proof photos' Blobs as they are): the action queue and the fixes recorded offline.
 */
let database: UseStore | null = null;
function db(): UseStore {
  database ??= createStore('waypost-driver-app', 'device');
  return database;
}

export function idbQueueStore(userId: string): QueueStore {
  const key = `queue:${userId}`;
  return {
    load: async () => ((await get<QueuedAction[]>(key, db())) ?? []).filter((item) => item && typeof item.id === 'string'),
    save: (actions) => set(key, actions, db()),
  };
}

/** The fixes the phone could not send: at most a day of them (the server refuses older), oldest first. */
export function idbPositionBuffer(userId: string) {
  const key = `positions:${userId}`;
  const DAY_MS = 24 * 60 * 60 * 1000;
  return {
    load: async (): Promise<GeoFix[]> => ((await get<GeoFix[]>(key, db())) ?? []).filter((fix) => Date.now() - fix.at < DAY_MS - 60_000),
    save: (fixes: GeoFix[]) => set(key, fixes.slice(-2000), db()),
  };
}

/**
 * The last work and proof settings read from the server, shown when the app opens offline. They live
 * in the session's snapshot store (lib/device-snapshots), which is cleared at sign-out; the queue and
 * the fixes above are not, so nothing the driver did is lost.
 */
export function idbWorkSnapshot(userId: string): SnapshotStore<DriverWork> {
  return idbSnapshot<DriverWork>(userId, 'driver-work');
}

export function idbSettingsSnapshot(userId: string): SnapshotStore<DeliverySettings> {
  return idbSnapshot<DeliverySettings>(userId, 'driver-delivery-settings');
}
