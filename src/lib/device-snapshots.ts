import { clear, createStore, get, set, type UseStore } from 'idb-keyval';

/**
 * The last answers a screen read, kept on the device in IndexedDB per signed-in person so the app can
 * show them when it opens without a connection. The session clears them all at sign-out (and when
 * nobody is signed in on the device), so a snapshot never outlives its user's session.
 */
export interface Snapshot<T> {
  /** When the data was read from the server (ms since the epoch). */
  savedAt: number;
  value: T;
}

export interface SnapshotStore<T> {
  load(): Promise<Snapshot<T> | null>;
  save(value: T, savedAt?: number): Promise<void>;
}

let database: UseStore | null = null;
function db(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  database ??= createStore('waypost-snapshots', 'snapshots');
  return database;
}

/** The snapshot `name` of this user's data. IndexedDB missing or failing only costs the offline view. */
export function idbSnapshot<T>(userId: string, name: string): SnapshotStore<T> {
  const key = `${name}:${userId}`;
  return {
    load: async () => {
      const store = db();
      if (!store) return null;
      try {
        const found = await get<Snapshot<T>>(key, store);
        return found && typeof found.savedAt === 'number' && 'value' in found ? found : null;
      } catch {
        return null;
      }
    },
    save: async (value, savedAt = Date.now()) => {
      const store = db();
      if (!store) return;
      try {
        await set(key, { savedAt, value } satisfies Snapshot<T>, store);
      } catch {
        // A full or blocked IndexedDB: the next read online tries again.
      }
    },
  };
}

/** Drops every user's snapshots on this device. */
export async function clearSnapshots(): Promise<void> {
  const store = db();
  if (!store) return;
  try {
    await clear(store);
  } catch {
    // Nothing stored, or IndexedDB is unavailable.
  }
}
